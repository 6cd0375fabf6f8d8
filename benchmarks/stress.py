"""Stress scenarios on the shipped models (loopback only, every loop bounded in count and time).

    python benchmarks/stress.py overload [--clients 128] [--seconds 30]
    python benchmarks/stress.py hangup   [--clients 50]
    python benchmarks/stress.py sigterm  [--clients 20]
    python benchmarks/stress.py memory   [--texts 16] [--chars 1000] [--beam 8]

overload: ``--clients`` clients each send 64 texts × 1,000 characters at beam 8; prints
successes, refusals and how fast they came, timeouts, and the time until a small request
is answered normally again. hangup: clients send heavy translations and hang up after 1 s;
prints the server's CPU seconds from then on and how long until it is idle. sigterm: heavy
requests in flight, then SIGTERM; prints the answers by status and content type. memory:
the server's RSS idle, after one large request, and 10 s later, with SERVICE_RELEASE_MEMORY
on and off.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
import time
from collections import Counter
from typing import Any

import httpx
from loadgen import REPO, ServerProcess, fmt, make_client, percentile, rss_kib
from workload import SENTENCES

LONG_TEXT = " ".join(SENTENCES)[:1000]


def heavy_body(texts: int = 64, chars: int = 1000, beam: int = 8) -> dict[str, Any]:
    text = (" ".join(SENTENCES) * 3)[:chars]
    return {"texts": [text] * texts, "beam_size": beam}


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (/proc/<pid>/stat)."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def small_ok(client: httpx.AsyncClient) -> float:
    """Seconds until a one-sentence translation is answered 200 (at most 120 s)."""
    started = time.perf_counter()
    while time.perf_counter() - started < 120:
        r = await client.post("/translate", json={"text": "Where is the station?"})
        if r.status_code == 200:
            return time.perf_counter() - started
        await asyncio.sleep(0.5)
    return float("nan")


async def overload(url: str, clients: int, seconds: float) -> None:
    statuses: Counter[str] = Counter()
    refusal_ms: list[float] = []
    deadline = time.perf_counter() + seconds
    async with make_client(url, clients + 1, 90) as client:
        async def worker() -> None:
            while time.perf_counter() < deadline:
                started = time.perf_counter()
                try:
                    r = await client.post("/translate", json=heavy_body())
                    key = f"{r.status_code} {r.json().get('code', 'ok') if r.status_code != 200 else 'ok'}"
                except httpx.HTTPError as exc:
                    key = f"transport {type(exc).__name__}"
                statuses[key] += 1
                if key.startswith("503 overloaded"):
                    refusal_ms.append((time.perf_counter() - started) * 1000)
                    await asyncio.sleep(0.2)

        await asyncio.gather(*(worker() for _ in range(clients)))
        recovery = await small_ok(client)
    print(f"overload: {clients} clients × 64 texts × 1,000 chars, beam 8, {seconds:g} s")
    for key, count in sorted(statuses.items()):
        print(f"  {key:<32} {count}")
    print(f"  refusal latency p50 {fmt(percentile(refusal_ms, 50))} ms, p99 {fmt(percentile(refusal_ms, 99))} ms")
    print(f"  a small request answered again {recovery:.1f} s after the flood")


async def hangup(url: str, pid: int, clients: int) -> None:
    async with make_client(url, clients, 1.0) as client:
        async def one() -> None:
            try:
                await client.post("/translate", json=heavy_body(16, 600, 4))
            except httpx.HTTPError:
                pass  # the client gave up after 1 s

        await asyncio.gather(*(one() for _ in range(clients)))
    hung_up = time.perf_counter()
    cpu_at_hangup = cpu_seconds(pid)
    idle_after = float("nan")
    previous = cpu_at_hangup
    for _ in range(60):  # at most 30 s
        await asyncio.sleep(0.5)
        now = cpu_seconds(pid)
        if now - previous < 0.05:  # under 10% of a core for half a second: idle
            idle_after = time.perf_counter() - hung_up
            break
        previous = now
    await asyncio.sleep(max(0.0, 10 - (time.perf_counter() - hung_up)))
    print(f"hangup: {clients} clients sent 16 × 600 chars at beam 4 and hung up after 1 s")
    print(f"  server CPU in the 10 s after: {cpu_seconds(pid) - cpu_at_hangup:.1f} s; idle after {idle_after:.1f} s")


async def sigterm(server: ServerProcess, clients: int) -> None:
    async with make_client(server.url, clients, 120) as client:
        async def one(i: int) -> str:
            try:
                r = await client.post("/translate", json=heavy_body(4 + i % 8, 400, 4))
                return f"{r.status_code} {r.headers.get('content-type', '')} {r.json().get('code', 'ok')}"
            except (httpx.HTTPError, ValueError) as exc:
                return f"transport {type(exc).__name__}"

        tasks = [asyncio.create_task(one(i)) for i in range(clients)]
        await asyncio.sleep(2)
        started = time.perf_counter()
        assert server.process is not None
        server.process.send_signal(signal.SIGTERM)
        answers = Counter(await asyncio.gather(*tasks))
        took = time.perf_counter() - started
    exit_code = server.process.wait(timeout=60)
    print(f"sigterm: {clients} heavy requests in flight; all answered {took:.1f} s after SIGTERM; exit {exit_code}")
    for key, count in sorted(answers.items()):
        print(f"  {key:<48} {count}")


async def memory(url: str, pid: int, texts: int, chars: int, beam: int) -> dict[str, float]:
    async with make_client(url, 1, 600) as client:
        await client.post("/translate", json={"text": "Hello."})
        idle = rss_kib(pid) or 0
        started = time.perf_counter()
        r = await client.post("/translate", json=heavy_body(texts, chars, beam))
        took = time.perf_counter() - started
        after = rss_kib(pid) or 0
        await asyncio.sleep(10)
        later = rss_kib(pid) or 0
    return {"status": r.status_code, "seconds": took, "idle": idle / 1024, "after": after / 1024, "later": later / 1024}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("scenario", choices=["overload", "hangup", "sigterm", "memory"])
    parser.add_argument("--clients", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--texts", type=int, default=16)
    parser.add_argument("--chars", type=int, default=1000)
    parser.add_argument("--beam", type=int, default=8)
    args = parser.parse_args()
    models = REPO / "models"
    if args.scenario == "overload":
        with ServerProcess(models) as server:
            asyncio.run(overload(server.url, args.clients or 128, args.seconds))
    elif args.scenario == "hangup":
        with ServerProcess(models) as server:
            asyncio.run(hangup(server.url, server.pid, args.clients or 50))
    elif args.scenario == "sigterm":
        server = ServerProcess(models, {"SERVICE_SHUTDOWN_GRACE_S": "10"})
        with server:
            asyncio.run(sigterm(server, args.clients or 20))
    else:
        print(f"memory: one request of {args.texts} × {args.chars} chars at beam {args.beam} (RSS in MiB)")
        for release in ("true", "false"):
            with ServerProcess(models, {"SERVICE_RELEASE_MEMORY": release, "SERVICE_REQUEST_TIMEOUT_S": "600"}) as s:
                m = asyncio.run(memory(s.url, s.pid, args.texts, args.chars, args.beam))
            print(f"  release_memory={release:<5} status {m['status']} in {m['seconds']:.0f} s: idle {m['idle']:.0f}, "
                  f"right after {m['after']:.0f}, 10 s later {m['later']:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
