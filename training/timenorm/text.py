"""Text normalization shared by training and the exported graph (pure Python twin).

The exported SavedModel applies the same steps with ``tf.strings`` ops (see
``serving.normalize_graph``); a test checks that both agree.
"""
from __future__ import annotations

import re

#: Characters that are mapped to a plain equivalent before lower-casing.
CHAR_REPLACEMENTS = (("\u2019", "'"), ("\u2018", "'"), ("\u2013", "-"), ("\u2014", "-"))
_WHITESPACE = re.compile(r"\s+")


def normalize_text(text: str, max_chars: int | None = None) -> str:
    """Lower-case, map curly quotes/dashes, collapse whitespace, strip, truncate.

    Whitespace means ASCII space, tab, newline, carriage return, vertical tab and form feed
    (what RE2's ``\\s`` matches in the graph).
    """
    for old, new in CHAR_REPLACEMENTS:
        text = text.replace(old, new)
    text = re.sub(r"[ \t\n\r\f\v]+", " ", text.lower()).strip(" ")
    return text if max_chars is None else text[:max_chars]
