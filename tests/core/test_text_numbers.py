"""Digit groups and their repair after decoding (pure)."""
from __future__ import annotations

import re

from core.text.numbers import numbers_in, repair_numbers


def test_numbers_in_finds_groups_in_order():
    assert numbers_in("I have 3 cats, 12 dogs and 1,000 fish at 12:30.") == ["3", "12", "1,000", "12:30"]


def test_repair_replaces_wrong_numbers_in_order():
    assert repair_numbers("I have 3 cats and 12 dogs.", "Ich habe 3 Katzen und 2 Hunde.") == \
        "Ich habe 3 Katzen und 12 Hunde."


def test_repair_leaves_correct_or_unmatched_translations_alone():
    assert repair_numbers("I have 3 cats.", "Ich habe 3 Katzen.") == "Ich habe 3 Katzen."
    assert repair_numbers("I have 3 cats.", "Ich habe Katzen.") == "Ich habe Katzen."
    assert repair_numbers("Hello.", "Hallo 5.") == "Hallo 5."


def test_lost_numbers_are_the_sources_digit_groups_the_translation_lacks() -> None:
    from core.text.numbers import lost_numbers

    assert lost_numbers("I bought 3 bikes in 2019.", "Ich kaufte 2019 Fahrräder.") == ["3"]
    assert lost_numbers("3 cats and 3 dogs", "3 Katzen und Hunde") == ["3"]  # missing once
    assert lost_numbers("3 bikes for 37 euros", "Fahrräder für 37 Euro", placeholders=("37",)) == ["3"]
    assert lost_numbers("I have 3 cats.", "Ich habe 3 Katzen.") == []


def test_a_number_the_model_lost_is_added_never_dropped() -> None:
    from core.text.pipeline import finish_sentence, prepare_sentence

    source = "we moved to Tromsø in 2019 and bought 3 bikes for 1,250 euros"
    prepared = prepare_sentence(source)
    placeholder = prepared.masking.tokens[-1]
    out = finish_sentence(source, prepared, f"Wir sind 2019 nach Boston gezogen und kauften {placeholder} Euro.")
    assert out == "Wir sind 2019 nach Tromsø gezogen und kauften 1.250 Euro 3."


def test_a_number_the_source_lacks_is_dropped():
    from core.text.numbers import drop_invented_numbers

    # two placeholders run together by the model: a value the user never sent
    assert drop_invented_numbers("For reservations call 37 between 58 and 84.",
                                 "Die Reservierungen rufen 37 zwischen 584.") == "Die Reservierungen rufen 37 zwischen."
    # each source number accounts for one in the output
    assert drop_invented_numbers("I have 2 cats.", "Ich habe 2 Katzen und 2 Hunde.") == "Ich habe 2 Katzen und Hunde."
    assert drop_invented_numbers("I have 2 cats and 2 dogs.", "Ich habe 2 Katzen und 2 Hunde.") == \
        "Ich habe 2 Katzen und 2 Hunde."
    # nothing invented: the text is returned as it is, spacing and all
    assert drop_invented_numbers("It costs 5.", "Es kostet  5 .") == "Es kostet  5 ."


def test_the_pipeline_never_adds_a_number():
    from core.text.pipeline import finish_sentence, prepare_sentence

    source = "For reservations call 0800 555 0199 between nine and five."
    prepared = prepare_sentence(source)
    phone, nine, five = prepared.masking.tokens
    out = finish_sentence(source, prepared, f"Die Reservierungen rufen {phone} zwischen {nine[0]}{five}.")
    assert "0800 555 0199" in out and "neun" in out and "fünf" in out
    assert not set(re.findall(r"\d+", out)) - {"0800", "555", "0199"}, out
