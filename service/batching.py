"""Dynamic batching: texts from concurrent requests are run through the model together.

A :class:`DynamicBatcher` owns one queue and one worker task. The worker takes the first
waiting item, then collects more for at most ``max_wait_s`` or until ``max_batch_size``
items are gathered, groups them by their key (e.g. the beam size: one model call takes one
beam size), and runs each group in the model's executor thread so that the event loop (and
``/health``) stays responsive. The model call answers per item (a result, or the
``ModelInputError`` saying why not), so one bad text never makes the others run again.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Generic, TypeVar, cast

from service.models.base import ModelInputError
from service.observability import Metrics

log = logging.getLogger(__name__)

P = TypeVar("P")  # one item's payload (e.g. a text)
R = TypeVar("R")  # one item's result

BatchFn = Callable[[Hashable, list[P]], Sequence[R]]


class QueueFullError(RuntimeError):
    """The batcher's queue is full: the service is overloaded."""


@dataclass
class _Item(Generic[P, R]):
    key: Hashable
    payload: P
    future: asyncio.Future[R]
    enqueued: float = field(default_factory=time.perf_counter)


class DynamicBatcher(Generic[P, R]):
    def __init__(
        self,
        name: str,
        fn: BatchFn[P, R],
        *,
        executor: Executor,
        max_batch_size: int,
        max_wait_s: float,
        max_queue: int,
        metrics: Metrics,
    ) -> None:
        self.name = name
        self._fn = fn
        self._executor = executor
        self.max_batch_size = max_batch_size
        self.max_wait_s = max_wait_s
        self.max_queue = max_queue
        self._metrics = metrics
        self._queue: asyncio.Queue[_Item[P, R]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name=f"batcher-{self.name}")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
            self._task = None
        while not self._queue.empty():
            item = self._queue.get_nowait()
            if not item.future.done():
                item.future.cancel()

    @property
    def depth(self) -> int:
        return self._queue.qsize()

    async def submit(self, key: Hashable, payloads: Sequence[P]) -> list[R]:
        """Run every payload; per item, what the model call answered for it.

        A model call that raises fails every request in its batch: ModelInputError becomes
        each item's answer, any other exception is raised (the request fails with 500).
        """
        if self._task is None:
            raise RuntimeError(f"batcher {self.name} is not running")
        if not payloads:
            return []
        if self.depth + len(payloads) > self.max_queue:
            raise QueueFullError(f"{self.name}: {self.depth} texts already waiting")
        loop = asyncio.get_running_loop()
        items = [_Item(key, p, loop.create_future()) for p in payloads]
        for item in items:
            self._queue.put_nowait(item)
        self._metrics.queue_depth.labels(self.name).set(self.depth)
        try:
            await asyncio.wait([i.future for i in items])
        except asyncio.CancelledError:  # the client went away or the request timed out
            for item in items:
                item.future.cancel()
            raise
        outcomes: list[R] = []
        for item in items:
            exc = item.future.exception()
            if exc is not None:
                raise exc
            outcomes.append(item.future.result())
        return outcomes

    async def _collect(self) -> list[_Item[P, R]]:
        batch = [await self._queue.get()]
        deadline = time.perf_counter() + self.max_wait_s
        while len(batch) < self.max_batch_size:
            remaining = deadline - time.perf_counter()
            if remaining <= 0 and self._queue.empty():
                break
            try:
                if self._queue.empty():
                    batch.append(await asyncio.wait_for(self._queue.get(), remaining))
                else:
                    batch.append(self._queue.get_nowait())
            except TimeoutError:
                break
        self._metrics.queue_depth.labels(self.name).set(self.depth)
        return [item for item in batch if not item.future.done()]  # skip cancelled requests

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            batch = await self._collect()
            groups: dict[Hashable, list[_Item[P, R]]] = {}
            for item in batch:
                groups.setdefault(item.key, []).append(item)
            for key, group in groups.items():
                await self._run_group(loop, key, group)

    async def _run_group(
        self, loop: asyncio.AbstractEventLoop, key: Hashable, group: list[_Item[P, R]]
    ) -> None:
        payloads = [item.payload for item in group]
        self._metrics.batch_size.labels(self.name).observe(len(group))
        started = time.perf_counter()
        try:
            results = await loop.run_in_executor(self._executor, self._fn, key, payloads)
            if len(results) != len(group):
                raise RuntimeError(
                    f"{self.name}: model returned {len(results)} results for {len(group)} inputs"
                )
        except ModelInputError as exc:  # the model refused the whole batch: each item's answer
            for item in group:
                _settle(item, result=cast(R, exc))  # R includes ModelInputError
            return
        except Exception as exc:  # noqa: BLE001 - handed to the waiting requests
            log.exception("model call failed", extra={"batcher": self.name, "batch": len(group)})
            for item in group:
                _settle(item, error=exc)
            return
        finally:
            self._metrics.model_seconds.labels(self.name).observe(time.perf_counter() - started)
        for item, result in zip(group, results, strict=True):
            _settle(item, result=result)


def _settle(item: _Item[P, R], *, result: R | None = None, error: BaseException | None = None) -> None:
    if item.future.done():  # cancelled meanwhile
        return
    if error is not None:
        item.future.set_exception(error)
    else:
        item.future.set_result(result)  # type: ignore[arg-type]  # None only with an error
