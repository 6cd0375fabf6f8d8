"""Soak test: many concurrent clients of mixed valid and deliberately bad requests for a while.

Starts ``python -m service`` on a free loopback port (or targets ``--url``, loopback only,
with ``--pid`` for its memory), then runs ``--clients`` closed-loop clients for
``--duration`` seconds (and at most ``--max-requests`` requests) of a seeded random mix:
``/translate`` (own and LibreTranslate form), ``/normalize-time``, ``GET``/``POST
/attention``, probes, and bad requests (malformed JSON, wrong types, limits exceeded,
unknown model, wrong method or media type, oversized body...).

It reports errors among valid requests (must be 0), the status codes of the bad requests
(must be 4xx), latency percentiles, and the server's resident memory (VmRSS of the process
and its children) sampled every ``--sample-every`` seconds. Exit status 1 if a valid
request failed, a bad request was not answered 4xx, or any 5xx occurred; 2 on usage errors
or if the server did not start.

    python benchmarks/soak.py --duration 300
    python benchmarks/soak.py --duration 30 --clients 8     # a quick smoke
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import httpx
from loadgen import (
    REPO,
    Outcome,
    RequestSpec,
    RunResult,
    ServerProcess,
    closed_loop,
    fmt,
    make_client,
    parse_env_pairs,
    percentile,
    require_loopback,
    rss_kib,
)
from workload import SENTENCES, TIME_PHRASES

TRANSLATOR, TIME_NORMALIZER = "translator-en-de", "time-normalizer"

Weighted = list[tuple[float, Callable[[random.Random], RequestSpec]]]
MemorySeries = list[tuple[float, int | None]]  # (seconds since start, RSS in KiB or None)


def _s(rng: random.Random) -> str:
    return rng.choice(SENTENCES)


def _t(rng: random.Random) -> str:
    return rng.choice(TIME_PHRASES)


def valid_requests(models: set[str]) -> Weighted:
    mix: Weighted = [
        (1, lambda r: RequestSpec("GET /health", "GET", "/health", sentences=0)),
        (1, lambda r: RequestSpec("GET /ready", "GET", "/ready", sentences=0)),
        (0.5, lambda r: RequestSpec("GET /models", "GET", "/models", sentences=0)),
    ]
    if TIME_NORMALIZER in models:
        mix += [
            (8, lambda r: RequestSpec("normalize text", "POST", "/normalize-time", json={"text": _t(r)})),
            (4, lambda r: RequestSpec("normalize texts", "POST", "/normalize-time",
                                      json={"texts": [_t(r) for _ in range(4)]}, sentences=4)),
            (3, lambda r: RequestSpec("attention GET tn", "GET", "/attention",
                                      params={"model": TIME_NORMALIZER, "text": _t(r)})),
        ]
    if TRANSLATOR in models:
        mix += [
            (8, lambda r: RequestSpec("translate text", "POST", "/translate", json={"text": _s(r)})),
            (4, lambda r: RequestSpec("translate greedy", "POST", "/translate",
                                      json={"texts": [_s(r), _s(r)], "beam_size": 1}, sentences=2)),
            (2, lambda r: RequestSpec("libretranslate", "POST", "/translate",
                                      json={"q": _s(r), "source": "en", "target": "de", "format": "text"})),
            (2, lambda r: RequestSpec("attention POST tr", "POST", "/attention",
                                      json={"model": TRANSLATOR, "text": _s(r), "include_self": True, "layer": 0})),
        ]
    return mix


def bad_requests(models: set[str]) -> Weighted:
    """Requests the service must refuse with a 4xx. Those to an endpoint whose model is not
    loaded are left out: there the 503 "no such model loaded" rightly comes first."""
    def bad(label: str, method: str, path: str, **kw: Any) -> Callable[[random.Random], RequestSpec]:
        return lambda r: RequestSpec(label, method, path, valid=False, sentences=0, **kw)

    json_header = {"content-type": "application/json"}
    mix: Weighted = [
        (1, bad("unknown model", "GET", "/attention", params={"model": "no-such-model", "text": "noon"})),
        (1, bad("attention no text", "GET", "/attention", params={"model": TIME_NORMALIZER})),
        (1, bad("negative layer", "POST", "/attention", json={"model": TIME_NORMALIZER, "text": "noon", "layer": -1})),
        (1, bad("wrong method", "GET", "/translate")),
        (1, bad("unknown path", "GET", "/no-such-endpoint")),
    ]
    if TIME_NORMALIZER in models:
        mix += [
            (1, bad("malformed JSON nt", "POST", "/normalize-time", content=b"{text:}", headers=json_header)),
            (1, bad("empty text", "POST", "/normalize-time", json={"text": "   "})),
            (1, bad("empty texts", "POST", "/normalize-time", json={"texts": []})),
            (1, bad("unknown field", "POST", "/normalize-time", json={"text": "noon", "foo": 1})),
            (1, bad("too many texts", "POST", "/normalize-time", json={"texts": ["noon"] * 500})),
            (0.2, bad("body too large", "POST", "/normalize-time",
                      content=b'{"text": "' + b"a" * 2_000_000 + b'"}', headers=json_header)),
            (1, bad("layer out of range", "GET", "/attention",
                    params={"model": TIME_NORMALIZER, "text": "noon", "layer": "7"})),
        ]
    if TRANSLATOR in models:
        mix += [
            (1, bad("malformed JSON", "POST", "/translate", content=b'{"text": "unclosed', headers=json_header)),
            (1, bad("invalid UTF-8", "POST", "/translate", content=b'{"text": "\xff\xfe"}', headers=json_header)),
            (1, bad("text and texts", "POST", "/translate", json={"text": "a", "texts": ["b"]})),
            (1, bad("text not a string", "POST", "/translate", json={"text": 123})),
            (1, bad("text too long", "POST", "/translate", json={"text": "word " * 2000})),
            (1, bad("beam size 0", "POST", "/translate", json={"text": "Hi.", "beam_size": 0})),
            (1, bad("beam size huge", "POST", "/translate", json={"text": "Hi.", "beam_size": 10_000})),
            (1, bad("max_length huge", "POST", "/translate", json={"text": "Hi.", "max_length": 1_000_000})),
            (1, bad("libre wrong pair", "POST", "/translate", json={"q": "Hi.", "source": "fr", "target": "de"})),
            (1, bad("libre bad format", "POST", "/translate",
                    json={"q": "<b>Hi</b>", "source": "en", "target": "de", "format": "rtf"})),
            (1, bad("libre 10000 alternatives", "POST", "/translate",
                    json={"q": "Hi.", "source": "en", "target": "de", "alternatives": 10_000})),
            (1, bad("wrong media type", "POST", "/translate", content=b"text=Hi",
                    headers={"content-type": "text/plain"})),
            (1, bad("head out of range", "POST", "/attention",
                    json={"model": TRANSLATOR, "text": "Hi.", "layer": 0, "head": 99})),
        ]
    return mix


def check_body(spec: RequestSpec, response: httpx.Response) -> str | None:
    """A 2xx answer to a valid request must also have the documented shape."""
    if spec.method == "GET" and spec.path in {"/health", "/ready", "/models"}:
        return None
    try:
        body = response.json()
    except ValueError:
        return "2xx answer is not JSON"
    if spec.label == "libretranslate":
        return None if isinstance(body.get("translatedText"), str) else f"no translatedText: {body}"
    if spec.path == "/attention":
        return None if body.get("attention", {}).get("cross") else "no cross attention in the answer"
    results = body.get("results")
    if not isinstance(results, list) or len(results) != spec.sentences:
        return f"expected {spec.sentences} results, got {str(body)[:200]}"
    return None


def chooser(mix: Weighted, rng: random.Random) -> Callable[[int], RequestSpec]:
    makers = [m for _, m in mix]
    weights = [w for w, _ in mix]
    return lambda _index: rng.choices(makers, weights)[0](rng)


async def sample_memory(pid: int | None, every_s: float, series: MemorySeries, stop: asyncio.Event) -> None:
    started = time.monotonic()
    while True:
        series.append((time.monotonic() - started, rss_kib(pid) if pid else None))
        try:
            await asyncio.wait_for(stop.wait(), every_s)
        except TimeoutError:
            continue
        series.append((time.monotonic() - started, rss_kib(pid) if pid else None))
        return


async def soak(url: str, pid: int | None, args: argparse.Namespace) -> tuple[RunResult, MemorySeries, set[str]]:
    async with make_client(url, 2, 10) as probe:
        states = (await probe.get("/ready")).json().get("models", {})
    models = {name for name, state in states.items() if state == "ready"}
    rng = random.Random(args.seed)
    valid, bad = valid_requests(models), bad_requests(models)
    bad_share = args.bad_share / (1 - args.bad_share) * sum(w for w, _ in valid) / sum(w for w, _ in bad)
    mix = valid + [(w * bad_share, m) for w, m in bad]

    series: MemorySeries = []
    stop = asyncio.Event()
    sampler = asyncio.create_task(sample_memory(pid, args.sample_every, series, stop))
    done = 0
    last_report = time.monotonic()

    def progress(_: Outcome) -> None:
        nonlocal done, last_report
        done += 1
        if time.monotonic() - last_report >= 30:
            last_report = time.monotonic()
            print(f"  ... {done} requests", file=sys.stderr, flush=True)

    try:
        async with make_client(url, args.clients, args.timeout) as client:
            result = await closed_loop(client, chooser(mix, rng), concurrency=args.clients,
                                       max_requests=args.max_requests, max_seconds=args.duration,
                                       check=check_body, on_outcome=progress)
    finally:
        stop.set()
        await sampler
    return result, series, models


def report(result: RunResult, series: MemorySeries, models: set[str], args: argparse.Namespace) -> int:
    valid = [o for o in result.outcomes if o.spec.valid]
    bad = [o for o in result.outcomes if not o.spec.valid]
    valid_errors = [o for o in valid if not o.ok]
    bad_not_4xx = [o for o in bad if not o.ok]
    server_errors = [o for o in result.outcomes if o.status >= 500]

    print(f"\n## Soak: {args.clients} clients, {result.elapsed_s:.0f} s, models {sorted(models)}\n")
    print(f"- requests: {len(result.outcomes)} ({len(result.outcomes) / max(result.elapsed_s, 1e-9):.1f} req/s), "
          f"valid {len(valid)}, bad {len(bad)}")
    print(f"- errors among valid requests: {len(valid_errors)}")
    print(f"- bad requests not answered 4xx: {len(bad_not_4xx)}")
    print(f"- 5xx answers: {len(server_errors)}")
    lat = result.latencies_ms()
    print(f"- latency of valid requests: p50 {fmt(percentile(lat, 50))} ms, p95 {fmt(percentile(lat, 95))} ms, "
          f"p99 {fmt(percentile(lat, 99))} ms, max {fmt(max(lat, default=float('nan')))} ms")

    print("\n| valid request | count | errors | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|---|")
    by_label: dict[str, list[Outcome]] = defaultdict(list)
    for o in valid:
        by_label[o.spec.label].append(o)
    for label, outs in sorted(by_label.items()):
        ms = [o.latency_s * 1000 for o in outs]
        print(f"| {label} | {len(outs)} | {sum(not o.ok for o in outs)} | {fmt(percentile(ms, 50))} "
              f"| {fmt(percentile(ms, 95))} | {fmt(percentile(ms, 99))} |")

    print("\n| bad request | count | status codes |\n|---|---|---|")
    codes: dict[str, Counter[int]] = defaultdict(Counter)
    for o in bad:
        codes[o.spec.label][o.status] += 1
    for label, counter in sorted(codes.items()):
        print(f"| {label} | {sum(counter.values())} | "
              + ", ".join(f"{code}: {n}" for code, n in sorted(counter.items())) + " |")
    total = Counter(o.status for o in bad)
    print(f"\nBad requests by status: {dict(sorted(total.items()))}")

    print("\n| t (s) | server RSS (MiB) |\n|---|---|")
    for t, kib in series:
        print(f"| {t:.0f} | {'n/a' if kib is None else f'{kib / 1024:.1f}'} |")
    known = [kib for _, kib in series if kib is not None]
    if known:
        print(f"\nRSS start {known[0] / 1024:.1f} MiB, end {known[-1] / 1024:.1f} MiB, "
              f"peak {max(known) / 1024:.1f} MiB, change {(known[-1] - known[0]) / 1024:+.1f} MiB")

    for o in (valid_errors + bad_not_4xx)[:10]:
        print(f"FAILED {o.spec.label}: status {o.status} {o.error or ''}", file=sys.stderr)
    if args.json:
        args.json.write_text(json.dumps({
            "elapsed_s": result.elapsed_s, "requests": len(result.outcomes), "valid": len(valid),
            "valid_errors": len(valid_errors), "bad": len(bad), "bad_not_4xx": len(bad_not_4xx),
            "server_errors": len(server_errors), "bad_status": {k: dict(v) for k, v in codes.items()},
            "latency_ms": {"p50": percentile(lat, 50), "p95": percentile(lat, 95), "p99": percentile(lat, 99)},
            "rss_kib": series,
        }, indent=2))
    failed = bool(valid_errors or bad_not_4xx or server_errors)
    print(f"\nRESULT: {'FAIL' if failed else 'PASS'}")
    return 1 if failed else 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python benchmarks/soak.py",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    target = parser.add_mutually_exclusive_group()
    target.add_argument("--models-dir", type=Path, default=REPO / "models",
                        help="models directory of the server this script starts")
    target.add_argument("--url", help="soak this running server instead (loopback only)")
    parser.add_argument("--pid", type=int, help="with --url: the server's process id, for its memory")
    parser.add_argument("--duration", type=float, default=300.0, help="seconds of load")
    parser.add_argument("--clients", type=int, default=32, help="concurrent clients")
    parser.add_argument("--max-requests", type=int, default=200_000, help="stop after this many requests")
    parser.add_argument("--bad-share", type=float, default=0.15, help="fraction of deliberately bad requests")
    parser.add_argument("--sample-every", type=float, default=10.0, help="seconds between memory samples")
    parser.add_argument("--timeout", type=float, default=120.0, help="client timeout per request, seconds")
    parser.add_argument("--seed", type=int, default=0, help="seed of the request mix")
    parser.add_argument("--server-env", action="append", default=[], metavar="KEY=VAL",
                        help="setting of the started server (e.g. SERVICE_BATCH_MAX_SIZE=1)")
    parser.add_argument("--json", type=Path, help="also write the summary as JSON here")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.duration <= 0 or args.clients < 1 or args.max_requests < 1 or not 0 <= args.bad_share < 1:
        parser.error("--duration > 0, --clients >= 1, --max-requests >= 1 and 0 <= --bad-share < 1 are required")
    try:
        env = parse_env_pairs(args.server_env)
        url = require_loopback(args.url) if args.url else None
    except ValueError as exc:
        parser.error(str(exc))
    if url is not None:
        result, series, models = asyncio.run(soak(url, args.pid, args))
        return report(result, series, models, args)
    print("starting the service", file=sys.stderr, flush=True)
    try:
        with ServerProcess(args.models_dir, env) as server:
            result, series, models = asyncio.run(soak(server.url, server.pid, args))
            alive = server.process is not None and server.process.poll() is None
    except RuntimeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    code = report(result, series, models, args)
    if not alive:
        print("the server process died during the soak", file=sys.stderr)
        return 1
    return code


if __name__ == "__main__":
    raise SystemExit(main())
