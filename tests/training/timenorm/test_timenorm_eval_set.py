"""The hand-written evaluation set: size, labels, and kept apart from the generator and training."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from training.timenorm.config import TrainConfig
from training.timenorm.evaluate import EXTERNAL_SET, HANDWRITTEN_SET, load_handwritten, score
from training.timenorm.generator import NEGATIVE_CATEGORIES, GeneratorConfig, is_negative, iterate
from training.timenorm.leaks import leaked_texts
from training.timenorm.text import normalize_text

HHMM = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
EXAMPLES = load_handwritten()
SHIPPED_CONFIG = max((Path(__file__).resolve().parents[3] / "models" / "time-normalizer").glob("*/assets.extra/config.json"),
                     key=lambda p: int(p.parts[-3]))  # the shipped version's training config


def test_size_and_labels() -> None:
    assert len(EXAMPLES) >= 470
    assert sum(e.expected != "" for e in EXAMPLES) >= 360
    assert sum(e.expected == "" for e in EXAMPLES) >= 100
    for e in EXAMPLES:
        assert e.expected == "" or HHMM.match(e.expected), e
        assert (e.expected == "") == is_negative(e.category), e
        assert "\t" not in e.text and e.text == e.text.strip(), e
    assert len({e.text for e in EXAMPLES}) == len(EXAMPLES)
    counts = Counter(e.category for e in EXAMPLES)
    assert min(counts.values()) >= 10
    assert set(NEGATIVE_CATEGORIES) <= set(counts)
    for family in ("t-prefix", "hours-and", "oclock-minutes", "minutes-after", "minutes-before", "half-of-day"):
        assert counts[family] >= 25, family


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
    # v3 (issue 11): M before H = H:00 - M; before/after noon = am/pm; H hours and M; H o'clock M
    assert by_text["fifty two minutes before one a.m, the taxi"] == "00:08"
    assert by_text["forty two before six after noon, by the lake"] == "17:18"
    assert by_text["twenty after nine before noon"] == "09:20"
    assert by_text["seven hours and twenty two pm"] == "19:22"
    assert by_text["seven o'clock fifteen pm at the rink"] == "19:15"
    assert by_text["forty-five minutes past two in the afternoon"] == "14:45"
    assert by_text["t1:36p.m. works for me"] == "13:36"
    assert by_text["ready in 20 minutes, promise"] == ""


def test_no_eval_text_is_trained_on_and_the_generator_almost_never_produces_one() -> None:
    """The training and validation data of the shipped config (seeds 20261121 and 20261122) hold no
    hand-written text; in 250,000 generated texts at most five short generic ones turn up by chance
    ("seven o'clock 36 in the evening", "t11:11 p.m" before it got context words; g22's stream: four, "7 minutes before noon", "T3.50 A.M")
    : the hand-written phrasings are not the generator's."""
    eval_texts = {normalize_text(e.text) for e in EXAMPLES}
    config = TrainConfig.load(SHIPPED_CONFIG)  # every epoch's training examples (one set, or new ones each epoch)
    found_by_stream = leaked_texts(config, [e.text for e in EXAMPLES])
    # every epoch's stream (one, unless new examples each epoch), validation, and the written texts if any
    streams = (config.epochs if config.data.fresh_each_epoch else 1) + 1 + (1 if config.data.written_file else 0)
    assert len(found_by_stream) == streams
    assert not any(found_by_stream.values()), {k: v for k, v in found_by_stream.items() if v}
    found: list[str] = []
    # the training seed (as many samples as a v3 run trains on), validation, dev (threshold) and default
    for seed, n in ((20261121, 100_000), (20261122, 70_000), (20261123, 10_000), (0, 70_000)):
        sample = iterate(GeneratorConfig(seed=seed))
        found += [t for t in (next(sample).text for _ in range(n)) if normalize_text(t) in eval_texts]
    assert len(found) <= 5 and all(len(t.split()) <= 6 for t in found), found


def test_training_code_does_not_mention_the_eval_set() -> None:
    package = Path(__file__).resolve().parents[3] / "training" / "timenorm"
    for module in ("train.py", "data.py", "generator.py", "phrasing.py", "noise.py", "words.py", "config.py",
                   "negatives.py", "lookalikes.py", "phrasing_compact.py", "phrasing_tutorial.py",
                   "lookalikes_g12.py", "phrasing_plans.py", "lookalikes_g13.py", "phrasing_g13.py", "lookalikes_g14.py",
                   "phrasing_g14.py", "lookalikes_g15.py", "phrasing_g15.py", "lookalikes_g16.py", "phrasing_g16.py",
                   "clauses.py", "lookalikes_g18.py", "tails_g19.py", "nouns_g20.py", "wordnet_nouns.py", "movers_g22.py",
                   "addresses_g26.py", "written.py"):
        source = (package / module).read_text(encoding="utf-8")
        assert "eval_handwritten" not in source and "evaluate" not in source, module

    assert HANDWRITTEN_SET.name == "eval_handwritten.tsv"


def test_score_counts_per_category() -> None:
    examples = EXAMPLES[:3]
    result = score(examples, [examples[0].expected, "99:99", examples[2].expected])
    assert result["correct"] == 2 and result["total"] == 3
    assert len(result["errors"]) == 1 and result["errors"][0]["predicted"] == "99:99"


def test_external_set_is_well_formed_and_never_a_clause() -> None:
    """Sentences written by others (Tatoeba, seeded sample, labelled by hand): none can be one of g17's clauses,
    so no generated text holds one, and none is in the hand-written set."""
    from training.timenorm.clauses import clause_of

    external = load_handwritten(EXTERNAL_SET)
    assert len(external) >= 150 and sum(e.expected == "" for e in external) >= 60
    for e in external:
        assert e.expected == "" or HHMM.match(e.expected), e
        assert (e.expected == "") == is_negative(e.category), e
        assert clause_of(e.text) is None, e
    assert not {e.text for e in external} & {e.text for e in EXAMPLES}
