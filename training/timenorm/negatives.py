"""Look-alike negatives: texts with numbers that are not a clock time (pure Python).

Quantities ("3 apples", "2.5 kg"), prices ("$7.50", "7,50 eur"), versions ("v3.1", "version
2.10"), scores ("2-1"), phone numbers, dates without a time ("march 5", "5.3.2024"),
durations ("for 2 hours") and relative times ("in 20 minutes", "20 minutes ago"). Each kind
becomes the generator category ``neg-<kind>``; the label is always no time.
"""
from __future__ import annotations

import random

from training.timenorm import (
    lookalikes,
    lookalikes_g12,
    lookalikes_g13,
    lookalikes_g14,
    lookalikes_g15,
    lookalikes_g16,
    lookalikes_g18,
)
from training.timenorm.noise import pseudo_word, random_words, surface_noise
from training.timenorm.numbers import random_number_words
from training.timenorm.tails_g19 import day_word_for_amount

NEGATIVE_KINDS = ("quantity", "price", "version", "score", "phone", "date", "duration", "relative")
#: Quantities and prices hold a number before a word ("2 coffees", "7.30 each") exactly like a bare
#: time with a comment after it ("2 please", "7.30 then"): they get twice the share of the others.
KIND_WEIGHTS = {"quantity": 2.0, "price": 2.0}

COUNT_NOUNS = (
    "apples", "oranges", "eggs", "kids", "people", "guests", "tickets", "pages", "emails", "chairs",
    "boxes", "cats", "dogs", "books", "items", "bottles", "slices", "cups", "seats", "rooms",
    "bags", "players", "points", "stars", "votes", "files", "photos", "cookies", "pills", "beers",
    "tomatoes", "potatoes", "lemons", "carrots", "cars", "bikes", "houses", "shirts", "shoes", "socks",
    "students", "friends", "members", "workers", "cows", "sheep", "fish", "trees", "flowers", "plants",
    "laps", "goals", "likes", "followers", "messages", "calls", "steps", "reps", "sets", "copies",
    "days", "weeks", "months", "years", "nights", "times", "questions", "pieces", "packs", "cans",
)
#: Singular nouns of the context vocabulary, made plural: "3 tables", "12 windows".
_SINGULARS = (
    "apple banana table window garden river mountain pencil laptop phone dog cat bird house street city "
    "station office school park ticket friend teacher doctor nurse driver manager report email message "
    "letter package order invoice plan idea question answer problem car bike bus taxi plane boat room "
    "floor door key bag box bottle glass cup plate spoon fork knife chair desk lamp movie song book game "
    "photo video picture album museum lake island village cake cookie"
).split()
PLURALS = tuple(w + ("es" if w.endswith(("s", "x", "ch", "sh")) else "s") for w in _SINGULARS)
ADJECTIVES = ("red", "big", "small", "new", "old", "fresh", "extra", "more", "other", "empty", "free", "clean")
UNITS = ("kg", "kg", "g", "lbs", "km", "miles", "l", "liters", "ml", "cm", "m", "%", "percent",
         "degrees", "gb", "mb", "kwh", "oz", "inches", "feet", "km/h", "mph", "meters", "grams", "kilos",
         "pounds", "tons", "litres", "calories", "kcal", "volts", "mg", "°c", "°", "stone")
QUANTITY_LEADS = ("i have", "we need", "buy", "add", "there are", "only", "got", "bring", "need",
                  "he ate", "she has", "we sold", "it weighs", "it's", "that is", "total", "", "", "",
                  "bought", "we bought", "ordered", "i ate", "she ran", "he ran", "we walked", "found",
                  "lost", "there were", "it was", "about", "around", "over", "almost", "just", "we saw",
                  "i counted", "packed", "made", "sold", "he is", "she is", "it is", "temperature")
PRICE_LEADS = ("it costs", "price:", "only", "total", "that's", "pay", "tip was", "we paid",
               "the ticket is", "costs", "for just", "refund of", "")
#: Things with a price, as the subject of "... is 4.50" (never an event that could have a time).
PRICED_THINGS = ("the ticket", "tickets", "a coffee", "the book", "one slice", "a pint", "the fee", "entry",
                 "the fare", "shipping", "the bill", "the toll", "a refill", "the deposit", "a bottle",
                 "the charger", "a croissant", "the shirt", "a ride", "the ebook", "delivery fee",
                 "a scoop", "the rent", "our share", "the tip", "stamps", "a bag", "the cover charge")
PRICE_RATES = ("each", "per person", "a month", "per month", "a night", "per kg", "a piece", "per hour", "a week",
               "a year", "per share", "a head", "a pop")
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
              "starting", "opens", "", "is on", "it's on", "due on", "scheduled for", "planned for",
              "how about", "let's do", "booked for", "moved to", "pushed to", "see you", "by", "rent due",
              "payment due", "expires", "closed on", "back on", "leaving on", "arriving")
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
            "mon", "tue", "wed", "thu", "fri", "sat", "sun")
#: Words of the day said beside a look-alike ("5.45 km this morning", "5 guests tonight"): still no time.
DAY_WORDS = ("this morning", "tonight", "today", "last night", "this afternoon", "this evening",
             "yesterday", "every morning", "tomorrow morning", "each night", "on friday night",
             "this weekend", "tomorrow", "yesterday evening")
MEASURED_NOUNS = ("yacht", "boat", "bag", "run", "walk", "board", "pipe", "cable", "fish", "parcel",
                  "box", "hike", "swim", "ride", "sack", "bottle", "tank", "wall", "trailer", "drop")
DURATION_LEADS = ("for", "for", "took", "it took", "takes", "lasts", "it lasts", "walked for",
                  "waited", "waited for", "only", "slept for", "drove for", "just")
EVENTS = ("the meeting", "lunch", "the show", "the game", "work", "class", "dinner", "the call",
          "the movie", "school", "the flight", "we left", "the start", "kickoff", "he arrived")


def _n(n: int, rng: random.Random, words: float = 0.3) -> str:
    return random_number_words(n, rng) if n < 60 and rng.random() < words else str(n)


def _decimal(rng: random.Random) -> str:
    whole = rng.randint(0, 99) if rng.random() < 0.6 else rng.randint(1, 12)  # "7.30" reads like a time
    cents = rng.choice([f"{rng.randint(0, 99):02d}", str(rng.randint(0, 9)), "50", "99", "00"])
    return f"{whole}{rng.choice(['.', '.', ','])}{cents}"


def _lead(leads: tuple[str, ...], rng: random.Random, text: str) -> str:
    lead = rng.choice(leads)
    return f"{lead} {text}" if lead else text


def _context(text: str, rng: random.Random) -> str:
    """Random words around a negative ("the box ... in the garden"): they never make it a time."""
    if rng.random() < 0.35:
        text = f"{random_words(rng, 1, 3)} {text}"
    if rng.random() < 0.45:
        text = f"{text} {random_words(rng, 1, 4)}"
    return text


def quantity(rng: random.Random) -> str:
    if rng.random() < 0.1:  # g18: sums and ranges before what they count ("add 5 to 10", "3 to 4 cups")
        return lookalikes_g18.sum_or_range(rng)
    if rng.random() < 0.12:  # g12: "12 scones for the crew", "3 wraps and a tart"
        return lookalikes_g12.count_for(rng)
    if rng.random() < 0.45:  # g10: counts of things, lists of them, measures with their words
        return lookalikes.counted(rng) if rng.random() < 0.6 else lookalikes.measure(rng)
    r = rng.random()
    if r < 0.5:
        r = rng.random()  # known nouns, and made-up plurals so that any "N <noun>s" is learned
        noun = rng.choice(COUNT_NOUNS) if r < 0.45 else rng.choice(PLURALS) if r < 0.75 else pseudo_word(rng) + "s"
        if rng.random() < 0.15:
            noun = f"{rng.choice(ADJECTIVES)} {noun}"
        if rng.random() < 0.1:
            noun = f"{rng.choice(['pairs', 'bags', 'boxes', 'kg', 'cups', 'packs', 'rows'])} of {noun}"
        count = rng.randint(1, 12) if rng.random() < 0.5 else rng.randint(1, 99)  # 1-12 could be an hour
        text = f"{_n(count, rng)} {noun}"
    else:
        number = (_decimal(rng) if rng.random() < 0.5 else f"{rng.randint(0, 99)}.{rng.randint(0, 9)}") \
            if rng.random() < 0.65 else str(rng.randint(1, 500))
        if rng.random() < 0.35:  # a reading with two digits after the point: "11.20 kg", "5.45 km"
            number = f"{rng.randint(0, 23)}{rng.choice(['.', '.', ','])}{rng.randint(0, 59):02d}"
        text = f"{number}{rng.choice(['', ' ', ' '])}{rng.choice(UNITS)}"
        if rng.random() < 0.15:  # the measure before its noun: "a 10.45 m yacht", "the 2.5 kg bag"
            text = f"{rng.choice(['a', 'the', 'this', 'my', 'our', 'one'])} {text} {rng.choice(MEASURED_NOUNS)}"
            return _context(text, rng)
    return _context(_lead(QUANTITY_LEADS, rng, text), rng)


def price(rng: random.Random) -> str:
    if rng.random() < 0.08:  # g18: a price with a rate after "at" ("stamps at 0.85 each")
        return lookalikes_g18.price_at(rng)
    if rng.random() < 0.08:  # g16: a small order and what it came to ("three donuts and a tea, 6.20")
        return lookalikes_g16.small_order(rng)
    if rng.random() < 0.1:  # g15: what a few things bought came to ("two croissants and a latte, 7.15")
        return lookalikes_g15.receipt(rng)
    if rng.random() < 0.25:  # g12: bare amounts beside things bought ("nachos and a cider 9.40")
        return lookalikes_g12.goods_price(rng)
    if rng.random() < 0.12:  # g13: fees and charges ("the booking fee was 2.45")
        return lookalikes_g13.fee(rng)
    if rng.random() < 0.45:  # g10: rates ("each", "apiece", "per ..."), buying phrases, bare amounts
        return _context(lookalikes.priced(rng), rng) if rng.random() < 0.3 else lookalikes.priced(rng)
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
    if rng.random() < 0.3:  # rates and prices without a symbol: "2.50 a month", "9.99 each"
        text = f"{text if rng.random() < 0.5 else amount} {rng.choice(PRICE_RATES)}"
        if rng.random() < 0.3:  # "tickets are 3.20 each", "a refill is 1.50 a cup"
            return _context(f"{rng.choice(PRICED_THINGS)} {rng.choice(['is', 'are', 'cost', 'costs', 'was'])} {text}", rng)
    elif rng.random() < 0.1:  # a bare amount after a thing that is bought: "the fare is 2.40"
        verb = rng.choice(["is", "is", "costs", "was", "came to", "will be", ":"])
        return _context(f"{rng.choice(PRICED_THINGS)} {verb} {amount}".replace(" :", ":"), rng)
    return _context(_lead(PRICE_LEADS, rng, text), rng)


def version(rng: random.Random) -> str:
    if rng.random() < 0.15:  # g16: "we rolled back to 2.45", "update the app to 4.12"
        return lookalikes_g16.version_moved(rng)
    if rng.random() < 0.3:  # g13: "upgraded to 3.11 today", "the 2.17 installer is buggy"
        return _context(lookalikes_g13.version_said(rng), rng)
    if rng.random() < 0.2:  # g14: "pin the runtime to 7.21", "roll the chart back to 3.40"
        text = lookalikes_g14.version_set(rng)
        return _context(text, rng) if len(text) < 36 else text
    parts = [str(rng.randint(0, 24)), str(rng.randint(0, 59)) if rng.random() < 0.6 else f"{rng.randint(0, 12):02d}"]
    if rng.random() < 0.35:
        parts.append(str(rng.randint(0, 20)))
    number = ".".join(parts)
    lead = rng.choice(VERSION_LEADS)
    text = f"v{number}" if lead == "v" else f"{lead} {number}"
    tail = rng.choice(VERSION_TAILS)
    if rng.random() < 0.15:  # no keyword before: "the 4.2 changelog", "3.1 is out"
        text, tail = f"{rng.choice(['the', '', '', 'this', 'our'])} {number}".strip(), rng.choice(VERSION_TAILS[2:])
    return _context(f"{text} {tail}" if tail else text, rng)


def score(rng: random.Random) -> str:
    a, b = (rng.randint(0, 7), rng.randint(0, 7)) if rng.random() < 0.7 else (rng.randint(0, 40), rng.randint(0, 40))
    sep = rng.choice(["-", "-", "-", " - ", " to ", ":"]) if max(a, b) < 10 else rng.choice(["-", " - ", " to "])
    if rng.random() < 0.3:
        home = pseudo_word(rng).title()  # drawn in this order: the seeded data stays as trained on
        verb = rng.choice(["won", "beat", "lost to", "drew with", "trashed", "edged"])
        text = f"{home} {verb} {pseudo_word(rng).title()} {a}{sep}{b}"
    else:
        text = _lead(SCORE_LEADS, rng, f"{a}{sep}{b}")
    text = f"{text} {rng.choice(['', '', 'at home', 'away', 'in the final', 'after extra time'])}".strip()
    return _context(text, rng)


def phone(rng: random.Random) -> str:
    def digits(k: int) -> str:
        return "".join(str(rng.randint(0, 9)) for _ in range(k))

    style = rng.randint(0, 6)
    if style == 6:  # short service numbers only with a phone word: "dial 911", "call 112"
        lead = rng.choice(["dial", "call", "ring", "phone", "extension", "ext.", "press"])
        return _context(f"{lead} {rng.choice(['911', '112', '999', '110', '118', '311', '411'] + [digits(rng.randint(3, 4))])}", rng)
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
    return _context(_lead(PHONE_LEADS, rng, text), rng)


def date(rng: random.Random) -> str:
    if rng.random() < 0.12:  # g12: a year after an owner ("his 2014 album still holds up")
        return lookalikes_g12.owned_year(rng)
    if rng.random() < 0.12:  # g13: a year and a thing that happened ("the 2018 heatwave hit us hard")
        return lookalikes_g13.year_event(rng)
    if rng.random() < 0.3:  # g10: a year with its words ("since 2016"), which also reads as HHMM
        return lookalikes.year(rng)
    day, month, year = rng.randint(1, 31), rng.randint(1, 12), rng.randint(1990, 2035)
    ordinal = f"{day}{ {1: 'st', 2: 'nd', 3: 'rd', 21: 'st', 22: 'nd', 23: 'rd', 31: 'st'}.get(day, 'th')}"
    name = rng.choice(MONTHS)
    style = rng.randint(0, 9) if rng.random() < 0.7 else rng.choice([0, 0, 1, 2, 10, 11, 12, 13])
    if style in (0, 1, 10, 12) and rng.random() < 0.6:
        day = rng.randint(1, 12)  # a day number that could be an hour: "aug 8", "may 1"
        ordinal = f"{day}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(day, 'th')}"
    weekday = rng.choice(WEEKDAYS)
    text = [f"{name} {day}", f"{day} {name}", f"{name} {ordinal}", f"the {ordinal} of {name}",
            f"{day}.{month}.{year}", f"{day:02d}/{month:02d}/{year}", f"{year}-{month:02d}-{day:02d}",
            f"{month}/{day}", f"{day:02d}.{month:02d}.{year % 100:02d}", f"the {ordinal}",
            f"{weekday} {ordinal}", f"{weekday} the {ordinal}", f"{weekday} {name} {day}",
            # day.month only where the day cannot be an hour ("30.06"; "12.06" reads as 12:06)
            f"{max(day, 24):02d}.{month:02d}" if rng.random() < 0.5 else f"{day}/{month:02d}"][style]
    if style <= 2 and rng.random() < 0.3:
        text += f"{rng.choice([' ', ', '])}{year}"
    text = _lead(DATE_LEADS, rng, text)
    if rng.random() < 0.25:  # "aug 8 works for me", "may 1 is fine"
        text = f"{text} {rng.choice(['works for me', 'is fine', 'works', 'is ok', 'then', 'it is', 'is good', 'ok?', 'suits me'])}"
    return _context(text, rng)


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
    style = rng.randint(0, 3)
    span = _span(rng)
    if style <= 1:
        text = _lead(DURATION_LEADS, rng, span)
    elif style == 2:  # "the drive is 2 hours long", "the flight takes 11 hours"
        subject = rng.choice(["the drive", "the flight", "the movie", "the trip", "the walk", "the ride", "it",
                              "the show", "the course", "the wait", "the class", "the tour", "the layover"])
        verb = rng.choice(["is", "takes", "took", "lasts", "lasted", "was", "will take", "runs"])
        text = f"{subject} {verb} {span}{rng.choice(['', '', ' long', ' in total'])}"
    else:  # "a 45 minute walk", "two hour delay"
        unit = rng.choice(["minute", "hour"])
        n = rng.randint(2, 90) if unit == "minute" else rng.randint(1, 12)
        text = f"{rng.choice(['a', 'a', 'the', 'another', ''])} {_n(n, rng, 0.4)}{rng.choice(['-', ' '])}{unit} " \
               f"{rng.choice(['walk', 'drive', 'delay', 'break', 'meeting', 'flight', 'layover', 'nap', 'wait'])}"
    text = f"{text} {rng.choice(['', '', 'today', 'straight', 'in total', 'each way', 'to get there'])}"
    return _context(" ".join(text.split()), rng)


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
    lead = rng.choice(["", "", "", "see you", "back", "ready", "leaving", "he called", "done", "starts",
                       "call me", "remind me", "we left", "arriving", "i'll be there", "landed", "it started"])
    return _context(f"{lead} {text}".strip(), rng)


def lookalike_negative(rng: random.Random) -> tuple[str, str]:
    """``(text, kind)``: a no-time text of one of ``NEGATIVE_KINDS``, with surface noise."""
    kind = rng.choices(NEGATIVE_KINDS, weights=[KIND_WEIGHTS.get(k, 1.0) for k in NEGATIVE_KINDS])[0]
    text = globals()[kind](rng)
    if kind != "date" and rng.random() < 0.12:  # "5.45 km this morning", "5 guests tonight"
        # g19: no "21.30 tonight" after a bare amount (such a word follows a time); a version keeps its cue
        day_word = rng.choice(DAY_WORDS) if kind == "version" else day_word_for_amount(text, DAY_WORDS, rng)
        text = f"{text} {day_word}"
    return surface_noise(text, rng), kind
