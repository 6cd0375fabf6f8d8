"""Pairs from a bilingual dictionary: the words Tatoeba never uses. Pure Python, no TensorFlow.

Tatoeba's English is everyday speech: "chancellor" occurs in 2 of its 170,000 pairs, so the
translator reads it as "chance" + "llor" and writes "die Chance". A dictionary widens the
vocabulary. We read the Ding German-English dictionary (Frank Richter, TU Chemnitz; GPL-2.0-or-later;
Debian's ``trans-de-en`` installs it as ``/usr/share/trans/de-en``). One line is one entry::

    Kanzler {m}; Kanzlerin {f} [pol.] | eine Kanzlerin :: chancellor; female chancellor | a female chancellor

German and English are split by " :: ", sub-entries by " | " (aligned left to right), synonyms by
"; " (when the two sides list different numbers of synonyms, each English synonym is paired with
the first German one). Annotations ({m}, [pol.], <purer>, (im Gedränge), /AHU/) are removed. Items with placeholders
(sb., sth., jdn., etw.), alternatives ("sheer/pure") or ellipses are left out: they are not text.
A pair is a **sentence** (an example such as "The museum is not open on Monday.") or a **term**.
"""
from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

DING_FILE = Path("/usr/share/trans/de-en")
_ANNOTATION = re.compile(r"\{[^}]*\}|\[[^\]]*\]|<[^>]*>|\([^)]*\)|/[A-Z][A-Za-z.]*/")
_NOT_TEXT = re.compile(r"\b(?:sb|sth|jdn|etw|jdm|jds|jd)\b|sb's|/|\.\.\.|…|~|\+|=|[{}\[\]<>()]")
_WORD = re.compile(r"[a-z]+")
_SENTENCE = re.compile(r"^[A-Z\"'“‘].*[.?!]$")


@dataclass(frozen=True)
class DictionaryPairs:
    sentences: list[tuple[str, str]]
    terms: list[tuple[str, str]]


def clean_item(item: str) -> str:
    """An item without its annotations and extra spaces ("Kanzler {m} [pol.]" -> "Kanzler")."""
    item = _ANNOTATION.sub(" ", item.replace("\u2019", "'"))
    return re.sub(r"\s+", " ", item).strip(" ,;")


def _aligned(german: list[str], english: list[str]) -> Iterator[tuple[str, str]]:
    """Zip aligned lists; when the counts differ only the first items are known to match."""
    if len(german) != len(english):
        german, english = german[:1], english[:1]
    return zip(german, english, strict=True)


def entry_pairs(line: str) -> Iterator[tuple[str, str]]:
    """The (english, german) pairs of one dictionary line; none for comments and broken lines."""
    if line.startswith("#") or " :: " not in line:
        return
    german, english = line.rstrip("\n").split(" :: ", 1)
    for de_part, en_part in _aligned(german.split(" | "), english.split(" | ")):
        de_items = [clean_item(x) for x in de_part.split("; ")]
        en_items = [clean_item(x) for x in en_part.split("; ")]
        if len(de_items) != len(en_items):  # synonyms that do not pair up: each English one gets the first German
            de_items = de_items[:1] * len(en_items)
        for de, en in zip(de_items, en_items, strict=True):
            if de and en and not _NOT_TEXT.search(de) and not _NOT_TEXT.search(en):
                yield en, de


def is_sentence(english: str) -> bool:
    """A capitalised text of three words or more ending in . ? or !"""
    return bool(_SENTENCE.match(english)) and len(english.split()) >= 3


def read_dictionary(lines: Iterable[str]) -> DictionaryPairs:
    """Every distinct pair of the dictionary, sentences apart from terms, in file order."""
    seen: set[tuple[str, str]] = set()
    sentences: list[tuple[str, str]] = []
    terms: list[tuple[str, str]] = []
    for line in lines:
        for pair in entry_pairs(line):
            if pair not in seen:
                seen.add(pair)
                (sentences if is_sentence(pair[0]) else terms).append(pair)
    return DictionaryPairs(sentences, terms)


def training_pairs(pairs: DictionaryPairs, sentence_copies: int, max_terms: int, max_term_words: int,
                   seed: int) -> list[tuple[str, str]]:
    """Every sentence ``sentence_copies`` times, and at most ``max_terms`` terms of at most
    ``max_term_words`` English words (a seeded sample), for the training data."""
    terms = [p for p in pairs.terms if len(p[0].split()) <= max_term_words]
    rng = random.Random(seed)
    chosen = rng.sample(terms, min(max_terms, len(terms)))
    return pairs.sentences * sentence_copies + chosen


def rare_word_terms(pairs: DictionaryPairs, corpus_counts: Mapping[str, int], min_count: int) -> list[tuple[str, str]]:
    """One pair per single lower-case English word of the dictionary seen fewer than ``min_count`` times in the
    corpus (``distill.lowercase_word_counts``), with the first German translation the dictionary gives for it:
    the words the corpus does not teach ("chancellor" -> "Bundeskanzler"), each once."""
    first: dict[str, str] = {}
    for en, de in pairs.terms:
        if _WORD.fullmatch(en) and corpus_counts.get(en, 0) < min_count:
            first.setdefault(en, de)
    return list(first.items())


def read_dictionary_file(path: str | Path) -> DictionaryPairs:
    with open(path, encoding="utf-8") as handle:
        return read_dictionary(handle)
