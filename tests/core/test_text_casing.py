"""ALL-CAPS handling around the translator (pure)."""
from __future__ import annotations

from core.text.casing import normalize_case, restore_case


def test_all_caps_sentence_becomes_sentence_case_and_comes_back_upper():
    norm = normalize_case("I LOVE YOU, TOM!")
    assert norm.all_caps and norm.text == "I love you, tom!"
    assert restore_case("Ich liebe dich, Tom!", norm) == "ICH LIEBE DICH, TOM!"


def test_shouted_word_is_title_cased_and_restored():
    norm = normalize_case("LONDON is big.")
    assert not norm.all_caps and norm.text == "London is big."
    assert restore_case("London ist groß.", norm) == "LONDON ist groß."


def test_acronyms_and_normal_text_are_left_alone():
    assert normalize_case("The USA and the UK are big.").text == "The USA and the UK are big."
    assert normalize_case("Tom is here.").text == "Tom is here."
    assert restore_case("Tom ist hier.", normalize_case("Tom is here.")) == "Tom ist hier."


def test_eszett_upper_cases_to_double_s():
    assert restore_case("Das ist groß.", normalize_case("THAT IS BIG.")) == "DAS IST GROSS."
