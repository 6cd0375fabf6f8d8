"""Time-expression normalizer: English time phrases -> ``HH:MM`` (24-hour clock).

The text-side modules (``numbers``, ``text``, ``conventions``, ``generator``, ``vocab``)
are pure Python and import no TensorFlow; the model-side modules import Keras lazily.
"""
