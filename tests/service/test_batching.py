"""Dynamic batching: texts of concurrent requests share model calls, within the limits."""
from __future__ import annotations

import asyncio
import threading
from collections.abc import Hashable
from concurrent.futures import ThreadPoolExecutor

import pytest
from api_fakes import FakeTimeNormalizer, FakeTranslator
from conftest import ClientFactory
from fastapi.testclient import TestClient

from service.batching import DynamicBatcher, QueueFullError
from service.models.base import ModelInputError
from service.observability import Metrics


def _batcher(fn, **kwargs) -> DynamicBatcher:  # type: ignore[no-untyped-def, type-arg]
    options = {"max_batch_size": 4, "max_wait_s": 0.05, "max_queue": 100} | kwargs
    return DynamicBatcher("test", fn, executor=ThreadPoolExecutor(1), metrics=Metrics(), **options)


def test_concurrent_submissions_are_batched_up_to_the_maximum() -> None:
    calls: list[list[int]] = []

    def double(key: Hashable, xs: list[int], should_stop: object = None) -> list[int]:
        calls.append(xs)
        return [2 * x for x in xs]

    async def main() -> list[list[int | ModelInputError]]:
        batcher = _batcher(double)
        batcher.start()
        try:
            return await asyncio.gather(*(batcher.submit(None, [i, 10 + i]) for i in range(5)))
        finally:
            await batcher.stop()

    results = asyncio.run(main())
    assert results == [[2 * i, 2 * (10 + i)] for i in range(5)]
    assert sorted(x for call in calls for x in call) == sorted([i for i in range(5)] + [10 + i for i in range(5)])
    assert max(len(c) for c in calls) == 4 and len(calls) == 3  # 10 items, batches of at most 4


def test_groups_by_key_and_answers_per_item_in_one_model_call() -> None:
    calls: list[tuple[Hashable, list[str]]] = []

    def fn(key: Hashable, xs: list[str], should_stop: object = None) -> list[str | ModelInputError]:
        calls.append((key, xs))
        return [ModelInputError("bad input") if x == "bad" else f"{key}:{x}" for x in xs]

    async def main() -> tuple[list, list]:  # type: ignore[type-arg]
        batcher = _batcher(fn, max_batch_size=8)
        batcher.start()
        try:
            return await asyncio.gather(batcher.submit("a", ["x", "bad", "y"]), batcher.submit("b", ["z"]))
        finally:
            await batcher.stop()

    first, second = asyncio.run(main())
    assert first[0] == "a:x" and first[2] == "a:y" and isinstance(first[1], ModelInputError)
    assert second == ["b:z"]
    # One call per key: the bad text did not make the others run again one by one.
    assert sorted(calls) == [("a", ["x", "bad", "y"]), ("b", ["z"])]


def test_a_refused_batch_answers_each_item_with_the_error() -> None:
    def fn(key: Hashable, xs: list[str], should_stop: object = None) -> list[str]:
        raise ModelInputError("the model refuses this batch")

    async def main() -> list[object]:
        batcher = _batcher(fn)
        batcher.start()
        try:
            return await batcher.submit(None, ["x", "y"])
        finally:
            await batcher.stop()

    assert [str(o) for o in asyncio.run(main())] == ["the model refuses this batch"] * 2


def test_other_exceptions_reach_the_caller() -> None:
    def fn(key: Hashable, xs: list[str], should_stop: object = None) -> list[str]:
        raise KeyError("bug")

    async def main() -> None:
        batcher = _batcher(fn)
        batcher.start()
        try:
            await batcher.submit(None, ["x"])
        finally:
            await batcher.stop()

    with pytest.raises(KeyError):
        asyncio.run(main())


def test_full_queue_is_refused() -> None:
    gate = threading.Event()

    def slow(key: Hashable, xs: list[str], should_stop: object = None) -> list[str]:
        gate.wait(5)
        return xs

    async def main() -> None:
        batcher = _batcher(slow, max_queue=3, max_batch_size=1)
        batcher.start()
        try:
            first = asyncio.create_task(batcher.submit(None, ["a"]))
            await asyncio.sleep(0.05)  # "a" is being processed, the queue is empty
            waiting = asyncio.create_task(batcher.submit(None, ["b", "c", "d"]))
            await asyncio.sleep(0.01)
            with pytest.raises(QueueFullError):
                await batcher.submit(None, ["e"])
            gate.set()
            assert await first == ["a"] and await waiting == ["b", "c", "d"]
        finally:
            gate.set()
            await batcher.stop()

    asyncio.run(main())


def test_requests_from_different_clients_share_model_calls(make_client: ClientFactory) -> None:
    client: TestClient = make_client(batch_max_size=8, batch_max_wait_ms=200)
    FakeTimeNormalizer.delay_s = 0.05
    results: dict[int, dict] = {}  # type: ignore[type-arg]

    def call(i: int) -> None:
        results[i] = client.post("/normalize-time", json={"text": f"at {i}:15"}).json()

    threads = [threading.Thread(target=call, args=(i,)) for i in range(1, 7)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert {i: r["results"][0]["time"] for i, r in results.items()} == {i: f"{i:02d}:15" for i in range(1, 7)}
    assert max(len(b) for b in FakeTimeNormalizer.calls.batches) > 1, FakeTimeNormalizer.calls.batches
    assert all(len(b) <= 8 for b in FakeTimeNormalizer.calls.batches)
    assert all(name.startswith("model-") for name in FakeTimeNormalizer.calls.threads)


def test_translation_batches_never_mix_beam_sizes(make_client: ClientFactory) -> None:
    client: TestClient = make_client(batch_max_wait_ms=100)
    beams = [1, 2, 1, 2, 4]

    def call(beam: int) -> None:
        assert client.post("/translate", json={"text": f"b{beam}", "beam_size": beam}).status_code == 200

    threads = [threading.Thread(target=call, args=(b,)) for b in beams]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    for texts, kwargs in zip(FakeTranslator.calls.batches, FakeTranslator.calls.kwargs, strict=True):
        assert {f"b{kwargs['beam_size']}"} == set(texts)


def test_more_texts_than_the_batch_size_are_split(make_client: ClientFactory) -> None:
    client: TestClient = make_client(batch_max_size=3)
    r = client.post("/normalize-time", json={"texts": [f"{i}:00" for i in range(1, 8)]})
    assert [x["time"] for x in r.json()["results"]] == [f"{i:02d}:00" for i in range(1, 8)]
    assert [len(b) for b in FakeTimeNormalizer.calls.batches] == [3, 3, 1]
