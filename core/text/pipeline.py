"""Pre- and post-processing around the model for one sentence (shared by service and evaluation)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from core.text.casing import CaseNormalization, normalize_case, restore_case
from core.text.informal import formalize
from core.text.masking import Masking, mask, unmask
from core.text.numbers import repair_numbers
from core.text.repetition import collapse_repeated_words

FORMALIZE = True  # informal input written the training data's way (core/text/informal.py)


@dataclass(frozen=True)
class PreparedSentence(CaseNormalization):
    """A :class:`CaseNormalization` of the sentence with its protected spans masked
    (``text`` is what the model gets: placeholders in place of the spans)."""

    masking: Masking = field(default_factory=lambda: Masking(""))


def prepare_sentence(sentence: str) -> PreparedSentence:
    """What the model should see (protected spans masked, informal writing formalised, case
    normalised) and how to undo it."""
    masking = mask(" ".join(sentence.split()))
    text = formalize(masking.text, masking.tokens) if FORMALIZE else masking.text
    case = normalize_case(text)
    if masking.tokens and not case.all_caps:
        # The placeholders are not written in capitals: judge the rest of the sentence.
        words = re.compile(r"\b(?:" + "|".join(map(re.escape, masking.tokens)) + r")\b", re.IGNORECASE)
        shouting = normalize_case(words.sub(lambda m: m.group(0).upper(), text))
        if shouting.all_caps:
            own = {t.lower(): t for t in masking.tokens}
            case = CaseNormalization(words.sub(lambda m: own[m.group(0).lower()], shouting.text), all_caps=True)
    return PreparedSentence(case.text, case.all_caps, case.shouted, masking)


def finish_sentence(source: str, prepared: CaseNormalization, translation: str) -> str:
    """Remove repetition loops, make sure the source's numbers survive, restore capitals, put
    the protected spans back (German notation, docs/translator.md "Protected spans")."""
    text = collapse_repeated_words(translation)
    if isinstance(prepared, PreparedSentence):
        text = repair_numbers(prepared.masking.text, text)
        return unmask(restore_case(text, prepared), prepared.masking)
    text = repair_numbers(source, text)
    return restore_case(text, prepared)
