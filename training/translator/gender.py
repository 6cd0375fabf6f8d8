"""Gender-swapped copies: teach the translator that a woman's role is written in the feminine.

Tatoeba says "Tom is a teacher." → "Tom ist Lehrer." hundreds of times, and "Mary is a teacher." →
"Maria ist Lehrerin." almost never; versions up to 16 wrote "Maria ist Lehrer." and "Angela Merkel war
der Kanzler". This module makes counterfactual copies (counterfactual data augmentation, as in Zmigrod
et al. 2019 for languages with rich morphology) of the narrow, safe shape: a pair whose one person is a man
named on both sides (Tom, John, ...) or "He"/"Er", and whose German names his role after a copula or "als"
("ist Lehrer", "war ein Arzt", "als Kanzler"). The copy has a woman's name, she/her, and the feminine role
("Maria ist Lehrerin.", "war eine Ärztin"). Pairs with anything the swap cannot follow (a second person,
a man's noun such as "brother", a role after an adjective) are left alone. Pure Python, no TensorFlow.

The masculine → feminine role nouns come from the Ding dictionary (``Arzt {m} ... Ärztin {f}``): a
feminine noun that is the masculine one plus "-in", with or without an umlaut ("Koch" → "Köchin", and
"Kollege" → "Kollegin").
"""
from __future__ import annotations

import random
import re
from collections.abc import Iterable

from training.translator.names import variant_copies

Pair = tuple[str, str]

# English first names that Tatoeba keeps unchanged in German and that are a man's.
MALE_NAMES = frozenset(
    "Tom John Ken Jack Bob Jim Mike Paul Peter David Mark Oliver Bill George Dan Tony Kevin Steve Fred Ben "
    "Luke Jake Jason Tim Carl Michael Daniel Robert Richard Thomas James Frank Henry Martin Bruno Hans".split())
# A woman's names for the copies: (English, German). "Maria" first: the service masks a woman's unseen name
# as "Maria" (core/text/masking.py), and Tatoeba writes "Mary" as "Maria".
FEMALE_NAMES: tuple[Pair, ...] = (("Maria", "Maria"), ("Maria", "Maria"), ("Mary", "Maria"), ("Eva", "Eva"))
# A man's names for the masculine counterparts: "Oliver" and "Ken" first, the service's placeholders for a man.
MALE_COPY_NAMES: tuple[str, ...] = ("Oliver", "Oliver", "Ken", "Ken", "Tom", "John", "Paul")
_ENGLISH_PRONOUNS = {"he": "she", "him": "her", "his": "her", "himself": "herself"}
# Words that name another person or a man by a noun: a pair holding one is not swapped.
_ENGLISH_BLOCKERS = frozenset(
    "she her hers herself they them their woman women girl girls lady man men boy boys guy guys gentleman "
    "husband wife brother sister father mother son daughter uncle aunt nephew niece king queen mr mrs ms "
    "miss sir madam grandfather grandmother grandpa grandma dad mom mum boyfriend girlfriend prince princess "
    "you we i me my our your us".split())
_MANS_NOUN = re.compile(r"^(?!(?:[Gg]er|[Rr]o|[Hh]u|[Ww]o)man$)[A-Za-z]*m[ae]n$")  # "Frenchman", not "German"
_GERMAN_PRONOUNS = {"er": "sie", "ihn": "sie", "ihm": "ihr"}
_POSSESSIVE = re.compile(r"^sein(e|en|em|er|es)?$", re.IGNORECASE)
_COPULAS = frozenset("ist war wird wurde werden geworden bleibt blieb sei wäre als".split())
_ARTICLES = {"ein": "eine", "kein": "keine", "der": "die"}
# With ``possessives``: "Tom is my friend." → "Maria ist meine Freundin." (the role is the man's, named by a copula)
_POSSESSIVE_ARTICLES = {"mein": "meine", "dein": "deine", "unser": "unsere", "euer": "eure"}
_SPEAKERS_POSSESSIVES = frozenset({"my", "our", "your"})
# Words in "-er"/"-e" before a role that are determiners, no adjectives ("einer meiner Schüler", "unser Lehrer"):
# the swap does not reach past them.
_DETERMINERS = frozenset("unser euer einer meiner deiner seiner ihrer unserer eurer keiner jeder jede dieser diese "
                         "jener welcher mancher meine deine seine ihre unsere eure keine".split())
_TOKEN = re.compile(r"\w+|[^\w\s]+")
_UMLAUT = {"a": "ä", "o": "ö", "u": "ü", "A": "Ä", "O": "Ö", "U": "Ü"}
_ADJECTIVE = re.compile(r"^[a-zäöüß]{3,}(?:e|er)$")
# Words in "-er"/"-e" between a copula and a role that are no adjectives (the swap leaves such a pair alone).
_ADVERBS = frozenset("aber immer wieder früher später eher oder sicher weiter lieber leider bisher seither daher "
                     "vorher nachher außer jeder jede eine keine ohne gerne gern lange bitte".split())
_ROLE_ITEM = re.compile(r"^([A-ZÄÖÜ][a-zäöüß]+) \{([mf])\}")


def _feminine_candidates(masculine: str) -> set[str]:
    stems = {masculine, masculine[:-1]} if masculine.endswith("e") else {masculine}
    for stem in list(stems):
        for i, letter in enumerate(stem):
            if letter in _UMLAUT:
                stems.add(stem[:i] + _UMLAUT[letter] + stem[i + 1:])
    return {stem + "in" for stem in stems}


def role_nouns(dictionary_lines: Iterable[str]) -> dict[str, str]:
    """Masculine → feminine singular role nouns from Ding entries that list both ("Arzt" → "Ärztin")."""
    roles: dict[str, str] = {}
    for line in dictionary_lines:
        german = line.split(" :: ", 1)[0]
        items = [m for part in german.split("|") for item in part.split(";") if (m := _ROLE_ITEM.match(item.strip()))]
        masculine = {m.group(1) for m in items if m.group(2) == "m"}
        feminine = {m.group(1) for m in items if m.group(2) == "f"}
        for word in sorted(masculine):
            found = sorted(_feminine_candidates(word) & feminine)
            if found and word not in roles:
                roles[word] = found[0]
    return roles


def _case_like(word: str, model: str) -> str:
    return word.capitalize() if model[:1].isupper() else word


def _swap_english(source: str, name: str | None, female: str, possessives: bool = False) -> str | None:
    words = re.findall(r"[A-Za-z]+", source)
    allowed = _SPEAKERS_POSSESSIVES if possessives else frozenset()
    if any((w.lower() in _ENGLISH_BLOCKERS and w.lower() not in allowed) or _MANS_NOUN.match(w) for w in words):
        return None
    if name is not None:
        source = re.sub(rf"\b{name}\b", female, source)
    return re.sub(r"\b(?:[Hh]e|[Hh]im|[Hh]is|[Hh]imself)\b",
                  lambda m: _case_like(_ENGLISH_PRONOUNS[m.group(0).lower()], m.group(0)), source)


def _feminine_phrase(tokens: list[str], out: list[str], i: int, feminine: str, possessives: bool = False) -> bool:
    """Make the role at ``i`` feminine with its article and adjectives, if it follows a copula or "als":
    "ist Lehrer", "war ein guter Arzt" → "war eine gute Ärztin", "ist der neue Chef" → "ist die neue Chefin"."""
    j = i - 1
    while j > 0 and _ADJECTIVE.match(tokens[j]) and tokens[j].lower() not in _DETERMINERS:
        j -= 1
    article = tokens[j].lower() if j >= 0 else ""
    articles = {**_ARTICLES, **_POSSESSIVE_ARTICLES} if possessives else _ARTICLES
    if article in articles and j > 0 and tokens[j - 1].lower() in _COPULAS:
        out[j] = _case_like(articles[article], tokens[j])
    elif article not in _COPULAS:
        return False
    for k in range(j + 1, i):  # strong "-er" after ein/kein/none becomes "-e"; weak "-e" after der stays
        if tokens[k].lower() in _ADVERBS:
            return False  # "war früher Sänger" is no adjective's ending to change
        if tokens[k].endswith("er") and article != "der":
            out[k] = tokens[k][:-1]
        elif not tokens[k].endswith("e"):
            return False
    out[i] = feminine
    return True


def _swap_german(target: str, name: str | None, female: str, roles: dict[str, str],
                 possessives: bool = False) -> str | None:
    tokens = _TOKEN.findall(target)
    spaces = re.split(r"\w+|[^\w\s]+", target)  # the text between tokens, to write the sentence back
    out = list(tokens)
    swapped_role = False
    for i, token in enumerate(tokens):
        low = token.lower()
        after = tokens[i + 1] if i + 1 < len(tokens) else ""
        if name is not None and token == name:
            out[i] = female
        elif low in _GERMAN_PRONOUNS:
            out[i] = _case_like(_GERMAN_PRONOUNS[low], token)
        elif _POSSESSIVE.match(token) and not (low == "sein" and (not after or not after[0].isalnum())):
            out[i] = _case_like("ihr" + low[4:], token)
        elif token in roles:
            if not _feminine_phrase(tokens, out, i, roles[token], possessives):
                return None  # a role the swap cannot follow (another person's, or in the dative)
            swapped_role = True
    if not swapped_role:
        return None
    return "".join(s + t for s, t in zip(spaces[:-1], out, strict=True)) + spaces[-1]


def _the_man(source: str, target: str) -> str | None:
    """The pair's one man: his name (once on each side), "" for a sentence that starts with "He", else None."""
    names = [w for w in set(re.findall(r"[A-Z][a-z]+", source)) if w in MALE_NAMES]
    if len(names) > 1:
        return None
    if names:
        name = names[0]
        once = len(re.findall(rf"\b{name}\b", source)) == 1 and len(re.findall(rf"\b{name}\b", target)) == 1
        return name if once else None
    return "" if re.match(r"^He\b", source) else None


def gender_variant(source: str, target: str, roles: dict[str, str], rng: random.Random,
                   possessives: bool = False) -> Pair | None:
    """The pair with its one man made a woman, or None where the pair is not of the safe shape (with
    ``possessives`` also a role after "my", "our" or "your": "Tom is my friend." → "Maria ist meine Freundin.")."""
    man = _the_man(source, target)
    if man is None:
        return None
    name = man or None
    english_female, german_female = rng.choice(FEMALE_NAMES)
    english = _swap_english(source, name, english_female, possessives)
    german = _swap_german(target, name, german_female, roles, possessives)
    if english is None or german is None:
        return None
    return english, german


def masculine_variant(source: str, target: str, roles: dict[str, str], rng: random.Random,
                      possessives: bool = False) -> Pair | None:
    """The counterpart of :func:`gender_variant`: a pair it would swap, kept a man's, his name drawn anew
    ("Tom ist Lehrer." → "Oliver ist Lehrer."; "He"/"Er" pairs as they are). Given as often as the swapped copies,
    it keeps the name, not the shape of the sentence, deciding the role's gender: with swapped copies alone a
    model learns "X is a doctor" → "Ärztin" for any X (F17c, docs/translator.md)."""
    if gender_variant(source, target, roles, random.Random(0), possessives) is None:
        return None
    name = _the_man(source, target)
    if not name:
        return source, target
    male = rng.choice(MALE_COPY_NAMES)
    return re.sub(rf"\b{name}\b", male, source), re.sub(rf"\b{name}\b", male, target)


def augment_gender(pairs: list[Pair], roles: dict[str, str], copies: int, seed: int,
                   masculine_copies: int = 0, possessives: bool = False) -> list[Pair]:
    """``copies`` gender-swapped copies of every pair of the safe shape (each with its own woman's name), and
    ``masculine_copies`` copies of the same pairs kept a man's (:func:`masculine_variant`)."""
    if copies <= 0 or not roles:
        return []
    feminine = variant_copies(pairs, copies, seed, lambda en, de, rng: gender_variant(en, de, roles, rng, possessives))
    return feminine + variant_copies(pairs, masculine_copies, seed + 1,
                                     lambda en, de, rng: masculine_variant(en, de, roles, rng, possessives))
