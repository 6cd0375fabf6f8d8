"""The loaded models at run time: which version of each model serves, and live swaps.

Like TensorFlow Serving, the runtime serves the highest version of each model that loads
and warms up, and polls the models directory (``SERVICE_MODEL_POLL_S``): a new higher
version is loaded and warmed up in a worker thread while the old one keeps serving, then the
model's serving runner is switched at once (on the event loop, between two requests). The
previous version stays loaded for ``SERVICE_MODEL_GRACE_S`` for requests that pin it, then
is unloaded once no request holds it and its queue is empty. A version that fails to load or
warm up is reported (``/models``) and the serving one keeps serving.

When a version's directory is removed, the highest remaining version that loads takes over
(a rollback, as in TensorFlow Serving); if none does, the removed one keeps serving from
memory: removing files never leaves a model without a serving version.
"""
from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from typing import Any, TypeVar

from service.kinds import KINDS, kind_of
from service.model_dirs import fingerprint
from service.models.base import ModelInputError
from service.observability import Metrics
from service.registry import LoadedVersion, ModelRegistry, ModelSlot, VersionError
from service.runners import ModelRunner, TimeNormalizerRunner, TranslatorRunner
from service.settings import Settings

log = logging.getLogger(__name__)

R = TypeVar("R", bound=ModelRunner[Any])

DRAIN_MARGIN_S = 5.0  # beyond the request timeout, how long an unloaded version waits for its requests


@dataclass(frozen=True)
class Live:
    """One loaded, warmed-up version of a model and its started runner."""

    version: str
    runner: ModelRunner[Any]
    loaded: LoadedVersion


# The endpoints whose model is known before their body is read.
ENDPOINT_RUNNERS: dict[str, type[ModelRunner[Any]]] = {
    "/translate": TranslatorRunner,
    "/normalize-time": TimeNormalizerRunner,
}


class Runtime:
    """Loads the models (in a worker thread), warms them up, serves and swaps their versions."""

    def __init__(self, registry: ModelRegistry, settings: Settings, metrics: Metrics) -> None:
        self.registry = registry
        self.settings = settings
        self.metrics = metrics
        self.live: dict[str, dict[str, Live]] = {}  # model name -> version -> loaded version
        self.serving: dict[str, str] = {}  # model name -> the version that serves
        self._scan_lock = asyncio.Lock()
        self._retire_later: dict[tuple[str, str], asyncio.Task[None]] = {}
        self._draining: dict[ModelRunner[Any], asyncio.Task[None]] = {}

    # --- loading and polling -------------------------------------------------------------
    async def run(self) -> None:
        """Load every model, then poll the models directory every SERVICE_MODEL_POLL_S (0: never)."""
        await self.load_all()
        while self.settings.model_poll_s > 0:
            await asyncio.sleep(self.settings.model_poll_s)
            try:
                await self.rescan()
            except Exception:  # noqa: BLE001 - one failed poll must not stop the next
                log.exception("models directory poll failed")

    async def load_all(self) -> None:
        """The first scan: prepare the device, then load the best version of every model."""
        try:
            await asyncio.to_thread(self.registry.prepare_device)
            await self.rescan()
        finally:
            self.registry.loading_done.set()
            states = {s.name: s.state for s in self.registry.slots.values()}
            log.info("model loading finished", extra={"models": states, "device": self.registry.device,
                                                      "serving": dict(self.serving)})

    async def rescan(self) -> None:
        """Look at the models directory once and serve the best version of every model."""
        async with self._scan_lock:
            found = await asyncio.to_thread(self.registry.scan)
            slots = self.registry.refresh(found)
            for slot in slots:
                if slot.name not in self.serving:
                    self.metrics.models_ready.labels(slot.name).set(0)
            # Models load side by side (each in its own worker thread): at start-up the time
            # normalizer is ready while the translator's SavedModel is still being read.
            await asyncio.gather(*(self._reconcile(slot) for slot in slots))

    async def _reconcile(self, slot: ModelSlot) -> None:
        """Serve the highest candidate version that loads; stop at the serving one."""
        current = self.serving.get(slot.name)
        for version in self.registry.candidates(slot):
            if version == current:
                return
            live = self.live.get(slot.name, {}).get(version)  # still loaded (after a swap)
            if live is None:
                live = await self._load(slot, version)
            if live is not None:
                self._swap(slot, live)
                return
        if current is None:
            reasons = [f"{v.reason}" for v in slot.ordered_versions() if v.state == "failed" and v.reason]
            if any(v.state != "skipped" for v in slot.versions.values()) or reasons:
                slot.state = "failed"
                slot.error = "; ".join(reasons) or "no version could be loaded"
        elif not slot.versions[current].on_disk:
            status = slot.versions[current]
            if status.reason is None:
                log.warning("serving model version's directory was removed; it keeps serving",
                            extra={"model": slot.name, "version": current})
            status.reason = "directory removed; serves until another version loads"

    async def _load(self, slot: ModelSlot, version: str) -> Live | None:
        """Read, build, warm up and start one version; None (and the version failed) if it cannot."""
        status = slot.versions[version]
        status.state, status.reason = "loading", None
        status.fingerprint = fingerprint(self.registry.version_dir(slot.name, version))
        if slot.name not in self.serving:
            slot.state = "loading"
        runner: ModelRunner[Any] | None = None
        try:
            loaded = await asyncio.to_thread(self.registry.read_version, slot.name, version)
            runner = self._make_runner(loaded, version)
            if self.settings.warmup:
                await asyncio.to_thread(self._warm_up, slot.name, version, runner)
        except VersionError as exc:
            if runner is not None:
                runner.executor.shutdown(wait=False)
            status.state, status.reason = "failed", str(exc)
            log.error("model version not loaded", extra={"model": slot.name, "version": version,
                                                         "reason": status.reason})
            return None
        runner.start()
        status.load_seconds = loaded.seconds
        log.info("model version loaded", extra={"model": slot.name, "version": version, "kind": loaded.info.kind,
                                                "seconds": loaded.seconds})
        return Live(version, runner, loaded)

    def _make_runner(self, loaded: LoadedVersion, version: str) -> ModelRunner[Any]:
        try:
            return KINDS[loaded.info.kind].runner(loaded.info, loaded.wrapper, self.settings, self.metrics)
        except (KeyError, TypeError) as exc:
            raise VersionError(f"version {version}: no runner for this model: {self.registry.public(exc)}") from None

    def _warm_up(self, name: str, version: str, runner: ModelRunner[Any]) -> None:
        """Run the model once; a version that fails its warm-up is not served."""
        started = time.perf_counter()
        try:
            runner.warm_up()
        except ModelInputError as exc:  # the model works; it only refused the warm-up text
            log.warning("model refused its warm-up input", extra={"model": name, "reason": str(exc)})
        except Exception as exc:  # noqa: BLE001 - reported, the serving version goes on
            log.exception("model failed its warm-up", extra={"model": name, "version": version})
            raise VersionError(f"version {version}: warm-up failed: {self.registry.public(exc)}") from None
        log.info("model warmed up", extra={"model": name, "version": version,
                                           "seconds": round(time.perf_counter() - started, 3)})

    # --- swapping and unloading ------------------------------------------------------------
    def _swap(self, slot: ModelSlot, live: Live) -> None:
        """Make ``live`` the serving version at once (no await: no request sees a half state)."""
        previous = self.serving.get(slot.name)
        self.live.setdefault(slot.name, {})[live.version] = live
        waiting = self._retire_later.pop((slot.name, live.version), None)
        if waiting is not None:
            waiting.cancel()
        self.serving[slot.name] = live.version
        info = live.loaded.info
        slot.version, slot.path, slot.info, slot.kind = live.version, info.path, info, info.kind
        slot.wrapper, slot.metrics, slot.load_seconds = live.loaded.wrapper, live.loaded.metrics, live.loaded.seconds
        slot.state, slot.error = "ready", None
        status = slot.versions[live.version]
        status.state, status.reason = "serving", None
        self.metrics.models_ready.labels(slot.name).set(1)
        if previous is not None and previous != live.version:  # one series per serving model, not per swap
            try:
                self.metrics.model_info.remove(slot.name, previous, self.live[slot.name][previous].loaded.info.kind)
            except (KeyError, ValueError):
                pass
        self.metrics.model_info.labels(slot.name, live.version, info.kind).set(1)
        if previous is None or previous == live.version:
            log.info("model serving", extra={"model": slot.name, "version": live.version})
            return
        log.info("model version swapped", extra={"model": slot.name, "version": live.version, "previous": previous})
        grace = self.settings.model_grace_s
        old = slot.versions.get(previous)
        if grace > 0:
            if old is not None:
                gone = "" if old.on_disk else "; directory removed"
                old.state, old.reason = "ready", f"previous version; unloaded {grace:g} s after the swap{gone}"
            self._retire_later[(slot.name, previous)] = asyncio.create_task(
                self._retire_after(slot.name, previous, grace), name=f"retire-{slot.name}-{previous}")
        else:
            self._retire(slot.name, previous)

    async def _retire_after(self, name: str, version: str, delay_s: float) -> None:
        await asyncio.sleep(delay_s)
        self._retire_later.pop((name, version), None)
        self._retire(name, version)

    def _retire(self, name: str, version: str) -> None:
        """Stop handing out ``version`` (at once), then close it once its requests are done."""
        live = self.live.get(name, {}).pop(version, None)
        slot = self.registry.get(name)
        status = slot.versions.get(version) if slot else None
        if slot is not None and status is not None:
            if status.on_disk:
                status.state, status.reason = "retired", f"replaced by version {self.serving.get(name)}"
            else:
                del slot.versions[version]
        if live is not None:
            self._draining[live.runner] = asyncio.create_task(self._close(live), name=f"close-{name}-{version}")

    async def _close(self, live: Live) -> None:
        try:
            if not await live.runner.drain(self.settings.request_timeout_s + DRAIN_MARGIN_S):
                log.warning("closing a model version with requests still waiting",
                            extra={"model": live.runner.name, "version": live.version})
            await live.runner.close()
            log.info("model version unloaded", extra={"model": live.runner.name, "version": live.version})
        finally:
            self._draining.pop(live.runner, None)

    # --- lookup ------------------------------------------------------------------------------
    @property
    def runners(self) -> dict[str, ModelRunner[Any]]:
        """The serving runner of each model that serves."""
        return {name: self.live[name][version].runner for name, version in self.serving.items()
                if version in self.live.get(name, {})}

    def runner(self, name: str, version: str | None = None) -> ModelRunner[Any] | None:
        """The runner of ``version`` of model ``name`` (default: the serving one), if loaded."""
        version = version if version is not None else self.serving.get(name)
        live = self.live.get(name, {}).get(version) if version is not None else None
        return live.runner if live is not None else None

    def loaded_versions(self, name: str) -> list[str]:
        """The versions of ``name`` that answer requests now, highest first."""
        return sorted(self.live.get(name, {}), key=int, reverse=True)

    def busy_for(self, path: str) -> float | None:
        """Seconds of work already queued for the model behind ``path``, when that alone is
        more than a request may take (the request guard then refuses before reading the body)."""
        runner_type = ENDPOINT_RUNNERS.get(path)
        runner = self.runner_of(runner_type) if runner_type is not None else None
        if runner is None:
            return None
        wait = runner.batcher.estimated_wait_s()
        return wait if wait > self.settings.request_timeout_s else None

    def runner_of(self, runner_type: type[R]) -> R | None:
        """The serving runner of the model of that runner's kind (first by name), if any."""
        slot = self.registry.by_kind(kind_of(runner_type))
        runner = self.runner(slot.name) if slot is not None else None
        return runner if isinstance(runner, runner_type) else None

    async def close(self) -> None:
        tasks = [*self._retire_later.values(), *self._draining.values()]
        runners = [live.runner for versions in self.live.values() for live in versions.values()]
        runners += list(self._draining)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for runner in runners:
            await runner.close()
        self._retire_later.clear()
        self._draining.clear()
        self.live.clear()
        self.serving.clear()
