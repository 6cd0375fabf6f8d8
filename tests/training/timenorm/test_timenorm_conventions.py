"""The labelling conventions of the spec, example by example and against a second derivation."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from training.timenorm.conventions import SpokenTime, resolve

SPEC_EXAMPLES = [
    # (spoken, expected) straight from the issue
    (SpokenTime(11, 10, "past"), "11:10"),  # ten past eleven
    (SpokenTime(1, 20, "to"), "12:40"),  # twenty to one
    (SpokenTime(9), "09:00"),  # nine
    (SpokenTime(19, 30), "19:30"),  # nineteen thirty
    (SpokenTime(23, 10), "23:10"),
    (SpokenTime(12, 30, period="am"), "00:30"),  # twelve thirty am
    (SpokenTime(3, 0, period="pm"), "15:00"),
    (SpokenTime(12, 0, period="pm"), "12:00"),
    (SpokenTime(10, period="night"), "22:00"),  # ten at night
    (SpokenTime(2, period="night"), "02:00"),  # two at night
    (SpokenTime(12, period="night"), "00:00"),  # twelve at night
    (SpokenTime(6, period="night"), "18:00"),
    (SpokenTime(5, period="night"), "05:00"),
    (SpokenTime(None, anchor="noon"), "12:00"),
    (SpokenTime(None, anchor="midnight"), "00:00"),
    (SpokenTime(None, 10, "to", anchor="midnight"), "23:50"),  # ten to midnight
    (SpokenTime(None, 15, "past", anchor="noon"), "12:15"),
    (SpokenTime(None, 30, "past", anchor="midnight"), "00:30"),
    (SpokenTime(6, 30), "06:30"),  # half six
    (SpokenTime(5, 15, "to", "pm"), "16:45"),  # quarter to five pm
    (SpokenTime(1, 20, "to", "am"), "00:40"),  # twenty to one am
    (SpokenTime(1, 15, "to", "night"), "00:45"),  # quarter to one at night
    (SpokenTime(0, 30), "00:30"),
    (SpokenTime(14, 0), "14:00"),  # fourteen hundred hours
    # v3: the reference tutorial's phrasings
    (SpokenTime(8, 52, "to", "pm"), "19:08"),  # fifty two min before 8 p.m.
    (SpokenTime(9, 52, "past", "am"), "09:52"),  # 52 min after 9 a.m.
    (SpokenTime(2, 45, "past"), "02:45"),  # forty-five minutes past two
    (SpokenTime(8, 39, "past", "am"), "08:39"),  # 39 after eight before noon
    (SpokenTime(7, 27, "to", "pm"), "18:33"),  # twenty seven before seven after noon
    (SpokenTime(11, 49, period="pm"), "23:49"),  # eleven hours and forty nine pm
    (SpokenTime(10, 30, period="pm"), "22:30"),  # ten o'clock thirty pm
    (SpokenTime(15, 10), "15:10"),  # fifteen hours and ten
    (SpokenTime(1, 45, "to"), "12:15"),  # forty-five before one (12-hour reading)
    (SpokenTime(1, 59, "to", "am"), "00:01"),  # 59 min before 1 a.m.
    (SpokenTime(12, 5, "to", "pm"), "23:55"),  # am/pm applies to the result (as "twenty to one am")
    (SpokenTime(None, 45, "to", anchor="midnight"), "23:15"),  # 45 minutes before midnight
]


@pytest.mark.parametrize(("spoken", "expected"), SPEC_EXAMPLES)
def test_spec_examples(spoken: SpokenTime, expected: str) -> None:
    assert resolve(spoken) == expected


def _independent_label(s: SpokenTime) -> str:
    """A second derivation: through minutes of the day on a 12-hour dial."""
    if s.anchor is not None:
        start = 720 if s.anchor == "noon" else 1440
        offset = {"plain": 0, "past": s.minutes, "to": -s.minutes}[s.relation]
        total = (start + offset) % 1440
    else:
        said = s.hour * 60 + {"plain": s.minutes, "past": s.minutes, "to": -s.minutes}[s.relation]
        if s.period is None:
            # hours as said: a 12-hour reading only when going "to" 1 o'clock wraps to 12
            total = said if said >= 60 or s.hour != 1 else said + 720
            total %= 1440
        else:
            dial = said % 720  # 12 o'clock is the top of the dial: 0
            pm = {"am": False, "pm": True}.get(s.period)
            if s.period == "night":
                pm = 6 * 60 <= dial < 12 * 60
            total = dial + (720 if pm else 0)
    return f"{total // 60:02d}:{total % 60:02d}"


@st.composite
def spoken_times(draw) -> SpokenTime:
    if draw(st.booleans()) and draw(st.booleans()):
        relation = draw(st.sampled_from(["plain", "past", "to"]))
        minutes = 0 if relation == "plain" else draw(st.integers(1, 59))
        return SpokenTime(None, minutes, relation, anchor=draw(st.sampled_from(["noon", "midnight"])))
    period = draw(st.sampled_from([None, "am", "pm", "night"]))
    relation = draw(st.sampled_from(["plain", "past", "to"]))
    hour = draw(st.integers(1, 12)) if period or relation != "plain" else draw(st.integers(0, 23))
    minutes = draw(st.integers(0, 59)) if relation == "plain" else draw(st.integers(1, 59))
    return SpokenTime(hour, minutes, relation, period)


@given(spoken_times())
def test_resolve_agrees_with_independent_derivation(spoken: SpokenTime) -> None:
    assert resolve(spoken) == _independent_label(spoken)


def test_invalid_spoken_times_are_rejected() -> None:
    with pytest.raises(ValueError):
        SpokenTime(13, period="pm")  # 24-hour hours take no am/pm
    with pytest.raises(ValueError):
        SpokenTime(None)
    with pytest.raises(ValueError):
        SpokenTime(5, 60, "past")
    with pytest.raises(ValueError):
        SpokenTime(5, 0, "to")
