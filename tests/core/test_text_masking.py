"""Masking protected spans before the model and putting them back after it (pure)."""
from __future__ import annotations

from core.text.masking import mask, unmask
from core.text.pipeline import PreparedSentence, finish_sentence, prepare_sentence


def test_spans_become_placeholders_the_model_copies() -> None:
    m = mask("The meeting is on March 5, 2024 at 10:30.")
    assert m.text == "The meeting is on Tuesday at 37."
    assert unmask("Das Treffen ist am Dienstag um 37 Uhr.", m) == "Das Treffen ist am 5. März 2024 um 10:30 Uhr."


def test_placeholders_avoid_words_and_numbers_of_the_sentence() -> None:
    m = mask("Tom paid $37 on Tuesday, March 5 to maria@x.org.")
    assert "Tom" in m.text and "Maria" not in m.text.split()
    assert m.text.count("37") == 0 and "Tuesday" in m.text
    assert m.text.count("Monday") == 1  # the date's weekday is not the sentence's own


def test_edge_emoji_and_hashtags_are_set_aside_unchanged() -> None:
    m = mask("I love this song! 😍🎶")
    assert m.text == "I love this song!"
    assert unmask("Ich liebe dieses Lied!", m) == "Ich liebe dieses Lied! 😍🎶"
    m = mask("👍 Sounds good #team")
    assert m.text == "Sounds good"
    assert unmask("Klingt gut", m) == "👍 Klingt gut #team"


def test_a_lost_placeholder_is_put_back_before_the_final_punctuation() -> None:
    m = mask("My email is anna@example.com.")
    assert unmask("Meine E-Mail.", m) == "Meine E-Mail anna@example.com."


def test_a_doubled_placeholder_keeps_its_first_place_and_units_are_not_doubled() -> None:
    m = mask("It costs $49.99 at 5:00 PM.")
    assert unmask("Es kostet 37 Dollar 37 um 58 Uhr.", m) == "Es kostet 49,99 $ um 17:00 Uhr."


def test_a_unit_the_placeholder_invited_is_dropped() -> None:
    m = mask("It went up by 12.5% last year.")
    assert unmask("Es ist letztes Jahr um 37 Uhr gestiegen.", m) == "Es ist letztes Jahr um 12,5 % gestiegen."


def test_a_sentence_of_spans_only_still_goes_through_the_model() -> None:
    m = mask("😍🎶")
    assert m.text == "Maria" and (m.prefix, m.suffix) == ("", "")
    assert unmask("Maria", m) == "😍🎶"
    assert prepare_sentence("anna@example.com").text == "Maria"  # no capital or "." added to a placeholder


def test_prepare_and_finish_round_trip_through_the_pipeline_hooks() -> None:
    source = "THIS JACKET COSTS $49.99, EMAIL ANNA@EXAMPLE.COM"
    prepared = prepare_sentence(source)
    assert isinstance(prepared, PreparedSentence) and prepared.all_caps
    assert "$" not in prepared.text and "@" not in prepared.text
    assert prepared.text.startswith("This jacket costs 37")
    out = finish_sentence(source, prepared, "Diese Jacke kostet 37, E-Mail Maria")
    assert out == "DIESE JACKE KOSTET 49,99 $, E-MAIL ANNA@EXAMPLE.COM"  # the span keeps the case it was sent in


def test_numbers_the_model_got_wrong_are_repaired_before_the_spans_return() -> None:
    source = "I have 3 cats and $12.50."
    prepared = prepare_sentence(source)
    assert finish_sentence(source, prepared, "Ich habe 5 Katzen und 37.") == "Ich habe 3 Katzen und 12,50 $."



def test_in_a_shouted_sentence_the_words_the_german_notation_adds_are_in_capitals() -> None:
    source = "THE STORE CLOSES AT 9:30 PM ON MARCH 5, EMAIL anna@example.com"
    prepared = prepare_sentence(source)
    assert isinstance(prepared, PreparedSentence) and prepared.all_caps
    time, date, email = (forms[0] for forms, _ in prepared.masking.slots)
    out = finish_sentence(source, prepared, f"Das Geschäft schließt am {date} um {time} Uhr, E-Mail {email}")
    assert out == "DAS GESCHÄFT SCHLIESST AM 5. MÄRZ UM 21:30 UHR, E-MAIL anna@example.com"
    plain = "The store closes at 9:30 PM."
    (forms, _), = prepare_sentence(plain).masking.slots
    assert finish_sentence(plain, prepare_sentence(plain), f"Das Geschäft schließt um {forms[0]} Uhr.") == \
        "Das Geschäft schließt um 21:30 Uhr."


def test_a_bare_clock_time_after_a_german_clock_preposition_gets_uhr_once() -> None:
    source = "The bus comes at 10:15."
    prepared = prepare_sentence(source)
    (forms, span), = prepared.masking.slots
    assert span.german == "10:15"  # no "Uhr" of its own: "10:15" may be no clock time
    assert finish_sentence(source, prepared, f"Der Bus kommt um {forms[0]}.") == "Der Bus kommt um 10:15 Uhr."
    assert finish_sentence(source, prepared, f"Der Bus kommt um {forms[0]} Uhr an.") == "Der Bus kommt um 10:15 Uhr an."
    assert finish_sentence(source, prepared, f"Der Bus kommt {forms[0]}.") == "Der Bus kommt 10:15."
