"""Decoding with CTranslate2: a :data:`~core.translation.DecodeFn` over a derived model.

The export command derives ``<export>/ctranslate2/`` from the SavedModel's own weights
(``training/translator/ctranslate2_export.py``); its vocabulary is the SentencePiece pieces
in id order, so ids map to pieces one to one and back. ``derived.json`` records how the
model was made and the search settings that reproduce the SavedModel's search:

- output budget: the pipeline's ``max_length`` per batch, as for the SavedModel;
- repeat blocking: the SavedModel forbids a 5th identical token in a row; CTranslate2 has no
  such rule, so ``no_repeat_ngram_size`` (chosen on dev) blocks the loops instead;
- length penalty: the SavedModel divides by ``((5 + len) / 6) ** alpha`` (GNMT), CTranslate2
  by ``len ** penalty``; ``length_penalty`` is the value chosen on dev for the same role.

``ctranslate2`` is imported only when a model is opened, so ``core`` stays importable
without it.
"""
from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from core.translation import Hypothesis

DERIVED_FILE = "derived.json"


class PieceTable(Protocol):
    """The parts of ``sentencepiece.SentencePieceProcessor`` that list its pieces."""

    def id_to_piece(self, id: int) -> Any: ...
    def get_piece_size(self) -> int: ...


@dataclass(frozen=True)
class DerivedEngine:
    """What ``derived.json`` says about a derived CTranslate2 model."""

    quantization: str = "int8"
    length_penalty: float = 1.0  # CTranslate2's exponent, used when the pipeline asks for beam > 1
    no_repeat_ngram_size: int = 0

    @classmethod
    def read(cls, directory: Path) -> DerivedEngine:
        data = json.loads((Path(directory) / DERIVED_FILE).read_text(encoding="utf-8"))
        search = data.get("search", {})
        return cls(quantization=str(data.get("quantization", "int8")),
                   length_penalty=float(search.get("length_penalty", 1.0)),
                   no_repeat_ngram_size=int(search.get("no_repeat_ngram_size", 0)))


def cpu_threads() -> int:
    """Threads for one CTranslate2 translator: the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def open_translator(directory: Path, device: str = "cpu", compute_type: str | None = None,
                    threads: int | None = None) -> Any:
    """A ``ctranslate2.Translator`` over the derived model (its own quantization by default)
    with one worker per core, each single-threaded.

    One worker with an OpenMP thread per core (CTranslate2's usual CPU setting) is several times
    slower on this project's 2-vCPU machine than one single-threaded worker (greedy, batch 64:
    2,950 vs 9,530 target tokens/s; batch 1: 238 vs 2,200), and two single-threaded workers that
    share each batch (:class:`CTranslate2Decoder`) double that again (python benchmarks/engines.py).
    """
    import ctranslate2

    engine = DerivedEngine.read(directory)
    return ctranslate2.Translator(str(directory), device=device,
                                  compute_type=compute_type or engine.quantization,
                                  inter_threads=threads or cpu_threads(), intra_threads=1)


class CTranslate2Decoder:
    """Ids in, :class:`Hypothesis` out, through ``translator.translate_batch``.

    ``pieces`` is the subword vocabulary in id order (``SentencePieceProcessor.id_to_piece``);
    the hypotheses end with EOS as the SavedModel's do.
    """

    def __init__(self, translator: Any, pieces: Sequence[str], eos_id: int, engine: DerivedEngine) -> None:
        self.translator = translator
        self.pieces = list(pieces)
        self.ids = {piece: i for i, piece in enumerate(self.pieces)}
        self.eos_id = eos_id
        self.engine = engine

    @classmethod
    def open(cls, directory: Path, subwords: PieceTable, eos_id: int, threads: int | None = None) -> CTranslate2Decoder:
        """The decoder of the derived model in ``directory`` (its derived.json read once)."""
        engine = DerivedEngine.read(directory)
        pieces = [str(subwords.id_to_piece(i)) for i in range(subwords.get_piece_size())]
        translator = open_translator(directory, compute_type=engine.quantization, threads=threads)
        return cls(translator, pieces, eos_id, engine)

    def _run(self, batch: list[list[int]], beam_size: int, max_length: int, count: int) -> list[Any]:
        beam = max(1, int(beam_size))
        source = [[self.pieces[i] for i in ids] for ids in batch]
        # Each worker of the translator takes an equal share of the batch, in parallel.
        workers = max(1, int(getattr(self.translator, "num_translators", 1)))
        results: list[Any] = self.translator.translate_batch(
            source, max_batch_size=-(-len(source) // workers) if workers > 1 else 0,
            beam_size=beam, num_hypotheses=max(1, min(count, beam)),
            length_penalty=self.engine.length_penalty if beam > 1 else 0.0,
            no_repeat_ngram_size=self.engine.no_repeat_ngram_size,
            max_decoding_length=max(1, int(max_length)), max_input_length=0,
            return_scores=True, return_end_token=True)
        return results

    def _hypothesis(self, tokens: Sequence[str], score: float) -> Hypothesis:
        return Hypothesis([self.ids[t] for t in tokens], float(score))

    def decode(self, batch: list[list[int]], beam_size: int, max_length: int,
               length_penalty: float) -> list[Hypothesis]:
        """A :data:`~core.translation.DecodeFn` (``length_penalty`` is the SavedModel's; see module doc)."""
        return [self._hypothesis(r.hypotheses[0], r.scores[0]) for r in self._run(batch, beam_size, max_length, 1)]

    def decode_nbest(self, batch: list[list[int]], beam_size: int, max_length: int, length_penalty: float,
                     count: int) -> list[list[Hypothesis]]:
        """A :data:`~core.translation.NBestDecodeFn`: up to ``count`` hypotheses per source, best first."""
        results = self._run(batch, beam_size, max_length, count)
        return [[self._hypothesis(h, s) for h, s in zip(r.hypotheses, r.scores, strict=True)] for r in results]
