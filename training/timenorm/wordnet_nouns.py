"""Nouns by what they name, from WordNet (generator g20). Pure Python, no TensorFlow.

Every round since g12 taught the model the nouns before a number one hand-written list at a time, and the
hand-written set keeps finding nouns that no list has: "screening 20.10" (an event: a time), "shelf mark 1230"
(a thing: a code), "popcorn and a cola, 6.30" (food: a price). g20 takes the nouns from WordNet 3.0
(Princeton University; Debian's ``wordnet-base``), whose lexicographer files sort every noun sense by what it
names (``noun.act``, ``noun.event``, ``noun.artifact``, ...), keeps the ones ordinary English uses as nouns (seen
after a determiner at least ``min_count`` times in the English side of the Tatoeba corpus) and sorts each by its most frequent
sense into a ``kind``:

- ``timed``: something that happens or is done (``noun.act``, ``noun.event``, ``noun.time``; meals and
  performances too):
  a number after it is a time ("the rehearsal 1930");
- ``thing``: an artifact that is no conveyance (a vehicle's number is its departure: "the 2140 bus"):
  four digits after it are a code ("locker 1402"), an amount a price ("umbrella 12.50");
- ``place``: an artifact that is a structure, a facility, an area or a road ("cabin", "corridor"): a code,
  never a price;
- ``document``: a piece of writing ("invoice 2215", "page 1230"): a code;
- ``food``: food and drink that is no meal: an amount after it is a price ("popcorn 6.30").

- ``person`` and ``vehicle`` (g22): a noun that is none of the above whose most frequent sense is a person
  (``noun.person``) or a conveyance: a time after it and a verb of coming or going ("the plumber comes 11.10").

g30: the Tatoeba corpus is small talk, so it rarely puts "rehearsal", "cupcake" or "courtyard" after a determiner,
and v18 read "gala 14.20" and "preseason 14.20" as no time. A lemma is also taken when English at large uses it
often (``COMMON_ZIPF`` on the Zipf scale of the ``wordfreq`` package, whose data is CC-BY-SA 4.0, Robyn Speer and
contributors), it has at least ``COMMON_MIN_LENGTH`` letters, and WordNet's tagged text uses it at least as much as a
noun as as a verb or an adjective (``mostly_other``: "serve" and "radial" are left out): 3,957 nouns instead of 1,399.

A noun that could be read either way (any of its senses names money, a month, a conveyance or a kind of the
other side: "case" is an occurrence and a box) is left out. ``python -m training timenorm nouns`` writes ``data/nouns_wordnet.tsv``.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from training.timenorm.schedule_g31 import HEADS

NOUNS_FILE = Path(__file__).with_name("data") / "nouns_wordnet.tsv"
WORDNET_DIR = Path("/usr/share/wordnet")
#: Lexicographer file numbers of WordNet 3.0 (``lexnames``) that decide a kind.
LEXFILES = {4: "act", 6: "artifact", 10: "communication", 11: "event", 13: "food", 21: "possession", 28: "time"}
KIND_OF_LEXFILE = {"act": "timed", "event": "timed", "time": "timed", "artifact": "thing",
                   "communication": "document", "food": "food"}
KINDS = ("timed", "thing", "place", "document", "food")
#: g22: who or what comes and goes ("the plumber comes 11.10", "truck departs 0455"); never a code's or a price's
#: noun, and only ever before a verb of coming and going (``movers_g22.py``).
MOVER_KINDS = ("person", "vehicle")
PERSON_LEXFILE = 18  # noun.person
#: Which side a kind is on: a number after it is a time, or never one.
SIDE = {"timed": "time", "thing": "other", "place": "other", "document": "other", "food": "other"}
#: Words that never make a generated text: time words, number words and words of the conventions.
_EXCLUDED = frozenset({
    "time", "times", "hour", "hours", "minute", "minutes", "second", "seconds", "clock", "noon", "midnight",
    "morning", "afternoon", "evening", "night", "tonight", "today", "tomorrow", "yesterday", "day", "days",
    "week", "month", "year", "date", "am", "pm", "half", "quarter", "past", "till", "ago", "o", "h", "t",
    "a", "an", "in", "are", "do", "be", "is", "one", "ten", "number", "version", "score", "phone", "price",
})


@dataclass(frozen=True)
class Synset:
    lexfile: int
    hypernyms: tuple[str, ...]


def read_synsets(lines: Iterable[str]) -> dict[str, Synset]:
    """Offset -> (lexicographer file, hypernym offsets) from the lines of WordNet's ``data.noun``."""
    synsets = {}
    for line in lines:
        if line.startswith(" ") or not line.strip():
            continue
        fields = line.split(" | ")[0].split()
        count = int(fields[3], 16)
        rest = fields[4 + 2 * count:]
        pointers = rest[1: 1 + 4 * int(rest[0])]
        hypernyms = tuple(pointers[4 * i + 1] for i in range(len(pointers) // 4) if pointers[4 * i] in ("@", "@i"))
        synsets[fields[0]] = Synset(int(fields[1]), hypernyms)
    return synsets


def read_senses(lines: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Lemma -> synset offsets, most frequent sense first, from the lines of WordNet's ``index.noun``."""
    senses = {}
    for line in lines:
        if line.startswith(" ") or not line.strip():
            continue
        fields = line.split()
        pointer_count = int(fields[3])
        senses[fields[0]] = tuple(fields[4 + pointer_count + 2:])
    return senses


@dataclass(frozen=True)
class Roots:
    """The synsets whose descendants change a kind: a conveyance or a month is left out, a meal or a
    performance is ``timed``, of the nouns of communication only writing is a ``document``, and an artifact
    that is a structure, a facility, an area or a road is a ``place``."""
    conveyance: frozenset[str]
    month: frozenset[str]
    meal: frozenset[str]
    performance: frozenset[str]
    writing: frozenset[str]
    place: frozenset[str]


def _senses_in(lemma: str, lexfile: int, senses: dict[str, tuple[str, ...]], synsets: dict[str, Synset]
               ) -> frozenset[str]:
    return frozenset(o for o in senses.get(lemma, ()) if o in synsets and synsets[o].lexfile == lexfile)


def roots(senses: dict[str, tuple[str, ...]], synsets: dict[str, Synset]) -> Roots:
    def of(lexfile: int, *lemmas: str) -> frozenset[str]:
        return frozenset().union(*(_senses_in(lemma, lexfile, senses, synsets) for lemma in lemmas))

    return Roots(conveyance=of(6, "conveyance"), month=of(28, "calendar_month", "month"), meal=of(13, "meal"),
                 performance=of(10, "performance", "show", "broadcast"),
                 writing=of(10, "written_communication", "document", "written_record"),
                 place=of(6, "structure", "facility", "area", "way"))


def _ancestors(offset: str, synsets: dict[str, Synset]) -> set[str]:
    """The synset and every synset above it (its hypernyms, theirs, ...)."""
    todo, seen = [offset], set()
    while todo:
        current = todo.pop()
        if current not in seen:
            seen.add(current)
            todo.extend(synsets[current].hypernyms if current in synsets else ())
    return seen


def sense_kind(offset: str, synsets: dict[str, Synset], found: Roots) -> str | None:
    """The kind one sense names, or None."""
    name = LEXFILES.get(synsets[offset].lexfile)
    above = _ancestors(offset, synsets)
    if name == "possession" or above & (found.month | found.conveyance):
        return "excluded"
    if above & (found.meal | found.performance):
        return "timed"  # "dinner 1930", "the concert 19.45"
    if name == "communication":
        return "document" if above & found.writing else None
    if name == "artifact" and above & found.place:
        return "place"
    return KIND_OF_LEXFILE.get(name or "")


def kind_of(lemma: str, senses: dict[str, tuple[str, ...]], synsets: dict[str, Synset], found: Roots
            ) -> str | None:
    """The lemma's kind by its most frequent sense, or None when it names none or any of its senses is of
    the other side (a time against a code or a price), a month, money or a conveyance."""
    kinds = [sense_kind(o, synsets, found) for o in senses.get(lemma, ()) if o in synsets]
    if not kinds or kinds[0] is None or "excluded" in kinds:
        return None
    if any(SIDE[k] != SIDE[kinds[0]] for k in kinds if k is not None):
        return None
    return kinds[0]


def mover_kind(lemma: str, senses: dict[str, tuple[str, ...]], synsets: dict[str, Synset], found: Roots
               ) -> str | None:
    """"person" or "vehicle" by the lemma's most frequent sense (g22), else None."""
    first = next((o for o in senses.get(lemma, ()) if o in synsets), None)
    if first is None:
        return None
    if synsets[first].lexfile == PERSON_LEXFILE:
        return "person"
    return "vehicle" if _ancestors(first, synsets) & found.conveyance else None


_AFTER_DETERMINER = re.compile(r"\b(?:the|a|an|my|your|his|her|our|their|this|that|every|no) ([a-z]+)\b")


def noun_counts(sentences: Iterable[str]) -> Counter[str]:
    """How often each word follows a determiner ("the dessert", "a sandwich"): used as a noun."""
    return Counter(w for s in sentences for w in _AFTER_DETERMINER.findall(s.lower()))


def read_tagged(lines: Iterable[str]) -> dict[str, int]:
    """Lemma -> how many of its senses SemCor tagged (``tagsense_cnt``), from one of WordNet's ``index.*`` files."""
    tagged = {}
    for line in lines:
        if line.startswith(" ") or not line.strip():
            continue
        fields = line.split()
        tagged[fields[0]] = int(fields[4 + int(fields[3]) + 1])
    return tagged


def mostly_other(noun: dict[str, int], *others: dict[str, int]) -> frozenset[str]:
    """g30: the lemmas that WordNet's tagged text uses more as a verb or an adjective than as a noun ("serve",
    "settle", "radial"); "tide" and "race" stay nouns."""
    return frozenset(lemma for other in others for lemma, n in other.items() if n > noun.get(lemma, 0))


#: g30: a lemma the Tatoeba corpus rarely puts after a determiner is still taken when English at large uses it
#: this often (Zipf frequency of ``wordfreq``: 3.3 is about twice in a million words) ...
COMMON_ZIPF = 3.3
#: ... and it is at least this long ("mon", "fri" are left out) and not ``mostly_other``.
COMMON_MIN_LENGTH = 4


def common(lemma: str, zipf: Callable[[str], float], other_pos: frozenset[str], level: float = COMMON_ZIPF) -> bool:
    """g30: ``lemma`` is frequent in English at large ("gala", "cupcake", "courtyard" are not in Tatoeba's
    small talk), long enough, and more a noun than anything else in WordNet."""
    return len(lemma) >= COMMON_MIN_LENGTH and lemma not in other_pos and zipf(lemma) >= level


def extract_nouns(synsets: dict[str, Synset], senses: dict[str, tuple[str, ...]], counts: Counter[str],
                  min_count: int = 2, zipf: Callable[[str], float] | None = None,
                  other_pos: frozenset[str] = frozenset(), level: float = COMMON_ZIPF) -> list[tuple[str, str]]:
    """(noun, kind) for every single-word lemma seen as a noun at least ``min_count`` times, sorted; with
    ``zipf`` (g30) also every lemma that English at large uses often (``common``)."""
    found = roots(senses, synsets)
    out = []
    for lemma in sorted(senses):
        if not lemma.isalpha() or len(lemma) < 3 or lemma in _EXCLUDED:
            continue
        if counts[lemma] < min_count and not (zipf is not None and common(lemma, zipf, other_pos, level)):
            continue
        kind = kind_of(lemma, senses, synsets, found) or mover_kind(lemma, senses, synsets, found)
        if kind is not None:
            out.append((lemma, kind))
    return out


#: g30b: in the generator a noun of the corpus (Tatoeba) is drawn this many times as often as a common one, so
#: that the everyday nouns of earlier rounds stay as frequent as the new ones are rare (G30F, uniform over g30's
#: 3,957 nouns, lost 33 texts of v18 and won 14).
CORPUS_WEIGHT = 4


@lru_cache(maxsize=1)
def _read_shipped() -> tuple[tuple[str, str, str], ...]:
    """(noun, kind, source) of ``data/nouns_wordnet.tsv``, read once; a line without a source is of the corpus."""
    rows = []
    for line in NOUNS_FILE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            noun, kind, *source = line.split("\t")
            rows.append((noun, kind, source[0] if source else "corpus"))
    return tuple(rows)


def _by_kind(pairs: Iterable[tuple[str, str]]) -> dict[str, tuple[str, ...]]:
    """Kind -> its nouns, in the order of ``pairs`` ((noun, kind))."""
    found: dict[str, list[str]] = {kind: [] for kind in KINDS + MOVER_KINDS}
    for noun, kind in pairs:
        found[kind].append(noun)
    return {kind: tuple(nouns) for kind, nouns in found.items()}


@lru_cache(maxsize=1)
def shipped_nouns() -> dict[str, tuple[str, ...]]:
    """Kind -> the nouns of ``data/nouns_wordnet.tsv``, each once."""
    return _by_kind((noun, kind) for noun, kind, _ in _read_shipped())


def common_nouns() -> tuple[str, ...]:
    """g30: the nouns of ``data/nouns_wordnet.tsv`` taken for their frequency in English at large, not the corpus."""
    return tuple(noun for noun, _, source in _read_shipped() if source == "common")


@lru_cache(maxsize=1)
def noun_pool() -> dict[str, tuple[str, ...]]:
    """Kind -> the nouns the generator draws from (``rng.choice``): each corpus noun ``CORPUS_WEIGHT`` times, and
    g31's words of a schedule (``schedule_g31.HEADS``) as timed corpus nouns."""
    listed = [(noun, kind) for noun, kind, source in _read_shipped()
              if noun not in HEADS  # g31: a schedule's words are timed, whatever WordNet's list says
              for _ in range(CORPUS_WEIGHT if source == "corpus" else 1)]
    return _by_kind(listed + [(head, "timed") for head in HEADS for _ in range(CORPUS_WEIGHT)])
