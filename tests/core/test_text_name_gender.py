"""A person's placeholder agrees with the person's gender (core/text/name_gender.py, core/text/masking.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from core.text import masking, name_gender
from core.text.masking import mask, unmask
from core.text.name_gender import first_names


@pytest.fixture()
def names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "first_names.tsv"
    path.write_text("Priyanka\tf\nKwame\tm\nAngela\tf\nAlex\tu\n", encoding="utf-8")
    monkeypatch.setattr(name_gender, "NAMES_FILE", path)
    first_names.cache_clear()
    yield
    first_names.cache_clear()


def test_a_title_before_or_in_the_name_decides_else_the_first_name(names: None) -> None:
    gender = name_gender.name_gender
    assert gender("Okonkwo", "Our teacher, Mrs ") == "f" and gender("Okonkwo", "I met Mr. ") == "m"
    assert gender("Ms Adebayo") == "f" and gender("Sir Kwabena Osei") == "m"
    assert gender("Angela Merkel") == "f" and gender("kwame") == "m"
    assert gender("Alex Zyx") is None and gender("Zyxwv") is None  # both genders, or unknown
    assert gender("Mr") is None  # a title alone is no name


def test_a_woman_gets_a_womans_placeholder_and_a_man_a_mans(names: None) -> None:
    woman = mask("Angela Merkel was the chancellor of Germany for sixteen years.")
    assert woman.text.startswith("Maria was the chancellor")
    man = mask("My neighbour Kwame Mensah is a lawyer.")
    assert man.text == "My neighbour Oliver is a lawyer."
    both = mask("My friend Kwame Mensah met Priyanka Chopra in Leeds.")
    assert "Oliver" in both.tokens and "Maria" in both.tokens
    assert unmask("Mein Freund Oliver traf Maria in Leeds.", both).startswith(
        "Mein Freund Kwame Mensah traf Priyanka Chopra")
    assert mask("My neighbour Alex Zyxwv is a lawyer.").tokens == ("Maria",)  # unknown: the pool as before


def test_the_gendered_placeholders_can_be_turned_off(names: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(masking, "GENDERED_PEOPLE", False)
    assert mask("My neighbour Kwame Mensah is a lawyer.").tokens == ("Maria",)


def test_the_shipped_first_names_are_one_name_and_one_gender_a_line() -> None:
    first_names.cache_clear()
    lines = name_gender.NAMES_FILE.read_text(encoding="utf-8").splitlines()
    rows = [line.split("\t") for line in lines]
    assert len(rows) >= 1000 and all(len(r) == 2 and r[1] in {"f", "m", "u"} and r[0].strip() == r[0] for r in rows)
    assert first_names()["priyanka"] == "f" and first_names()["kwame"] == "m"


def test_a_title_inside_an_unseen_name_is_written_the_german_way_and_tells_the_gender(names: None) -> None:
    masked = mask("Our teacher, Mrs Okonkwo, is very strict.")
    assert masked.text == "Our teacher, Maria, is very strict."
    assert unmask("Unsere Lehrerin, Maria, ist sehr streng.", masked) == "Unsere Lehrerin, Frau Okonkwo, ist sehr streng."
    doctor = mask("I met Dr Zyxwv Qorbel yesterday.")
    assert unmask("Ich traf gestern Maria.", doctor) == "Ich traf gestern Dr. Zyxwv Qorbel."


def test_a_name_is_found_without_its_accents_and_two_genders_make_it_both(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "first_names.tsv"
    path.write_text("Lucía\tf\nJosé\tm\nAndrea\tf\nAndrea\tm\n", encoding="utf-8")
    monkeypatch.setattr(name_gender, "NAMES_FILE", path)
    first_names.cache_clear()
    try:
        assert name_gender.name_gender("Lucia Gomez") == "f" and name_gender.name_gender("JOSE") == "m"
        assert name_gender.name_gender("Andrea Rossi") is None
    finally:
        first_names.cache_clear()


def test_a_womans_title_or_dr_before_an_unseen_name_joins_it(names: None) -> None:
    masked = mask("Ms Adebayo is our new neighbour.")
    assert masked.text == "Maria is our new neighbour."
    assert unmask("Maria ist unsere neue Nachbarin.", masked) == "Frau Adebayo ist unsere neue Nachbarin."
    assert mask("Mr Adebayo is here.").text == "Mr Oliver is here."  # the model writes "Herr" itself
    mister = mask("I met Mr Adebayo.")  # a title inside the unseen name: written "Herr", the nominative
    assert mister.text == "I met Oliver." and unmask("Ich traf Oliver.", mister) == "Ich traf Herr Adebayo."
    doctor = mask("Thank you, Dr Priyanka Zyxwv.")
    assert doctor.tokens == ("Maria",) and unmask("Danke, Maria.", doctor) == "Danke, Dr. Priyanka Zyxwv."
