"""Reliability table, false-time rate and the threshold choice (pure Python)."""
from __future__ import annotations

import pytest

from training.timenorm.reliability import (
    choose_threshold,
    false_time_rate,
    format_reliability,
    reliability_table,
    served,
)

EXPECTED = ["07:00", "08:00", "", "", "09:15", "10:00"]
PREDICTED = ["07:00", "08:30", "03:00", "", "09:15", "10:00"]
CONFIDENCE = [0.999, 0.40, 0.55, 0.98, 0.95, 1.0]


def test_served_answers_no_time_below_the_threshold() -> None:
    assert served(PREDICTED, CONFIDENCE, 0.6) == ["07:00", "", "", "", "09:15", "10:00"]
    assert served(PREDICTED, CONFIDENCE, 0.0) == PREDICTED


def test_reliability_bins_count_every_output_once() -> None:
    rows = reliability_table(EXPECTED, PREDICTED, CONFIDENCE)
    assert sum(r["n"] for r in rows) == len(EXPECTED)
    low = rows[0]
    assert (low["low"], low["n"], low["correct"]) == (0.0, 1, 0)
    top = rows[-1]
    assert top["high"] == 1.0 and top["n"] == 2 and top["accuracy"] == 1.0  # 0.999 and 1.0 (closed bin)
    assert "| [0.000, 0.500) | 1 |" in format_reliability(rows)


def test_false_time_rate_counts_times_given_to_texts_without_one() -> None:
    assert false_time_rate(EXPECTED, PREDICTED) == {"false_times": 1, "negatives": 2, "rate": 0.5}
    assert false_time_rate(EXPECTED, served(PREDICTED, CONFIDENCE, 0.6))["rate"] == 0.0


def test_threshold_maximizes_served_exact_match() -> None:
    choice = choose_threshold(EXPECTED, PREDICTED, CONFIDENCE)
    # below 0.55 the false "03:00" is served; above 0.95 the right "09:15" is dropped
    assert 0.55 < choice["threshold"] <= 0.95
    assert choice["served_exact_match"] == pytest.approx(5 / 6)
    assert choice["per_candidate"][0.5] == pytest.approx(4 / 6)


def test_threshold_under_false_time_rate_keeps_the_bar_then_the_most_right_answers() -> None:
    from training.timenorm.reliability import threshold_under_false_time_rate

    # at 0.5 the false "03:00" (0.55) is served: 1 false time of 2; from 0.6 on none, and "09:15" (0.95)
    # stays right up to 0.95; the lowest of the best is taken
    choice = threshold_under_false_time_rate(EXPECTED, PREDICTED, CONFIDENCE, max_rate=0.0,
                                             candidates=(0.5, 0.6, 0.9, 0.96, 0.999))
    assert choice["threshold"] == 0.6 and choice["met"]
    assert choice["per_candidate"][0.5]["false_times"] == 1 and choice["per_candidate"][0.96]["correct"] == 4
    assert choice["served_exact_match"] == pytest.approx(5 / 6)
    # a looser bar lets the false time through where that serves more right answers: here it does not
    assert threshold_under_false_time_rate(EXPECTED, PREDICTED, CONFIDENCE, max_rate=0.5,
                                           candidates=(0.5, 0.6))["threshold"] == 0.6


def test_threshold_under_false_time_rate_says_when_no_candidate_meets_the_bar() -> None:
    from training.timenorm.reliability import threshold_under_false_time_rate

    confident = [0.999, 0.40, 0.999, 0.98, 0.95, 1.0]  # the false "03:00" is as sure as the right answers
    choice = threshold_under_false_time_rate(EXPECTED, PREDICTED, confident, max_rate=0.0, candidates=(0.5, 0.9))
    assert not choice["met"] and choice["threshold"] == 0.5  # fewest false times (1 at both): the lowest
