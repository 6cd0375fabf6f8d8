"""The models directory on disk: model names, their version directories, and fingerprints.

Layout (TensorFlow Serving's): ``<models_dir>/<name>/<version>/``. A version is a directory
whose name is ASCII digits only (``^[0-9]+$``: ``str.isdigit()`` would take ``"²"``); any
other directory under a model name is listed as skipped, with the reason. Names starting
with ``.`` are ignored (copy a new version in as ``.3/`` and rename it to ``3/``).
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from core.manifest import manifest_path

log = logging.getLogger(__name__)

VERSION_NAME = re.compile(r"[0-9]+")  # fullmatch: ASCII digits only
SAVED_MODEL_FILE = "saved_model.pb"


def is_version_name(name: str) -> bool:
    return VERSION_NAME.fullmatch(name) is not None


@dataclass(frozen=True)
class ModelDir:
    """One model directory as found on disk."""

    name: str
    versions: list[str]  # numeric version names, highest first
    skipped: dict[str, str]  # other directory names -> why skipped


def scan(models_dir: Path) -> list[ModelDir]:
    """Every model directory under ``models_dir`` (sorted by name), with its versions."""
    if not models_dir.is_dir():
        return []
    found = []
    for model_dir in sorted(p for p in models_dir.iterdir() if p.is_dir() and not p.name.startswith(".")):
        versions, skipped = [], {}
        try:
            entries = sorted(model_dir.iterdir())
        except OSError as exc:
            log.warning("cannot list a model directory", extra={"model": model_dir.name, "reason": str(exc)})
            entries = []
        for entry in entries:
            if entry.name.startswith(".") or not entry.is_dir():
                continue
            if is_version_name(entry.name):
                versions.append(entry.name)
            else:
                skipped[entry.name] = "not a version: a version directory's name is ASCII digits only (e.g. 3)"
        versions.sort(key=int, reverse=True)
        found.append(ModelDir(model_dir.name, versions, skipped))
    return found


def fingerprint(version_dir: Path) -> tuple[Any, ...]:
    """What changes when a version directory's files are replaced (a failed one is retried then)."""
    parts: list[Any] = []
    for path in (version_dir, version_dir / SAVED_MODEL_FILE, manifest_path(version_dir),
                 version_dir / "variables"):
        try:
            stat = path.stat()
            parts.append((stat.st_mtime_ns, stat.st_size))
        except OSError:
            parts.append(None)
    return tuple(parts)
