"""training/shared.py: the near-duplicate wall, prefix-filtered, finds exactly what comparing every pair finds."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from training.shared import near_duplicates


def masked_words(text: str) -> list[str]:
    return re.findall(r"[a-z]+|#", re.sub(r"\d+", "#", text.lower()))


def every_pair(texts: list[str], others: list[str], jaccard: float) -> list[int]:
    """The wall's definition, pair by pair."""
    def near(a: str, b: str) -> bool:
        wa, wb = masked_words(a), masked_words(b)
        sa, sb = set(wa) - {"#"}, set(wb) - {"#"}
        return wa == wb or (bool(sa | sb) and len(sa & sb) >= jaccard * len(sa | sb))
    return [i for i, text in enumerate(texts) if any(near(text, other) for other in others)]


sentences = st.lists(st.sampled_from(["the", "a", "bus", "leaves", "at", "7", "2215", "ferry", "pier", "from", "to",
                                      "six", "price", "4.50", "soup"]), max_size=8).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(st.lists(sentences, max_size=12), st.lists(sentences, max_size=12), st.sampled_from([0.5, 0.6, 0.75, 0.9, 1.0]))
def test_prefix_filtering_finds_exactly_the_pairs_a_full_comparison_finds(texts: list[str], others: list[str],
                                                                          jaccard: float) -> None:
    assert near_duplicates(texts, others, masked_words, jaccard) == every_pair(texts, others, jaccard)


def test_digits_are_masked_and_a_shared_share_of_words_is_near() -> None:
    others = ["the bus leaves at 7", "soup of the day"]
    texts = ["the bus leaves at 9", "soup of the day today", "a ferry from the pier"]
    assert near_duplicates(texts, others, masked_words, 0.75) == [0, 1]
