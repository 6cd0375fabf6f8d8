"""Written training texts: short texts written and labelled one by one, mixed into the generated ones (sessions 23-26).

Every generator round since g12 taught the model one more phrasing family, and every hand-written batch found
texts whose phrasing no family had ("swimming lessons 17.25 for the juniors", "car wash deluxe 12.00"). A set of
texts written one by one, not by a rule, gives the model phrasings that no rule wrote. In sessions 23, 24 and 26 the
writers were AI agents of the project, each writing about 1,000 texts of one domain (sport, transport, food, ...) with labels by
the conventions of ``docs/time-normalizer.md``; a second agent labelled each file again blind, and only the texts both
read alike, and called clear, are kept (``agreed``). Pure Python, no TensorFlow.

The set's wall: ``build_written`` drops every text that is, or nearly is, a text of the evaluation sets
(``near_duplicates``: the same ``words`` once digits are masked, or ``NEAR_JACCARD`` of their word sets), so the hand-written
evaluation set stays unseen; ``tests/training/timenorm/test_timenorm_written.py`` checks the shipped file.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from training.shared import from_repository, writers_and_readings
from training.shared import near_duplicates as shared_near_duplicates
from training.timenorm.conventions import NO_TIME
from training.timenorm.generator import Sample
from training.timenorm.text import normalize_text

WRITTEN_FILE = Path(__file__).with_name("data") / "train_written.tsv"
#: The writers' own files (``wN.tsv``: text, label) and the blind second readings (``rN.tsv``: id = line number in
#: ``wN.tsv``, label, certainty, note) that ``WRITTEN_FILE`` is built from.
RAW_DIR = Path(__file__).with_name("data") / "written"
HEADER = ["text", "label", "source"]
CATEGORY = "written"
MAX_CHARS = 60
#: Two texts whose word sets (digits masked) share at least this share of their union are near duplicates.
NEAR_JACCARD = 0.75
_LABEL = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
_WORD = re.compile(r"[a-z]+|#")


@dataclass(frozen=True)
class WrittenText:
    text: str
    label: str  # "HH:MM" or NO_TIME
    source: str  # who wrote it ("w3": writer 3 of session 23)


def parse_label(raw: str) -> str:
    """A writer's label: ``HH:MM`` as is, ``-`` (or empty) for no time; anything else is an error."""
    raw = raw.strip()
    if raw in ("-", ""):
        return NO_TIME
    if not _LABEL.match(raw):
        raise ValueError(f"bad label {raw!r}")
    return raw


def read_written(path: Path | str = WRITTEN_FILE) -> list[WrittenText]:
    """The rows of a written set (header ``text<TAB>label<TAB>source``; ``-`` = no time). Read once per file version:
    a training run asks for them every epoch."""
    found = from_repository(path)
    return list(_read_written(found, found.stat().st_mtime_ns))


@lru_cache(maxsize=4)
def _read_written(path: Path, _version: int) -> tuple[WrittenText, ...]:
    lines = path.read_text(encoding="utf-8").split("\n")
    if lines[0].split("\t") != HEADER:
        raise ValueError(f"{path}: bad header {lines[0]!r}")
    rows = []
    for number, line in enumerate(lines[1:], start=2):
        if not line or line.startswith("# "):
            continue
        fields = line.split("\t")
        if len(fields) != 3:
            raise ValueError(f"{path}:{number}: expected 3 tab-separated fields, got {len(fields)}")
        try:
            rows.append(WrittenText(fields[0], parse_label(fields[1]), fields[2]))
        except ValueError as error:
            raise ValueError(f"{path}:{number}: {error}") from None
    return tuple(rows)


def read_writer_file(path: Path, source: str) -> tuple[dict[int, WrittenText], list[str]]:
    """A writer's file (header ``text<TAB>label``) by line number, and its lines that are not a text and a label."""
    rows: dict[int, WrittenText] = {}
    invalid = []
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").split("\n")[1:], start=2):
        if not line.strip():
            continue
        fields = line.split("\t")
        try:
            if len(fields) != 2:
                raise ValueError(f"expected 2 tab-separated fields, got {len(fields)}")
            rows[number] = WrittenText(fields[0].strip(), parse_label(fields[1]), source)
        except ValueError as error:
            invalid.append(f"{path}:{number}: {error}")
    return rows, invalid


def read_readings(path: Path) -> dict[int, tuple[str, bool]]:
    """A second reader's labels of a writer's file: line number -> (label, clear?) from ``id<TAB>label<TAB>certainty
    [<TAB>note]`` rows, where ``id`` is the line number in the writer's file."""
    readings = {}
    for line in Path(path).read_text(encoding="utf-8").split("\n")[1:]:
        fields = line.split("\t")
        if len(fields) >= 3 and fields[0].strip().isdigit():
            try:
                readings[int(fields[0])] = (parse_label(fields[1]), fields[2].strip() == "clear")
            except ValueError:
                continue  # an unreadable reading keeps its text out, like a disagreement
    return readings


def agreed(rows: dict[int, WrittenText], readings: dict[int, tuple[str, bool]]) -> list[WrittenText]:
    """The texts whose second, blind reading gives the writer's label and calls it clear."""
    return [row for number, row in sorted(rows.items()) if readings.get(number) == (row.label, True)]


def written_samples(path: Path | str) -> list[Sample]:
    """A written set as training samples (category ``written``)."""
    return [Sample(row.text, row.label, CATEGORY) for row in read_written(path)]


def words(text: str) -> list[str]:
    """The words of a normalized text, every run of digits as ``#`` ("Swim 17.25!" -> swim # #)."""
    return _WORD.findall(re.sub(r"\d+", "#", normalize_text(text)))


def near_duplicates(texts: Sequence[str], others: Iterable[str]) -> list[int]:
    """Indices of ``texts`` near a text of ``others`` (``training.shared.near_duplicates`` on ``words``, ``NEAR_JACCARD``)."""
    return shared_near_duplicates(texts, others, words, NEAR_JACCARD)


@dataclass(frozen=True)
class BuildReport:
    kept: list[WrittenText]
    invalid: list[str]  # "file:line: why"
    too_long: int
    repeated: int  # the same normalized text again (first one kept)
    near_eval: int


def build_written(rows: Sequence[WrittenText], eval_texts: Iterable[str], invalid: Sequence[str] = ()) -> BuildReport:
    """Keep each text once, at most ``MAX_CHARS`` long, and none near a text of the evaluation sets."""
    seen: set[str] = set()
    short, too_long, repeated = [], 0, 0
    for row in rows:
        key = normalize_text(row.text)
        if len(row.text) > MAX_CHARS or not key:
            too_long += 1
        elif key in seen:
            repeated += 1
        else:
            seen.add(key)
            short.append(row)
    near = set(near_duplicates([r.text for r in short], eval_texts))
    kept = [r for i, r in enumerate(short) if i not in near]
    return BuildReport(kept, list(invalid), too_long, repeated, len(near))


def build_from(folder: Path, eval_texts: Sequence[str]) -> tuple[BuildReport, str]:
    """The written set from a folder of writers' files and second readings, and the comment line that says so."""
    rows: list[WrittenText] = []
    invalid: list[str] = []
    counts = []
    for writer, reading in writers_and_readings(folder):
        texts, bad = read_writer_file(writer, writer.stem)
        kept = agreed(texts, read_readings(reading)) if reading else []
        rows.extend(kept)
        invalid.extend(bad)
        counts.append(f"{writer.stem} {len(kept)}/{len(texts)}")
    report = build_written(rows, eval_texts, invalid)
    comment = (f"{len(report.kept)} written texts ({', '.join(counts)} agreed by a blind second reading); dropped: "
               f"{report.too_long} too long, {report.repeated} repeated, {report.near_eval} near an evaluation text; "
               "made by: python -m training timenorm written")
    return report, comment


def write_written(rows: Sequence[WrittenText], path: Path, comment: str) -> None:
    body = "".join(f"{r.text}\t{r.label or '-'}\t{r.source}\n" for r in rows)
    Path(path).write_text("\t".join(HEADER) + "\n" + f"# {comment}\n" + body, encoding="utf-8")
