"""Data cleaning, number augmentation, tokenizer, batching, loss and schedule."""
from __future__ import annotations

import numpy as np
import tensorflow as tf

from training.translator.batching import batch_arrays, make_batches
from training.translator.config import DataConfig, TranslatorConfig, override
from training.translator.data import augment_numbers, clean_pairs
from training.translator.losses import smoothed_loss
from training.translator.schedule import WarmupInverseSqrt
from training.translator.tokenizer import EOS_ID, Tokenizer, train_joint_bpe


def test_cleaning_drops_empty_long_mismatched_duplicate_and_heldout_pairs():
    rows = [["Hi.", "Hallo."], ["Hi.", "Hallo."], ["", "Leer."], ["x" * 400, "y"],
            ["Yes.", "Das ist eine sehr sehr sehr lange Antwort auf eine kurze Frage."],
            ["Secret test sentence.", "Geheim."], ["only one column"], ["Tom  runs.", "Tom  rennt."]]
    pairs, stats = clean_pairs(rows, DataConfig(), exclude={"Secret test sentence."})
    assert pairs == [("Hi.", "Hallo."), ("Tom runs.", "Tom rennt.")]
    assert (stats.duplicates, stats.empty, stats.too_long, stats.bad_ratio, stats.in_heldout, stats.malformed) \
        == (1, 1, 1, 1, 1, 1)


def test_number_augmentation_adds_digit_copies():
    pairs = [("I have three cats.", "Ich habe drei Katzen."), ("Hello.", "Hallo.")]
    extra = augment_numbers(pairs, copies=2, seed=0)
    assert len(extra) == 2 and all(any(c.isdigit() for c in en) for en, _ in extra)


def test_tokenizer_keeps_case_and_digits(tmp_path):
    lines = ["I have 3 cats and 12 dogs.", "Ich habe 3 Katzen und 12 Hunde.", "LONDON is big.",
             "London ist groß.", "Tom runs to the station in Berlin."] * 40
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tok = Tokenizer(train_joint_bpe(corpus, tmp_path, vocab_size=400))
    ids = tok.encode(["I have 3 cats and 12 dogs.", "LONDON"])
    assert ids[0][-1] == EOS_ID
    assert tok.decode(ids[0]) == "I have 3 cats and 12 dogs." and tok.decode(ids[1]) == "LONDON"
    assert "1" in tok.pieces("12") and "2" in tok.pieces("12")  # digits split


def test_batches_cover_every_pair_once_within_the_token_budget():
    rng = np.random.default_rng(0)
    src = [np.arange(4, 4 + n) for n in rng.integers(2, 30, 500)]
    tgt = [np.arange(4, 4 + n) for n in rng.integers(2, 30, 500)]
    batches = make_batches(src, tgt, 600, np.random.default_rng(1))
    assert sorted(np.concatenate(batches).tolist()) == list(range(500))
    for index in batches:
        s, d, y = batch_arrays(src, tgt, index)
        assert len(index) == 1 or s.shape[0] * max(s.shape[1], y.shape[1]) * 2 <= 600
        assert (d[:, 0] == 2).all() and (d[:, 1:] == y[:, :-1]).all()


def test_label_smoothed_loss_ignores_padding():
    logits = tf.constant([[[2.0, 0.0, 0.0], [0.0, 5.0, 0.0]]])
    full, count = smoothed_loss(tf.constant([[1, 0]]), logits, 0.0)
    assert float(count) == 1.0
    expected = -np.log(np.exp(0.0) / (np.exp(2.0) + 2))
    assert abs(float(full) - expected) < 1e-5
    smooth, _ = smoothed_loss(tf.constant([[1, 0]]), logits, 0.1)
    assert float(smooth) > float(full) * 0.9


def test_warmup_then_inverse_sqrt_decay():
    s = WarmupInverseSqrt(1e-3, 100)
    values = [float(s(step)) for step in (0, 49, 99, 399)]
    assert values[0] < values[1] < values[2] and abs(values[2] - 1e-3) < 1e-9
    assert abs(values[3] - 5e-4) < 1e-9


def test_config_overrides():
    cfg = TranslatorConfig()
    override(cfg, ["model.d_model=128", "train.jit_compile=true", "train.peak_learning_rate=0.002"])
    assert cfg.model.d_model == 128 and cfg.train.jit_compile is True and cfg.train.peak_learning_rate == 0.002
