"""The shipped translator's two engines (SavedModel graph, derived CTranslate2 int8) agree.

The CTranslate2 model is made from the SavedModel's own weights (int8 weights, its own search
settings in derived.json), so its outputs may differ in a word here and there; they must be the
same translation for nearly every everyday sentence. Measured on heldout-2021 test
(python -m training translator evaluate ... --engine ctranslate2): BLEU within 0.2.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import sacrebleu

from service.models.base import ModelInfo, TranslateOptions, TranslationResult

MODEL_DIR = Path(__file__).resolve().parents[2] / "models" / "translator-en-de"

SENTENCES = [
    "Where is the train station?", "I have three brothers and one sister.", "The weather is nice today.",
    "Can you help me, please?", "We are going to the cinema tonight.", "She reads a book every week.",
    "My father works in a hospital.", "Do you want a cup of coffee?", "The children are playing in the garden.",
    "I don't understand the question.", "He bought a new car last year.", "Tom is older than Mary.",
    "Please close the window.", "I forgot my umbrella at home.", "How much does this cost?",
    "The museum is closed on Mondays.", "We need more time.", "Is this seat free?",
    "I have been waiting for an hour.", "They live in a small house near the river.",
    "The meeting starts at nine o'clock.", "Could you speak more slowly?", "I like apples more than pears.",
    "It is raining again.", "Our teacher is very patient.", "The shop opens at eight.",
    "I will call you tomorrow.", "This book is very interesting.", "Where did you put the keys?",
    "My sister plays the piano.",
]


@pytest.fixture(scope="module")
def engines():
    from service.models.translator import Translator

    versions = sorted((p for p in MODEL_DIR.glob("*") if p.name.isdigit()), key=lambda p: int(p.name))
    if not versions:
        pytest.skip("no shipped translator")
    info = ModelInfo.read(versions[-1])
    if info.manifest.ctranslate2_dir is None:  # type: ignore[attr-defined]
        pytest.skip("the shipped translator has no derived CTranslate2 model")
    return {name: Translator(info, engine=name) for name in ("tensorflow", "ctranslate2")}


def outputs(translator, beam_size: int) -> list[str]:
    results = translator.translate(SENTENCES, TranslateOptions(beam_size))
    assert all(isinstance(r, TranslationResult) for r in results), results
    return [r.translation for r in results]


@pytest.mark.parametrize("beam_size", [1, 4])
def test_engines_agree_on_everyday_sentences(engines, beam_size):
    reference = outputs(engines["tensorflow"], beam_size)
    derived = outputs(engines["ctranslate2"], beam_size)
    same = sum(a == b for a, b in zip(reference, derived, strict=True))
    assert same >= 0.9 * len(SENTENCES), list(zip(reference, derived, strict=True))
    # where the words differ, the translations still say the same thing
    assert sacrebleu.corpus_chrf(derived, [reference]).score >= 90


def test_attention_comes_from_the_saved_model_on_the_engine_output(engines):
    """/attention teacher-forces the SavedModel on the chosen engine's translation."""
    text = "The museum is closed on Mondays."
    ct2 = engines["ctranslate2"]
    result = ct2.attention(text, beam_size=1)
    (translated,) = ct2.translate([text], TranslateOptions(1))
    assert result.output == translated.translation
    weights = result.maps["cross"].weights
    assert weights.shape[-2:] == (len(result.target_tokens), len(result.source_tokens))
