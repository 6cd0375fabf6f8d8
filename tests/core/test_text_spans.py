"""Protected spans: what is found, and how German writes it (pure)."""
from __future__ import annotations

import pytest

from core.text import german_forms
from core.text.spans import find_spans


def kinds(text: str) -> list[tuple[str, str, str]]:
    return [(s.kind, s.text, s.german) for s in find_spans(text)]


@pytest.mark.parametrize(("text", "expected"), [
    ("The meeting is on March 5, 2024 at 10:30.", [("date", "March 5, 2024", "5. März 2024"), ("time", "10:30", "10:30")]),
    ("This jacket costs $49.99, but it was cheaper last week.", [("money", "$49.99", "49,99 $")]),
    ("My phone number is 555-1234 and my email is anna@example.com.",
     [("phone", "555-1234", "555-1234"), ("email", "anna@example.com", "anna@example.com")]),
    ("I love this song! 😍🎶", [("emoji", "😍🎶", "😍🎶")]),
    ("See https://example.com/a?b=1, or www.foo.org.",
     [("url", "https://example.com/a?b=1", "https://example.com/a?b=1"), ("url", "www.foo.org", "www.foo.org")]),
    ("Follow @anna_k and #MondayMotivation on example.com",
     [("handle", "@anna_k", "@anna_k"), ("hashtag", "#MondayMotivation", "#MondayMotivation"), ("url", "example.com", "example.com")]),
    ("Photos by @kat.runs. Thanks, @anna_k!", [("handle", "@kat.runs", "@kat.runs"), ("handle", "@anna_k", "@anna_k")]),
    ("Call +49 30 1234567 or (555) 123-4567.",
     [("phone", "+49 30 1234567", "+49 30 1234567"), ("phone", "(555) 123-4567", "(555) 123-4567")]),
    ("We won 3:2 after 10-20 tries, 10 to 20 even.",
     [("number", "3:2", "3:2"), ("number", "10-20", "10-20"), ("number", "10 to 20", "10 bis 20")]),
    ("About 1,000 people, 12.5% of 10,000.5 and 50 percent.",
     [("number", "1,000", "1.000"), ("number", "12.5%", "12,5 %"), ("number", "10,000.5", "10.000,5"),
      ("number", "50 percent", "50 Prozent")]),
    ("It was 7,50 € or USD 10 or $5 million or 20 EUR or €2.",
     [("money", "7,50 €", "7,50 €"), ("money", "USD 10", "10 USD"), ("money", "$5 million", "5 Millionen $"),
      ("money", "20 EUR", "20 EUR"), ("money", "€2", "2 €")]),
    ("Meet me at 5:00 PM, 5 pm, 7.30 a.m., 12 AM or 5 o'clock.",
     [("time", "5:00 PM", "17:00 Uhr"), ("time", "5 pm", "17 Uhr"), ("time", "7.30 a.m.", "7:30 Uhr"),
      ("time", "12 AM", "0 Uhr"), ("time", "5 o'clock", "5 Uhr")]),
    ("on the 5th of March, 5 March 2024, 5.3.2024, 2024-03-05, 3/5/2024, June 2019",
     [("date", "the 5th of March", "5. März"), ("date", "5 March 2024", "5. März 2024"), ("date", "5.3.2024", "5.3.2024"),
      ("date", "2024-03-05", "2024-03-05"), ("date", "3/5/2024", "3/5/2024"), ("date", "June 2019", "Juni 2019")]),
    ("She lives on the 5th floor, 2.3 meters up.", [("number", "5th", "5."), ("number", "2.3", "2,3")]),
    ("I ❤️ you 👍🏽 and 👨‍👩‍👧 🇩🇪", [("emoji", "❤️", "❤️"), ("emoji", "👍🏽", "👍🏽"), ("emoji", "👨‍👩‍👧 🇩🇪", "👨‍👩‍👧 🇩🇪")]),
])
def test_spans_and_their_german_form(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert kinds(text) == expected


@pytest.mark.parametrize("text", [
    "I have 3 cats and 12 dogs in 2024.",  # plain integers: the model copies them (repair_numbers checks)
    "Tom said it was fine, e.g. yesterday at noon.",
    "Mr. Smith met Dr. Jones at 5 Main Street.",
    "He lived from 1990-2000 in the city.",
    "There were 2000 3000 people.",
    "You may go now.",
])
def test_ordinary_text_has_no_spans_to_protect(text: str) -> None:
    assert [s for s in find_spans(text) if s.kind != "number"] == []
    assert all(s.kind == "number" for s in find_spans(text))


def test_spans_do_not_overlap_and_keep_their_source_text() -> None:
    text = "Send 25% of the $800 to tom@example.net before March 5 at 6:15 AM, call 555-1234."
    spans = find_spans(text)
    assert [s.kind for s in spans] == ["number", "money", "email", "date", "time", "phone"]
    for a, b in zip(spans, spans[1:], strict=False):
        assert a.end <= b.start
    assert all(text[s.start: s.end] == s.text for s in spans)


@pytest.mark.parametrize(("english", "german"), [
    ("49.99", "49,99"), ("1,000", "1.000"), ("1,234,567.89", "1.234.567,89"), ("1,5", "1,5"), ("2024", "2024"),
    ("1.2.3", "1.2.3"),
])
def test_number_notation_keeps_the_value(english: str, german: str) -> None:
    assert german_forms.number(english) == german
