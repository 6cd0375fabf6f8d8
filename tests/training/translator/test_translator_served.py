"""Served copies (training/translator/served.py): a pair as the service presents it, names as placeholders."""
from __future__ import annotations

from training.translator.served import served_name_copies, served_name_variant


def test_unseen_names_become_the_services_placeholders_on_both_sides() -> None:
    assert served_name_variant("My friend Priyanka lives in Manchester.",
                               "Meine Freundin Priyanka wohnt in Manchester.") == (
        "My friend Maria lives in Boston.", "Meine Freundin Maria wohnt in Boston.")
    assert served_name_variant("Our teacher, Mrs Okonkwo, is strict.", "Unsere Lehrerin, Frau Okonkwo, ist streng.") == (
        "Our teacher, Maria, is strict.", "Unsere Lehrerin, Maria, ist streng.")  # the title as the service writes it
    assert served_name_variant("I met Arjun yesterday.", "Ich habe Arjun gestern getroffen.") == (
        "I met Oliver yesterday.", "Ich habe Oliver gestern getroffen.")


def test_pairs_the_service_would_not_mask_by_name_alone_are_not_copied() -> None:
    assert served_name_variant("Tom lives in Boston.", "Tom wohnt in Boston.") is None  # nothing unseen
    assert served_name_variant("Priyanka paid 20 euros.", "Priyanka hat 20 Euro bezahlt.") is None  # a number too
    assert served_name_variant("I met Arjun.", "Ich traf ihn.") is None  # the name is not in the German
    assert served_name_variant("I called Arjun.", "Ich rief Arjun an, ja, Arjun.") is None  # twice: which one?
    # "Arjun's" is no unseen word to the service ("s" is known), so it stays, as it reaches the model
    assert served_name_variant("I met Arjun and Arjun's dog.", "Ich traf Arjun und Arjuns Hund.") == (
        "I met Oliver and Arjun's dog.", "Ich traf Oliver und Arjuns Hund.")


def test_copies_repeat_each_served_pair() -> None:
    pairs = [("I met Arjun yesterday.", "Ich habe Arjun gestern getroffen."), ("Tom lives here.", "Tom wohnt hier.")]
    assert served_name_copies(pairs, 0) == []
    assert served_name_copies(pairs, 3) == [("I met Oliver yesterday.", "Ich habe Oliver gestern getroffen.")] * 3
