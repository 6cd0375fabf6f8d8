"""Written pairs: English sentences and their German translations written one by one, by domain (session 24).

The corpus is Tatoeba: short everyday sentences. Its vocabulary stops where news, offices and websites begin
("chancellor" came out as "die Chance" up to version 11), and no augmentation adds words the corpus does not have. In session 24
eight AI agents of the project each wrote about 1,000 pairs of one domain (politics, economy, science, sport,
technology, law, culture, travel) from a brief (``data/written/BRIEF.md``); a second agent read every pair of a
file and judged it (``ok``/``bad``), and only the pairs judged ``ok`` are kept. Pure Python, no TensorFlow.

The wall: ``build_written`` drops every pair whose English or German is, or nearly is, a sentence of an evaluation
set (dev, test, newstest2013; ``training.shared.near_duplicates``), so the sets that choose and report stay unseen.
Since session 28 the wall also holds the hand-written probes (``PROBE_FILES``: the probe suite, with issue 10's table,
the sense probes and, since session 29, the greeting probes), so a probe measures what the model learnt elsewhere,
never a pair written like it.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from training.shared import near_duplicates, writers_and_readings

Pair = tuple[str, str]

#: The writers' files (``wN.tsv``: English, German) and the second readings (``rN.tsv``: line number in ``wN.tsv``,
#: ``ok``/``bad``, note) that the written pairs are built from.
RAW_DIR = Path(__file__).with_name("data") / "written"
#: Two sentences whose word sets (digits masked) share at least this share of their union are near duplicates.
NEAR_JACCARD = 0.75
#: Hand-written probe files (repository paths; the sentence is column 2) whose sentences no written pair may be near.
PROBE_FILES = ("tests/core/probe_sentences.tsv", "tests/core/sense_probes.tsv", "tests/core/greeting_probes.tsv",
               "tests/core/gender_probes.tsv")
_WORD = re.compile(r"[^\W\d_]+|#")


def words(text: str) -> list[str]:
    """Lower-cased words, every run of digits as ``#`` ("Vote 2024, now!" -> vote # now)."""
    return _WORD.findall(re.sub(r"\d+", "#", unicodedata.normalize("NFC", text).lower()))


def probe_sentences(root: Path) -> list[str]:
    """The sentences of ``PROBE_FILES`` under ``root`` (a file that is absent gives none)."""
    sentences = []
    for name in PROBE_FILES:
        path = root / name
        if path.exists():
            sentences += [line.split("\t")[1] for line in path.read_text(encoding="utf-8").splitlines()
                          if line.strip() and not line.startswith("#")]
    return sentences


def read_writer_file(path: Path) -> tuple[dict[int, Pair], list[str]]:
    """A writer's pairs by line number (1-based), and ``file:line: why`` for each line that is not one pair."""
    rows: dict[int, Pair] = {}
    invalid: list[str] = []
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), start=1):
        parts = [p.strip() for p in line.split("\t")]
        if len(parts) != 2 or not all(parts):
            invalid.append(f"{path.name}:{number}: not one English<TAB>German pair")
        else:
            rows[number] = (parts[0], parts[1])
    return rows, invalid


def read_reviews(path: Path) -> dict[int, bool]:
    """A second reading: line number -> judged ``ok``. A line without a verdict counts as not ok."""
    verdicts: dict[int, bool] = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if len(parts) >= 2 and parts[0].strip().isdigit():
            verdicts[int(parts[0])] = parts[1].strip().lower() == "ok"
    return verdicts


@dataclass(frozen=True)
class WrittenReport:
    kept: list[Pair]
    counts: list[str]  # "w3 941/1000": judged ok / written, per writer
    invalid: list[str]
    repeated: int
    near_eval: int

    def summary(self) -> str:
        return (f"{len(self.kept)} written pairs ({', '.join(self.counts)} judged ok by a second reader); dropped: "
                f"{len(self.invalid)} malformed, {self.repeated} repeated, {self.near_eval} near an evaluation "
                "sentence")


def build_written(folder: Path | str, eval_texts: Iterable[str]) -> WrittenReport:
    """The pairs of every ``wN.tsv`` in ``folder`` that its ``rN.tsv`` judged ok, each once, none near
    ``eval_texts`` (English or German side)."""
    pairs: list[Pair] = []
    counts: list[str] = []
    invalid: list[str] = []
    for writer, review in writers_and_readings(folder):
        rows, bad = read_writer_file(writer)
        verdicts = read_reviews(review) if review else {}
        ok = [pair for number, pair in rows.items() if verdicts.get(number, False)]
        pairs.extend(ok)
        invalid.extend(bad)
        counts.append(f"{writer.stem} {len(ok)}/{len(rows) + len(bad)}")
    unique = list(dict.fromkeys(pairs))
    evals = list(eval_texts)
    near = set(near_duplicates([en for en, _ in unique], evals, words, NEAR_JACCARD))
    near |= set(near_duplicates([de for _, de in unique], evals, words, NEAR_JACCARD))
    kept = [pair for i, pair in enumerate(unique) if i not in near]
    return WrittenReport(kept, counts, invalid, len(pairs) - len(unique), len(near))
