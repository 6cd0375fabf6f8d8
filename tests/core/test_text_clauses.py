"""Long sentences are cut into clauses for the model (core/text/clauses.py)."""
from __future__ import annotations

from core.text.clauses import MAX_WORDS, split_clauses
from core.text.sentences import Segment

LONG = ("The meeting, which was planned for March 5, 2024 at the town hall in Springfield, was postponed "
        "because the mayor (who is ill) could not attend, and nobody else wanted to lead it.")


def test_short_sentences_are_left_whole() -> None:
    short = Segment("I think that he is right, but she does not agree with him.", " ")
    assert split_clauses(short) == [short]


def test_long_sentences_are_cut_at_clause_boundaries_and_give_back_the_text() -> None:
    pieces = split_clauses(Segment(LONG, "  "))
    assert len(LONG.split()) > MAX_WORDS and len(pieces) >= 3
    assert "".join(p.text + p.trailing for p in pieces) == LONG + "  "
    assert pieces[-1].trailing == "  " and all(p.trailing == " " for p in pieces[:-1])
    assert any(p.text.startswith("because") for p in pieces) and any(p.text == "(who is ill)" for p in pieces)
    assert all(len(p.text.split()) >= 3 for p in pieces)


def test_no_cut_inside_a_protected_span() -> None:
    pieces = split_clauses(Segment(LONG, ""))
    assert not any(p.text.endswith("March 5,") for p in pieces)  # "March 5, 2024" is one date
    money = ("We paid $1,000, which is a lot, for a room that was small, loud and far from the beach, "
             "and the owner never answered our e-mails to anna@example.com about it.")
    assert all("$1,000" in p.text or "$1," not in p.text for p in split_clauses(Segment(money, "")))


def test_the_limit_can_be_changed() -> None:
    assert len(split_clauses(Segment(LONG, ""), max_words=1000)) == 1
