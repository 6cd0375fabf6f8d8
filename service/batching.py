"""Dynamic batching: texts from concurrent requests are run through the model together.

A :class:`DynamicBatcher` owns one queue and one worker task. The worker takes the first
waiting item, then collects more for at most ``max_wait_s`` or until ``max_batch_size``
items are gathered, groups them by their key (e.g. the beam size: one model call takes one
beam size), and runs each group in the model's executor thread so that the event loop (and
``/health``) stays responsive. The model call answers per item (a result, or the
``ModelInputError`` saying why not), so one bad text never makes the others run again.

Admission by cost: every item has a cost (e.g. characters × beam), and the batcher learns
how many seconds a unit of cost takes. A submission whose texts could not be answered
within ``deadline_s`` behind the work already queued is refused at once
(:class:`OverloadedError`, 503 with Retry-After) instead of waiting to time out. Work
nobody waits for any more is dropped: cancelled items leave the queue, and a running model
call is told (``should_stop``) so that it can stop at its next chunk.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Hashable, Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Generic, TypeVar, cast

from service.models.base import Cancelled, ModelInputError
from service.observability import Metrics

log = logging.getLogger(__name__)

P = TypeVar("P")  # one item's payload (e.g. a text)
R = TypeVar("R")  # one item's result

StopCheck = Callable[[], bool]
BatchFn = Callable[[Hashable, list[P], StopCheck], Sequence[R]]
CostFn = Callable[[Hashable, P], float]


class QueueFullError(RuntimeError):
    """The batcher's queue is full: the service is overloaded."""


class OverloadedError(QueueFullError):
    """The texts could not be answered in time behind the work already queued."""

    def __init__(self, message: str, retry_after_s: float) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s


@dataclass
class _Item(Generic[P, R]):
    key: Hashable
    payload: P
    future: asyncio.Future[R]
    cost: float = 1.0
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
        cost: CostFn[P] | None = None,
        deadline_s: float = float("inf"),
    ) -> None:
        self.name = name
        self._fn = fn
        self._cost = cost or (lambda key, payload: 1.0)
        self.deadline_s = deadline_s
        self.seconds_per_cost: float | None = None  # learnt from the model calls (moving average)
        self._queued_cost = 0.0
        self._running_cost = 0.0
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
        """Texts waiting that somebody still waits for (cancelled ones are not counted)."""
        waiting: Iterable[_Item[P, R]] = self._queue._queue  # type: ignore[attr-defined]  # asyncio's deque
        return sum(1 for item in waiting if not item.future.done())

    def estimated_wait_s(self, extra_cost: float = 0.0) -> float:
        """Seconds until work of ``extra_cost`` queued now would be answered (0 until measured)."""
        if self.seconds_per_cost is None:
            return 0.0
        return (self._queued_cost + self._running_cost + extra_cost) * self.seconds_per_cost

    def _publish_depth(self) -> None:
        self._metrics.queue_depth.labels(self.name).set(self.depth)

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
        costs = [float(self._cost(key, p)) for p in payloads]
        wait = self.estimated_wait_s(sum(costs))
        if wait > self.deadline_s:
            ahead = self.estimated_wait_s()
            raise OverloadedError(
                f"{self.name}: these texts would take about {wait:.0f} s behind the work queued, longer than the "
                f"{self.deadline_s:g} s a request may take", retry_after_s=max(1.0, ahead))
        loop = asyncio.get_running_loop()
        items = [_Item(key, p, loop.create_future(), cost) for p, cost in zip(payloads, costs, strict=True)]
        for item in items:
            self._queue.put_nowait(item)
        self._queued_cost += sum(costs)
        self._publish_depth()
        try:
            await asyncio.wait([i.future for i in items])
        except asyncio.CancelledError:  # the client went away or the request timed out
            for item in items:
                item.future.cancel()
            self._publish_depth()
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
        self._queued_cost = max(0.0, self._queued_cost - sum(item.cost for item in batch))
        self._publish_depth()
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
        cost = sum(item.cost for item in group)
        self._metrics.batch_size.labels(self.name).observe(len(group))
        self._running_cost = cost
        started = time.perf_counter()

        def abandoned() -> bool:  # read from the model's thread: nobody waits for any item
            return all(item.future.done() for item in group)

        try:
            results = await loop.run_in_executor(self._executor, self._fn, key, payloads, abandoned)
            if len(results) != len(group):
                raise RuntimeError(
                    f"{self.name}: model returned {len(results)} results for {len(group)} inputs"
                )
        except Cancelled:  # stopped early: every waiting request had gone
            self._metrics.errors.labels("abandoned_batch").inc()
            return
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
            seconds = time.perf_counter() - started
            self._running_cost = 0.0
            self._metrics.model_seconds.labels(self.name).observe(seconds)
        self.learn(seconds, cost)
        for item, result in zip(group, results, strict=True):
            _settle(item, result=result)

    def learn(self, seconds: float, cost: float) -> None:
        """Moving average of the seconds one unit of cost takes."""
        if cost <= 0:
            return
        observed = seconds / cost
        previous = self.seconds_per_cost
        self.seconds_per_cost = observed if previous is None else 0.8 * previous + 0.2 * observed


def _settle(item: _Item[P, R], *, result: R | None = None, error: BaseException | None = None) -> None:
    if item.future.done():  # cancelled meanwhile
        return
    if error is not None:
        item.future.set_exception(error)
    else:
        item.future.set_result(result)  # type: ignore[arg-type]  # None only with an error
