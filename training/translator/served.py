"""Copies of pairs as the service presents them: each unseen name as its placeholder (pure Python).

The service never shows the model a name the corpus lacks: "My friend Priyanka lives in Manchester." reaches it
as "My friend Maria lives in Boston." (core/text/masking.py; a woman's name gets a woman's placeholder), and the
German around the placeholder is what the user reads ("Meine Freundin …"). The written pairs are full of such
names ("My friend Anjali works as a nurse in Leeds."), but the model trains on them as written, so it never sees
the placeholders in those sentences. A served copy is the pair as the service would present it: the English
masked, and in the German each name replaced by its placeholder. Only pairs whose every masked span is a person's
or a place's name, each found exactly once in the German as the service would write it back, are copied.
"""
from __future__ import annotations

import re

from core.text.masking import PERSON, PLACE, mask

Pair = tuple[str, str]


def served_name_variant(source: str, target: str) -> Pair | None:
    """``(source, target)`` with its unseen names as the service's placeholders, or None (see the module)."""
    masking = mask(source)
    if not masking.slots or masking.prefix or masking.suffix:
        return None
    german = target
    for forms, span in masking.slots:
        if span.kind not in (PERSON, PLACE):
            return None
        written = re.compile(rf"(?<!\w){re.escape(span.german)}(?!\w)")
        if len(written.findall(german)) != 1:
            return None
        german = written.sub(forms[0], german)
    return masking.text, german


def served_name_copies(pairs: list[Pair], copies: int) -> list[Pair]:
    """``copies`` served copies of every pair that has one (masking is deterministic: the copies are alike)."""
    if copies <= 0:
        return []
    made = [variant for source, target in pairs if (variant := served_name_variant(source, target))]
    return made * copies
