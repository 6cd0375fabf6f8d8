"""Which engine decodes a translator version: CTranslate2 (derived model) or TensorFlow (the SavedModel).

``SERVICE_TRANSLATOR_ENGINE`` (and ``python -m training translator evaluate --engine``) asks;
this module decides, the same way for both, with a reason an operator can read in
``GET /models``. ``auto`` takes CTranslate2 on CPU when the version ships a derived model and the
package is installed (it decodes several times faster on CPU: benchmarks/engines.py), and the
SavedModel on a GPU or when there is no derived model.
"""
from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path

from core.manifest import TranslatorManifest

CTRANSLATE2 = "ctranslate2"
TENSORFLOW = "tensorflow"
MODEL_FILE = "model.bin"


@dataclass(frozen=True)
class EngineChoice:
    engine: str  # ctranslate2 or tensorflow
    reason: str
    directory: Path | None = None  # the derived model, when ctranslate2


def derived_model(version_dir: Path, manifest: TranslatorManifest) -> Path | None:
    """The version's derived CTranslate2 model directory, if it has one on disk."""
    if manifest.ctranslate2_dir is None:
        return None
    directory = version_dir / manifest.ctranslate2_dir
    return directory if (directory / MODEL_FILE).is_file() else None


def ctranslate2_installed() -> bool:
    return importlib.util.find_spec("ctranslate2") is not None


def choose_engine(requested: str, derived: Path | None, installed: bool, gpu: bool) -> EngineChoice:
    """The engine for one version; ``requested`` ``ctranslate2`` without a derived model or the
    package is an error (the version fails to load and says why) rather than a silent fallback."""
    if requested == TENSORFLOW:
        return EngineChoice(TENSORFLOW, "asked for (SERVICE_TRANSLATOR_ENGINE=tensorflow)")
    missing = ("this version has no derived CTranslate2 model (ctranslate2_dir in model.json)" if derived is None
               else "the ctranslate2 package is not installed" if not installed else None)
    if requested == CTRANSLATE2:
        if missing:
            raise ValueError(f"SERVICE_TRANSLATOR_ENGINE=ctranslate2, but {missing}")
        return EngineChoice(CTRANSLATE2, "asked for (SERVICE_TRANSLATOR_ENGINE=ctranslate2)", derived)
    if requested != "auto":
        raise ValueError(f"unknown translator engine {requested!r}")
    if gpu:
        return EngineChoice(TENSORFLOW, "auto: a GPU is visible to TensorFlow")
    if missing:
        return EngineChoice(TENSORFLOW, f"auto: {missing}")
    return EngineChoice(CTRANSLATE2, "auto: CPU, and the version has a derived CTranslate2 model", derived)
