"""The translator's whole training path on a tiny corpus: prepare → train → resume (issue 10, item 6:
settings by device, checkpoints that resume)."""
from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import keras
import pytest

from training.translator.config import DataConfig, ModelConfig, TrainConfig, TranslatorConfig
from training.translator.prepare import prepare
from training.translator.train import train

ANIMALS = [("cats", "Katzen"), ("dogs", "Hunde"), ("birds", "Vögel"), ("horses", "Pferde"), ("fish", "Fische")]
VERBS = [("see", "sehe"), ("like", "mag"), ("have", "habe"), ("feed", "füttere")]


def _pairs(rng: random.Random, n: int) -> list[tuple[str, str]]:
    out = []
    for _ in range(n):
        (en_a, de_a), (en_v, de_v), k = rng.choice(ANIMALS), rng.choice(VERBS), rng.randint(2, 40)
        out.append((f"I {en_v} {k} {en_a}.", f"Ich {de_v} {k} {de_a}."))
    return out


@pytest.fixture(scope="module")
def tiny_config(tmp_path_factory: pytest.TempPathFactory) -> TranslatorConfig:
    root = tmp_path_factory.mktemp("translator")
    rng = random.Random(0)
    corpus = root / "corpus.tsv.gz"
    with gzip.open(corpus, "wt", encoding="utf-8") as f:
        f.writelines(f"{en}\t{de}\tcc-by\n" for en, de in _pairs(rng, 400))
    heldout = root / "heldout"
    heldout.mkdir()
    for split in ("dev", "test"):
        pairs = [("I see 41 cats.", "Ich sehe 41 Katzen."), ("I feed 43 fish.", "Ich füttere 43 Fische.")]
        (heldout / f"{split}.en").write_text("".join(f"{en}\n" for en, _ in pairs))
        (heldout / f"{split}.de").write_text("".join(f"{de}\n" for _, de in pairs))
    return TranslatorConfig(
        data=DataConfig(corpus=str(corpus), heldout_dir=str(heldout), out_dir=str(root / "data"), vocab_size=300,
                        number_augment_copies=1, name_augment_copies=0, casing_augment_fraction=0.5),
        model=ModelConfig(vocab_size=300, d_model=32, num_heads=2, d_ff=64, encoder_layers=1, decoder_layers=1,
                          max_position=128),
        train=TrainConfig(run_dir=str(root / "run"), batch_tokens=600, warmup_steps=5, eval_sentences=2,
                          checkpoint_every_minutes=60.0, precision="auto", subword_dropout=0.1),
    )


def _events(run_dir: str, kind: str) -> list[dict]:
    lines = (Path(run_dir) / "metrics.jsonl").read_text().splitlines()
    return [r for r in map(json.loads, lines) if r["event"] == kind]


def test_prepare_train_and_resume(tiny_config: TranslatorConfig) -> None:
    summary = prepare(tiny_config.data)
    cleaning = summary["cleaning"]
    assert cleaning["casing_augmented"] > 100 and cleaning["train_pairs"] > cleaning["kept"]
    train_tsv = (Path(tiny_config.data.out_dir) / "train.tsv").read_text()
    assert "\ni see " in train_tsv  # lower-cased copies, German side as written
    try:
        train(tiny_config, max_steps=3)
        first = _events(tiny_config.train.run_dir, "start")[0]
        assert first["config"]["train"]["precision"] in {"mixed_bfloat16", "float32"}  # "auto" resolved
        assert _events(tiny_config.train.run_dir, "done")[-1]["step"] == 3
        train(tiny_config, resume=True, max_steps=5)
    finally:
        keras.mixed_precision.set_global_policy("float32")
    starts = _events(tiny_config.train.run_dir, "start")
    assert [s["step"] for s in starts] == [0, 3]  # the second run went on from the checkpoint
    assert _events(tiny_config.train.run_dir, "done")[-1]["step"] == 5
    dev = _events(tiny_config.train.run_dir, "dev")
    assert dev and all(0.0 <= d["bleu"] <= 100.0 for d in dev)
