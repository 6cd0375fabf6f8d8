"""Digit groups in a translation: the translator must copy the source's numbers, and
``repair_numbers`` puts them back where the model got the position but not the digits;
``drop_invented_numbers`` removes the ones no source number accounts for."""
from __future__ import annotations

import re

NUMBER = re.compile(r"\d+(?:[.,:]\d+)*")


def numbers_in(text: str) -> list[str]:
    """Digit groups in order of appearance (``"3,5 or 12:30"`` → ``["3,5", "12:30"]``)."""
    return NUMBER.findall(text)


def repair_numbers(source: str, translation: str) -> str:
    """Make the translation carry the source's numbers.

    When the translation has the same count of digit groups as the source but some differ,
    they are replaced in order (the model got the position right but the digits wrong).
    When the translation lacks numbers, nothing safe can be done and it is returned as is.
    """
    src = numbers_in(source)
    out = numbers_in(translation)
    if not src or src == out or len(src) != len(out):
        return translation
    pieces = NUMBER.split(translation)
    result = [pieces[0]]
    for number, tail in zip(src, pieces[1:], strict=True):
        result.append(number)
        result.append(tail)
    return "".join(result)


def lost_numbers(source: str, translation: str, placeholders: tuple[str, ...] = ()) -> list[str]:
    """The source's digit groups the translation lacks (as many times as they are missing),
    ``placeholders`` aside (the masking puts those back itself)."""
    have = numbers_in(translation)
    lost = []
    for number in numbers_in(source):
        if number in placeholders:
            continue
        if number in have:
            have.remove(number)
        else:
            lost.append(number)
    return lost


def drop_invented_numbers(source: str, translation: str) -> str:
    """Remove the translation's digit groups that the source does not have (each source group
    accounts for one): a value the user did not send is never added. The model writes every
    number it was given as the same digits (spans and number words arrive as digit
    placeholders), so a group it made up is an error, e.g. two placeholders run together
    ("between 58 and 84" → "zwischen 584"); ``lost_numbers`` then finds the ones it lost."""
    available = numbers_in(source)

    def keep(match: re.Match[str]) -> str:
        if match.group(0) in available:
            available.remove(match.group(0))
            return match.group(0)
        return ""

    text = NUMBER.sub(keep, translation)
    if text == translation:
        return translation
    return re.sub(r" +([.,!?;:])", r"\1", re.sub(r" {2,}", " ", text)).strip()
