"""Casing and punctuation augmentation: sources written the way people type in a hurry.

Tatoeba's English is carefully written: capitalised, with final punctuation. Users send
"i dont know what you mean" or "where is the station". The fix is in the data (issue 10,
item 2): a share of the pairs gets an extra copy whose *English* side is lower-cased, has
its final punctuation removed, or both, while the German side stays as it is, so the model
learns to write a well-formed German sentence from informal input (no TensorFlow).
People also leave out commas ("Hello world!", "thanks guys"): :func:`augment_commas` adds
copies whose English side has lost its commas (version 8 on).
"""
from __future__ import annotations

import random
import re

Pair = tuple[str, str]

LOWER, NO_PUNCT, BOTH = "lower", "no-punct", "lower+no-punct"
STYLES = (LOWER, NO_PUNCT, BOTH)
_FINAL_PUNCT = re.compile(r"\s*[.!?…]+[\"'”’)]*\s*$")
_TEXT_COMMA = re.compile(r",(?=\s|$)")  # a comma between words; never "1,000" or "3,5"


def strip_final_punctuation(text: str) -> str:
    """"Where is it?" → "Where is it"; quotes or brackets closing the sentence go with it."""
    stripped = _FINAL_PUNCT.sub("", text)
    return stripped if stripped else text


def casual_source(source: str, style: str) -> str:
    if style not in STYLES:
        raise ValueError(f"unknown style {style!r}; expected one of {STYLES}")
    text = source.lower() if style in (LOWER, BOTH) else source
    return strip_final_punctuation(text) if style in (NO_PUNCT, BOTH) else text


def augment_casing(pairs: list[Pair], fraction: float, seed: int) -> list[Pair]:
    """Extra pairs for about ``fraction`` of ``pairs``: the source in one of :data:`STYLES`
    (chosen at random), the target unchanged. A variant equal to its source is skipped."""
    if not 0.0 <= fraction <= 1.0:
        raise ValueError(f"fraction must be within [0, 1], got {fraction}")
    rng = random.Random(seed)
    extra: list[Pair] = []
    for en, de in pairs:
        if rng.random() >= fraction:
            continue
        variant = casual_source(en, rng.choice(STYLES))
        if variant != en:
            extra.append((variant, de))
    return extra


def drop_commas(text: str) -> str:
    """"Hello, world!" → "Hello world!"; commas inside numbers ("1,000") stay."""
    return _TEXT_COMMA.sub("", text)


def augment_commas(pairs: list[Pair], fraction: float, seed: int) -> list[Pair]:
    """Extra pairs for about ``fraction`` of the pairs whose source has a comma between words:
    the source without those commas (half of them also in one of :data:`STYLES`), the target
    unchanged."""
    if not 0.0 <= fraction <= 1.0:
        raise ValueError(f"fraction must be within [0, 1], got {fraction}")
    rng = random.Random(seed)
    extra: list[Pair] = []
    for en, de in pairs:
        variant = drop_commas(en)
        if variant == en or rng.random() >= fraction:
            continue
        if rng.random() < 0.5:
            variant = casual_source(variant, rng.choice(STYLES))
        extra.append((variant, de))
    return extra
