"""Batched translation of held-out sentences and BLEU/chrF scoring (sacrebleu)."""
from __future__ import annotations

from collections.abc import Callable

import numpy as np
import sacrebleu

from core.text.compounds import made_up_chains
from training.translator.batching import pad_batch

# translate_fn(source_ids [B, S] int32) -> (target_ids [B, T], lengths [B]) as numpy
TranslateFn = Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]]


def translate_ids(translate_fn: TranslateFn, sources: list[list[int]], batch_size: int) -> list[list[int]]:
    """Translate id sequences in length-sorted batches; returns outputs in input order."""
    order = sorted(range(len(sources)), key=lambda i: len(sources[i]))
    outputs: list[list[int]] = [[] for _ in sources]
    for start in range(0, len(order), batch_size):
        index = order[start: start + batch_size]
        ids, lengths = translate_fn(pad_batch([np.asarray(sources[i]) for i in index]))
        for row, i in enumerate(index):
            outputs[i] = [int(t) for t in ids[row, : int(lengths[row])]]
    return outputs


def score(hypotheses: list[str], references: list[str], sources: list[str] | None = None) -> dict[str, float]:
    bleu = sacrebleu.corpus_bleu(hypotheses, [references])
    chrf = sacrebleu.corpus_chrf(hypotheses, [references])
    sources = sources if sources is not None else [""] * len(hypotheses)
    chains = sum(bool(made_up_chains(h, s)) for h, s in zip(hypotheses, sources, strict=True))
    return {"bleu": round(bleu.score, 2), "chrf": round(chrf.score, 2), "sentences": len(hypotheses),
            "fragment_chain_share": round(chains / max(len(hypotheses), 1), 4)}
