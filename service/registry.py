"""Finds the exported models under the models directory and reads each version.

What counts as a version directory is ``service.model_dirs``'s rule (ASCII digits only);
any other directory under a model name is skipped with one logged warning naming the
reason. A version without ``saved_model.pb`` or with an invalid manifest is not
loadable and never hides a lower one: the runtime (``service.runtime``) serves the highest
version that loads and warms up. The manifest (``core.manifest``) names the ``kind``, which
selects the wrapper class in the kind table (``service.kinds``).

Every reason this module gives is for clients to read (``/ready``, ``/models``, 503 bodies):
it names paths relative to the models directory at most, never the server's paths.
"""
from __future__ import annotations

import json
import logging
import os
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from core.manifest import ManifestError, manifest_path
from service.kinds import KINDS
from service.model_dirs import SAVED_MODEL_FILE, ModelDir, fingerprint, is_version_name, scan
from service.models.base import Attends, ModelInfo
from service.settings import Settings

log = logging.getLogger(__name__)

WrapperFactory = Callable[[ModelInfo], Attends]
ModelState = Literal["pending", "loading", "ready", "failed"]
# serving: answers requests; ready: loaded and warm, answers requests that pin it (the previous
# version, for SERVICE_MODEL_GRACE_S after a swap); available: on disk, not loaded (lower than
# the serving one); loading; failed and skipped (with a reason); retired: unloaded.
VersionState = Literal["available", "loading", "serving", "ready", "failed", "skipped", "retired"]

# An absolute path outside the models directory (e.g. of an installed library): its last part only.
_OTHER_PATH = re.compile(r"(?<![\w./~-])/(?:[^\s/'\"]+/)+[^\s/'\"]*")


def import_wrapper(kind: str, settings: Settings | None = None) -> WrapperFactory:
    """The wrapper class of ``kind`` in the kind table (imported lazily), given the options
    the kind takes from ``settings`` (e.g. the translator's engine) when settings are given."""
    try:
        return KINDS[kind].load_wrapper(settings)
    except KeyError:
        raise LookupError(f"unknown model kind {kind!r}; known kinds: {sorted(KINDS)}") from None


@dataclass
class VersionStatus:
    """One version directory of a model, and what became of it."""

    version: str  # the directory name
    state: VersionState = "available"
    reason: str | None = None  # why failed, skipped or retired (no server paths)
    load_seconds: float | None = None
    on_disk: bool = True
    fingerprint: tuple[Any, ...] | None = None  # of the directory when it failed: a change retries it


@dataclass
class ModelSlot:
    """One model name found in the models directory: the version that serves, and all found.

    ``version``, ``info``, ``wrapper``, ``metrics`` and ``load_seconds`` are the serving
    version's (None until one serves); ``state`` is the model's: ``ready`` while a version
    serves, ``failed`` (with ``error``) when none could be loaded.
    """

    name: str
    path: Path | None = None  # the serving version's directory
    version: str | None = None
    state: ModelState = "pending"
    error: str | None = None
    info: ModelInfo | None = None
    wrapper: Attends | None = None
    kind: str | None = None  # from model.json, read at discovery
    metrics: dict[str, Any] = field(default_factory=dict)
    load_seconds: float | None = None
    versions: dict[str, VersionStatus] = field(default_factory=dict)

    def ordered_versions(self) -> list[VersionStatus]:
        """Numeric versions highest first, then the skipped names."""
        numeric = sorted((v for v in self.versions.values() if is_version_name(v.version)),
                         key=lambda v: int(v.version), reverse=True)
        return numeric + sorted((v for v in self.versions.values() if not is_version_name(v.version)),
                                key=lambda v: v.version)


@dataclass(frozen=True)
class LoadedVersion:
    """A version read from disk, its wrapper built (not yet warmed up)."""

    info: ModelInfo
    wrapper: Attends
    metrics: dict[str, Any]
    seconds: float


class VersionError(Exception):
    """A version that cannot be loaded; the message is for clients (no server paths)."""


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
    """The models of one service instance: what is on disk and what became of each version.

    Reading runs in a worker thread (``read_version``); which version serves is the
    runtime's decision (``service.runtime``).
    """

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
        self._warned: set[tuple[str, str]] = set()  # skipped directories already logged
        self._missing_dir_logged = False

    # --- discovery --------------------------------------------------------------------
    def scan(self) -> list[ModelDir]:
        """What is on disk now (reads only the directory listing; safe in a worker thread)."""
        if not self.models_dir.is_dir():
            if not self._missing_dir_logged:
                log.error("models directory not found", extra={"models_dir": str(self.models_dir)})
                self._missing_dir_logged = True
            return []
        self._missing_dir_logged = False
        return scan(self.models_dir)

    def refresh(self, found_dirs: list[ModelDir] | None = None) -> list[ModelSlot]:
        """Bring ``slots`` up to date with a :func:`scan` (done here if not given; give it
        from a worker thread, and call this on the thread that reads ``slots``).

        New versions are added as ``available``; versions whose directory is gone are marked
        (``on_disk=False``) and dropped unless loaded, and so is a model whose directory is gone
        and of which nothing is loaded; skipped names are logged once each.
        """
        found = {d.name: d for d in (self.scan() if found_dirs is None else found_dirs)}
        for name in sorted(set(found) | set(self.slots)):
            model_dir = found.get(name)
            if model_dir is None and name in self.slots and self.slots[name].version is None:
                del self.slots[name]  # its directory is gone and nothing of it is loaded
                continue
            slot = self.slots.setdefault(name, ModelSlot(name))
            on_disk = set(model_dir.versions) if model_dir else set()
            skipped = model_dir.skipped if model_dir else {}
            for version in list(slot.versions):
                status = slot.versions[version]
                if version in on_disk or version in skipped:
                    status.on_disk = True
                    continue
                status.on_disk = False
                if status.state not in {"serving", "ready", "loading"}:
                    del slot.versions[version]
            for version in on_disk:
                slot.versions.setdefault(version, VersionStatus(version))
            for entry, reason in skipped.items():
                slot.versions[entry] = VersionStatus(entry, "skipped", reason)
                if (name, entry) not in self._warned:
                    self._warned.add((name, entry))
                    log.warning("directory skipped", extra={"model": name, "directory": entry, "reason": reason})
            for version in model_dir.versions if model_dir and slot.kind is None else []:
                kind = _read_json(manifest_path(self.version_dir(name, version))).get("kind")
                if isinstance(kind, str):
                    slot.kind = kind
                    break
            if slot.version is None and not any(is_version_name(v) for v in slot.versions):
                slot.state, slot.error = "failed", "no version directory (a name of ASCII digits, e.g. 1/)"
        self.slots = dict(sorted(self.slots.items()))
        return list(self.slots.values())

    def discover(self) -> list[ModelSlot]:
        """The first scan: every model found, with its versions."""
        return self.refresh()

    def version_dir(self, name: str, version: str) -> Path:
        return self.models_dir / name / version

    def candidates(self, slot: ModelSlot) -> list[str]:
        """Versions on disk worth serving, highest first: all but the failed ones whose files
        have not changed since they failed."""
        out = []
        for status in slot.ordered_versions():
            if not is_version_name(status.version) or not status.on_disk:
                continue
            if status.state == "failed" and status.fingerprint == fingerprint(
                    self.version_dir(slot.name, status.version)):
                continue
            out.append(status.version)
        return out

    def read_version(self, name: str, version: str) -> LoadedVersion:
        """Read one version and build its wrapper; :class:`VersionError` says why not."""
        path = self.version_dir(name, version)
        started = time.perf_counter()
        if not (path / SAVED_MODEL_FILE).is_file():
            raise VersionError(f"version {version}: {SAVED_MODEL_FILE} is missing")
        try:
            info = ModelInfo.read(path, name=name)
        except ManifestError as exc:  # names the file and every problem
            raise VersionError(f"version {version}: {self.public(str(exc))}") from None
        except Exception as exc:  # noqa: BLE001 - reported as this version's reason
            raise VersionError(f"version {version}: {self.public(exc)}") from None
        if info.manifest.name != name:
            log.warning(
                "model.json names another model; serving it under its directory name",
                extra={"model": name, "model_json_name": info.manifest.name},
            )
        metrics = _read_json(path / "assets.extra" / "metrics.json")
        try:
            wrapper = self._wrappers(info.kind)(info)
        except Exception as exc:  # noqa: BLE001 - one broken model must not stop the others
            log.exception("model failed to load", extra={"model": name, "version": version})
            raise VersionError(f"version {version}: {self.public(exc)}") from None
        return LoadedVersion(info, wrapper, metrics, round(time.perf_counter() - started, 3))

    def public(self, error: BaseException | str) -> str:
        """``error`` as a message for clients: the exception's type and text, with the models
        directory cut out of every path (``/srv/models/tn/3/x`` becomes ``tn/3/x``) and any
        other absolute path cut to its last part (``/usr/lib/x/y.so`` becomes ``…/y.so``)."""
        text = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
        roots = {str(self.models_dir), os.path.abspath(self.models_dir)}
        try:
            roots.add(str(self.models_dir.resolve()))
        except OSError:
            pass
        absolute = {r.rstrip(os.sep) for r in roots if os.path.isabs(r) and r != os.sep}
        for root in sorted(absolute, key=len, reverse=True):
            text = text.replace(root + os.sep, "").replace(root, "<models>")
        return _OTHER_PATH.sub(lambda m: "…/" + m[0].rstrip("/").rsplit("/", 1)[-1], text)

    def prepare_device(self) -> None:
        if self._configure_device is None:
            return
        try:
            self.device = self._configure_device()
        except Exception as exc:  # noqa: BLE001 - without TensorFlow every load fails below
            self.device = f"unavailable ({self.public(exc)})"
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
