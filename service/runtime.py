"""The loaded models at run time: each gets one executor thread and a dynamic batcher.

Model calls never run on the event loop. Each model has its own single worker thread
(TensorFlow parallelizes inside the call with its intra-op threads), so a long translation
batch does not hold up the time normalizer, and the event loop keeps answering ``/health``.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Hashable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from service.batching import DynamicBatcher
from service.models.base import AttentionResult, ModelInputError, ModelWrapper, TimeResult, TranslationResult
from service.observability import Metrics
from service.registry import ModelRegistry, ModelSlot
from service.settings import Settings

log = logging.getLogger(__name__)


class ModelRunner:
    """Runs one loaded model's calls off the event loop, batching texts across requests."""

    def __init__(self, slot: ModelSlot, settings: Settings, metrics: Metrics) -> None:
        assert slot.wrapper is not None and slot.info is not None
        self.slot = slot
        self.wrapper: ModelWrapper = slot.wrapper
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"model-{slot.name}")
        self.batcher: DynamicBatcher[str, Any] = DynamicBatcher(
            slot.name,
            self._run_batch,
            executor=self.executor,
            max_batch_size=settings.batch_max_size,
            max_wait_s=settings.batch_max_wait_ms / 1000.0,
            max_queue=settings.batch_max_queue,
            metrics=metrics,
        )

    @property
    def name(self) -> str:
        return self.slot.name

    @property
    def version(self) -> str:
        return self.slot.version or ""

    @property
    def max_input_chars(self) -> int | None:
        """The most characters the model reads of one text (model.json), if it says."""
        value = self.slot.info.metadata.get("max_input_chars") if self.slot.info else None
        return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None

    def input_error(self, text: str) -> ModelInputError | None:
        """Why the model cannot read all of ``text``, if so: a text longer than the model reads
        (counted as the model reads it, runs of whitespace as one space) is refused rather than
        cut off silently."""
        limit = self.max_input_chars
        length = len(" ".join(text.split()))
        if limit is not None and length > limit:
            return ModelInputError(
                f"text has {length} characters; model {self.name!r} reads at most {limit}: "
                "send the part that matters"
            )
        return None

    async def _submit(self, key: Hashable, texts: Sequence[str]) -> list[Any]:
        """The batcher's outcome per text; texts the model cannot read are not sent to it."""
        refused = {i: err for i, t in enumerate(texts) if (err := self.input_error(t)) is not None}
        accepted = [t for i, t in enumerate(texts) if i not in refused]
        results = iter(await self.batcher.submit(key, accepted))
        return [refused[i] if i in refused else next(results) for i in range(len(texts))]

    def start(self) -> None:
        self.batcher.start()

    async def close(self) -> None:
        await self.batcher.stop()
        self.executor.shutdown(wait=False, cancel_futures=True)

    def _run_batch(self, key: Hashable, texts: list[str]) -> Sequence[Any]:
        raise NotImplementedError

    @staticmethod
    def warm_up(wrapper: ModelWrapper, settings: Settings) -> None:
        """Run every model call once: TensorFlow optimizes a graph on its first run, which
        takes seconds for a beam search; better at start-up than in a user's request."""
        wrapper.attention("Hello at 7pm.", include_self=True)

    async def attention(
        self, text: str, *, include_self: bool, layer: int | None, head: int | None
    ) -> AttentionResult:
        error = self.input_error(text)
        if error is not None:
            raise error
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.executor,
            lambda: self.wrapper.attention(text, include_self=include_self, layer=layer, head=head),
        )


class TimeNormalizerRunner(ModelRunner):
    @staticmethod
    def warm_up(wrapper: ModelWrapper, settings: Settings) -> None:
        wrapper.normalize(["at 7pm", "no time here"])  # type: ignore[attr-defined]
        wrapper.attention("at 7pm")

    def _run_batch(self, key: Hashable, texts: list[str]) -> Sequence[TimeResult]:
        return self.wrapper.normalize(texts)  # type: ignore[attr-defined, no-any-return]

    async def normalize(self, texts: Sequence[str]) -> list[TimeResult | ModelInputError]:
        return await self._submit(None, texts)


class TranslatorRunner(ModelRunner):
    @property
    def source_language(self) -> str:
        return str(getattr(self.wrapper, "source_language", "en"))

    @property
    def target_language(self) -> str:
        return str(getattr(self.wrapper, "target_language", "de"))

    @staticmethod
    def warm_up(wrapper: ModelWrapper, settings: Settings) -> None:
        for beam_size in sorted({1, settings.default_beam_size}):
            wrapper.translate(["Hello.", "How are you today?"], beam_size=beam_size)  # type: ignore[attr-defined]
        wrapper.attention("Hello.", include_self=True)

    def _run_batch(self, key: Hashable, texts: list[str]) -> Sequence[TranslationResult]:
        assert isinstance(key, tuple)
        beam_size, max_length = key
        return self.wrapper.translate(  # type: ignore[attr-defined, no-any-return]
            texts, beam_size=beam_size, max_length=max_length
        )

    async def translate(
        self, texts: Sequence[str], *, beam_size: int, max_length: int | None
    ) -> list[TranslationResult | ModelInputError]:
        return await self._submit((beam_size, max_length), texts)


RUNNERS: dict[str, type[ModelRunner]] = {
    "time-normalizer": TimeNormalizerRunner,
    "translator": TranslatorRunner,
}


class Runtime:
    """The registry plus a runner for every model that loaded."""

    def __init__(self, registry: ModelRegistry, settings: Settings, metrics: Metrics) -> None:
        self.registry = registry
        self.settings = settings
        self.metrics = metrics
        self.runners: dict[str, ModelRunner] = {}

    async def load_all(self) -> None:
        """Discover and load every model, one after the other, in a worker thread."""
        try:
            await asyncio.to_thread(self.registry.prepare_device)
            for slot in self.registry.discover():
                self.metrics.models_ready.labels(slot.name).set(0)
                await asyncio.to_thread(self.registry.load, slot)
                if slot.state == "ready" and self.settings.warmup:
                    await asyncio.to_thread(self._warm_up, slot)
                if slot.state == "ready":
                    self._start_runner(slot)
        finally:
            self.registry.loading_done.set()
            states = {s.name: s.state for s in self.registry.slots.values()}
            log.info("model loading finished", extra={"models": states, "device": self.registry.device})

    def _warm_up(self, slot: ModelSlot) -> None:
        """Run the model once; a model that fails its warm-up is reported as failed."""
        runner_cls = RUNNERS.get(slot.kind or "")
        if runner_cls is None or slot.wrapper is None:
            return
        started = time.perf_counter()
        try:
            runner_cls.warm_up(slot.wrapper, self.settings)
        except ModelInputError as exc:  # the model works; it only refused the warm-up text
            log.warning("model refused its warm-up input", extra={"model": slot.name, "reason": str(exc)})
        except Exception as exc:  # noqa: BLE001 - reported, the other models go on
            slot.state, slot.error = "failed", f"warm-up failed: {type(exc).__name__}: {exc}"
            log.exception("model failed its warm-up", extra={"model": slot.name})
            return
        log.info("model warmed up", extra={"model": slot.name, "seconds": round(time.perf_counter() - started, 3)})

    def _start_runner(self, slot: ModelSlot) -> None:
        runner_cls = RUNNERS.get(slot.kind or "")
        if runner_cls is None:
            slot.state, slot.error = "failed", f"no runner for kind {slot.kind!r}"
            return
        runner = runner_cls(slot, self.settings, self.metrics)
        runner.start()
        self.runners[slot.name] = runner
        self.metrics.models_ready.labels(slot.name).set(1)

    def runner(self, name: str) -> ModelRunner | None:
        return self.runners.get(name)

    def runner_of_kind(self, kind: str) -> ModelRunner | None:
        slot = self.registry.by_kind(kind)
        return self.runners.get(slot.name) if slot is not None else None

    async def close(self) -> None:
        for runner in self.runners.values():
            await runner.close()
        self.runners.clear()
