"""The translator wrapper on the shipped model (models/translator-en-de), with fixed examples."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from core.text.numbers import numbers_in
from service.models.base import ModelInfo, ModelInputError, TranslateOptions, TranslationResult

MODEL_DIR = Path(__file__).resolve().parents[2] / "models" / "translator-en-de"


def shipped_version() -> Path:
    versions = sorted((p for p in MODEL_DIR.glob("*") if p.name.isdigit()), key=lambda p: int(p.name))
    if not versions:
        pytest.skip("no shipped translator under models/translator-en-de")
    return versions[-1]


@pytest.fixture(scope="module", params=["ctranslate2", "tensorflow"])
def translator(request):
    """The shipped translator on each engine: every fixed example must hold on both."""
    from service.models.translator import Translator

    wrapper = Translator(ModelInfo.read(shipped_version()), engine=request.param)
    assert wrapper.engine.engine == request.param
    return wrapper


def translate(translator, texts, beam_size=None, max_length=None):
    return translator.translate(texts, TranslateOptions(beam_size, max_length))


def one(translator, text: str, beam_size: int | None = None) -> str:
    (result,) = translate(translator, [text], beam_size)
    assert isinstance(result, TranslationResult), result
    return result.translation


def test_metadata_and_languages(translator):
    assert translator.info.kind == "translator" and translator.info.name == "translator-en-de"
    assert translator.default_beam_size == translator.manifest.default_beam_size
    assert (translator.source_language, translator.target_language) == ("en", "de")
    extra = translator.info.path / "assets.extra"
    for name in ("model.json", "config.json", "metrics.json", "MODEL_CARD.md"):
        assert (extra / name).exists(), name


def test_tokenizer_in_assets_keeps_case_and_digits(translator):
    sp = translator.pipeline.subwords
    for text in ("I have 3 cats and 12 dogs.", "LONDON is big.", "Ich heiße Tom."):
        assert sp.decode(sp.encode(text)) == text


def test_translates_a_simple_sentence(translator):
    result = translate(translator, ["I have 3 cats."])[0]
    assert "Katze" in result.translation and numbers_in(result.translation) == ["3"]
    assert result.source_tokens[-1] == "</s>" and result.target_tokens[-1] == "</s>"
    assert result.score < 0


@pytest.mark.parametrize("beam", [1, 4])
def test_numbers_are_kept(translator, beam):
    for text in ("I have 3 cats and 12 dogs.", "Tom is 27 years old.", "The train leaves at 7 o'clock.",
                 "She bought 250 apples."):
        out = one(translator, text, beam)
        assert numbers_in(out) == numbers_in(text), (text, out)


@pytest.mark.parametrize("beam", [1, 4])
@pytest.mark.parametrize(("text", "names"), [
    ("My name is Priyanka.", ["Priyanka"]),
    ("Did you see Zelensky on TV?", ["Zelensky"]),
    ("Bartholomew and Ursula went to Kyoto.", ["Bartholomew", "Ursula"]),
    ("Gerald lives in Berlin.", ["Gerald", "Berlin"]),
])
def test_unseen_person_names_are_copied(translator, text, names, beam):
    """None of these names is in the training data (name augmentation teaches copying)."""
    out = one(translator, text, beam)
    for name in names:
        assert name in out, (text, out)


def test_all_caps_input_is_translated_like_normal_text(translator):
    out = one(translator, "LONDON is big.")
    assert out.startswith("LONDON") and "groß" in out, out
    shouted = one(translator, "I LOVE YOU!")
    assert shouted == shouted.upper() and shouted.upper() == one(translator, "I love you!").upper().replace("ß", "SS")


@pytest.mark.parametrize("text", [
    "Zbigniew Brzęczyszczykiewicz visited Szczebrzeszyn.",
    "Xylophonists xylophone xylophonically.",
    "Qwertyuiop asdfghjkl zxcvbnm.",
    "Tom Tom Tom Tom Tom Tom.",
])
def test_rare_words_do_not_loop(translator, text):
    for beam in (1, 4):
        result = translate(translator, [text], beam)[0]
        pieces = result.target_tokens
        source_len = len(result.source_tokens)
        assert len(pieces) <= translator.manifest.output_budget(source_len)
        words = result.translation.split()
        for n in (1, 2, 3):
            grams = [tuple(words[i:i + n]) for i in range(len(words) - n + 1)]
            for i in range(len(grams) - 2 * n):
                assert not (grams[i] == grams[i + n] == grams[i + 2 * n]), (text, result.translation)


def test_several_sentences_and_texts_in_one_batch(translator):
    texts = ["Tom is tired. Mary is hungry.", "Where is the station?", "   ", "I like tea."]
    results = translate(translator, texts, 1)
    assert isinstance(results[2], ModelInputError)
    assert [r.source for i, r in enumerate(results) if i != 2] == [t for i, t in enumerate(texts) if i != 2]
    first = results[0].translation
    assert first == one(translator, "Tom is tired.", 1) + " " + one(translator, "Mary is hungry.", 1)
    # Batching (padding, sorting) does not change the result of a sentence.
    assert results[1].translation == one(translator, "Where is the station?", 1)
    assert results[3].translation == one(translator, "I like tea.", 1)


def test_max_length_limits_the_output(translator):
    result = translate(translator, ["Tom wanted to know why Mary was so angry with him yesterday."], 1, 3)[0]
    assert len(result.target_tokens) <= 3


def test_overlong_sentence_is_refused_not_cut_and_spoils_no_other_text(translator):
    endless = " ".join(["cats"] * (translator.manifest.max_tokens + 5))  # one sentence, no end punctuation
    before, refused, after = translate(translator, ["I like tea.", endless, "Tom is tired."])
    assert isinstance(refused, ModelInputError) and "too long" in str(refused)
    assert before.translation == one(translator, "I like tea.") and after.translation == one(translator, "Tom is tired.")


def test_attention_maps(translator):
    result = translator.attention("I like tea.", include_self=True)
    s, t = len(result.source_tokens), len(result.target_tokens)
    manifest = translator.manifest
    cross = result.maps["cross"].weights
    assert cross.shape == (manifest.decoder_layers, manifest.heads, t, s)
    np.testing.assert_allclose(cross.sum(-1), 1.0, atol=1e-4)
    enc = np.array(result.maps["encoder_self"].weights)
    dec = np.array(result.maps["decoder_self"].weights)
    assert enc.shape[2:] == (s, s) and dec.shape[2:] == (t, t)
    assert np.abs(np.triu(dec[0, 0], 1)).max() < 1e-6  # decoder looks back only
    assert result.output and result.model == "translator-en-de"


def test_attention_filters(translator):
    result = translator.attention("I like tea.", layer=1, head=0)
    assert set(result.maps) == {"cross"}
    assert result.maps["cross"].weights.shape[:2] == (1, 1)
    assert (result.maps["cross"].layer_indices, result.maps["cross"].head_indices) == ([1], [0])
    full = translator.attention("I like tea.")
    np.testing.assert_allclose(result.maps["cross"].weights[0][0], full.maps["cross"].weights[1][0])
    layers, heads = full.maps["cross"].weights.shape[:2]
    with pytest.raises(ModelInputError):
        translator.attention("I like tea.", layer=layers)
    with pytest.raises(ModelInputError):
        translator.attention("I like tea.", head=heads)
    with pytest.raises(ModelInputError):
        translator.attention("   ")


def test_alternatives_are_other_nbest_translations(translator) -> None:
    (plain,) = translator.translate(["Where is the station?"], TranslateOptions(4))
    (rich,) = translator.translate(["Where is the station?"], TranslateOptions(4, None, 3))
    assert isinstance(plain, TranslationResult) and isinstance(rich, TranslationResult)
    assert rich.translation == plain.translation and plain.alternatives == []
    assert 1 <= len(rich.alternatives) <= 3 and plain.translation not in rich.alternatives
    assert len(set(rich.alternatives)) == len(rich.alternatives)


def test_align_gives_words_of_both_sides_and_a_weight_per_pair(translator) -> None:
    from service.models.base import Aligns, WordAlignment

    assert isinstance(translator, Aligns)
    alignment, bad = translator.align(["I like green tea. Where is the station?", "x " * 400])
    assert isinstance(alignment, WordAlignment) and isinstance(bad, ModelInputError)
    assert len(alignment.source_words) == 8
    assert alignment.weights.shape == (len(alignment.target_words), 8)
    green = alignment.source.index("green")
    span = alignment.project(green, green + 5)
    assert span is not None
    words = alignment.translation[alignment.target_words[span[0]][0]: alignment.target_words[span[1] - 1][1]]
    assert words.startswith("grün")
