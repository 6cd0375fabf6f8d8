"""Protected spans through a model that was not trained to copy them.

Before the model, every span of :func:`core.text.spans.find_spans` becomes a placeholder the
shipped translator reliably copies: a number that is not otherwise in the sentence
(:data:`PLACEHOLDERS`, chosen by measurement, docs/translator.md "Protected spans"). Emoji,
hashtags and handles at either end of a sentence are set aside and put back unchanged.
After the model, each placeholder is replaced by its span written the German way; a word the
model added that repeats the span's unit ("17:00 Uhr Uhr", "49,99 $ Dollar") is dropped; a
placeholder the model lost is inserted before the final punctuation, so nothing the user sent
disappears; a placeholder the model wrote twice keeps its first place. Names the model never
saw (:mod:`core.text.names`) are masked too, as a person's or a place's name it copies.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from core.text.name_gender import MAN, WOMAN, name_gender
from core.text.names import find_names
from core.text.spans import DATE, EMAIL, EMOJI, HANDLE, HASHTAG, NUMBER_WORD, TIME, URL, Span, find_spans

# Placeholders by the kind of span they stand for: (what the model gets, what its output has).
# Chosen by measurement on the shipped model (docs/translator.md, "Protected spans"): numbers
# for numbers, money, times and phone numbers; a weekday for a date with a day (the model
# writes "am Dienstag", the right preposition for "am 5. März"); a name for e-mail addresses,
# URLs, handles, hashtags and emoji inside a sentence.
NUMBERS = tuple((n, (n,)) for n in ("37", "58", "84", "63", "29", "76", "41", "92", "18", "53", "67", "85"))
WEEKDAYS = (("Tuesday", ("Dienstags", "Dienstag")), ("Monday", ("Montags", "Montag")),
            ("Friday", ("Freitags", "Freitag")), ("Sunday", ("Sonntags", "Sonntag")))
NAMES = (("Maria", ("Maria",)), ("Oliver", ("Oliver",)), ("Paris", ("Paris",)), ("Boston", ("Boston",)))
PEOPLE = (("Maria", ("Maria",)), ("Oliver", ("Oliver",)), ("Eva", ("Eva",)), ("Ken", ("Ken",)))
# A person whose name is a woman's or a man's (core/text/name_gender.py) gets a placeholder of the same gender.
WOMEN = (("Maria", ("Maria",)), ("Eva", ("Eva",)))
MEN = (("Oliver", ("Oliver",)), ("Ken", ("Ken",)))
PLACES = (("Boston", ("Boston",)), ("Paris", ("Paris",)), ("London", ("London",)), ("Berlin", ("Berlin",)))
PLACEHOLDERS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "number": NUMBERS, "date": WEEKDAYS, "name": NAMES, "person": PEOPLE, "place": PLACES, "woman": WOMEN,
    "man": MEN}
_POOL = {EMAIL: "name", URL: "name", HANDLE: "name", HASHTAG: "name", EMOJI: "name", DATE: "date"}
PERSON, PLACE = "person", "place"  # kinds of the unseen names (core/text/names.py)
PROTECT_NAMES = True
GENDERED_PEOPLE = True  # False: every person gets :data:`PEOPLE`' placeholders, as up to session 30
_EDGE_KINDS = {EMOJI, HASHTAG, HANDLE}
_UNIT_WORDS = {
    "money": {"dollar", "dollars", "euro", "euros", "pfund", "yen", "rupien", "franken", "$", "€", "£", "¥"},
    "number": {"prozent", "%"},
    "time": {"uhr"},
}
_ALL_UNITS = {"uhr", "prozent", "%"}
# A title at the start of an unseen name, written the German way in the translation.
_TITLE = re.compile(r"(Mrs|Ms|Miss|Mr|Dr)\.?(?= )")
_TITLE_BEFORE = re.compile(r"(?<!\w)(Mrs|Ms|Miss|Dr)\.? $")  # the model writes "Mr" as "Herr" itself
_GERMAN_TITLES = {"mrs": "Frau", "ms": "Frau", "miss": "Frau", "mr": "Herr", "dr": "Dr."}
_END = re.compile(r"[.!?…:;]*[\"'”’)\]]*$")


@dataclass(frozen=True)
class Masking:
    """A sentence as the model gets it and what to put back."""

    text: str  # with placeholders
    slots: list[tuple[tuple[str, ...], Span]] = field(default_factory=list)  # placeholder's output forms, span
    tokens: tuple[str, ...] = ()  # the placeholders in ``text``
    prefix: str = ""  # set aside from the start ("@anna ", "😍 ")
    suffix: str = ""  # set aside from the end (" 😍🎶", " #tbt")


def _edges(sentence: str, spans: list[Span]) -> tuple[int, int]:
    """How far the leading and trailing emoji/hashtag/handle runs reach (start, end of the rest)."""
    start, end = 0, len(sentence)
    for span in spans:
        if span.kind in _EDGE_KINDS and not sentence[start: span.start].strip():
            start = span.end
    for span in reversed(spans):
        if span.kind in (EMOJI, HASHTAG) and span.start >= start and not sentence[span.end: end].strip():
            end = span.start
    if not sentence[start:end].strip():
        return 0, len(sentence)  # nothing else to translate: keep it all for the model
    return start, end


def _names(sentence: str) -> list[Span]:
    """Unseen names as spans; one typed in lower case comes back with capitals ("Oaxaca")."""
    out = []
    for start, end, place in find_names(sentence):
        before = _TITLE_BEFORE.search(sentence[:start]) if not place else None
        if before:  # "Ms Adebayo": the model drops or copies "Ms"; the span takes it and writes "Frau"
            start = before.start(1)
        text = sentence[start:end]
        german = text if any(c.isupper() for c in text) else re.sub(r"\b\w", lambda m: m.group(0).upper(), text)
        title = _TITLE.match(german)
        if title:  # "Mrs Okonkwo" → "Frau Okonkwo" (the German title; "Herr" in the nominative)
            german = _GERMAN_TITLES[title.group(1).lower()] + german[title.end(1):].lstrip(".")
        out.append(Span(PLACE if place else PERSON, start, end, text, german))
    return out


def _pool(span: Span, before: str) -> str:
    if span.kind == PERSON and GENDERED_PEOPLE:
        gender = name_gender(span.text, before)
        return {WOMAN: "woman", MAN: "man"}.get(gender or "", PERSON)
    if span.kind in (PERSON, PLACE):
        return span.kind
    if span.kind == DATE and not re.search(r"\b\d{1,2}(?:st|nd|rd|th)?\b(?![-/.]?\d)", span.text):
        return "number"  # "June 2019": no day, so no "am"
    return _POOL.get(span.kind, "number")


def mask(sentence: str) -> Masking:
    spans = find_spans(sentence)
    names = _names(sentence) if PROTECT_NAMES else []
    spans = sorted(spans + [s for s in names if not any(s.start < o.end and o.start < s.end for o in spans)],
                   key=lambda s: s.start)
    if not spans:
        return Masking(sentence)
    start, end = _edges(sentence, spans)
    inner = [s for s in spans if s.start >= start and s.end <= end]
    taken = set(re.findall(r"\w+", sentence.lower()))
    pieces: list[str] = []
    slots: list[tuple[tuple[str, ...], Span]] = []
    at = start
    for span in inner:
        placeholder = next((p for p in PLACEHOLDERS[_pool(span, sentence[:span.start])] if p[0].lower() not in taken),
                           None)
        if placeholder is None:
            continue  # more spans than placeholders: the model gets this one as it is
        taken.add(placeholder[0].lower())
        pieces.extend([sentence[at: span.start], placeholder[0]])
        slots.append((placeholder[1], span))
        at = span.end
    pieces.append(sentence[at:end])
    body = "".join(pieces)
    stripped = body.strip()
    lead = sentence[:start] + body[: len(body) - len(body.lstrip())]
    trail = body[len(body.rstrip()):] + sentence[end:]
    return Masking(stripped, slots, tuple(pieces[1::2]), lead, trail)


def _token(forms: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(f) for f in forms)
    return re.compile(rf"(?<![\w.,])(?:{alternatives})(?!\w|[.,]\d)", re.IGNORECASE)


def _drop_unit(rest: str, span: Span) -> str:
    """``rest`` (what follows the put-back span) without a first word that repeats its unit."""
    m = re.match(r"(\s*)([^\s.,;:!?]+)", rest)
    if not m:
        return rest
    word = m.group(2).lower()
    last = span.german.split()[-1].lower() if span.german.split() else ""
    units = _UNIT_WORDS.get(span.kind, set())
    if word == last or (word in units and (last in units or span.kind == "money")):
        return rest[m.end():]
    if word in _ALL_UNITS and word not in units:
        return rest[m.end():]  # "um 37 Uhr" for what is no time: the placeholder's, not the source's
    return rest


def _shouted(span: Span) -> str:
    """A span's German form in capitals where the sentence is shouted: the words the German
    notation adds ("Uhr", "März") upper-cased, the source's own words (an e-mail, a URL) as written."""
    own = set(span.text.split())
    return " ".join(word if word in own else word.upper().replace("ß", "SS") for word in span.german.split(" "))


def _written(span: Span, at_start: bool, shouted: bool = False) -> str:
    """A number word's German word as the sentence needs it: capitalised at its start, in
    capitals where the source wrote it so ("SIXTEEN"); other spans as rendered, in capitals in a
    shouted sentence ("UM 21:30 UHR")."""
    if span.kind != NUMBER_WORD:
        return _shouted(span) if shouted else span.german
    if span.text.isupper() and len(span.text) > 1:
        return span.german.upper()
    return span.german[0].upper() + span.german[1:] if at_start else span.german


# A German preposition of clock time before a time span: "um 10:15" is written "um 10:15 Uhr".
_CLOCK_PREPOSITION = re.compile(r"\b(?:um|bis|ab|gegen)\s*$", re.IGNORECASE)


def _clock_time(span: Span, head: str, tail: str) -> Span:
    """A bare "H:MM" span after "um"/"bis"/"ab"/"gegen" with "Uhr" added unless the model wrote it."""
    if (span.kind == TIME and ":" in span.german and not span.german.endswith("Uhr")
            and _CLOCK_PREPOSITION.search(head) and not re.match(r"\s*Uhr\b", tail, re.IGNORECASE)):
        return Span(span.kind, span.start, span.end, span.text, f"{span.german} Uhr")
    return span


def unmask(translation: str, masking: Masking, shouted: bool = False) -> str:
    """The model's output with every span put back (German form), none lost, none doubled;
    ``shouted``: the source is in capitals, and so is what the German notation adds."""
    text = translation
    missing: list[Span] = []
    for forms, span in masking.slots:
        pattern = _token(forms)
        found = pattern.search(text)
        if found is None:
            missing.append(span)
            continue
        head, tail = text[: found.start()], text[found.end():]
        tail = pattern.sub("", tail)  # a doubled placeholder keeps its first place
        span = _clock_time(span, head, tail)
        tail = _drop_unit(tail, span)
        if span.german.endswith(".") and tail.startswith("."):
            tail = tail[1:]  # "am 5." + "." (the model's ordinal dot)
        if span.kind == NUMBER_WORD:
            tail = re.sub(r"^ [Mm]al\b", "mal", tail)  # "drei Mal" → "dreimal" (German writes one word)
        text = head + _written(span, at_start=not head.strip(), shouted=shouted) + tail
    text = re.sub(r"[ \t]{2,}", " ", text).strip()
    text = re.sub(r"(?<=\w) ([.,;:!?])(?=\s|$)", r"\1", text)
    text = insert_before_end(text, [_shouted(s) if shouted else s.german for s in missing])
    return f"{masking.prefix}{text}{masking.suffix}"


def lost_slots(translation: str, masking: Masking) -> int:
    """How many of the masking's placeholders a model output lacks (each is put back before the end by
    :func:`unmask`, out of place)."""
    return sum(_token(forms).search(translation) is None for forms, _ in masking.slots)


def insert_before_end(text: str, words: list[str]) -> str:
    """``text`` with ``words`` added before its final punctuation: what the model lost of the
    source is never dropped silently."""
    if not words:
        return text
    end = _END.search(text)
    cut = end.start() if end else len(text)
    return f"{text[:cut].rstrip()} {' '.join(words)}{text[cut:]}".strip()
