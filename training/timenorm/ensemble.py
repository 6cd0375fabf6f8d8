"""Ensembles: exported models of one architecture decoded together, as one SavedModel.

A soup averages weights; an ensemble averages answers. At each output step the members' next-character
distributions are averaged, the most probable character is fed back to every member, and the attention map is the
mean of the members' maps, so the exported graph keeps one model's signature (see ``serving.py``).

An ensemble is written as a run dir that ``timenorm export`` reads: ``config.json`` (the members' shared config),
member 0's weights as ``model.weights.h5`` (so ``--warm-start`` from the export starts from member 0) and the
others as ``member-<i>.weights.h5``, listed in ``ensemble.json``.
"""
from __future__ import annotations

import json
import shutil
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from core.manifest import EXTRA_DIR
from training.timenorm.config import TrainConfig
from training.timenorm.soup import member_configs, member_warm_start
from training.timenorm.train import WEIGHTS_FILE

ENSEMBLE_FILE = "ensemble.json"


@dataclass(frozen=True)
class EnsembleConfig:
    """Which weight files (in the run dir or assets.extra) make the ensemble, where they came from, and how each
    member was trained (its own config and warm start: members may differ in everything but the architecture)."""

    weights: tuple[str, ...]
    sources: tuple[str, ...]
    configs: tuple[TrainConfig, ...]
    warm_starts: tuple[str | None, ...]
    combine: str = "mean of the members' next-character probabilities; mean attention"

    @property
    def seeds(self) -> tuple[int, ...]:
        return tuple(c.seed for c in self.configs)

    @classmethod
    def load(cls, path: Path) -> EnsembleConfig:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
        return cls(weights=tuple(raw["weights"]), sources=tuple(raw["sources"]),
                   configs=tuple(TrainConfig.from_dict(c) for c in raw["configs"]),
                   warm_starts=tuple(raw["warm_starts"]), combine=raw.get("combine", cls.combine))

    def to_json(self) -> str:
        return json.dumps({**asdict(self), "configs": [json.loads(c.to_json()) for c in self.configs]}, indent=2)


def read_ensemble(run_dir: Path) -> EnsembleConfig | None:
    """The ensemble a run dir (or an export's assets.extra) holds; None for one model."""
    path = Path(run_dir) / ENSEMBLE_FILE
    return EnsembleConfig.load(path) if path.exists() else None


def member_weight_files(run_dir: Path) -> list[str]:
    """The weight files of a run dir (or an export's assets.extra): one, or an ensemble's members in order."""
    ensemble = read_ensemble(run_dir)
    return list(ensemble.weights) if ensemble else [WEIGHTS_FILE]


def make_ensemble(models: Sequence[Path], out_dir: Path) -> EnsembleConfig:
    """Write the run dir ``out_dir`` of an ensemble of ``models`` (exported dirs); ``timenorm export`` reads it."""
    models = [Path(m) for m in models]
    configs = member_configs(models, "an ensemble")
    for model in models:
        if (model / EXTRA_DIR / ENSEMBLE_FILE).exists():
            raise ValueError(f"{model} is an ensemble already; list its members instead")
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    names = [WEIGHTS_FILE] + [f"member-{i}.weights.h5" for i in range(1, len(models))]
    for model, name in zip(models, names, strict=True):
        shutil.copy(model / EXTRA_DIR / WEIGHTS_FILE, out_dir / name)
    ensemble = EnsembleConfig(weights=tuple(names), sources=tuple(str(m) for m in models), configs=tuple(configs),
                              warm_starts=tuple(member_warm_start(m) for m in models))
    (out_dir / ENSEMBLE_FILE).write_text(ensemble.to_json(), encoding="utf-8")
    (out_dir / "config.json").write_text(configs[0].to_json(), encoding="utf-8")
    summary = {"ensemble_of": list(ensemble.sources), "seeds": list(ensemble.seeds)}
    (out_dir / "train_summary.json").write_text(json.dumps(summary, indent=2), encoding="utf-8")
    return ensemble
