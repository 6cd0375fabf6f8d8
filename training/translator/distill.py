"""Forward translation of the training sources by a trained model (sequence-level distillation).

``python -m training translator distill MODEL --out data/translator/forward-v5.tsv`` translates
the English side of the cleaned corpus (the same cleaning and the same dev/test exclusion as
``prepare``) with the export's derived CTranslate2 model, as the model writes it: no span
masking, no German formatting, the raw subword output detokenized. ``prepare`` adds these pairs
to the training data when ``data.forward_translations`` names the file (Kim & Rush's
sequence-level knowledge distillation; Nguyen et al.'s data diversification when added to the
original pairs). A translation equal to the corpus's own German is not added twice.
"""
from __future__ import annotations

import argparse
import json
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path

from training.translator.config import DataConfig
from training.translator.data import Pair, clean_pairs, read_corpus, read_heldout

TranslateFn = Callable[[list[str]], list[str]]


def heldout_texts(cfg: DataConfig) -> set[str]:
    """Every English and German line of dev and test (never trained on, nor distilled)."""
    texts: set[str] = set()
    for split in ("dev", "test"):
        en, de = read_heldout(cfg.heldout_dir, split)
        texts.update(en)
        texts.update(de)
    return texts


def distinct_sources(pairs: Iterable[Pair]) -> list[str]:
    """English sides in first-seen order, each once."""
    return list(dict.fromkeys(en for en, _ in pairs))


def forward_translate(sources: list[str], translate: TranslateFn, batch_size: int = 256,
                      progress: Callable[[int], None] | None = None) -> list[Pair]:
    """``(source, translation)`` for each source, in order; sorted by length inside the call
    so batches are even, which changes no result."""
    order = sorted(range(len(sources)), key=lambda i: len(sources[i]))
    out: list[str] = [""] * len(sources)
    for start in range(0, len(order), batch_size):
        chunk = order[start: start + batch_size]
        for i, text in zip(chunk, translate([sources[i] for i in chunk]), strict=True):
            out[i] = text
        if progress is not None:
            progress(start + len(chunk))
    return list(zip(sources, out, strict=True))


def read_forward_translations(path: str | Path) -> list[Pair]:
    """Pairs of a file written by :func:`write_pairs` (tab-separated, one per line)."""
    pairs: list[Pair] = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        en, sep, de = line.partition("\t")
        if sep and en.strip() and de.strip():
            pairs.append((en, de))
    return pairs


def new_pairs(forward: list[Pair], original: list[Pair], exclude: set[str]) -> list[Pair]:
    """Forward translations that add something: not already a training pair, not a dev/test line."""
    seen = set(original)
    kept: list[Pair] = []
    for pair in forward:
        if pair in seen or pair[0] in exclude or pair[1] in exclude:
            continue
        seen.add(pair)
        kept.append(pair)
    return kept


_LOWER_WORD = re.compile(r"(?<![\w'-])[a-z]+(?![\w'-])")


def lowercase_word_counts(pairs: Iterable[Pair]) -> Counter[str]:
    """How often each lower-case word occurs in the English sides (names, written with a capital, are not
    counted: the name augmentation teaches the model to copy them)."""
    return Counter(w for en, _ in pairs for w in _LOWER_WORD.findall(en))


def without_rare_words(forward: list[Pair], counts: Counter[str], min_count: int) -> list[Pair]:
    """Forward translations whose English has no lower-case word seen fewer than ``min_count`` times in
    the corpus. A teacher garbles the words it saw a few times ("chancellor" -> "Chance"); its pair
    would teach the student the garbled word with the weight of a human one. ``min_count`` 0 keeps all."""
    if min_count <= 0:
        return list(forward)
    return [p for p in forward if all(counts[w] >= min_count for w in _LOWER_WORD.findall(p[0]))]


def ctranslate2_translator(model_dir: Path, beam_size: int) -> TranslateFn:
    """Raw model output of an export's derived CTranslate2 model (its own search settings)."""
    import sentencepiece as spm

    from core.ctranslate2_decoder import CTranslate2Decoder
    from core.manifest import EOS_ID

    sp = spm.SentencePieceProcessor(model_file=str(next(model_dir.glob("assets.extra/spm-*.model"))))
    decoder = CTranslate2Decoder.open(model_dir / "ctranslate2", sp, EOS_ID)

    def translate(texts: list[str]) -> list[str]:
        ids = [[*sp.encode(t), EOS_ID] for t in texts]
        budget = max(len(i) for i in ids) * 2 + 10
        hyps = decoder.decode(ids, beam_size, budget, 1.0)
        return [sp.decode([i for i in h.ids if i != EOS_ID]) for h in hyps]

    return translate


def distill_cli(args: argparse.Namespace, cfg: DataConfig) -> int:
    exclude = heldout_texts(cfg)
    pairs, _ = clean_pairs(read_corpus(cfg.corpus), cfg, exclude)
    sources = distinct_sources(pairs)
    if args.limit:
        sources = sources[: args.limit]
    translate = ctranslate2_translator(Path(args.model), args.beam_size)
    started = time.monotonic()

    def progress(done: int) -> None:
        if done % (args.batch_size * 40) < args.batch_size:
            print(f"{done}/{len(sources)} in {time.monotonic() - started:.0f} s", flush=True)

    forward = forward_translate(sources, translate, args.batch_size, progress)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(f"{en}\t{de}\n" for en, de in forward), encoding="utf-8")
    fresh = new_pairs(forward, pairs, exclude)
    summary = {"model": str(args.model), "beam_size": args.beam_size, "sources": len(sources),
               "new_pairs": len(fresh), "seconds": round(time.monotonic() - started, 1)}
    out.with_suffix(".json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(summary))
    return 0
