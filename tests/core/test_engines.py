"""Which engine decodes a translator version (SERVICE_TRANSLATOR_ENGINE, and evaluate --engine)."""
from __future__ import annotations

from pathlib import Path

import pytest

from core.engines import CTRANSLATE2, TENSORFLOW, choose_engine

DERIVED = Path("/models/translator-en-de/4/ctranslate2")


@pytest.mark.parametrize(("requested", "derived", "installed", "gpu", "expected"), [
    ("auto", DERIVED, True, False, CTRANSLATE2),
    ("auto", DERIVED, True, True, TENSORFLOW),  # a GPU: the SavedModel's graph
    ("auto", None, True, False, TENSORFLOW),  # an older version without a derived model
    ("auto", DERIVED, False, False, TENSORFLOW),  # the package is missing
    ("tensorflow", DERIVED, True, False, TENSORFLOW),
    ("ctranslate2", DERIVED, True, True, CTRANSLATE2),  # asked for, even with a GPU
])
def test_engine_choice(requested, derived, installed, gpu, expected):
    choice = choose_engine(requested, derived, installed, gpu)
    assert choice.engine == expected
    assert choice.reason
    assert (choice.directory is not None) == (expected == CTRANSLATE2)


@pytest.mark.parametrize(("derived", "installed", "why"), [
    (None, True, "no derived CTranslate2 model"),
    (DERIVED, False, "not installed"),
])
def test_asking_for_ctranslate2_without_it_is_an_error_not_a_silent_fallback(derived, installed, why):
    with pytest.raises(ValueError, match=why):
        choose_engine("ctranslate2", derived, installed, False)


def test_unknown_engine_is_refused():
    with pytest.raises(ValueError, match="unknown translator engine"):
        choose_engine("onnx", DERIVED, True, False)
