"""Weight soups: the mean of exported models' weights, exported like any run."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import tensorflow as tf

from training.timenorm.config import ModelConfig, TrainConfig
from training.timenorm.export import export_run
from training.timenorm.soup import make_soup

TINY = TrainConfig(model=ModelConfig(attention="bahdanau", embedding_dim=8, encoder_units=8, decoder_units=16,
                                     attention_units=8, max_input_chars=32))


def _fake_export(root: Path, seed: int, config: TrainConfig = TINY) -> Path:
    """An exported dir's assets.extra (config + weights) from a freshly initialised model."""
    from training.timenorm.model import build_model

    tf.keras.utils.set_random_seed(seed)
    model = build_model(config.model)
    extra = root / str(seed) / "assets.extra"
    extra.mkdir(parents=True)
    (extra / "config.json").write_text(config.to_json(), encoding="utf-8")
    model.save_weights(str(extra / "model.weights.h5"))
    return extra.parent


def _weights(path: Path) -> list[np.ndarray]:
    from training.timenorm.model import build_model

    model = build_model(TINY.model)
    model.load_weights(str(path))
    return model.get_weights()


def test_soup_is_the_elementwise_mean(tmp_path: Path) -> None:
    members = [_fake_export(tmp_path, s) for s in (1, 2, 3)]
    make_soup(members, tmp_path / "soup")
    parts = [_weights(m / "assets.extra" / "model.weights.h5") for m in members]
    soup = _weights(tmp_path / "soup" / "model.weights.h5")
    assert len(soup) == len(parts[0]) > 5
    assert any(not np.allclose(a, b) for a, b in zip(parts[0], parts[1], strict=True))
    for s, *ws in zip(soup, *parts, strict=True):
        np.testing.assert_allclose(s, (ws[0] + ws[1] + ws[2]) / 3, rtol=1e-6, atol=1e-7)
    assert TrainConfig.load(tmp_path / "soup" / "config.json") == TINY


def test_soup_exports_and_its_card_says_what_it_is_made_of(tmp_path: Path) -> None:
    members = [_fake_export(tmp_path, s) for s in (4, 5)]
    make_soup(members, tmp_path / "soup")
    out = tmp_path / "models" / "time-normalizer" / "9"
    metrics = export_run(tmp_path / "soup", out, command="pytest", threshold=0.5)
    assert metrics["soup_of"] == [str(m) for m in members]
    card = (out / "assets.extra" / "MODEL_CARD.md").read_text()
    assert "Weight soup" in card and str(members[0]) in card
    assert json.loads((out / "assets.extra" / "metrics.json").read_text())["soup_of"] == metrics["soup_of"]
    # each member's config ships with the soup, and Reproduce trains each member before the soup is made
    assert TrainConfig.load(out / "assets.extra" / "members" / "member1.json") == TINY
    reproduce = card.split("## Reproduce", 1)[1]
    assert reproduce.count("timenorm train") == 2 and f"{out}/assets.extra/members/member0.json" in reproduce
    assert reproduce.index("timenorm train") < reproduce.index("timenorm soup " + " ".join(map(str, members)))


def test_soup_refuses_other_architectures_and_single_models(tmp_path: Path) -> None:
    wider = replace(TINY, model=replace(TINY.model, decoder_units=24))
    a, b = _fake_export(tmp_path, 6), _fake_export(tmp_path, 7, wider)
    with pytest.raises(ValueError, match="architecture"):
        make_soup([a, b], tmp_path / "soup")
    with pytest.raises(ValueError, match="two"):
        make_soup([a], tmp_path / "soup1")
