"""Pre- and post-processing around the model for one sentence (shared by service and evaluation)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from core.text.casing import CaseNormalization, normalize_case, restore_case
from core.text.informal import formalize
from core.text.masking import Masking, insert_before_end, lost_slots, mask, unmask
from core.text.numbers import drop_invented_numbers, lost_numbers, numbers_in, repair_numbers
from core.text.repetition import collapse_repeated_words

_SENTENCE_END = re.compile(r"[.!?…]+$")
FORMALIZE = True  # informal input written the training data's way (core/text/informal.py)


@dataclass(frozen=True)
class PreparedSentence(CaseNormalization):
    """A :class:`CaseNormalization` of the sentence with its protected spans masked
    (``text`` is what the model gets: placeholders in place of the spans)."""

    masking: Masking = field(default_factory=lambda: Masking(""))
    ends: bool = True  # False: a piece of a long sentence that the sentence goes on after


def prepare_sentence(sentence: str, starts: bool = True, ends: bool = True) -> PreparedSentence:
    """What the model should see (protected spans masked, informal writing formalised, case
    normalised) and how to undo it. ``starts``/``ends`` False: a piece of a longer sentence
    that is not its first/last (core/text/clauses.py)."""
    masking = mask(" ".join(sentence.split()))
    text = formalize(masking.text, masking.tokens, starts, ends) if FORMALIZE else masking.text
    case = normalize_case(text)
    if masking.tokens and not case.all_caps:
        # The placeholders are not written in capitals: judge the rest of the sentence.
        words = re.compile(r"\b(?:" + "|".join(map(re.escape, masking.tokens)) + r")\b", re.IGNORECASE)
        shouting = normalize_case(words.sub(lambda m: m.group(0).upper(), text))
        if shouting.all_caps:
            own = {t.lower(): t for t in masking.tokens}
            case = CaseNormalization(words.sub(lambda m: own[m.group(0).lower()], shouting.text), all_caps=True)
    return PreparedSentence(case.text, case.all_caps, case.shouted, masking, ends)


def has_spans(prepared: CaseNormalization) -> bool:
    """Whether the sentence holds a protected span or a number that its translation must keep."""
    return isinstance(prepared, PreparedSentence) and bool(prepared.masking.slots or numbers_in(prepared.masking.text))


def lost_spans(prepared: CaseNormalization, output: str) -> int:
    """How many of the sentence's protected spans and numbers the model's ``output`` lacks once its numbers are
    repaired (0 when it keeps them all): :func:`finish_sentence` puts each one back before the final punctuation,
    where it may not belong."""
    if not isinstance(prepared, PreparedSentence):
        return 0
    masking = prepared.masking
    text = _repaired(prepared, output)
    return lost_slots(text, masking) + len(lost_numbers(masking.text, text, masking.tokens))


def _repaired(prepared: PreparedSentence, output: str) -> str:
    """The model's output without repetition loops, its numbers repaired against the source's and none invented."""
    source = prepared.masking.text
    return drop_invented_numbers(source, repair_numbers(source, collapse_repeated_words(output)))


def finish_sentence(source: str, prepared: CaseNormalization, translation: str) -> str:
    """Remove repetition loops, make sure the source's numbers survive (one the model lost is
    added before the final punctuation) and that no other number appears, restore capitals, put
    the protected spans back (German notation, docs/translator.md "Protected spans")."""
    if isinstance(prepared, PreparedSentence):
        text = _repaired(prepared, translation)
        text = insert_before_end(text, lost_numbers(prepared.masking.text, text, prepared.masking.tokens))
        text = unmask(restore_case(text, prepared), prepared.masking, shouted=prepared.all_caps)
        if not prepared.ends and not _SENTENCE_END.search(source):
            text = _SENTENCE_END.sub("", text)  # a clause: the sentence goes on after it
        return text
    text = collapse_repeated_words(translation)
    text = repair_numbers(source, text)
    return restore_case(text, prepared)
