"""ALL-CAPS input: the model saw almost no shouted text, so it is normalised first.

A sentence written entirely in capitals is turned into sentence case and its translation
upper-cased again. Single all-caps words (four letters or more; shorter ones are usually
acronyms such as "USA") are title-cased ("LONDON" → "London") and, where the same word
appears in the translation, turned back into capitals.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


@dataclass(frozen=True)
class CaseNormalization:
    text: str  # what the model gets
    all_caps: bool = False
    shouted: dict[str, str] = field(default_factory=dict)  # title-cased form -> original


def _is_caps(word: str) -> bool:
    letters = [c for c in word if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


def normalize_case(sentence: str) -> CaseNormalization:
    words = _WORD.findall(sentence)
    long_words = [w for w in words if sum(c.isalpha() for c in w) >= 2]
    if long_words and all(_is_caps(w) for w in long_words) and sum(map(len, long_words)) >= 4:
        lowered = sentence.lower()
        lowered = re.sub(r"\bi\b", "I", lowered)  # English "I"
        for i, ch in enumerate(lowered):
            if ch.isalpha():
                lowered = lowered[:i] + ch.upper() + lowered[i + 1:]
                break
        return CaseNormalization(lowered, all_caps=True)
    shouted: dict[str, str] = {}

    def title(match: re.Match[str]) -> str:
        word = match.group(0)
        if _is_caps(word) and len(word) >= 4:
            fixed = word[0] + word[1:].lower()
            shouted[fixed] = word
            return fixed
        return word

    return CaseNormalization(_WORD.sub(title, sentence), shouted=shouted)


def restore_case(translation: str, norm: CaseNormalization) -> str:
    if norm.all_caps:
        return translation.upper().replace("ß", "SS")
    if not norm.shouted:
        return translation
    return _WORD.sub(lambda m: norm.shouted.get(m.group(0), m.group(0)), translation)
