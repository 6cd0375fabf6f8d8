"""The shared translation pipeline on a copying test double (no TensorFlow, no model)."""
from __future__ import annotations

from typing import Any

from core.errors import ModelInputError
from core.manifest import TranslatorManifest
from core.translation import Hypothesis, TranslationPipeline, TranslationResult, pad_ids

EOS = 3


class WordPieces:
    """A SentencePiece stand-in: one piece per word ("▁word"), ids handed out on first sight."""

    def __init__(self) -> None:
        self.pieces = ["<pad>", "<unk>", "<s>", "</s>"]

    def encode(self, input: str, *, out_type: type[int]) -> list[int]:
        ids = []
        for word in input.split():
            piece = "▁" + word
            if piece not in self.pieces:
                self.pieces.append(piece)
            ids.append(self.pieces.index(piece))
        return ids

    def id_to_piece(self, id: int) -> str:
        return self.pieces[id]

    def decode_pieces(self, input: list[str]) -> str:
        return "".join(input).replace("▁", " ").strip()


class CopyModel:
    """Decodes by copying the source (EOS included), and records every call."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def __call__(self, batch: list[list[int]], beam: int, max_length: int, alpha: float) -> list[Hypothesis]:
        self.calls.append({"batch": batch, "beam": beam, "max_length": max_length, "alpha": alpha})
        return [Hypothesis(list(ids), -float(len(ids))) for ids in batch]


def pipeline(max_tokens: int = 12, batch_size: int = 2) -> tuple[TranslationPipeline, CopyModel]:
    manifest = TranslatorManifest(
        name="t", version="1", source_language="en", target_language="de", tokenizer_file="x",
        vocab_size=100, max_tokens=max_tokens, encoder_layers=1, decoder_layers=1, heads=1, d_model=4,
        default_beam_size=3, default_length_penalty=0.7,
    )
    model = CopyModel()
    return TranslationPipeline(manifest, WordPieces(), model, batch_size=batch_size), model


def test_sentences_are_translated_one_by_one_and_joined_with_their_spacing() -> None:
    translate, model = pipeline()
    (result,) = translate.translate(["Hello there.  How are you?\nFine."])
    assert isinstance(result, TranslationResult)
    assert result.translation == "Hello there.  How are you?\nFine."
    assert result.source_tokens.count("</s>") == 3 and result.target_tokens.count("</s>") == 3
    assert sum(len(c["batch"]) for c in model.calls) == 3
    assert {c["beam"] for c in model.calls} == {3} and {c["alpha"] for c in model.calls} == {0.7}  # manifest's


def test_batches_are_sorted_by_length_and_capped_in_size() -> None:
    translate, model = pipeline(batch_size=2)
    texts = ["a b c d e.", "a.", "a b c.", "a b."]
    translate.translate(texts, beam_size=1)
    lengths = [[len(ids) for ids in call["batch"]] for call in model.calls]
    assert lengths == [[2, 3], [4, 6]]  # words + EOS, shortest first, two per call
    assert [call["max_length"] for call in model.calls] == [min(12, 2 * 3 + 10), 12]


def test_a_too_long_sentence_refuses_only_its_own_text() -> None:
    translate, model = pipeline(max_tokens=6)
    ok, bad, ok2 = translate.translate(["Red sky.", "Fine. " + "x " * 9 + "end.", "Green."])
    assert isinstance(bad, ModelInputError) and "too long" in str(bad)
    assert isinstance(ok, TranslationResult) and ok.translation == "Red sky."
    assert isinstance(ok2, TranslationResult) and ok2.translation == "Green."
    assert len(model.calls) == 1  # one model call for the texts that can be translated
    sent = [ids for call in model.calls for ids in call["batch"]]
    assert len(sent) == 2


def test_the_callers_max_length_caps_the_output() -> None:
    translate, model = pipeline(max_tokens=50)
    (result,) = translate.translate(["a b c d e f g h."], max_length=3)
    assert model.calls[0]["max_length"] == 3
    assert isinstance(result, TranslationResult)


def test_outputs_are_cut_at_the_sentence_budget_and_loops_collapse() -> None:
    manifest_pipeline, _ = pipeline(max_tokens=50)

    def looping(batch: list[list[int]], beam: int, max_length: int, alpha: float) -> list[Hypothesis]:
        return [Hypothesis([5] * 40, -1.0) for _ in batch]  # one piece, over and over

    manifest_pipeline.decode = looping
    manifest_pipeline.subwords.encode("Tom.", out_type=int)  # id 4 = "▁Tom.", id 5 = next word
    manifest_pipeline.subwords.encode("ja", out_type=int)
    (result,) = manifest_pipeline.translate(["Tom."])
    assert isinstance(result, TranslationResult)
    assert len(result.target_tokens) == 2 * 2 + 10  # budget of a 2-token source
    assert result.translation == "ja"  # the loop collapsed


def test_pad_ids_pads_right() -> None:
    assert pad_ids([[1, 2, 3], [4]]).tolist() == [[1, 2, 3], [4, 0, 0]]


def test_alternatives_come_from_the_nbest_per_sentence_without_duplicates() -> None:
    translate, model = pipeline()
    calls: list[tuple[int, int]] = []

    def nbest(batch: list[list[int]], beam: int, max_length: int, alpha: float, count: int) -> list[list[Hypothesis]]:
        calls.append((beam, count))
        out = []
        for ids in batch:
            body, eos = list(ids[:-1]), [ids[-1]]
            swapped = list(reversed(body)) + eos
            unfinished = Hypothesis(body[:1], -2e9)  # had not ended: never an alternative
            out.append([Hypothesis(list(ids), -1.0), Hypothesis(swapped, -2.0), Hypothesis(list(ids), -3.0),
                        unfinished][:count])
        return out

    translate.decode_nbest = nbest
    (result,) = translate.translate(["Red sky.  Green sea."], alternatives=3)
    assert isinstance(result, TranslationResult)
    assert result.translation == "Red sky.  Green sea."
    assert result.alternatives == ["sky. Red  sea. Green"]  # the copy and the unfinished one are left out
    assert calls == [(4, 4)]  # the beam is raised to alternatives + 1
    (plain,) = translate.translate(["red sky."])
    assert isinstance(plain, TranslationResult) and plain.alternatives == []
    assert calls[1:] == [(3, 3)]  # the manifest's beam, whole (the chains' reranking); no alternatives asked for


def test_a_long_sentence_goes_to_the_model_clause_by_clause_and_comes_back_whole() -> None:
    translate, model = pipeline(max_tokens=20, batch_size=8)
    text = ("The old red barn behind our house, which my grandfather built with his brothers, "
            "was painted last summer because the wood had started to rot in the rain.")
    (result,) = translate.translate([text], beam_size=1)
    assert isinstance(result, TranslationResult) and result.translation == text
    pieces = [len(ids) for call in model.calls for ids in call["batch"]]
    assert len(pieces) >= 2 and max(pieces) <= 20  # whole, it is 27 words: over the model's 20 tokens
    translate.max_clause_words = 1000
    (whole,) = translate.translate([text], beam_size=1)
    assert isinstance(whole, ModelInputError) and "too long" in str(whole)


class DroppingBeam:
    """An n-best decoder whose best hypothesis leaves out the pieces of ``word``; its second copies the source, or
    (``second_keeps`` False) leaves the word out too and its first piece as well."""

    def __init__(self, translate: TranslationPipeline, word: str, second_keeps: bool = True) -> None:
        self.dropped = set(translate.subwords.encode(word, out_type=int))
        self.second_keeps = second_keeps
        self.calls: list[tuple[int, int]] = []

    def __call__(self, batch: list[list[int]], beam: int, max_length: int, alpha: float,
                 count: int) -> list[list[Hypothesis]]:
        self.calls.append((beam, count))
        out = []
        for ids in batch:
            without = [i for i in ids if i not in self.dropped]
            second = list(ids) if self.second_keeps else without[1:]
            out.append([Hypothesis(without, -1.0), Hypothesis(second, -2.0)][:count])
        return out


def test_with_a_beam_the_best_hypothesis_that_keeps_every_span_is_chosen() -> None:
    translate, model = pipeline()
    beam = translate.decode_nbest = DroppingBeam(translate, "5")
    (kept,) = translate.translate(["I have 5 cats."])
    assert isinstance(kept, TranslationResult)
    assert kept.translation == "I have 5 cats."  # the second hypothesis: the number where the model put it
    assert kept.target_tokens.count("▁5") == 1
    assert beam.calls == [(3, 3)] and model.calls == []  # the whole beam is asked for
    translate.keep_spans = translate.avoid_chains = False  # both off: the plain decoder's best, as before
    translate.translate(["I have 5 cats."])
    assert len(beam.calls) == 1 and len(model.calls) == 1 and model.calls[0]["beam"] == 3


def test_span_keeping_leaves_sentences_without_spans_and_greedy_search_alone() -> None:
    translate, model = pipeline()
    translate.avoid_chains = False  # spans alone (the chains' reranking asks every beam for its n-best)
    beam = translate.decode_nbest = DroppingBeam(translate, "5")
    translate.translate(["I have cats."])
    (greedy,) = translate.translate(["I have 5 cats."], beam_size=1)
    assert beam.calls == [] and len(model.calls) == 2  # no n-best without a span, nor without a beam
    assert isinstance(greedy, TranslationResult) and greedy.translation == "I have 5 cats."  # the copy model's


def test_when_every_hypothesis_loses_a_span_the_beams_best_stays() -> None:
    translate, _ = pipeline()
    translate.decode_nbest = DroppingBeam(translate, "5", second_keeps=False)
    (result,) = translate.translate(["I have 5 cats."])
    assert isinstance(result, TranslationResult) and result.translation == "I have cats 5."  # put back at the end


class ChainedBeam:
    """An n-best decoder whose best hypothesis is ``first`` and whose second is ``second`` (each a text)."""

    def __init__(self, translate: TranslationPipeline, first: str, second: str) -> None:
        self.hypotheses = [translate.subwords.encode(t, out_type=int) + [EOS] for t in (first, second)]
        self.calls = 0

    def __call__(self, batch: list[list[int]], beam: int, max_length: int, alpha: float,
                 count: int) -> list[list[Hypothesis]]:
        self.calls += 1
        return [[Hypothesis(list(h), -1.0 - k) for k, h in enumerate(self.hypotheses[:count])] for _ in batch]


def test_with_a_beam_the_best_hypothesis_without_a_made_up_chain_is_chosen() -> None:
    translate, _ = pipeline()
    translate.decode_nbest = ChainedBeam(translate, "Die USA-Kom-Bürger wählen.", "Die US-Bürger wählen.")
    (result,) = translate.translate(["US citizens vote."])
    assert isinstance(result, TranslationResult) and result.translation == "Die US-Bürger wählen."
    assert result.alternatives == []
    translate.avoid_chains = False
    (plain,) = translate.translate(["US citizens vote."])
    assert isinstance(plain, TranslationResult) and plain.translation == "US citizens vote."  # the plain decoder's
    assert translate.decode_nbest.calls == 1


def test_a_chain_the_source_holds_is_no_reason_to_rerank() -> None:
    translate, _ = pipeline()
    translate.decode_nbest = ChainedBeam(translate, "Wir waren in Stratford-upon-Avon.", "Wir waren in Avon.")
    (result,) = translate.translate(["We were in Stratford-upon-Avon."])
    assert isinstance(result, TranslationResult) and result.translation == "Wir waren in Stratford-upon-Avon."


def test_spans_come_before_chains_and_greedy_search_is_left_alone() -> None:
    translate, model = pipeline()
    beam = translate.decode_nbest = ChainedBeam(translate, "Ich habe 5 Calom-Schom-Katzen.", "Ich habe Katzen.")
    (kept,) = translate.translate(["I have 5 cats."])
    assert isinstance(kept, TranslationResult) and "5" in kept.translation.split()  # the number is kept, chain or not
    assert kept.translation == "Ich habe 5 Calom-Schom-Katzen."
    (greedy,) = translate.translate(["I have 5 cats."], beam_size=1)
    assert beam.calls == 1 and len(model.calls) == 1  # greedy search has no other hypothesis to choose
    assert isinstance(greedy, TranslationResult) and greedy.translation == "I have 5 cats."
