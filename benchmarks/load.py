"""Throughput and latency of the service at several client concurrencies, batching on and off.

Starts ``python -m service`` itself on a free loopback port, once per variant (by default
"batching on" with the service's defaults and "batching off" with SERVICE_BATCH_MAX_SIZE=1),
or measures an already running server given by ``--url`` (loopback only). For every
endpoint and concurrency, N closed-loop clients send requests until ``--requests`` were sent
or ``--max-seconds`` passed, and a Markdown table reports req/s, sentences/s, p50/p95/p99
latency and the mean batch size the server formed (from its /metrics).

    python benchmarks/load.py --models-dir models
    python benchmarks/load.py --endpoint normalize-time --concurrency 1 8 --requests 100
    python benchmarks/load.py --url http://127.0.0.1:8000 --endpoint translate
"""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from loadgen import (
    BATCHING_OFF,
    REPO,
    RequestSpec,
    ServerProcess,
    closed_loop,
    fmt,
    make_client,
    mean_batch,
    parse_env_pairs,
    read_batch_totals,
    require_loopback,
    send,
)
from workload import SENTENCES, TIME_PHRASES, pick

ENDPOINTS = ("translate", "normalize-time")
BATCHER = {"translate": "translator-en-de", "normalize-time": "time-normalizer"}


def request_factory(endpoint: str, texts_per_request: int, beam_size: int | None) -> Callable[[int], RequestSpec]:
    pool = SENTENCES if endpoint == "translate" else TIME_PHRASES

    def make(index: int) -> RequestSpec:
        texts = pick(pool, index * texts_per_request, texts_per_request)
        body: dict[str, Any] = {"text": texts[0]} if texts_per_request == 1 else {"texts": texts}
        if endpoint == "translate" and beam_size is not None:
            body["beam_size"] = beam_size
        return RequestSpec(endpoint, "POST", f"/{endpoint}", json=body, sentences=len(texts))

    return make


async def measure(url: str, args: argparse.Namespace, variant: str) -> list[dict[str, Any]]:
    async with make_client(url, 1, 10) as client:
        states = (await client.get("/ready")).json().get("models", {})
    rows = []
    for endpoint in args.endpoint:
        if states.get(BATCHER[endpoint]) != "ready":
            print(f"  skipping {endpoint}: model {BATCHER[endpoint]} is {states.get(BATCHER[endpoint], 'absent')}",
                  file=sys.stderr, flush=True)
            continue
        make = request_factory(endpoint, args.texts_per_request, args.beam_size)
        async with make_client(url, 1, args.timeout) as client:  # the first call after /ready: cold
            cold = await send(client, make(0))
        print(f"  {variant:>13} {endpoint:>14} first request after ready: {cold.latency_s * 1000:.0f} ms "
              f"(HTTP {cold.status})", file=sys.stderr, flush=True)
        for concurrency in args.concurrency:
            async with make_client(url, concurrency, args.timeout) as client:
                if args.warmup:  # first calls trace and allocate: keep them out of the figures
                    await closed_loop(client, make, concurrency=concurrency, max_requests=args.warmup,
                                      max_seconds=args.max_seconds)
                before = await read_batch_totals(client)
                result = await closed_loop(client, make, concurrency=concurrency,
                                           max_requests=args.requests, max_seconds=args.max_seconds)
                after = await read_batch_totals(client)
            row = {"variant": variant, "endpoint": endpoint, "clients": concurrency, "cold_ms": cold.latency_s * 1000,
                   **result.summary(), "mean_batch": mean_batch(before, after, BATCHER[endpoint])}
            failures = [o.error for o in result.outcomes if not o.ok]
            if failures:
                row["first_error"] = failures[0]
            rows.append(row)
            print(f"  {variant:>13} {endpoint:>14} c={concurrency:<3} {row['requests']:>5} req "
                  f"{row['req_per_s']:7.2f} req/s  p50 {fmt(row['p50_ms'])} ms  errors {row['errors']}",
                  file=sys.stderr, flush=True)
    return rows


def markdown(rows: Sequence[dict[str, Any]]) -> str:
    header = ("| variant | endpoint | clients | requests | errors | req/s | sentences/s "
              "| p50 ms | p95 ms | p99 ms | mean batch |")
    lines = [header, "|" + "---|" * 11]
    for r in rows:
        lines.append(
            f"| {r['variant']} | {r['endpoint']} | {r['clients']} | {r['requests']} | {r['errors']} "
            f"| {r['req_per_s']:.2f} | {r['sentences_per_s']:.2f} | {fmt(r['p50_ms'])} | {fmt(r['p95_ms'])} "
            f"| {fmt(r['p99_ms'])} | {fmt(r['mean_batch'], 2)} |"
        )
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python benchmarks/load.py",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        epilog="Batching is set by the service's SERVICE_BATCH_MAX_SIZE / SERVICE_BATCH_MAX_WAIT_MS "
        "(service/settings.py); 'batching off' uses " + " ".join(f"{k}={v}" for k, v in BATCHING_OFF.items()) + ".",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    target = parser.add_mutually_exclusive_group()
    target.add_argument("--models-dir", type=Path, default=REPO / "models",
                        help="models directory of the server this script starts")
    target.add_argument("--url", help="measure this running server instead (loopback only; one variant)")
    parser.add_argument("--endpoint", nargs="+", choices=ENDPOINTS, default=list(ENDPOINTS))
    parser.add_argument("--concurrency", nargs="+", type=int, default=[1, 8, 32], help="concurrent clients")
    parser.add_argument("--requests", type=int, default=200, help="requests per endpoint and concurrency")
    parser.add_argument("--max-seconds", type=float, default=60.0, help="time limit per endpoint and concurrency")
    parser.add_argument("--warmup", type=int, default=8, help="requests sent first and not measured")
    parser.add_argument("--texts-per-request", type=int, default=1, help="1: {'text'}; more: {'texts': [...]}")
    parser.add_argument("--beam-size", type=int, default=None, help="translate beam size; none: the server's default")
    parser.add_argument("--timeout", type=float, default=120.0, help="client timeout per request, seconds")
    off = ",".join(f"{k}={v}" for k, v in BATCHING_OFF.items())
    parser.add_argument("--variant", action="append", default=[], metavar="NAME:KEY=VAL[,KEY=VAL]",
                        help=f"a server configuration to measure (repeatable); default: 'batching on:' and "
                        f"'batching off:{off}'")
    parser.add_argument("--server-env", action="append", default=[], metavar="KEY=VAL",
                        help="setting added to every variant's server (e.g. SERVICE_TF_INTRA_OP_THREADS=2)")
    parser.add_argument("--json", type=Path, help="also write the rows as JSON here")
    return parser


def parse_variants(specs: Sequence[str]) -> dict[str, dict[str, str]]:
    if not specs:
        return {"batching on": {}, "batching off": dict(BATCHING_OFF)}
    variants = {}
    for spec in specs:
        name, _, pairs = spec.partition(":")
        variants[name.strip()] = parse_env_pairs([p for p in pairs.split(",") if p])
    return variants


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if min(args.concurrency) < 1 or args.requests < 1 or args.max_seconds <= 0 or args.texts_per_request < 1:
        parser.error("--concurrency, --requests, --texts-per-request must be >= 1 and --max-seconds > 0")
    try:
        common = parse_env_pairs(args.server_env)
        variants = parse_variants(args.variant)
        url = require_loopback(args.url) if args.url else None
    except ValueError as exc:
        parser.error(str(exc))

    rows: list[dict[str, Any]] = []
    if url is not None:
        rows += asyncio.run(measure(url, args, "as running"))
    else:
        for name, env in variants.items():
            print(f"starting the service ({name}: {env or 'defaults'})", file=sys.stderr, flush=True)
            try:
                with ServerProcess(args.models_dir, {**common, **env}) as server:
                    rows += asyncio.run(measure(server.url, args, name))
            except RuntimeError as exc:
                print(f"error: {exc}", file=sys.stderr)
                return 2

    beam = args.beam_size if args.beam_size is not None else "server default"
    print(f"\nTexts per request: {args.texts_per_request}; beam size: {beam}; "
          f"per cell at most {args.requests} requests or {args.max_seconds:g} s.\n")
    print(markdown(rows))
    colds = {(r["variant"], r["endpoint"]): r["cold_ms"] for r in rows}
    if colds:
        print("\nFirst request after /ready (not in the table): "
              + "; ".join(f"{v}, {e}: {ms:.0f} ms" for (v, e), ms in colds.items()))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2))
    return 1 if any(r["errors"] for r in rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
