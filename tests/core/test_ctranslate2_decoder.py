"""The CTranslate2 decoder maps ids to pieces and back, shares each batch among the workers and
passes the derived model's search settings (a recording stand-in for ``ctranslate2.Translator``)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.ctranslate2_decoder import CTranslate2Decoder, DerivedEngine

PIECES = ["<pad>", "<unk>", "<s>", "</s>", "▁a", "▁b", "▁c"]


@dataclass
class Result:
    hypotheses: list[list[str]]
    scores: list[float]


@dataclass
class RecordingTranslator:
    num_translators: int = 2
    calls: list[dict[str, Any]] = field(default_factory=list)

    def translate_batch(self, source: list[list[str]], **options: Any) -> list[Result]:
        self.calls.append({"source": source, **options})
        n = options["num_hypotheses"]
        return [Result([list(reversed(s))] * n, [-0.5 * (k + 1) for k in range(n)]) for s in source]


def decoder(translator: RecordingTranslator, **search: Any) -> CTranslate2Decoder:
    return CTranslate2Decoder(translator, PIECES, eos_id=3, engine=DerivedEngine("int8", **search))


def test_ids_go_in_as_pieces_and_come_back_as_ids() -> None:
    translator = RecordingTranslator()
    (first, second) = decoder(translator).decode([[4, 5, 3], [6, 3]], 1, 9, 0.6)
    assert translator.calls[0]["source"] == [["▁a", "▁b", "</s>"], ["▁c", "</s>"]]
    assert first.ids == [3, 5, 4] and second.ids == [3, 6] and first.score == -0.5


def test_each_worker_gets_an_equal_share_of_the_batch() -> None:
    translator = RecordingTranslator(num_translators=2)
    decoder(translator).decode([[4, 3]] * 7, 1, 9, 0.6)
    assert translator.calls[-1]["max_batch_size"] == 4  # 7 sentences over 2 workers
    single = RecordingTranslator(num_translators=1)
    decoder(single).decode([[4, 3]] * 7, 1, 9, 0.6)
    assert single.calls[-1]["max_batch_size"] == 0  # one worker: no split


def test_search_settings_come_from_the_derived_model_not_the_saved_models_alpha() -> None:
    translator = RecordingTranslator()
    engine = decoder(translator, length_penalty=1.0, no_repeat_ngram_size=4)
    engine.decode([[4, 3]], 4, 12, 0.6)
    call = translator.calls[-1]
    assert (call["beam_size"], call["length_penalty"], call["no_repeat_ngram_size"], call["max_decoding_length"]) == \
        (4, 1.0, 4, 12)
    engine.decode([[4, 3]], 1, 12, 0.6)
    assert translator.calls[-1]["length_penalty"] == 0.0  # greedy: no penalty


def test_nbest_returns_at_most_the_beam_best_first() -> None:
    translator = RecordingTranslator()
    (hyps,) = decoder(translator).decode_nbest([[4, 5, 3]], 2, 9, 0.6, 5)
    assert translator.calls[-1]["num_hypotheses"] == 2 and [h.score for h in hyps] == [-0.5, -1.0]


def test_derived_json_is_read(tmp_path: Path) -> None:
    (tmp_path / "derived.json").write_text(json.dumps(
        {"quantization": "int8", "search": {"length_penalty": 0.8, "no_repeat_ngram_size": 5}}))
    assert DerivedEngine.read(tmp_path) == DerivedEngine("int8", 0.8, 5)
