"""Finds the exported models under the models directory and loads each one once.

Layout (TensorFlow Serving's): ``<models_dir>/<name>/<version>/`` with a numeric version;
the highest version of each name is loaded. Its manifest (``core.manifest``) names the
``kind``, which selects the wrapper class in the kind table (``service.kinds``). A model that cannot be found, read or loaded is logged and
reported (``GET /models``, ``GET /ready``); it never stops the other models from serving.
"""
from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from core.manifest import manifest_path
from service.kinds import KINDS
from service.models.base import Attends, ModelInfo

log = logging.getLogger(__name__)

WrapperFactory = Callable[[ModelInfo], Attends]
ModelState = Literal["pending", "loading", "ready", "failed"]


def import_wrapper(kind: str) -> WrapperFactory:
    """The wrapper class of ``kind`` in the kind table (imported lazily)."""
    try:
        return KINDS[kind].load_wrapper()
    except KeyError:
        raise LookupError(f"unknown model kind {kind!r}; known kinds: {sorted(KINDS)}") from None


@dataclass
class ModelSlot:
    """One model name found in the models directory, and what became of it."""

    name: str
    path: Path | None  # the chosen version directory; None if there is none
    version: str | None
    state: ModelState = "pending"
    error: str | None = None
    info: ModelInfo | None = None
    wrapper: Attends | None = None
    kind: str | None = None  # from model.json, read at discovery
    metrics: dict[str, Any] = field(default_factory=dict)
    load_seconds: float | None = None


def discover(models_dir: Path) -> list[ModelSlot]:
    """One slot per model name, pointing at its highest numeric version (sorted by name)."""
    if not models_dir.is_dir():
        log.error("models directory not found", extra={"models_dir": str(models_dir)})
        return []
    slots = []
    for model_dir in sorted(p for p in models_dir.iterdir() if p.is_dir()):
        if model_dir.name.startswith("."):
            continue
        versions = [p for p in model_dir.iterdir() if p.is_dir() and p.name.isdigit()]
        if not versions:
            slot = ModelSlot(model_dir.name, None, None, state="failed")
            slot.error = f"no numeric version directory in {model_dir}"
            slots.append(slot)
            continue
        best = max(versions, key=lambda p: int(p.name))
        kind = _read_json(manifest_path(best)).get("kind")
        slots.append(ModelSlot(model_dir.name, best, best.name, kind=kind if isinstance(kind, str) else None))
    return slots


def configure_tensorflow(intra_op_threads: int, inter_op_threads: int) -> str:
    """Set TensorFlow's thread pools (before it starts) and return the device in use."""
    import tensorflow as tf

    try:
        tf.config.threading.set_intra_op_parallelism_threads(intra_op_threads)
        tf.config.threading.set_inter_op_parallelism_threads(inter_op_threads)
    except RuntimeError:  # TensorFlow already initialized (e.g. a second app in one process)
        log.warning("TensorFlow already initialized; thread settings left as they are")
    gpus = tf.config.list_physical_devices("GPU")
    return f"GPU ({len(gpus)}: {', '.join(g.name for g in gpus)})" if gpus else "CPU"


class ModelRegistry:
    """The models of one service instance. Loading runs in a worker thread."""

    def __init__(
        self,
        models_dir: Path,
        *,
        wrappers: Callable[[str], WrapperFactory] = import_wrapper,
        configure_device: Callable[[], str] | None = None,
    ) -> None:
        self.models_dir = models_dir
        self._wrappers = wrappers
        self._configure_device = configure_device
        self.device = "unknown"
        self.slots: dict[str, ModelSlot] = {}
        self.loading_done = threading.Event()

    def discover(self) -> list[ModelSlot]:
        self.slots = {slot.name: slot for slot in discover(self.models_dir)}
        return list(self.slots.values())

    def load(self, slot: ModelSlot) -> ModelSlot:
        """Read and load one model; any failure is recorded on the slot, never raised."""
        if slot.path is None:
            log.error("model not loaded", extra={"model": slot.name, "reason": slot.error})
            return slot
        slot.state = "loading"
        started = time.perf_counter()
        try:
            slot.info = ModelInfo.read(slot.path, name=slot.name)
            slot.kind = slot.info.kind
            if slot.info.manifest.name != slot.name:
                log.warning(
                    "model.json names another model; serving it under its directory name",
                    extra={"model": slot.name, "model_json_name": slot.info.manifest.name},
                )
            slot.metrics = _read_json(slot.path / "assets.extra" / "metrics.json")
            factory = self._wrappers(slot.info.kind)
            slot.wrapper = factory(slot.info)
        except Exception as exc:  # noqa: BLE001 - one broken model must not stop the others
            slot.state = "failed"
            slot.error = f"{type(exc).__name__}: {exc}"
            log.exception("model failed to load", extra={"model": slot.name, "path": str(slot.path)})
            return slot
        slot.load_seconds = round(time.perf_counter() - started, 3)
        slot.state = "ready"
        log.info(
            "model loaded",
            extra={
                "model": slot.name,
                "version": slot.version,
                "kind": slot.kind,
                "seconds": slot.load_seconds,
            },
        )
        return slot

    def prepare_device(self) -> None:
        if self._configure_device is None:
            return
        try:
            self.device = self._configure_device()
        except Exception as exc:  # noqa: BLE001 - without TensorFlow every load fails below
            self.device = f"unavailable ({type(exc).__name__}: {exc})"
            log.exception("could not configure TensorFlow")

    # --- lookup -----------------------------------------------------------------------
    def get(self, name: str) -> ModelSlot | None:
        return self.slots.get(name)

    def by_kind(self, kind: str) -> ModelSlot | None:
        """The model of ``kind`` to serve: the first ready one by name, else the first one
        found (loading or failed, so that callers can say why it does not serve), else None."""
        matches = [s for s in self.slots.values() if s.kind == kind]
        ready = [s for s in matches if s.state == "ready"]
        candidates = ready or matches
        return candidates[0] if candidates else None

    def is_ready(self, require_all: bool) -> bool:
        """Loading has finished and at least one model (``require_all``: every model) serves."""
        states = [s.state == "ready" for s in self.slots.values()]
        return self.loading_done.is_set() and bool(states) and (all if require_all else any)(states)


def _read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
