"""Informal input and unseen names before the model (pure; the corpus vocabulary is shipped)."""
from __future__ import annotations

import pytest

from core.text.informal import formalize
from core.text.masking import mask, unmask
from core.text.names import corpus_words, find_names


@pytest.mark.parametrize(("typed", "written"), [
    ("i dont know what you mean", "I don't know what you mean."),
    ("where is the station", "Where is the station?"),
    ("Dont do that", "Don't do that."),
    ("im tired", "I'm tired."),
    ("Hello world!", "Hello world!"),
    ("I LOVE YOU", "I LOVE YOU."),
    ("i paid 37 to Maria", "I paid 37 to Maria."),  # placeholders do not count as capitals
    ("😍🎶", "😍🎶"),
])
def test_formalize(typed: str, written: str) -> None:
    assert formalize(typed, ("37", "Maria")) == written


def test_the_vocabulary_is_shipped_and_knows_everyday_words() -> None:
    words = corpus_words()
    assert len(words) > 10_000
    assert {"tom", "london", "germany", "chancellor"} <= words
    assert not {"priyanka", "manchester", "oaxaca"} & words


def names(text: str) -> list[tuple[str, bool]]:
    return [(text[a:b], place) for a, b, place in find_names(text)]


def test_unseen_names_people_and_places() -> None:
    assert names("My friend Priyanka lives in Manchester.") == [("Priyanka", False), ("Manchester", True)]
    assert names("Angela Merkel was the chancellor of Germany.") == [("Angela Merkel", False)]
    assert names("Let's meet at Brightwater Park.") == [("Brightwater Park", True)]
    assert names("We are flying to Reykjavik next week.") == [("Reykjavik", True)]
    assert names("I talked to Oluwaseun.") == [("Oluwaseun", False)]
    assert names("I watch YouTube every day.") == [("YouTube", False)]


def test_particles_join_a_name_also_at_the_start() -> None:
    assert names("Ursula von der Leyen has been president since 2019.") == [("Ursula von der Leyen", False)]
    assert names("Have you met Joost van den Berg before?") == [("Joost van den Berg", False)]
    assert names("Yesterday I talked to Ana da Silva.") == [("Ana da Silva", False)]
    m = mask("I met Charles de Gaulle in Oaxaca.")
    assert m.text == "I met Oliver in Boston."  # a man's first name: a man's placeholder (core/text/name_gender.py)
    assert unmask("Ich traf Oliver in Boston.", m) == "Ich traf Charles de Gaulle in Oaxaca."


def test_a_particle_needs_a_capitalised_word_on_both_sides() -> None:
    assert names("Priyanka de") == []  # nothing after the particle: a first word alone
    assert names("We met Priyanka de la sea.") == [("Priyanka", False)]
    assert names("We met Priyanka  de Souza.") == [("Priyanka", False), ("Souza", False)]  # two spaces: not one name


def test_known_words_and_sentence_starts_are_left_to_the_model() -> None:
    assert names("Tom lives in London, Germany.") == []
    assert names("Priyanka is my best friend.") == []  # a single word at the start may be any word
    assert names("i dont know what you mean") == []
    assert names("Verily I say unto you.") == []  # a first word alone, and "I" joins no name


def test_lower_case_names_come_back_with_capitals() -> None:
    m = mask("my friend priyanka lives in manchester")
    assert m.text == "my friend Maria lives in Boston"
    assert unmask("Mein Freund Maria lebt in Boston.", m) == "Mein Freund Priyanka lebt in Manchester."
