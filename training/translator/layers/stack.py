"""LayerStack: ``num_layers`` identical blocks and a final layer norm (the encoder's and decoder's shared shape)."""
from __future__ import annotations

from collections.abc import Callable

import keras


class LayerStack(keras.layers.Layer):
    """Holds blocks ``layer_0 … layer_{n-1}`` made by ``make_block(name)`` and ``final_norm``.

    The blocks are attributes, not a list, so that TF checkpoints and SavedModels track each one
    under a stable name (``layer_i``), which keeps checkpoints of earlier runs loadable.
    """

    def __init__(self, num_layers: int, d_model: int, pre_norm: bool,
                 make_block: Callable[[str], keras.layers.Layer], **kwargs):
        super().__init__(**kwargs)
        self.d_model, self.pre_norm, self.num_layers = d_model, pre_norm, num_layers
        for i in range(num_layers):
            setattr(self, f"layer_{i}", make_block(f"layer_{i}"))
        self.final_norm = keras.layers.LayerNormalization(epsilon=1e-6, name="final_norm")

    @property
    def blocks(self) -> list:
        return [getattr(self, f"layer_{i}") for i in range(self.num_layers)]

    def build(self, input_shape=None):
        for layer in self.blocks:
            layer.build(None)
        self.final_norm.build((None, None, self.d_model))
        self.built = True
