"""How a protected span is written in German (rules in docs/translator.md, "Protected spans").

The value never changes, only its notation: decimal comma and thousands dot ("49.99" →
"49,99", "1,000" → "1.000"), the currency after the amount ("$49.99" → "49,99 $"), day before
month ("March 5, 2024" → "5. März 2024"), the 24-hour clock with "Uhr" ("5:00 PM" →
"17:00 Uhr"; "10:30" stays as written), "%" after a space ("50%" → "50 %"). What has no German form of its own (e-mail,
URL, handle, hashtag, emoji, phone number) or is ambiguous ("1,5", "3/5/2024") is kept as written.
"""
from __future__ import annotations

import re

from core.text import number_words

MONTHS = {"jan": "Januar", "feb": "Februar", "mar": "März", "apr": "April", "may": "Mai", "jun": "Juni",
          "jul": "Juli", "aug": "August", "sep": "September", "oct": "Oktober", "nov": "November",
          "dec": "Dezember"}
SCALES = {"thousand": "Tausend", "million": "Millionen", "billion": "Milliarden", "trillion": "Billionen",
          "k": "Tsd.", "m": "Mio.", "bn": "Mrd."}
SYMBOLS = {"us$": "US-$", "a$": "A$", "c$": "C$"}

_ENGLISH_THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")
_ENGLISH_DECIMAL = re.compile(r"\d+\.\d+")


def number(text: str) -> str:
    """An English-written number in German notation; an ambiguous one as written."""
    if _ENGLISH_THOUSANDS.fullmatch(text):
        whole, _, fraction = text.partition(".")
        return whole.replace(",", ".") + ("," + fraction if fraction else "")
    if _ENGLISH_DECIMAL.fullmatch(text):
        return text.replace(".", ",")
    return text


def _numbers(text: str) -> str:
    return re.sub(r"\d+(?:[.,]\d+)*", lambda m: number(m.group(0)), text)


def _number_span(text: str) -> str:
    low = text.lower()
    ordinal = re.fullmatch(r"(\d+)(?:st|nd|rd|th)", low)
    if ordinal:
        return ordinal.group(1) + "."
    body = re.sub(r"\s?(?:%|percent)$", "", text, flags=re.IGNORECASE)
    suffix = "" if body == text else (" Prozent" if low.endswith("percent") else " %")
    body = re.sub(r"\s?to\s?", " bis ", body, flags=re.IGNORECASE)
    return _numbers(body) + suffix


def _money(text: str) -> str:
    m = re.fullmatch(r"(US\$|A\$|C\$|[$€£¥₹]|[A-Z]{3})?\s?([\d.,]+)(?:\s?([a-zA-Z]+))?\s?([$€£¥₹]|[A-Z]{3})?", text)
    if not m:
        return text
    before, amount, scale, after = m.groups()
    currency = before or after or ""
    currency = SYMBOLS.get(currency.lower(), currency)
    if after and re.fullmatch(r"\d+(?:\.\d{3})*,\d\d", amount):
        german = amount  # "7,50 €": already written the German way
    else:
        german = number(amount)
    scale_word = f" {SCALES.get(scale.lower(), scale)}" if scale else ""
    if german == "1" and scale_word.endswith("en"):
        scale_word = scale_word[:-2].replace("Milliard", "Milliarde")  # 1 Million, 1 Milliarde, 1 Billion
    return f"{german}{scale_word} {currency}".strip()


def _time(text: str) -> str:
    low = text.lower().replace(" ", "")
    m = re.fullmatch(r"(\d{1,2})(?:[:.](\d\d))?(?::(\d\d))?((?:[ap])\.?m\.?|o'clock)?", low)
    if not m:
        return text
    hour, minute, second, tail = int(m.group(1)), m.group(2), m.group(3), m.group(4) or ""
    if tail.startswith("p") and hour < 12:
        hour += 12
    elif tail.startswith("a") and hour == 12:
        hour = 0
    clock = f"{hour}" + (f":{minute}" if minute else "") + (f":{second}" if second else "")
    return f"{clock} Uhr" if tail or not minute else clock  # "10:30" stays; the model adds "Uhr" where it fits


def _date(text: str) -> str:
    words = re.findall(r"[A-Za-z]+|\d+", text)
    month = next((MONTHS[w[:3].lower()] for w in words if w[:3].lower() in MONTHS and not w.isdigit()), None)
    if month is None:
        return text  # 5.3.2024, 2024-03-05, 3/5/2024: kept as written
    numbers = [w for w in words if w.isdigit()]
    day = next((n for n in numbers if len(n) <= 2), None)
    year = next((n for n in numbers if len(n) == 4), None)
    parts = ([f"{int(day)}."] if day else []) + [month] + ([year] if year else [])
    return " ".join(parts)


def render(kind: str, text: str) -> str:
    """``text`` (a span of ``kind``, see :mod:`core.text.spans`) the way German writes it."""
    if kind == "number":
        return _number_span(text)
    if kind == "money":
        return _money(text)
    if kind == "time":
        return _time(text)
    if kind == "date":
        return _date(text)
    if kind == "number-word":
        return number_words.german(text)
    return text
