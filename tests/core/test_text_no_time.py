"""``no_time_reason``: the wording of the normalizer's "no time" error (pure Python)."""
from __future__ import annotations

import re

import pytest

from core.text.no_time import no_time_reason

CASES = [
    ("in 20 minutes", "relative time"),
    ("I'll call you back in half an hour", "relative time"),
    ("the bus left 20 minutes ago", "relative time"),
    ("for 2 hours", "duration"),
    ("the meeting lasted three hours", "duration"),
    ("it costs $7.50", "money"),
    ("coffee is \u20ac2", "money"),
    ("that's 7,50 \u20ac", "money"),
    ("version 2.10 is out", "version"),
    ("v3.1", "version"),
    ("we won 2-1", "score"),
    ("call 555-0123", "phone"),
    ("+49 30 1234567", "phone"),
    ("see you on March 5", "date"),
    ("5.3.2024", "date"),
    ("I have 3 apples", "quantity"),
    ("2.5 kg", "quantity"),
    ("tickets are 7.30 each", "money"),
    ("cupcakes 2.50 apiece", "money"),
    ("built in 1999", "year"),
    ("living here since 2016", "year"),
    ("room 1417, third floor", "names something"),
    ("my pin is 3950", "names something"),
    ("the garage is at 2210 Ferry Road", "street address"),
    ("we live at 1830 Kingsley Rd.", "street address"),
    ("deliver to 15b Elm Grove, round the back", "street address"),
    ("the tent sleeps 4", "how many"),
    ("the sauna seats nine", "how many"),
    ("this pie feeds eight comfortably", "how many"),
]


@pytest.mark.parametrize(("text", "kind"), CASES)
def test_reason_names_what_the_text_is(text: str, kind: str) -> None:
    reason = no_time_reason(text)
    assert reason is not None and kind in reason, (text, reason)
    quoted = re.match(r"'([^']+)'", reason)
    assert quoted and quoted[1] in text.lower(), reason  # it quotes the part it recognized


def test_relative_time_and_duration_say_they_are_not_clock_times() -> None:
    assert no_time_reason("in 20 minutes") == "'in 20 minutes' is a relative time, not a clock time"
    assert "a duration is not a clock time" in no_time_reason("for 2 hours")


@pytest.mark.parametrize("text", ["banana", "what a lovely day", "", "!!!", "meet at 7pm", "ten past eleven",
                                  "see you at 19:30", "quarter to five",
                                  "the 0910 departure", "meet at 1930", "meet at 10 on the main road",
                                  "viewing 1430 at the park lane office", "the sauna opens at 9"])
def test_no_reason_for_plain_texts_and_times(text: str) -> None:
    assert no_time_reason(text) is None
