"""Weight soups: the element-wise mean of exported models of one architecture, written as a run to export.

Models on one training path (each warm-started from the one before) make different mistakes more often than
they differ in score; the mean of their weights is one model of the same size and the same attention contract.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

from core.manifest import EXTRA_DIR
from training.timenorm.config import TrainConfig
from training.timenorm.train import WEIGHTS_FILE


def member_configs(models: Sequence[Path], what: str) -> list[TrainConfig]:
    """The configs of two or more exported models of one architecture (for ``what``: a soup, an ensemble)."""
    if len(models) < 2:
        raise ValueError(f"{what} needs at least two models")
    configs = [TrainConfig.load(Path(m) / EXTRA_DIR / "config.json") for m in models]
    for model, config in zip(models[1:], configs[1:], strict=True):
        if config.model != configs[0].model:
            raise ValueError(f"{model} has another architecture than {models[0]}")
    return configs


def member_warm_start(model_dir: Path) -> str | None:
    """The warm start an exported model's metrics record, if any."""
    metrics = model_dir / EXTRA_DIR / "metrics.json"
    return json.loads(metrics.read_text(encoding="utf-8")).get("warm_start") if metrics.exists() else None


def make_soup(models: Sequence[Path], out_dir: Path) -> dict:
    """Average the weights of ``models`` (exported dirs) into the run dir ``out_dir``; ``timenorm export`` reads it."""
    from training.timenorm.model import build_model

    models = [Path(m) for m in models]
    configs = member_configs(models, "a soup")
    config = configs[0]
    model = build_model(config.model)
    weights = []
    for m in models:
        model.load_weights(str(m / EXTRA_DIR / WEIGHTS_FILE))
        weights.append(model.get_weights())
    model.set_weights([sum(ws) / len(ws) for ws in zip(*weights, strict=True)])
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "config.json").write_text(config.to_json(), encoding="utf-8")
    model.save_weights(str(out_dir / WEIGHTS_FILE))
    summary = {"soup_of": [str(m) for m in models],
               "soup_members": [{"source": str(m), "config": asdict(c), "warm_start": member_warm_start(m)}
                                for m, c in zip(models, configs, strict=True)]}
    (out_dir / "train_summary.json").write_text(json.dumps(summary, indent=2), encoding="utf-8")
    return summary
