"""The loaded models at run time: the registry plus one runner per model that serves."""
from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, TypeVar

from service.kinds import KINDS, kind_of
from service.models.base import ModelInputError
from service.observability import Metrics
from service.registry import ModelRegistry, ModelSlot
from service.runners import ModelRunner, TimeNormalizerRunner, TranslatorRunner
from service.settings import Settings

log = logging.getLogger(__name__)

R = TypeVar("R", bound=ModelRunner[Any])

# The endpoints whose model is known before their body is read.
ENDPOINT_RUNNERS: dict[str, type[ModelRunner[Any]]] = {
    "/translate": TranslatorRunner,
    "/normalize-time": TimeNormalizerRunner,
}


class Runtime:
    """Loads every model once (in a worker thread), warms it up and starts its runner."""

    def __init__(self, registry: ModelRegistry, settings: Settings, metrics: Metrics) -> None:
        self.registry = registry
        self.settings = settings
        self.metrics = metrics
        self.runners: dict[str, ModelRunner[Any]] = {}

    async def load_all(self) -> None:
        """Discover and load every model, one after the other, in a worker thread."""
        try:
            await asyncio.to_thread(self.registry.prepare_device)
            for slot in self.registry.discover():
                self.metrics.models_ready.labels(slot.name).set(0)
                await asyncio.to_thread(self.registry.load, slot)
                runner = self._make_runner(slot) if slot.state == "ready" else None
                if runner is not None and self.settings.warmup:
                    await asyncio.to_thread(self._warm_up, slot, runner)
                if runner is not None and slot.state == "ready":
                    runner.start()
                    self.runners[slot.name] = runner
                    self.metrics.models_ready.labels(slot.name).set(1)
                    self.metrics.model_info.labels(slot.name, runner.version, slot.info.kind if slot.info else "").set(1)
        finally:
            self.registry.loading_done.set()
            states = {s.name: s.state for s in self.registry.slots.values()}
            log.info("model loading finished", extra={"models": states, "device": self.registry.device})

    def _make_runner(self, slot: ModelSlot) -> ModelRunner[Any] | None:
        assert slot.info is not None and slot.wrapper is not None
        try:
            return KINDS[slot.info.kind].runner(slot.info, slot.wrapper, self.settings, self.metrics)
        except (KeyError, TypeError) as exc:
            slot.state, slot.error = "failed", f"no runner for this model: {exc}"
            log.error("model cannot be served", extra={"model": slot.name, "reason": slot.error})
            return None

    def _warm_up(self, slot: ModelSlot, runner: ModelRunner[Any]) -> None:
        """Run the model once; a model that fails its warm-up is reported as failed."""
        started = time.perf_counter()
        try:
            runner.warm_up()
        except ModelInputError as exc:  # the model works; it only refused the warm-up text
            log.warning("model refused its warm-up input", extra={"model": slot.name, "reason": str(exc)})
        except Exception as exc:  # noqa: BLE001 - reported, the other models go on
            slot.state, slot.error = "failed", f"warm-up failed: {type(exc).__name__}: {exc}"
            log.exception("model failed its warm-up", extra={"model": slot.name})
            return
        log.info("model warmed up", extra={"model": slot.name, "seconds": round(time.perf_counter() - started, 3)})

    def busy_for(self, path: str) -> float | None:
        """Seconds of work already queued for the model behind ``path``, when that alone is
        more than a request may take (the request guard then refuses before reading the body)."""
        runner_type = ENDPOINT_RUNNERS.get(path)
        runner = self.runner_of(runner_type) if runner_type is not None else None
        if runner is None:
            return None
        wait = runner.batcher.estimated_wait_s()
        return wait if wait > self.settings.request_timeout_s else None

    def runner(self, name: str) -> ModelRunner[Any] | None:
        return self.runners.get(name)

    def runner_of(self, runner_type: type[R]) -> R | None:
        """The runner of the model of that runner's kind that serves (first by name), if any."""
        slot = self.registry.by_kind(kind_of(runner_type))
        runner = self.runners.get(slot.name) if slot is not None else None
        return runner if isinstance(runner, runner_type) else None

    async def close(self) -> None:
        for runner in self.runners.values():
            await runner.close()
        self.runners.clear()
