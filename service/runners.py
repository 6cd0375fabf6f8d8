"""Runners: each loaded model's calls run off the event loop, batched across requests.

Every model gets one executor thread (TensorFlow parallelizes inside the call with its
intra-op threads), so a long translation batch does not hold up the other models' queues,
and the event loop keeps answering ``/health``. A runner is typed by what its wrapper can
do (``service.models.base``): :class:`TranslatorRunner` over ``Translates``,
:class:`TimeNormalizerRunner` over ``Normalizes``.
"""
from __future__ import annotations

import asyncio
import time
from collections.abc import Hashable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, ClassVar, Generic, TypeVar, cast

from service.batching import DynamicBatcher, StopCheck
from service.memory import release_free_memory
from service.models.base import (
    Aligns,
    Attends,
    AttentionResult,
    ModelInfo,
    ModelInputError,
    Normalizes,
    TimeResult,
    TranslateOptions,
    Translates,
    TranslationResult,
    WordAlignment,
)
from service.observability import Metrics
from service.settings import Settings

W = TypeVar("W", bound=Attends)

# A translation batch of at least this many characters × beam gives its freed memory back.
LARGE_BATCH_COST = 20_000


class ModelRunner(Generic[W]):
    """Runs one loaded model; subclasses add the batch calls of their protocol."""

    protocol: ClassVar[type[Any]] = Attends  # the protocol the wrapper must satisfy

    def __init__(self, info: ModelInfo, wrapper: Attends, settings: Settings, metrics: Metrics) -> None:
        if not isinstance(wrapper, self.protocol):
            raise TypeError(f"{info.name}: {type(wrapper).__name__} does not implement {self.protocol.__name__}")
        self.info = info
        self.wrapper: W = cast(W, wrapper)
        self.settings = settings
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"model-{info.name}")
        self.batcher: DynamicBatcher[str, Any] = DynamicBatcher(
            info.name,
            self._run_batch,
            executor=self.executor,
            max_batch_size=settings.batch_max_size,
            max_wait_s=settings.batch_max_wait_ms / 1000.0,
            max_queue=settings.batch_max_queue,
            metrics=metrics,
            cost=self.cost,
            deadline_s=settings.request_timeout_s,
        )
        self.leases = 0  # requests holding this runner (service.dependencies); it closes after they end

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def version(self) -> str:
        return self.info.version

    def beam_size(self, requested: int | None) -> int:
        """The beam a request gets: its own, else SERVICE_DEFAULT_BEAM_SIZE, else the model's default."""
        if requested is not None:
            return requested
        if self.settings.default_beam_size is not None:
            return self.settings.default_beam_size
        return int(getattr(self.wrapper, "default_beam_size", 1))

    def warm_up(self) -> None:
        """Run every model call once: TensorFlow optimizes a graph on its first run, which
        takes seconds for a beam search; better at start-up than in a user's request."""
        self.wrapper.attention("Hello at 7pm.", include_self=True, beam_size=self.beam_size(None))

    def start(self) -> None:
        self.batcher.start()

    def acquire(self) -> None:
        """A request will use this runner: it is not closed before :meth:`release`."""
        self.leases += 1

    def release(self) -> None:
        self.leases -= 1

    async def drain(self, timeout_s: float) -> bool:
        """Wait until no request holds this runner and its queue is empty (at most ``timeout_s``);
        whether it drained."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout_s
        while self.leases > 0 or self.batcher.depth > 0:
            if loop.time() >= deadline:
                return False
            await asyncio.sleep(0.01)
        return True

    async def close(self) -> None:
        await self.batcher.stop()
        self.executor.shutdown(wait=False, cancel_futures=True)

    def cost(self, key: Hashable, text: str) -> float:
        """What one text costs the model, in the unit the batcher learns a speed for."""
        return float(len(text))

    def _run_batch(self, key: Hashable, texts: list[str], should_stop: StopCheck) -> Sequence[Any]:
        raise NotImplementedError

    async def attention(self, text: str, *, include_self: bool, layer: int | None, head: int | None,
                        beam_size: int | None) -> AttentionResult:
        loop = asyncio.get_running_loop()
        beam = self.beam_size(beam_size)
        return await loop.run_in_executor(
            self.executor,
            lambda: self.wrapper.attention(text, include_self=include_self, layer=layer, head=head, beam_size=beam),
        )


class TimeNormalizerRunner(ModelRunner[Normalizes]):
    protocol = Normalizes

    def warm_up(self) -> None:
        self.wrapper.normalize(["at 7pm", "no time here"])
        self.wrapper.attention("at 7pm")

    def _run_batch(self, key: Hashable, texts: list[str], should_stop: StopCheck
                   ) -> Sequence[TimeResult | ModelInputError]:
        return self.wrapper.normalize(texts)

    async def normalize(self, texts: Sequence[str]) -> list[TimeResult | ModelInputError]:
        return await self.batcher.submit(None, texts)


class TranslatorRunner(ModelRunner[Translates]):
    protocol = Translates

    @property
    def source_language(self) -> str:
        return self.wrapper.source_language

    @property
    def target_language(self) -> str:
        return self.wrapper.target_language

    def warm_up(self) -> None:
        for beam_size in sorted({1, self.beam_size(None)}):
            self.wrapper.translate(["Hello.", "How are you today?"], TranslateOptions(beam_size))
        self.wrapper.attention("Hello.", include_self=True, beam_size=self.beam_size(None))
        # A first speed estimate, so that admission by cost works from the first request on.
        options = TranslateOptions(self.beam_size(None))
        texts = ["The weather is nice today, so we are going for a walk in the park."] * 8
        started = time.perf_counter()
        self.wrapper.translate(texts, options)
        self.batcher.learn(time.perf_counter() - started, sum(self.cost(options, t) for t in texts))

    def cost(self, key: Hashable, text: str) -> float:
        """Characters × beam: decoding time grows with both."""
        beam = key.beam_size if isinstance(key, TranslateOptions) and key.beam_size else 1
        return float(len(text) * beam)

    def _run_batch(self, key: Hashable, texts: list[str], should_stop: StopCheck
                   ) -> Sequence[TranslationResult | ModelInputError]:
        assert isinstance(key, TranslateOptions)
        try:
            return self.wrapper.translate(texts, key, should_stop)
        finally:
            if self.settings.release_memory and sum(self.cost(key, t) for t in texts) >= LARGE_BATCH_COST:
                release_free_memory()

    async def translate(self, texts: Sequence[str], options: TranslateOptions
                        ) -> list[TranslationResult | ModelInputError]:
        return await self.batcher.submit(options, texts)

    @property
    def can_align(self) -> bool:
        return isinstance(self.wrapper, Aligns)

    async def align(self, texts: Sequence[str]) -> list[WordAlignment | ModelInputError]:
        """Translations with word alignments (HTML, documents): one model call per request,
        on the model's thread; raises TypeError for a wrapper that cannot align."""
        wrapper = self.wrapper
        if not isinstance(wrapper, Aligns):
            raise TypeError(f"{self.name} cannot align words")
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, lambda: wrapper.align(list(texts)))
