"""The cheap model must not starve behind the expensive one: /normalize-time latency while
the translator is saturated with 32-sentence beam-4 requests (loopback only, bounded).

    python benchmarks/fair_share.py [--translate-clients 4] [--seconds 30] [--env SERVICE_X=Y ...]

Starts ``python -m service`` on the shipped models, measures /normalize-time (one client,
one text per request) alone, then again while ``--translate-clients`` clients keep the
translator busy, and prints p50/p99 of both and the translation throughput.
"""
from __future__ import annotations

import argparse
import asyncio
import sys
import time
from typing import Any

from loadgen import REPO, RequestSpec, ServerProcess, closed_loop, fmt, make_client, parse_env_pairs
from workload import SENTENCES, TIME_PHRASES, pick


def time_request(index: int) -> RequestSpec:
    return RequestSpec("normalize-time", "POST", "/normalize-time", json={"text": pick(TIME_PHRASES, index, 1)[0]})


def translate_request(index: int) -> RequestSpec:
    texts = pick(SENTENCES, index * 32, 32)
    return RequestSpec("translate", "POST", "/translate", json={"texts": texts, "beam_size": 4}, sentences=32)


async def scenario(url: str, translate_clients: int, seconds: float) -> dict[str, Any]:
    async with make_client(url, translate_clients + 1, 120) as client:
        alone = await closed_loop(client, time_request, concurrency=1, max_requests=200, max_seconds=min(10, seconds))
        busy_task = asyncio.create_task(closed_loop(
            client, translate_request, concurrency=translate_clients, max_requests=10_000, max_seconds=seconds))
        await asyncio.sleep(2)  # the translator is busy now
        during = await closed_loop(client, time_request, concurrency=1, max_requests=10_000, max_seconds=seconds - 4)
        busy = await busy_task
    return {"alone": alone.summary(), "during": during.summary(), "translate": busy.summary()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--translate-clients", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--env", nargs="*", default=[], help="SERVICE_*=value settings for the server")
    args = parser.parse_args()
    env = parse_env_pairs(args.env)
    started = time.monotonic()
    with ServerProcess(REPO / "models", env) as server:
        result = asyncio.run(scenario(server.url, args.translate_clients, args.seconds))
    print(f"settings: {env or 'defaults'}; {args.translate_clients} translate clients; {time.monotonic() - started:.0f} s")
    print(f"{'/normalize-time':<28} {'requests':>8} {'errors':>6} {'p50 ms':>8} {'p99 ms':>8}")
    for key in ("alone", "during"):
        s = result[key]
        print(f"{key + (' translator saturated' if key == 'during' else ''):<28} {s['requests']:>8} "
              f"{s['errors']:>6} {fmt(s['p50_ms']):>8} {fmt(s['p99_ms']):>8}")
    t = result["translate"]
    print(f"translator: {t['requests']} requests, {t['errors']} errors, {fmt(t['sentences_per_s'])} sentences/s, "
          f"p50 {fmt(t['p50_ms'])} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
