"""Look-alike negatives: texts with numbers that are not a clock time (pure Python).

Quantities ("3 apples", "2.5 kg"), prices ("$7.50", "7,50 eur"), versions ("v3.1", "version
2.10"), scores ("2-1"), phone numbers, dates without a time ("march 5", "5.3.2024"),
durations ("for 2 hours") and relative times ("in 20 minutes", "20 minutes ago"). Each kind
becomes the generator category ``neg-<kind>``; the label is always no time.
"""
from __future__ import annotations

import random

from training.timenorm.noise import surface_noise
from training.timenorm.numbers import random_number_words

NEGATIVE_KINDS = ("quantity", "price", "version", "score", "phone", "date", "duration", "relative")

COUNT_NOUNS = (
    "apples", "oranges", "eggs", "kids", "people", "guests", "tickets", "pages", "emails", "chairs",
    "boxes", "cats", "dogs", "books", "items", "bottles", "slices", "cups", "seats", "rooms",
    "bags", "players", "points", "stars", "votes", "files", "photos", "cookies", "pills", "beers",
)
UNITS = ("kg", "kg", "g", "lbs", "km", "miles", "l", "liters", "ml", "cm", "m", "%", "percent",
         "degrees", "gb", "mb", "kwh", "oz", "inches", "feet")
QUANTITY_LEADS = ("i have", "we need", "buy", "add", "there are", "only", "got", "bring", "need",
                  "he ate", "she has", "we sold", "it weighs", "it's", "that is", "total", "")
PRICE_LEADS = ("it costs", "price:", "only", "total", "that's", "pay", "tip was", "we paid",
               "the ticket is", "costs", "for just", "refund of", "")
VERSION_LEADS = ("version", "version", "v", "release", "python", "ios", "android", "update to",
                 "firmware", "build", "ubuntu", "node", "app version", "upgrade to")
VERSION_TAILS = ("", "", "is out", "released", "fixes it", "installed", "is available", "broke it",
                 "is required", "changelog")
SCORE_LEADS = ("won", "lost", "final score", "it ended", "we drew", "they beat us", "score:",
               "halftime", "result", "full time", "")
PHONE_LEADS = ("call", "call me on", "my number is", "phone:", "tel", "tel.", "text", "dial",
               "reach me at", "mobile:", "fax", "")
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
          "october", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
          "sept", "oct", "nov", "dec")
DATE_LEADS = ("on", "due", "born", "since", "until", "from", "deadline", "see you on", "it was",
              "starting", "opens", "")
DURATION_LEADS = ("for", "for", "took", "it took", "takes", "lasts", "it lasts", "walked for",
                  "waited", "waited for", "only", "slept for", "drove for", "just")
EVENTS = ("the meeting", "lunch", "the show", "the game", "work", "class", "dinner", "the call",
          "the movie", "school", "the flight", "we left", "the start", "kickoff", "he arrived")


def _n(n: int, rng: random.Random, words: float = 0.3) -> str:
    return random_number_words(n, rng) if n < 60 and rng.random() < words else str(n)


def _decimal(rng: random.Random) -> str:
    whole = rng.randint(0, 99)
    cents = rng.choice([f"{rng.randint(0, 99):02d}", str(rng.randint(0, 9)), "50", "99", "00"])
    return f"{whole}{rng.choice(['.', '.', ','])}{cents}"


def _lead(leads: tuple[str, ...], rng: random.Random, text: str) -> str:
    lead = rng.choice(leads)
    return f"{lead} {text}" if lead else text


def quantity(rng: random.Random) -> str:
    if rng.random() < 0.55:
        text = f"{_n(rng.randint(1, 99), rng)} {rng.choice(COUNT_NOUNS)}"
    else:
        number = _decimal(rng) if rng.random() < 0.6 else str(rng.randint(1, 500))
        text = f"{number}{rng.choice(['', ' ', ' '])}{rng.choice(UNITS)}"
    return _lead(QUANTITY_LEADS, rng, text)


def price(rng: random.Random) -> str:
    amount = _decimal(rng) if rng.random() < 0.7 else str(rng.randint(1, 999))
    style = rng.randint(0, 5)
    symbol = rng.choice(["$", "$", "\u20ac", "\u00a3", "\u20ac"])
    if style <= 1:
        text = f"{symbol}{amount}"
    elif style == 2:
        text = f"{amount}{rng.choice(['', ' '])}{symbol}"
    elif style == 3:
        text = f"{amount} {rng.choice(['dollars', 'euros', 'eur', 'usd', 'bucks', 'pounds', 'gbp', 'chf'])}"
    elif style == 4:
        text = f"{rng.choice(['usd', 'eur', 'gbp', 'us$', 'chf'])} {amount}"
    else:
        text = f"{symbol} {amount}"
    return _lead(PRICE_LEADS, rng, text)


def version(rng: random.Random) -> str:
    parts = [str(rng.randint(0, 24)), str(rng.randint(0, 59)) if rng.random() < 0.6 else f"{rng.randint(0, 12):02d}"]
    if rng.random() < 0.35:
        parts.append(str(rng.randint(0, 20)))
    number = ".".join(parts)
    lead = rng.choice(VERSION_LEADS)
    text = f"v{number}" if lead == "v" else f"{lead} {number}"
    tail = rng.choice(VERSION_TAILS)
    return f"{text} {tail}" if tail else text


def score(rng: random.Random) -> str:
    a, b = (rng.randint(0, 7), rng.randint(0, 7)) if rng.random() < 0.7 else (rng.randint(0, 40), rng.randint(0, 40))
    sep = rng.choice(["-", "-", "-", " - ", " to ", ":"]) if max(a, b) < 10 else rng.choice(["-", " - ", " to "])
    text = _lead(SCORE_LEADS, rng, f"{a}{sep}{b}")
    return f"{text} {rng.choice(['', '', 'at home', 'away', 'in the final', 'after extra time'])}".strip()


def phone(rng: random.Random) -> str:
    def digits(k: int) -> str:
        return "".join(str(rng.randint(0, 9)) for _ in range(k))

    style = rng.randint(0, 5)
    if style == 0:
        text = f"{digits(3)}-{digits(4)}"
    elif style == 1:
        text = f"+{rng.randint(1, 99)} {digits(rng.randint(2, 3))} {digits(3)} {digits(4)}"
    elif style == 2:
        text = f"({digits(3)}) {digits(3)}-{digits(4)}"
    elif style == 3:
        text = f"0{digits(rng.randint(2, 4))} {digits(rng.randint(5, 7))}"
    elif style == 4:
        text = f"{digits(3)} {digits(4)}"
    else:
        text = f"{digits(3)}.{digits(3)}.{digits(4)}"
    return _lead(PHONE_LEADS, rng, text)


def date(rng: random.Random) -> str:
    day, month, year = rng.randint(1, 31), rng.randint(1, 12), rng.randint(1990, 2035)
    ordinal = f"{day}{ {1: 'st', 2: 'nd', 3: 'rd', 21: 'st', 22: 'nd', 23: 'rd', 31: 'st'}.get(day, 'th')}"
    name = rng.choice(MONTHS)
    style = rng.randint(0, 7)
    text = [f"{name} {day}", f"{day} {name}", f"{name} {ordinal}", f"the {ordinal} of {name}",
            f"{day}.{month}.{year}", f"{day:02d}/{month:02d}/{year}", f"{year}-{month:02d}-{day:02d}",
            f"{month}/{day}"][style]
    if style <= 2 and rng.random() < 0.3:
        text += f" {year}"
    return _lead(DATE_LEADS, rng, text)


def _span(rng: random.Random) -> str:
    """"20 minutes", "two hours", "an hour", "2 hours and 5 minutes", "half an hour"."""
    style = rng.randint(0, 5)
    if style <= 1:
        return f"{_n(rng.randint(1, 59), rng, 0.4)} {rng.choice(['minutes', 'minutes', 'mins', 'min'])}"
    if style == 2:
        return f"{_n(rng.randint(2, 23), rng, 0.4)} {rng.choice(['hours', 'hours', 'hrs'])}"
    if style == 3:
        return f"{_n(rng.randint(1, 12), rng, 0.5)} hours and {_n(rng.randint(1, 59), rng, 0.5)} minutes"
    if style == 4:
        return rng.choice(["an hour", "half an hour", "a quarter of an hour", "an hour and a half", "a minute"])
    return f"{rng.randint(1, 9)}.{rng.choice([5, 25, 75])} hours"


def duration(rng: random.Random) -> str:
    text = _lead(DURATION_LEADS, rng, _span(rng))
    return f"{text} {rng.choice(['', '', 'today', 'straight', 'in total', 'each way', 'to get there'])}".strip()


def relative(rng: random.Random) -> str:
    span = _span(rng)
    style = rng.randint(0, 5)
    if style <= 1:
        text = f"{rng.choice(['in', 'in', 'in about', 'within', 'in like'])} {span}"
    elif style == 2:
        text = f"{span} ago"
    elif style == 3:
        text = f"{span} {rng.choice(['from now', 'later', 'from now on'])}"
    elif style == 4:
        text = f"{span} {rng.choice(['before', 'after'])} {rng.choice(EVENTS)}"
    else:
        text = f"{rng.choice(['every', 'once every', 'after'])} {span}"
    lead = rng.choice(["", "", "", "see you", "back", "ready", "leaving", "he called", "done", "starts"])
    return f"{lead} {text}".strip()


def lookalike_negative(rng: random.Random) -> tuple[str, str]:
    """``(text, kind)``: a no-time text of one of ``NEGATIVE_KINDS``, with surface noise."""
    kind = rng.choice(NEGATIVE_KINDS)
    return surface_noise(globals()[kind](rng), rng), kind
