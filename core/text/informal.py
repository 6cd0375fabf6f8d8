"""Informal input ("i dont know what you mean") in the form the translator was trained on.

The training sentences (Tatoeba) start with a capital, write "I" and "don't", and end with
punctuation; typed chat text often does none of that, and the model then copies "i" or
guesses. :func:`formalize` writes a sentence the model's way before it is translated:

- a sentence with no capital letter gets one at its start, and "i" (also "i'm", "i'd", …) → "I";
- common contractions typed without the apostrophe get it ("dont" → "don't", "im" → "I'm");
- a sentence without final punctuation gets "?" when it starts like a question
  ("do", "can", "where", …) and "." otherwise; the translation keeps it (a German sentence).

Chosen on heldout-2021/dev lower-cased without final punctuation (docs/translator.md).
"""
from __future__ import annotations

import re

CONTRACTIONS = {
    "dont": "don't", "doesnt": "doesn't", "didnt": "didn't", "cant": "can't", "isnt": "isn't", "arent": "aren't",
    "wasnt": "wasn't", "werent": "weren't", "havent": "haven't", "hasnt": "hasn't", "hadnt": "hadn't",
    "couldnt": "couldn't", "wouldnt": "wouldn't", "shouldnt": "shouldn't", "mustnt": "mustn't", "im": "I'm",
    "ive": "I've", "youre": "you're", "theyre": "they're", "youve": "you've", "theyve": "they've",
    "thats": "that's", "whats": "what's", "wheres": "where's", "theres": "there's", "hes": "he's",
    "shes": "she's",
}
QUESTION_STARTS = frozenset({
    "do", "does", "did", "is", "are", "was", "were", "can", "could", "will", "would", "should", "have", "has",
    "had", "may", "shall", "who", "what", "where", "when", "why", "how", "which", "whose", "whom", "am",
    "isn't", "aren't", "doesn't", "didn't", "can't", "won't", "wouldn't", "couldn't", "shouldn't",
})
_FINAL = re.compile(r"[.!?…:;]+[\"'”’)\]]*$|[\"'”’)\]]$")
_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")
_I = re.compile(r"\bi\b(?!\.\w)")  # "i", "i'm"; not "i.e."


def _contraction(match: re.Match[str]) -> str:
    word = match.group(0)
    full = CONTRACTIONS.get(word.lower())
    if full is None or (word[1:] != word[1:].lower()):
        return word  # not one, or written in capitals ("CANT" is left to the capitals' rules)
    return full[0].upper() + full[1:] if word[0].isupper() else full


def formalize(sentence: str, ignore: tuple[str, ...] = (), starts: bool = True, ends: bool = True) -> str:
    """``sentence`` written the way the training data writes sentences (see the module).
    For a piece of a longer sentence (core/text/clauses.py), ``starts=False`` (not its first
    piece): no capital at its start; ``ends=False`` (not its last): no final punctuation."""
    text = sentence.strip()
    if not text or not any(c.isalpha() for c in text):
        return sentence
    words = [w for w in _WORD.findall(text) if w not in ignore]
    if not words:
        return sentence  # placeholders only ("😍🎶" → "Maria"): nothing to write differently
    lower_case = bool(words) and not any(c.isupper() for w in words for c in w)
    text = _WORD.sub(_contraction, text)
    if lower_case:
        text = _I.sub("I", text)
        first = next((i for i, c in enumerate(text) if c.isalpha()), None)
        if first is not None and starts:
            text = text[:first] + text[first].upper() + text[first + 1:]
    if ends and not _FINAL.search(text):
        start = _WORD.match(text)
        question = start is not None and start.group(0).lower() in QUESTION_STARTS
        text += "?" if question else "."
    return text
