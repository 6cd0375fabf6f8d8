"""Look-alike negatives of generator g12: bare amounts beside things bought, counts that open a text,
years after an owner or with a clause, and codes with more nouns and what is said about them.

"nachos and a cider 9.40", "the brownies here are 3.15", "8.20 for two smoothies", "7 scones for the
stall", "his 2014 album still holds up", "cubicle 1431 is by the lift". Only the words around the
number tell each from a time ("brunch 9.40" is a time; ``phrasing_plans.py``). Pure Python.
"""
from __future__ import annotations

import random

from training.timenorm.lookalikes import plural
from training.timenorm.noise import surface_noise
from training.timenorm.numbers import random_number_words

#: Things bought that are never an event (no "drinks", "lunch", "brunch", "coffee": those have a time).
GOODS = ("nachos", "wrap", "toastie", "panini", "samosa", "pretzel", "waffle", "crepe", "smoothie", "milkshake",
         "cider", "prosecco", "crisps", "olives", "hummus", "kebab", "noodles", "dumplings",
         "ramen", "sushi", "curry", "lasagne", "risotto", "brownie", "scone", "cheesecake", "tart", "flapjack",
         "doughnut", "churros", "gelato", "mojito", "lager", "ale", "shandy", "kombucha",
         "socks", "gloves", "earphones", "candle", "notebook", "poster", "keyring", "phone case", "lighter",
         "batteries", "sunscreen", "plaster", "toothpaste", "shampoo", "magazine", "postcard", "bouquet")
#: Words that say the amount is a price without a currency sign: "the brownies here are 3.15".
PRICE_FRAMES = ("{g} {a}", "{g} and {g2} {a}", "{g}, {g2} {a}", "{g} + {g2}: {a}", "{g} {a} on the receipt",
                "{gs} cost me {a}", "{gs} set me back {a}", "the {gs} here are {a}", "the {gs} there were {a}",
                "the {g} was {a}", "{gs} came to {a}", "{a} for two {gs}", "{a} for three {gs}",
                "{a} for the {g}", "{a} for a {g} and a {g2}", "the board says {a} for the {g}",
                "the receipt says {a} for the {g}", "on the bill: {g} {a}", "{g} is {a} at the {p}",
                "{gs} are {a} at the {p}", "a {g} costs {a} now", "my {g} was {a}", "{a} for {gs}? no way")
SHOPS = ("stall", "van", "kiosk", "deli", "corner shop", "food truck", "takeaway", "market stand",
         "petrol station", "airport", "station cafe", "offie", "newsagent", "canteen")
#: Groups a count is for: "7 scones for the stall", "11 wraps for the crew".
GROUPS = ("the crew", "the office", "the class", "the kids", "the staff", "the choir", "the squad", "everyone",
          "the night shift", "the guests", "the neighbours", "the volunteers", "grandma", "the road trip")
#: Things a year belongs to (never a service or event that has a time: "the 1835 train", "the 1400 tour").
YEAR_THINGS = ("album", "debut album", "novel", "essay", "paper", "squad", "team", "budget", "accounts",
               "tax return", "catalogue", "yearbook", "atlas", "passport", "campervan", "laptop", "phone",
               "harvest", "model", "edition", "census", "record", "map", "diary", "playoffs", "campaign",
               "championship", "kit", "calendar", "collection", "prototype", "survey")
YEAR_OWNERS = ("my", "her", "his", "their", "our", "your", "the band's", "the club's", "the", "that", "this",
               "grandpa's", "mum's", "the team's", "the city's", "dad's old", "an old", "a")
YEAR_AFTER = ("", "", "", "was tough", "was a mess", "went well", "still holds up", "is on the shelf",
              "sold out", "was better", "is my favourite", "is in the attic", "was a flop", "was a classic",
              "is worth a lot now", "got lost", "on whales", "about trains", "on climate", "about her family",
              "is online", "broke down", "was fun", "is still around")
#: g12 code nouns (``lookalikes.CODE_NOUNS`` and ``CODE_NOUNS_G11`` are older).
CODE_NOUNS_G12 = ("apartment", "apartment no.", "building", "seat", "row", "cubicle", "workstation", "bench",
                  "staff no.", "staff id", "employee no.", "member id", "customer no.", "customer number",
                  "loyalty card", "library card", "lottery ticket", "cloakroom ticket", "coat check", "bib no.",
                  "player no.", "serial no.", "asset tag", "frame number", "tracking no.", "box no.", "pallet",
                  "container", "trailer", "vehicle", "unit no.", "shop no.", "stand no.", "pitch", "slot no.")
CODE_SAID = ("is by the lift", "is next to the stairs", "at the end of the corridor", "won a prize",
             "is the winner", "was drawn", "needs a new battery", "has no wifi", "is booked", "is taken",
             "is free", "has a leak", "intercom", "doorbell", "key card", "in the basement", "near the exit",
             "on the second floor", "round the back", "got lost", "is missing", "was scanned", "checked in",
             "please come forward", "your turn", "is blocked", "faces the car park", "is cold", "has the keys")


def _amount(rng: random.Random) -> str:
    """A bare amount that reads like H.MM more often than not: "9.40", "13.50", "4,20"."""
    whole = rng.randint(1, 23) if rng.random() < 0.7 else rng.randint(0, 99)
    cents = f"{rng.randint(0, 59):02d}" if rng.random() < 0.7 else rng.choice(["50", "99", "95", "75", "49", "00"])
    return f"{whole}{rng.choice(['.', '.', '.', ','])}{cents}"


def goods_price(rng: random.Random) -> str:
    """A bare amount beside things bought: "nachos and a cider 9.40", "8.20 for two smoothies"."""
    g, g2 = rng.sample(GOODS, 2)
    text = rng.choice(PRICE_FRAMES).format(a=_amount(rng), g=g, g2=g2, gs=plural(g) if g[-1] != "s" else g,
                                           p=rng.choice(SHOPS))
    if rng.random() < 0.2:
        text += rng.choice([" then", " today", " here", ", cheap", ", not bad", "!", " ouch", " tho"])
    return text


def count_for(rng: random.Random) -> str:
    """A count that opens the text, often an hour-like 1-12: "12 scones for the crew", "3 wraps and a tart"."""
    n = rng.randint(1, 12) if rng.random() < 0.8 else rng.randint(13, 40)
    said = random_number_words(n, rng) if rng.random() < 0.15 else str(n)
    g = rng.choice(GOODS)
    noun = g if n == 1 or g.endswith("s") else plural(g)
    r = rng.random()
    if r < 0.5:
        return f"{said} {noun} for {rng.choice(GROUPS)}"
    if r < 0.75:
        return f"{said} {noun} and a {rng.choice(GOODS)}"
    return f"{said} {noun}{rng.choice([' left', ' to go', ' on the tray', ' in the bag', ' sold', ' ordered'])}"


def owned_year(rng: random.Random) -> str:
    """A year after an owner, with a thing and what is said of it: "his 2014 album still holds up"."""
    y = rng.randint(1950, 2030) if rng.random() < 0.85 else rng.randint(1900, 1949)
    text = f"{rng.choice(YEAR_OWNERS)} {y} {rng.choice(YEAR_THINGS)}"
    after = rng.choice(YEAR_AFTER)
    return f"{text} {after}" if after else text


def code_said(rng: random.Random) -> str:
    """A code after a g12 noun, with what is said about it: "cubicle 1431 is by the lift"."""
    number = f"{rng.randint(0, 2359):04d}" if rng.random() < 0.7 else f"{rng.randint(0, 9999):04d}"
    noun = rng.choice(CODE_NOUNS_G12)
    text = f"{noun} {number}"
    r = rng.random()
    if r < 0.2:
        text = f"{rng.choice(['my', 'the', 'your', 'her', 'his'])} {noun} is {number}"
    elif r < 0.35:
        text = f"{rng.choice(['the', 'my', 'our'])} {noun.split()[0]} is {number}"
    if rng.random() < 0.7:
        text = f"{text}{rng.choice([' ', ' ', ', '])}{rng.choice(CODE_SAID)}"
    return surface_noise(text, rng)
