"""The hand-written evaluation set: size, labels, and kept apart from the generator and training."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from training.timenorm.evaluate import HANDWRITTEN_SET, load_handwritten, score
from training.timenorm.generator import GeneratorConfig, iterate
from training.timenorm.text import normalize_text

HHMM = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
EXAMPLES = load_handwritten()


def test_size_and_labels() -> None:
    assert len(EXAMPLES) >= 220
    assert sum(e.expected != "" for e in EXAMPLES) >= 200
    assert sum(e.expected == "" for e in EXAMPLES) >= 20
    for e in EXAMPLES:
        assert e.expected == "" or HHMM.match(e.expected), e
        assert (e.expected == "") == (e.category == "no-time"), e
        assert "\t" not in e.text and e.text == e.text.strip(), e
    assert len({e.text for e in EXAMPLES}) == len(EXAMPLES)
    assert min(Counter(e.category for e in EXAMPLES).values()) >= 10


def test_spec_examples_are_labelled_by_the_conventions() -> None:
    by_text = {e.text: e.expected for e in EXAMPLES}
    assert by_text["call me ten at night if urgent"] == "22:00"
    assert by_text["woke up at two at night again"] == "02:00"
    assert by_text["the party ends twelve at night"] == "00:00"
    assert by_text["ten to midnight, fireworks!"] == "23:50"
    assert by_text["twenty to one is fine"] == "12:40"
    assert by_text["see you half 6 at the pub"] == "06:30"
    assert by_text["she was born at 12:30 am"] == "00:30"
    assert by_text["1900 hours sharp, gentlemen"] == "19:00"


def test_no_eval_text_is_produced_by_the_generator() -> None:
    """None of the hand-written phrasings occurs in a large generator sample (normalized)."""
    eval_texts = {normalize_text(e.text) for e in EXAMPLES}
    for seed in (20261121, 20261122, 0):  # the training and validation seeds, and the default
        sample = iterate(GeneratorConfig(seed=seed))
        seen = {normalize_text(next(sample).text) for _ in range(70_000)}
        assert not eval_texts & seen, sorted(eval_texts & seen)


def test_training_code_does_not_mention_the_eval_set() -> None:
    package = Path(__file__).resolve().parents[3] / "training" / "timenorm"
    for module in ("train.py", "data.py", "generator.py", "phrasing.py", "noise.py", "words.py", "config.py"):
        source = (package / module).read_text(encoding="utf-8")
        assert "eval_handwritten" not in source and "evaluate" not in source, module
    assert HANDWRITTEN_SET.name == "eval_handwritten.tsv"


def test_score_counts_per_category() -> None:
    examples = EXAMPLES[:3]
    result = score(examples, [examples[0].expected, "99:99", examples[2].expected])
    assert result["correct"] == 2 and result["total"] == 3
    assert len(result["errors"]) == 1 and result["errors"][0]["predicted"] == "99:99"
