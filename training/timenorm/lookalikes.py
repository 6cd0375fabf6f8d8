"""More look-alike negatives (generator g10): counted things, measures, prices with a rate, years, codes.

Each is a no-time text whose number could be read as a time on its own ("3 beers" / "at 3", "7.30
each" / "7.30", "in 2016" / "2016 hrs", "room 1417" / "1417"): only the words around the number tell
them apart. ``negatives.py`` mixes the first four into its kinds (quantity, price, date); codes are
no-time texts of their own (``generator.py``). Pure Python, no TensorFlow.
"""
from __future__ import annotations

import random

from training.timenorm.noise import pseudo_word, surface_noise
from training.timenorm.numbers import random_number_words

#: Things that are counted, singular; ``plural`` makes the rest ("loaf" -> "loaves", "person" -> "people").
COUNTED = tuple("""
    beer  coffee tea latte croissant  donut muffin cupcake cookie sandwich burger pizza taco
    egg apple orange banana lemon lime  potato tomato carrot pepper avocado peach pear melon mango
     roll baguette pie cake steak sausage burrito salad soup bottle can jar glass cup mug pint shot
    ticket seat chair table bed room desk lamp sofa pillow towel blanket sheet plate bowl fork spoon knife
    box bag parcel envelope stamp letter card page book notebook pen pencil file folder photo printer
    laptop phone charger cable battery screen key lock door window bike car van truck bus taxi boat
    person child kid student teacher guest friend neighbour colleague player worker volunteer nurse doctor
    dog cat puppy kitten horse cow sheep goat chicken duck fish bird rabbit hamster
     rose plant tree bush shrub pot seed flower
    email message call text reply like comment follower view vote point goal run lap step rep set mile
    shirt sock shoe boot jacket coat dress hat glove scarf sweater pair
    slice piece portion serving scoop spoonful handful bunch
    chapter episode song album movie game level round question task bug ticket order invoice
    """.split())
_IRREGULAR = {"loaf": "loaves", "knife": "knives", "person": "people", "child": "children", "sheep": "sheep",
              "fish": "fish", "shelf": "shelves", "leaf": "leaves", "mouse": "mice", "tooth": "teeth"}
CONTAINERS = ("bottle", "can", "jar", "glass", "cup", "mug", "bag", "box", "pack", "slice", "piece",
              "bunch", "tin", "carton", "bowl", "plate", "pair", "kilo", "handful", "tub")
STUFF = ("wine", "water", "milk", "beer", "juice", "bread", "rice", "pasta", "beans", "garlic", "cheese",
         "coffee", "tea", "sugar", "flour", "cake", "pizza", "soup", "grapes", "socks", "shoes", "paper",
         "chips", "nuts", "olives", "salad", "ham", "butter", "yoghurt", "cereal", "lemonade", "soda")
COUNT_ADJECTIVES = ("large", "small", "big", "fresh", "extra", "cold", "hot", "new", "spare", "clean", "empty",
                    "red", "green", "whole", "frozen", "used", "old", "free", "more", "other", "missed", "unread")
COUNT_LEADS = ("we need", "i need", "need", "grab", "get", "buy", "order", "add", "bring", "pack", "i've got",
               "we've got", "got", "there are", "there were", "only", "just", "we have", "she has", "he has",
               "i ate", "he drank", "we sold", "i bought", "they ordered", "can i get", "could we get",
               "she made", "i counted", "i've read", "we invited", "you have",
               "table wants", "make it", "one more round:", "shopping list:", "for us:", "", "", "", "")
COUNT_TAILS = ("please", "thanks", "instead", "instead?", "then", "ok?",
               "thank you", "for the team", "for the table", "left", "in stock", "to go",
               "on the table", "for the party", "in the fridge", "by the door", "so far", "today", "in total",
               "for everyone", "each", "at most", "max", "or so", "for the kids", "cheers",
               "on the list", "for the office", "in the garden", "at home")
UNITS = ("kg", "g", "mg", "km", "m", "cm", "mm", "ml", "l", "cl", "litres", "liters", "miles", "mi", "gb", "mb",
         "tb", "kb", "%", "°c", "°f", "° c", "degrees", "kwh", "kw", "w", "v", "mph", "km/h", "lbs", "lb", "oz",
         "cups", "tbsp", "tsp", "ft", "feet", "inches", "metres", "meters", "kilos", "grams", "pounds", "tons",
         "acres", "hectares", "percent", "bar", "psi", "mbps", "ghz", "calories", "kcal", "pts", "stars")
MEASURE_LEADS = ("it weighs", "weighs", "she ran", "he ran", "i ran", "we walked",
                 "we hiked", "he swam", "i cycled", "the parcel is", "it holds", "add",
                 "pour", "take", "file size:", "size:", "weight:", "distance:", "total:",
                 "temp:", "it's", "it is", "it was", "it went up to", "down to", "up", "down", "about", "over",
                 "under", "nearly", "the room is", "the wall is", "the ceiling is", "the fish was",
                 "he's", "she's", "my run:", "my ride:", "the trail is",
                 "growth of", "rates rose", "prices fell", "inflation at", "signal at", "", "", "")
MEASURE_TAILS = ("long", "wide", "tall", "high", "inside",
                 "per day", "a day", "this year", "last month",
                 "to work", "of water", "of milk", "of sugar", "left", "in total", "on the scale",
                 "so far", "free", "used", "remaining", "max", "each way", "round trip", "now")
#: Rates after a price ("7.30 each", "2.50 apiece", "4.75 a pop").
RATES = ("each", "apiece", "a piece", "per piece", "per person", "a head", "per head", "per unit", "per item",
         "a pop", "per kg", "a pound", "per lb", "a litre", "per glass", "a glass",
         "per bottle", "a bottle", "a slice", "per slice", "a cup", "per coffee", "a ticket", "per ticket",
         "a night", "per night", "a month", "per month", "a week", "an hour", "per hour", "a day", "per day",
         "a ride", "per ride", "a go", "per game", "a seat", "per seat", "a dozen", "per dozen", "a bag", "a box")
#: Things sold, as the subject of "... is 4.50" (never an event or a service that could be at a time).
SOLD = ("tickets", "the tickets", "the beers", "beers", "drinks", "shots", "refills", "eggs", "apples",
        "tomatoes", "the prints", "the mugs", "stickers", "magnets", "seats", "croissants", "the scones",
        "a coffee", "a beer", "a pint", "the soup", "the book", "the steak", "the bus fare", "the fare",
        "parking", "shipping", "the repair", "a refill", "the toll", "the fee", "the bill", "the total", "your half",
        "the tab", "a latte", "the cake", "the socks", "a scarf", "the charger", "the cable", "the rent", "postage")
PRICE_VERBS = ("is", "are", "was", "were", "costs", "cost", "came to", "comes to", "will be", "runs", "is only",
               "are only", "sells for", "go for", "went for", "is priced at", ":")
#: Phrases that say money themselves ("we paid 7.30"); ``{a}`` is the amount.
PRICE_PHRASES = ("that comes to {a}", "he charged me {a}", "they charged me {a}", "we paid {a}", "i paid {a}",
                 "paid {a} at the {p}", "{a} plus tax", "{a} incl. vat", "{a} with tax", "plus {a} shipping",
                 "{a} for shipping", "{a} deposit", "{a} to get in", "{a} change", "{a} back", "owe you {a}",
                 "you owe me {a}", "split it, {a} each", "{a} on the card", "{a} in cash", "{a} by card",
                 "the {p} wants {a}", "refund of {a}", "tip of {a}", "a {a} tip", "spent {a} at the {p}")
#: Phrases that say money only with a currency ("9.00 for a coffee" could be a plan at 9).
CURRENCY_PHRASES = ("{a} for a {t}", "{a} for the {t}", "{a} for two {t}s", "that's {a}", "{a} at the {p}",
                    "only {a}", "it's {a}", "{t} for {a}", "{t}: {a}")
#: Words that mark money; a test checks that each price holds one of them, a currency or a rate.
MONEY_WORDS = ("paid", "charged", "tax", "vat", "shipping", "deposit", "to get in", "change", "back", "owe",
               "split", "card", "cash", "wants", "comes to", "refund", "tip", "spent")
PLACES = ("market", "till", "counter", "bar", "kiosk", "shop", "bakery", "pharmacy", "station", "door",
          "cafe", "canteen", "garage", "machine", "cinema", "museum", "pool", "gym", "car wash")
TREATS = ("coffee", "beer", "sandwich", "muffin", "slice", "scoop", "pint", "ticket",
          "ride", "bagel", "pastry", "juice", "tea", "soda", "burger", "hot dog", "magazine")
CURRENCY_BEFORE = ("$", "€", "£", "usd ", "eur ", "gbp ", "chf ", "us$", "$ ", "€ ")
CURRENCY_AFTER = (" €", "€", " eur", " euros", " dollars", " bucks", " usd", " pounds", " quid", " gbp", " chf",
                  " francs", " zł", " kr")
#: Never a filler or prefix that stands before a time in the generator ("by 1900", "from 1400", "around 2000").
YEAR_LEADS = ("in", "in", "back in", "since", "ever since", "born in",
              "founded in", "est.", "established", "winter", "spring", "fall", "autumn",
              "the year", "the", "vintage", "graduated in", "married in", "moved here in", "released in",
              "circa", "c.", "during", "the summer of", "the winter of", "late",
              "early", "mid", "model year", "season", "fiscal", "fy", "tax year", "copyright", "©")
#: g11: a clause before the year's preposition ("the bridge was built in 1932", "we've been friends since 2004").
YEAR_CLAUSES = ("we've been here", "i've worked there", "she has worked here", "he has lived abroad",
                "they've been together", "we've known each other", "i've had this car", "it's been closed",
                "the shop has been open", "nobody has used it", "i've been vegan", "he's played guitar",
                "we've rented", "she has taught", "the bridge was built", "the church was built", "the road was paved",
                "it was founded", "the club was formed", "the band split up", "the song came out",
                "the film came out", "the law changed", "the company went bust", "the park opened", "the mill closed",
                "i started", "he retired", "she quit", "they moved away", "we bought it", "i learned to drive",
                "the tree was planted", "my passport was issued", "we've been friends", "same job", "same address",
                "not a word", "nothing changed", "no rain", "a member", "a fan", "on the team", "in charge",
                "the record stood", "unbeaten", "sober", "retired", "single", "open", "closed", "empty")
YEAR_PREPS = ("since", "since", "ever since", "in", "in", "back in", "as of", "way back in", "sometime in")
#: Records that come from a year ("pictures from 1987"); "from" alone stands before times in the generator.
YEAR_RECORDS = ("pictures", "snapshots", "the footage", "videos", "the letters", "records", "postcards", "the diary",
                "coins", "stamps", "the poster", "an old map", "a recording", "newspapers", "the painting", "receipts",
                "tapes", "the album", "a bottle", "the notes", "yearbooks", "the census", "a mixtape", "our slides")
SEASONS = ("summer", "winter", "spring", "autumn", "fall", "the summer of", "the winter of", "christmas", "easter",
           "new year", "january", "march", "june", "september", "october", "december")
YEAR_TAILS = ("", "", "", "was a good year", "vintage", "model", "edition", "census", "season", "election",
              "olympics", "world cup", "trip", "tax return", "reunion", "and still going", "or so",
              "i think", "onwards", "to now", "to date", "the same year", "anniversary", "budget", "report")
CODE_NOUNS = ("room", "room no.", "rm", "suite", "unit", "apt", "flat", "office", "cabin", "locker",
              "pin", "pin code", "code", "gate code", "alarm code", "passcode", "password",
              "order", "order no.", "invoice", "invoice #", "ticket #", "case", "case #", "ref",
              "ref.", "reference", "booking ref", "account", "acct", "card ending", "ending in", "badge",
              "employee id", "id", "zip", "zip code", "postcode", "plz", "lot", "batch", "serial", "model",
              "part no.", "item #", "sku", "table", "bus", "route", "line", "tram", "highway", "exit", "hwy",
              "po box", "box", "locker no.", "parcel", "tracking", "rev", "issue #", "pr #", "bug #", "channel")
AIRLINES = ("ba", "af", "ua", "aa", "dl", "kl", "ek", "lx", "ib", "az", "sk", "ay", "tk", "qf", "ryr", "ezy",
            "u2", "fr", "w6", "vs", "ac", "nh", "jl", "sq", "cx", "ly", "os", "sn", "tp")
#: g11: more things numbered, and words before a code ("i'm in dorm 1208", "deliver to house no. 1715").
CODE_NOUNS_G11 = ("house", "house no.", "no.", "number", "door", "dorm", "bed", "bay", "booth", "stand", "stall",
                  "berth", "dock", "space", "parking space", "spot", "plot", "store #", "branch", "hall", "studio",
                  "ward", "pod", "desk", "quay", "kiosk", "shed", "garage", "mailbox", "pigeonhole", "lab", "cell",
                  "student no.", "member no.", "membership", "voucher", "coupon", "promo code", "claim",
                  "policy", "permit", "licence", "plate", "reg", "tag", "jersey", "shirt", "bib", "lane")
CODE_LEADS = ("i'm in", "we're in", "staying in", "deliver to", "send it to", "ring", "knock at", "go to",
              "head to", "find", "park in", "leave it at", "drop it at", "the key for", "the form says", "check",
              "pick up from", "use", "enter", "type", "try", "it's", "look for", "he's in", "she lives at",
              "the parcel went to", "wrong", "ask for", "write down", "quote", "please note", "scan")
CODE_TAILS = ("", "", "", "is ready", "on the left",
              "is closed", "was cancelled", "is on time", "please", "thanks", "is mine", "don't share it",
              "is wrong", "is open", "upstairs", "at the back", "is out of order", "was approved", "is pending",
              "is done", "for the delivery", "again", "changed", "expired", "works", "is full")


def plural(noun: str) -> str:
    if noun in _IRREGULAR:
        return _IRREGULAR[noun]
    if noun.endswith(("s", "x", "ch", "sh")) or noun in ("potato", "tomato", "mango"):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def _count(rng: random.Random) -> tuple[int, str]:
    n = rng.randint(1, 12) if rng.random() < 0.75 else rng.randint(13, 59)  # 1-12 could be an hour
    return n, (random_number_words(n, rng) if rng.random() < 0.2 else str(n))


def _counted_item(rng: random.Random) -> str:
    """"4 beers", "1 large pizza", "2 bottles of wine"."""
    n, said = _count(rng)
    if rng.random() < 0.2:
        unit = rng.choice(CONTAINERS)
        return f"{said} {unit if n == 1 else plural(unit)} of {rng.choice(STUFF)}"
    noun = rng.choice(COUNTED) if rng.random() < 0.9 else pseudo_word(rng)
    noun = noun if n == 1 else plural(noun)
    if rng.random() < 0.2:
        noun = f"{rng.choice(COUNT_ADJECTIVES)} {noun}"
    return f"{said} {noun}"


def counted(rng: random.Random) -> str:
    """Counts of things with small numbers, alone or in a list: "2 lattes and 3 muffins, thanks"."""
    items = [_counted_item(rng) for _ in range(rng.choice([1, 1, 1, 2, 2, 3]))]
    text = items[0] if len(items) == 1 else ", ".join(items[:-1]) + rng.choice([" and ", ", ", " & ", " + "]) + items[-1]
    lead = rng.choice(COUNT_LEADS)
    text = f"{lead} {text}" if lead else text
    if rng.random() < 0.45:
        text += rng.choice([" ", " ", ", "]) + rng.choice(COUNT_TAILS)
    return text


def _measure_number(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.5:  # reads like H.MM: "4.35 kg", "11.30 km"
        return f"{rng.randint(0, 23)}{rng.choice(['.', '.', '.', ','])}{rng.randint(0, 59):02d}"
    if r < 0.8:
        return f"{rng.randint(0, 99)}{rng.choice(['.', ','])}{rng.randint(0, 9)}"
    return str(rng.randint(1, 24) if rng.random() < 0.6 else rng.randint(25, 999))


def measure(rng: random.Random) -> str:
    """Amounts with units and the words of their measure: "it weighs 4.35 kg", "rates rose 3.75% this year"."""
    unit = rng.choice(UNITS)
    glued = unit in ("%", "°c", "°f") or rng.random() < 0.3
    text = f"{_measure_number(rng)}{'' if glued else ' '}{unit}"
    lead = rng.choice(MEASURE_LEADS)
    text = f"{lead} {text}" if lead else text
    if rng.random() < 0.5:
        text += " " + rng.choice(MEASURE_TAILS)
    return text


def _amount(rng: random.Random) -> str:
    whole = rng.randint(1, 12) if rng.random() < 0.6 else rng.randint(0, 99)  # hour-like more often than not
    cents = f"{rng.randint(0, 59):02d}" if rng.random() < 0.6 else rng.choice(["50", "99", "95", "00", "75", "49"])
    amount = f"{whole}{rng.choice(['.', '.', '.', ','])}{cents}" if rng.random() < 0.9 else str(whole)
    r = rng.random()
    if r < 0.25:
        return f"{rng.choice(CURRENCY_BEFORE)}{amount}"
    if r < 0.4:
        return f"{amount}{rng.choice(CURRENCY_AFTER)}"
    return amount  # a bare amount: only the words around it make it a price


def priced(rng: random.Random) -> str:
    """Prices with a rate or a buying phrase: "tickets are 2.40 each", "that comes to 8.70, please"."""
    amount = _amount(rng)
    r = rng.random()
    if r < 0.4:
        text = f"{amount} {rng.choice(RATES)}"
        if rng.random() < 0.6:
            verbs = PRICE_VERBS + ("at",)  # "hot dogs at 4.75 a pop": "at" only before a rate
            text = f"{rng.choice(SOLD)} {rng.choice(verbs)} {text}".replace(" :", ":")
    elif r < 0.6:
        text = f"{rng.choice(SOLD)} {rng.choice(PRICE_VERBS)} {amount}".replace(" :", ":")
    else:
        if amount[0].isdigit() and amount[-1].isdigit() and rng.random() < 0.4:
            amount = f"{rng.choice(CURRENCY_BEFORE)}{amount}" if rng.random() < 0.6 else f"{amount}{rng.choice(CURRENCY_AFTER)}"
        phrases = PRICE_PHRASES if amount[0].isdigit() and amount[-1].isdigit() else PRICE_PHRASES + CURRENCY_PHRASES
        text = rng.choice(phrases).format(a=amount, p=rng.choice(PLACES), t=rng.choice(TREATS))
    if rng.random() < 0.3:
        text += rng.choice([", please", " please", ", thanks", " thanks", " then", " now", " today", " here",
                            " at the moment", ", not bad", ", ouch", "!"])
    return text


def year(rng: random.Random) -> str:
    """A year with the words of a year: "born in 1994", "since 2016", "the 2016 season", "the 1990s"."""
    y = rng.randint(1900, 2035) if rng.random() < 0.8 else rng.randint(1000, 1899)
    said = f"{y // 10 * 10}s" if rng.random() < 0.08 else str(y)
    lead = rng.choice(YEAR_LEADS)
    text = f"{lead} {said}"
    if rng.random() < 0.15:
        text = f"from {y} to {y + rng.randint(1, 20)}" if rng.random() < 0.5 else f"{y}-{(y + rng.randint(1, 9)) % 100:02d}"
    tail = rng.choice(YEAR_TAILS[3:] if lead == "the" else YEAR_TAILS)  # "the 2016 season" ("the 1835" is a time)
    r = rng.random()
    if r < 0.25:  # g11: "the bridge was built in 1932", "sober since 2011"
        text, tail = f"{rng.choice(YEAR_CLAUSES)} {rng.choice(YEAR_PREPS)} {said}", rng.choice(YEAR_TAILS[:6])
    elif r < 0.4:  # g11: "pictures from 1987", "postcards from summer 1962", "coins from the 1920s"
        season = f"{rng.choice(SEASONS)} " if rng.random() < 0.4 else ""
        text = f"{rng.choice(YEAR_RECORDS)} {rng.choice(['from', 'from', 'dated', 'dating from'])} {season}{said}"
        tail = ""
    return f"{text} {tail}" if tail else text


def code(rng: random.Random) -> str:
    """A number that names something, often of four digits: "room 1417", "my pin is 3950", "flight ba 2271"."""
    number = f"{rng.randint(0, 9999):04d}" if rng.random() < 0.75 else str(rng.randint(1, 99999))
    if rng.random() < 0.25:
        text = f"{rng.choice(['flight', 'flight', 'fl.', ''])} {rng.choice(AIRLINES)}{rng.choice(['', ' '])}{number}".strip()
    else:
        noun = rng.choice(CODE_NOUNS if rng.random() < 0.6 else CODE_NOUNS_G11)
        sep = rng.choice(["", "", "", "#"]) if noun[-1] not in "#." else ""
        text = f"{noun} {sep}{number}"
        r = rng.random()
        if r < 0.3:
            text = f"{rng.choice(['my', 'the', 'your', 'our', 'new'])} {text.replace(f' {sep}{number}', '')} is {number}"
        elif r < 0.55:  # g11: a verb or phrase before the code
            text = f"{rng.choice(CODE_LEADS)} {text}"
        if noun.endswith("code") and rng.random() < 0.3:
            text += rng.choice(["#", "*", " then enter", " then #"])
    tail = rng.choice(CODE_TAILS)
    text = f"{text}{rng.choice([' ', ', '])}{tail}" if tail else text
    return surface_noise(text, rng)
