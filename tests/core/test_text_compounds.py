"""Made-up hyphen chains (core/text/compounds.py): what the evaluation counts and the beam steers away from."""
from __future__ import annotations

from core.text.compounds import made_up_chains


def test_chains_are_words_of_three_hyphenated_parts_not_in_the_source() -> None:
    assert made_up_chains("Die Calom-Schom-Stateien veröffentlicht.") == ["Calom-Schom-Stateien"]
    assert made_up_chains("Ein E-Mail-Konto und ein Max-Planck-Institut.") == ["E-Mail-Konto", "Max-Planck-Institut"]
    assert made_up_chains("Das Max-Planck-Institut.", "the Max-Planck-Institut") == []


def test_two_parts_and_digits_are_no_chain() -> None:
    assert made_up_chains("Ein gut-gelaunter Hund, 2-3-4.") == []
    assert made_up_chains("Die 17-jährige Schülerin.") == []
