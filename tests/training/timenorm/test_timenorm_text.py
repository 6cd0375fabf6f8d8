"""Python and graph normalization agree; the vocabularies round-trip."""
from __future__ import annotations

import numpy as np
import tensorflow as tf
from hypothesis import given, settings
from hypothesis import strategies as st

from training.timenorm.serving import normalize_graph
from training.timenorm.text import normalize_text
from training.timenorm.vocab import (
    END,
    INPUT_VOCAB_SIZE,
    UNK,
    decode_output,
    encode_input,
    encode_target,
)

ALPHABET = st.sampled_from(list("aZ09:. h-'!?@~\t\n\r ") + ["\u2019", "\u2013", "É", "ü", "ß", "😀", "\x0b", "\x0c"])


def test_examples() -> None:
    assert normalize_text("  Meet @ 7.45\tP.M.!\n ") == "meet @ 7.45 p.m.!"
    assert normalize_text("Seven\u2013Thirty o\u2019clock") == "seven-thirty o'clock"
    assert normalize_text("x" * 100, 64) == "x" * 64


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(ALPHABET, max_size=80), min_size=1, max_size=8), st.sampled_from([8, 64]))
def test_graph_normalization_matches_python(texts: list[str], max_chars: int) -> None:
    graph = normalize_graph(tf.constant(texts), max_chars).numpy()
    assert [g.decode("utf-8") for g in graph] == [normalize_text(t, max_chars) for t in texts]


def test_vocab_round_trip() -> None:
    ids = encode_input("At 7PM ü", 64)
    assert ids[-1] == END and len(ids) == len("at 7pm ü") + 1
    assert ids[-2] == UNK and all(0 < i < INPUT_VOCAB_SIZE for i in ids)
    assert decode_output(encode_target("07:45")) == "07:45"
    assert encode_target("") == [END]
    assert np.all(np.array(encode_input("x" * 100, 64)) > 0) and len(encode_input("x" * 100, 64)) == 65
