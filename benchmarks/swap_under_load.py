"""A model version swap under load: requests answered, errors (must be 0), and the swap time.

Copies a shipped model (default: the time normalizer, 3 MB) into a temporary models directory,
starts ``python -m service`` on it (loopback, a free port) with a short poll interval, and
runs N closed-loop clients against ``/normalize-time`` (``--translate`` adds the translator
and ``/translate``). After ``--swap-after`` seconds it adds a new version, a copy of the same
SavedModel under the next number (copied in as ``.N`` and renamed, as docs/operations.md
advises), waits until ``GET /models/{name}`` says it serves, and keeps the load going until
``--seconds`` have passed. It prints the requests, errors by status, which versions
answered, and how long the swap took (from the rename to the first poll of /models/{name}
that shows the new version serving; it includes up to one poll interval).

    python benchmarks/swap_under_load.py
    python benchmarks/swap_under_load.py --clients 16 --seconds 40 --translate

Bounded: at most ``--max-requests`` requests and ``--seconds`` of load; loopback only.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
from loadgen import REPO, RequestSpec, ServerProcess, closed_loop, fmt, make_client, percentile
from workload import SENTENCES, TIME_PHRASES, pick

TIME_NORMALIZER, TRANSLATOR = "time-normalizer", "translator-en-de"


def highest_version(model_dir: Path) -> str:
    return max((p.name for p in model_dir.iterdir() if p.name.isascii() and p.name.isdigit()), key=int)


def copy_version(source: Path, target: Path, version: str) -> None:
    """Copy a SavedModel version directory to ``target/version`` atomically (as ``.version``, then renamed)."""
    staging = target / f".{version}"
    shutil.copytree(source, staging)
    manifest = staging / "assets.extra" / "model.json"
    data = json.loads(manifest.read_text(encoding="utf-8"))
    data["version"] = version
    manifest.write_text(json.dumps(data, indent=2), encoding="utf-8")
    staging.rename(target / version)


async def run(args: argparse.Namespace, url: str, models_dir: Path, new_version: str) -> dict[str, Any]:
    answered: Counter[str] = Counter()
    statuses: Counter[str] = Counter()
    first_new_answer: list[float] = []

    def check(spec: RequestSpec, response: httpx.Response) -> str | None:
        version = str(response.json().get("version"))
        answered[f"{spec.label} v{version}"] += 1
        if version == new_version and not first_new_answer:
            first_new_answer.append(time.monotonic())
        return None

    def make(index: int) -> RequestSpec:
        if args.translate and index % 4 == 3:  # one request in four: the translator
            return RequestSpec("translate", "POST", "/translate", json={"text": pick(SENTENCES, index)[0]})
        return RequestSpec("normalize-time", "POST", "/normalize-time", json={"text": pick(TIME_PHRASES, index)[0]})

    swap: dict[str, float] = {}

    async def swapper() -> None:
        await asyncio.sleep(args.swap_after)
        source = models_dir / args.model / highest_version(models_dir / args.model)
        await asyncio.to_thread(copy_version, source, models_dir / args.model, new_version)
        swap["added"] = time.monotonic()
        print(f"  added {args.model}/{new_version} after {args.swap_after:g} s of load", file=sys.stderr, flush=True)
        async with make_client(url, 1, 10) as client:
            deadline = swap["added"] + args.swap_timeout
            while time.monotonic() < deadline:
                body = (await client.get(f"/models/{args.model}")).json()
                if body["serving_version"] == new_version:
                    swap["serving"] = time.monotonic()
                    new = next(v for v in body["versions"] if v["version"] == new_version)
                    swap["load_s"] = new["load_seconds"] or float("nan")
                    break
                await asyncio.sleep(0.1)
        print(f"  swap {'done' if 'serving' in swap else 'NOT done'}", file=sys.stderr, flush=True)

    completed: list[tuple[float, float]] = []  # (answered at, latency ms)

    def on_outcome(outcome: Any) -> None:
        statuses[str(outcome.status)] += 1
        completed.append((time.monotonic(), outcome.latency_s * 1000))

    async with make_client(url, args.clients, args.timeout) as client:
        task = asyncio.create_task(swapper())
        started = time.monotonic()
        result = await closed_loop(client, make, concurrency=args.clients, max_requests=args.max_requests,
                                   max_seconds=args.seconds, check=check, on_outcome=on_outcome)
        await task
        async with make_client(url, 1, 10) as probe:
            final = (await probe.get(f"/models/{args.model}")).json()
    failures = [o for o in result.outcomes if not o.ok]
    lat = result.latencies_ms()
    start, end = swap.get("added", float("inf")), swap.get("serving", float("inf"))
    during = [ms for at, ms in completed if start <= at <= end]  # answered while the new version loaded
    outside = [ms for at, ms in completed if not start <= at <= end]
    return {
        "requests": len(result.outcomes),
        "errors": len(failures),
        "statuses": dict(statuses),
        "first_error": failures[0].error if failures else None,
        "answered": dict(answered),
        "req_per_s": len(result.outcomes) / max(result.elapsed_s, 1e-9),
        "p50_ms": percentile(lat, 50),
        "p99_ms": percentile(lat, 99),
        "max_ms": max(lat) if lat else float("nan"),
        "during": (len(during), percentile(during, 50), percentile(during, 99), max(during, default=float("nan"))),
        "outside": (len(outside), percentile(outside, 50), percentile(outside, 99), max(outside, default=float("nan"))),
        "swap_s": swap["serving"] - swap["added"] if "serving" in swap else float("nan"),
        "load_s": swap.get("load_s", float("nan")),
        "first_new_answer_s": first_new_answer[0] - swap["added"] if first_new_answer and "added" in swap
        else float("nan"),
        "elapsed_s": time.monotonic() - started,
        "versions_after": {v["version"]: v["state"] for v in final["versions"]},
    }


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--models-dir", type=Path, default=REPO / "models", help="where the shipped models are")
    parser.add_argument("--model", default=TIME_NORMALIZER, choices=[TIME_NORMALIZER, TRANSLATOR],
                        help="the model that gets a new version")
    parser.add_argument("--translate", action="store_true", help="also load the translator and send /translate")
    parser.add_argument("--clients", type=int, default=8, help="concurrent closed-loop clients")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the load runs")
    parser.add_argument("--swap-after", type=float, default=8.0, help="seconds of load before the new version")
    parser.add_argument("--swap-timeout", type=float, default=120.0, help="most seconds to wait for the swap")
    parser.add_argument("--max-requests", type=int, default=200_000, help="bound on the requests sent")
    parser.add_argument("--poll", type=float, default=1.0, help="SERVICE_MODEL_POLL_S of the server")
    parser.add_argument("--grace", type=float, default=5.0, help="SERVICE_MODEL_GRACE_S of the server")
    parser.add_argument("--timeout", type=float, default=60.0, help="client timeout per request, seconds")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.clients < 1 or args.seconds <= 0 or not 0 <= args.swap_after < args.seconds:
        parser.error("--clients >= 1, --seconds > 0 and 0 <= --swap-after < --seconds")
    if args.model == TRANSLATOR:
        args.translate = True
    names = [TIME_NORMALIZER] + ([TRANSLATOR] if args.translate else [])
    with tempfile.TemporaryDirectory(prefix="swap-models-") as tmp:
        models_dir = Path(tmp)
        for name in names:
            version = highest_version(args.models_dir / name)
            shutil.copytree(args.models_dir / name / version, models_dir / name / version)
        new_version = str(int(highest_version(models_dir / args.model)) + 1)
        env = {"SERVICE_MODEL_POLL_S": str(args.poll), "SERVICE_MODEL_GRACE_S": str(args.grace),
               "SERVICE_LOG_LEVEL": "warning"}
        print(f"starting the service on {', '.join(names)} (poll {args.poll:g} s, grace {args.grace:g} s)",
              file=sys.stderr, flush=True)
        try:
            with ServerProcess(models_dir, env) as server:
                row = asyncio.run(run(args, server.url, models_dir, new_version))
        except RuntimeError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    print(f"\n{args.clients} clients for {args.seconds:g} s; {args.model} v{new_version} added after "
          f"{args.swap_after:g} s (poll {args.poll:g} s, grace {args.grace:g} s)\n")
    print(f"requests            {row['requests']} ({row['req_per_s']:.1f} req/s)")
    print(f"errors              {row['errors']}" + (f"  (first: {row['first_error']})" if row["first_error"] else ""))
    print(f"statuses            {row['statuses']}")
    print(f"answered by         {row['answered']}")
    print(f"latency             p50 {fmt(row['p50_ms'])} ms, p99 {fmt(row['p99_ms'])} ms, max {fmt(row['max_ms'])} ms")
    for label in ("during", "outside"):
        n, p50, p99, most = row[label]
        print(f"  {label + ' the swap':<17} {n} requests: p50 {fmt(p50)} ms, p99 {fmt(p99)} ms, max {fmt(most)} ms")
    print(f"swap                {fmt(row['swap_s'], 2)} s from adding the directory to serving it "
          f"(reading the SavedModel {fmt(row['load_s'], 2)} s; first answer by the new version after "
          f"{fmt(row['first_new_answer_s'], 2)} s)")
    print(f"versions afterwards {row['versions_after']}")
    return 1 if row["errors"] or row["swap_s"] != row["swap_s"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
