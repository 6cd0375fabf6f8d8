"""Reading, cleaning and augmenting the Tatoeba English–German corpus (no TensorFlow)."""
from __future__ import annotations

import gzip
import random
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from training.translator.config import DataConfig
from training.translator.numbers import digit_variant

Pair = tuple[str, str]


@dataclass
class CleaningStats:
    read: int = 0
    malformed: int = 0
    empty: int = 0
    too_long: int = 0
    bad_ratio: int = 0
    duplicates: int = 0
    in_heldout: int = 0
    kept: int = 0
    number_augmented: int = 0
    name_augmented: int = 0
    casing_augmented: int = 0
    comma_augmented: int = 0
    forward_translated: int = 0
    forward_rare_dropped: int = 0
    dictionary_pairs: int = 0
    written_pairs: int = 0
    written_near_eval: int = 0
    train_pairs: int = 0
    notes: list[str] = field(default_factory=list)


def normalize(text: str) -> str:
    """NFC, collapse whitespace. Case and digits are kept as they are."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def read_corpus(path: str | Path) -> list[list[str]]:
    opener = gzip.open if str(path).endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as handle:
        return [line.rstrip("\n").split("\t") for line in handle]


# Out-of-domain evaluation sets: name -> folder beside the Tatoeba data (../shared/data/<folder>).
# Used to choose and report only; never trained on.
OUT_OF_DOMAIN = {"newstest2013": "news-dev"}
SPLITS = ("dev", "test", *OUT_OF_DOMAIN)


def read_split(heldout_dir: str | Path, split: str) -> tuple[list[str], list[str]]:
    """``dev``/``test`` of heldout-2021, or an out-of-domain set of :data:`OUT_OF_DOMAIN`."""
    if split in OUT_OF_DOMAIN:
        return read_heldout(Path(heldout_dir).parents[1] / OUT_OF_DOMAIN[split], split)
    return read_heldout(heldout_dir, split)


def read_heldout(heldout_dir: str | Path, split: str) -> tuple[list[str], list[str]]:
    base = Path(heldout_dir)
    src = (base / f"{split}.en").read_text(encoding="utf-8").splitlines()
    tgt = (base / f"{split}.de").read_text(encoding="utf-8").splitlines()
    if len(src) != len(tgt):
        raise ValueError(f"{split}: {len(src)} English vs {len(tgt)} German lines")
    return src, tgt


def clean_pairs(
    rows: list[list[str]], cfg: DataConfig, exclude: set[str]
) -> tuple[list[Pair], CleaningStats]:
    """Dedupe and drop empty, absurdly long or length-mismatched pairs and held-out overlap."""
    stats = CleaningStats(read=len(rows))
    seen: set[Pair] = set()
    kept: list[Pair] = []
    for row in rows:
        if len(row) < 2:
            stats.malformed += 1
            continue
        en, de = normalize(row[0]), normalize(row[1])
        if not en or not de:
            stats.empty += 1
            continue
        if len(en) > cfg.max_chars or len(de) > cfg.max_chars:
            stats.too_long += 1
            continue
        shorter, longer = sorted((len(en), len(de)))
        if longer > 8 and longer > cfg.max_length_ratio * shorter:
            stats.bad_ratio += 1
            continue
        if (en, de) in seen:
            stats.duplicates += 1
            continue
        if en in exclude or de in exclude:
            stats.in_heldout += 1
            continue
        seen.add((en, de))
        kept.append((en, de))
    stats.kept = len(kept)
    return kept, stats


def augment_numbers(pairs: list[Pair], copies: int, seed: int) -> list[Pair]:
    """``copies`` extra copies of pairs with aligned numbers, numbers replaced by random digits."""
    rng = random.Random(seed)
    extra: list[Pair] = []
    for _ in range(copies):
        for en, de in pairs:
            variant = digit_variant(en, de, rng)
            if variant is not None:
                extra.append(variant)
    return extra


def write_tsv(path: Path, pairs: list[Pair]) -> None:
    with path.open("w", encoding="utf-8") as handle:
        for en, de in pairs:
            handle.write(f"{en}\t{de}\n")

