"""Spans of a source sentence whose value must survive translation (issue 10, item 1).

:func:`find_spans` finds e-mail addresses, URLs, @handles, #hashtags, emoji (sequences),
phone numbers, dates, clock times, amounts of money, and numbers (integers, decimals,
thousands separators, ranges, scores, percentages, ordinals) in English text. Each span
carries the form German writes it in (:mod:`core.text.german_forms`); the pipeline masks
spans before the model and puts them back afterwards (:mod:`core.text.masking`).
Pure: no model, no TensorFlow.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from core.text import german_forms as de
from core.text.number_words import NUMBER_WORD as _NUMBER_WORD
from core.text.number_words import number_words

# Kinds, in the order they claim text (an earlier kind wins an overlap).
EMAIL, URL, HANDLE, HASHTAG, EMOJI = "email", "url", "handle", "hashtag", "emoji"
DATE, TIME, MONEY, PHONE, NUMBER = "date", "time", "money", "phone", "number"
NUMBER_WORD = "number-word"  # "sixteen", "twenty-five" (core/text/number_words.py)
KINDS = (EMAIL, URL, HANDLE, HASHTAG, EMOJI, DATE, TIME, MONEY, PHONE, NUMBER, NUMBER_WORD)


@dataclass(frozen=True)
class Span:
    kind: str
    start: int
    end: int
    text: str  # as written in the source
    german: str  # as the German translation writes it (same value)


_TRAIL = ".,;:!?)]}'\"”’"
_TLD = r"(?:com|org|net|edu|gov|io|co|uk|de|at|ch|eu|info|biz|app|dev|me|tv|us|ca|fr|it|nl)"
_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+")
_URL = re.compile(
    r"(?:\b(?:https?|ftp)://|\bwww\.)[^\s<>\"]+"
    rf"|\b(?<![@.])[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.{_TLD}\b(?:/[^\s<>\"]*)?", re.IGNORECASE)
_HANDLE = re.compile(r"(?<![\w@])@[A-Za-z0-9_](?:[A-Za-z0-9_.]{0,28}[A-Za-z0-9_])?(?![\w@])")  # @kat.runs
_HASHTAG = re.compile(r"(?<![\w#&])#[^\W\d_]\w*|(?<![\w#&])#\d+[^\W\d_]\w*")
_PICTO = (r"[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\u2300-\u23FF\u2190-\u21FF\u3030\u303D"
          r"\u3297\u3299\u00A9\u00AE\u203C\u2049\u2122\u2139]")
_EMOJI_UNIT = (rf"(?:[\U0001F1E6-\U0001F1FF]{{2}}|[0-9#*]\uFE0F?\u20E3|{_PICTO}[\uFE0F\U0001F3FB-\U0001F3FF]*"
               rf"(?:\u200D{_PICTO}[\uFE0F\U0001F3FB-\U0001F3FF]*)*)")
_EMOJI = re.compile(rf"{_EMOJI_UNIT}(?:[ \t]*{_EMOJI_UNIT})*")
_MONTH = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?" \
         r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
_DAY = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
_YEAR = r"(?:1[5-9]\d\d|2[01]\d\d)"
_DATE = re.compile(
    rf"\b{_MONTH}\.?\s+{_DAY}\b(?:,?\s+{_YEAR}\b)?"  # March 5, 2024 / March 5th
    rf"|\b(?:the\s+)?{_DAY}(?:\s+of)?\s+{_MONTH}\b\.?(?:,?\s+{_YEAR}\b)?"  # 5 March 2024 / the 5th of March
    rf"|\b{_MONTH}\s+{_YEAR}\b"  # March 2024
    r"|\b(?:[12]\d|3[01]|0?[1-9])\.(?:1[0-2]|0?[1-9])\.(?:\d{4}|\d{2})\b(?!\.\d)"  # 5.3.2024 (already D.M.Y)
    r"|\b\d{4}-(?:1[0-2]|0[1-9])-(?:[12]\d|3[01]|0[1-9])\b"  # ISO 2024-03-05
    r"|\b(?:1[0-2]|0?[1-9])/(?:[12]\d|3[01]|0?[1-9])/(?:\d{4}|\d{2})\b",  # US 3/5/2024 (month first)
    re.IGNORECASE)
_MERIDIEM = r"(?:[ap]\.m\.|[ap]m\b|[AP]\.M\.|[AP]M\b)"
_TIME = re.compile(
    rf"\b(?:[01]?\d|2[0-3])[:.][0-5]\d(?::[0-5]\d)?\s*{_MERIDIEM}"  # 5:00 PM, 5.30 p.m.
    r"|\b(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?\b(?![:.,]\d)"  # 10:30, 17:45:10
    rf"|\b(?:1[0-2]|0?[1-9])\s*{_MERIDIEM}"  # 5 PM, 5pm
    r"|\b(?:1[0-2]|0?[1-9])\s+o'clock\b", re.IGNORECASE)
_AMOUNT = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_SCALE = r"(?:\s+(?:thousand|million|billion|trillion)\b|\s?(?:k|m|bn)\b)?"
_SYMBOL = r"[$€£¥₹]|US\$|A\$|C\$"
_CODE = r"(?:USD|EUR|GBP|CHF|JPY|CAD|AUD|INR|CNY)"
_MONEY = re.compile(
    rf"(?:{_SYMBOL})\s?(?:{_AMOUNT}){_SCALE}"  # $49.99, € 2, $5 million
    rf"|\b(?:{_AMOUNT})(?:,\d\d)?\s?(?:[€£¥₹$])"  # 7,50 €, 10$
    rf"|\b{_CODE}\s?(?:{_AMOUNT}){_SCALE}"  # USD 10
    rf"|\b(?:{_AMOUNT}){_SCALE}\s?{_CODE}\b")  # 10 EUR
_PHONE = re.compile(
    r"(?<![\w+])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,5}\)[\s.-]?)?\d{2,8}(?:[\s.-]\d{2,8}){1,4}(?![\w-]|[.,]\d)"
    r"|(?<![\w+])\+\d{7,15}\b")
_NUMBER = re.compile(
    r"(?<![\w.,])(?:\d+(?:[.,]\d+)*)(?:\s?(?:-|–|to|:)\s?\d+(?:[.,]\d+)*)?"
    r"(?:\s?%|\s?percent\b|st\b|nd\b|rd\b|th\b)?(?![\w]|[.,]\d)", re.IGNORECASE)
_PATTERNS = {EMAIL: _EMAIL, URL: _URL, HANDLE: _HANDLE, HASHTAG: _HASHTAG, EMOJI: _EMOJI, DATE: _DATE,
             TIME: _TIME, MONEY: _MONEY, PHONE: _PHONE, NUMBER: _NUMBER, NUMBER_WORD: _NUMBER_WORD}


def _is_phone(text: str) -> bool:
    digits = sum(c.isdigit() for c in text)
    if digits < 7 or digits > 15:
        return False
    groups = re.split(r"[\s.-]+", text.replace("(", "").replace(")", "").lstrip("+"))
    if all(len(g) == 3 for g in groups[1:]) and re.fullmatch(r"\d{1,3}(?:,\d{3})+", text):
        return False
    if len(groups) == 2 and all(len(g) == 4 for g in groups):
        return False  # 1990-2000: a range of years
    if not re.search(r"[-(+]", text) and len(groups) < 3 and not text.startswith("0"):
        return False  # 3.14159, "2000 3000": no phone without a phone's separators
    return True


def _clean(kind: str, match: re.Match[str]) -> tuple[int, int] | None:
    start, end = match.span()
    text = match.group(0)
    if kind in (URL, EMAIL, HANDLE, HASHTAG):
        stripped = text.rstrip(_TRAIL)
        if kind == URL and stripped.count("(") > stripped.count(")") and text[len(stripped):].startswith(")"):
            stripped += ")"
        end = start + len(stripped)
    elif kind == EMOJI:
        end = start + len(text.rstrip())
    elif kind == PHONE and not _is_phone(text):
        return None
    elif kind == NUMBER and re.fullmatch(r"\d+", text):
        return None  # a plain integer: the model copies it (and repair_numbers checks it)
    elif kind == NUMBER_WORD and (start, end) not in number_words(match.string):
        return None  # part of "two hundred", "a hundred and five": the model's to translate
    return (start, end) if end > start else None


def find_spans(text: str) -> list[Span]:
    """Non-overlapping spans of ``text`` in order; earlier kinds in :data:`KINDS` win overlaps."""
    taken: list[tuple[int, int]] = []
    spans: list[Span] = []
    for kind in KINDS:
        for match in _PATTERNS[kind].finditer(text):
            bounds = _clean(kind, match)
            if bounds is None or any(s < bounds[1] and bounds[0] < e for s, e in taken):
                continue
            start, end = bounds
            written = text[start:end]
            taken.append(bounds)
            spans.append(Span(kind, start, end, written, de.render(kind, written)))
    return sorted(spans, key=lambda s: s.start)
