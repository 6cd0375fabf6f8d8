"""Names the translator never saw, found by the training corpus's vocabulary (issue 10, item 3).

The shipped model copies names it saw and the name placeholders of :mod:`core.text.masking`
reliably, but garbles many names it never saw ("Manchester" → "Mana", "Oaxaca" → "Oaxta").
A capitalised word that is not the sentence's first and that the English side of the training
corpus never contains (in any case) is such a name; consecutive capitalised words with at
least one of them make one name ("Brightwater Park"), also at the start of a sentence when
its first word is unseen ("Angela Merkel was …"). A word with a capital inside ("YouTube",
"iPhone") is a brand name and counts as unseen. In a sentence written
all in lower case, a word the corpus never contains counts after a cue ("in", "from", "at",
"friend", "met", …: :data:`PLACE_BEFORE`, :data:`PERSON_BEFORE`).
The vocabulary (``corpus_words.txt``, one lower-cased word a line) is made from the corpus by

    python -m core.text.names ../shared/data/tatoeba-deu-eng/deu-eng.tsv.gz
"""
from __future__ import annotations

import gzip
import re
import sys
from functools import cache
from pathlib import Path

from core.text.informal import CONTRACTIONS

WORDS_FILE = Path(__file__).with_name("corpus_words.txt")
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
# After these a name is a place ("in Oaxaca", "from Kraljevo", "to Reykjavik" after a verb of going).
PLACE_BEFORE = frozenset({"in", "from", "at", "near", "around", "visit", "visited", "visiting", "through"})
GOING = frozenset({"go", "goes", "going", "went", "gone", "fly", "flying", "flew", "drive", "driving", "drove",
                   "travel", "travelling", "traveling", "travelled", "traveled", "move", "moving", "moved",
                   "trip", "way", "back", "come", "coming", "came", "welcome", "walk", "walked", "walking",
                   "ride", "return", "returned", "returning", "sail", "sailed", "road", "train", "flight"})


# In a sentence all in lower case, an unseen word is taken for a name only after one of these
# or after a place's cue (else it is as often a rare word: "pandemic", "lockdown").
PERSON_BEFORE = frozenset({"friend", "named", "called", "mr", "mrs", "ms", "dr", "met", "meet", "asked", "ask",
                           "told", "tell", "with", "saw", "sister", "brother", "mother", "father", "neighbour",
                           "neighbor", "colleague", "boss", "wife", "husband", "son", "daughter", "uncle", "aunt",
                           "cousin", "teacher", "and"})

# Lower-case particles inside a name: between two capitalised words they make one name ("Ursula von der Leyen").
PARTICLES = frozenset({"von", "van", "der", "den", "de", "da", "di", "del", "della", "du", "dos", "das", "le", "la",
                       "bin", "ibn", "al", "ter", "ten"})


@cache
def corpus_words() -> frozenset[str]:
    if not WORDS_FILE.exists():
        return frozenset()
    return frozenset(WORDS_FILE.read_text(encoding="utf-8").split())


def _unseen(word: str) -> bool:
    """Never in the corpus, or a brand written with an inner capital ("YouTube", "iPhone")."""
    if re.search(r"[a-z][A-Z]", word):
        return True
    words = corpus_words()
    if not words or word.lower() in CONTRACTIONS:
        return False
    return all(part.lower() not in words for part in re.split(r"['’-]", word) if part)


def _particles(matches: list[re.Match[str]], i: int, text: str, end: int) -> int:
    """How many name particles start at word ``i`` and join the word before (ending at ``end``) to a capitalised
    word after them, one space apart each ("van" in "Vincent van Gogh", "von der" in "Ursula von der Leyen")."""
    n = 0
    while i + n < len(matches) and matches[i + n].group(0) in PARTICLES and text[end: matches[i + n].start()] == " ":
        end = matches[i + n].end()
        n += 1
    if n and i + n < len(matches) and matches[i + n].group(0)[0].isupper() and text[end: matches[i + n].start()] == " ":
        return n
    return 0


def find_names(text: str) -> list[tuple[int, int, bool]]:
    """``(start, end, is_place)`` of each unseen name in ``text`` (see the module)."""
    matches = list(_WORD.finditer(text))
    lower = not any(c.isupper() for c in text)
    out: list[tuple[int, int, bool]] = []
    k = 0
    while k < len(matches):
        m = matches[k]
        word = m.group(0)
        capital = word[0].isupper()
        capital = capital or bool(re.search(r"[a-z][A-Z]", word))
        if not (capital or lower):
            k += 1
            continue
        run = [m]
        joined = False  # by a particle ("von der")
        while capital and k + len(run) < len(matches):
            nxt = matches[k + len(run)]
            particles = _particles(matches, k + len(run), text, run[-1].end())
            if particles:
                run.extend(matches[k + len(run): k + len(run) + particles])
                joined = True
                continue
            if not nxt.group(0)[0].isupper() or nxt.group(0) == "I" or text[run[-1].end(): nxt.start()] != " ":
                break
            run.append(nxt)
        # "Angela Merkel was …" and "Ursula von der Leyen has …" count at the start
        first = k == 0 and not lower and not joined and (len(run) < 2 or not _unseen(word))
        before = [w.group(0).lower() for w in matches[max(0, k - 2): k]]
        place = bool(before) and (before[-1] in PLACE_BEFORE or (before[-1] == "to" and len(before) > 1
                                                                 and before[0] in GOING))
        cue = place or (bool(before) and before[-1] in PERSON_BEFORE)
        if first or not any(_unseen(r.group(0)) for r in run) or (lower and (k == 0 or len(word) < 4
                                                                                         or not cue)):
            k += 1
            continue
        out.append((run[0].start(), run[-1].end(), place))
        k += len(run)
    return out


def build_word_list(corpus: Path) -> list[str]:
    """Every word of the corpus's English side, lower-cased, sorted."""
    words: set[str] = set()
    with gzip.open(corpus, "rt", encoding="utf-8") as f:
        for line in f:
            words.update(w.lower() for w in re.findall(r"[^\W\d_]+", line.split("\t")[0]))
    return sorted(words)


if __name__ == "__main__":
    WORDS_FILE.write_text("\n".join(build_word_list(Path(sys.argv[1]))) + "\n", encoding="utf-8")
    print(f"{WORDS_FILE}: {len(corpus_words.__wrapped__())} words")
