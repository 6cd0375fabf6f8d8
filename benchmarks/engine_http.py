"""The service around each translator engine: start-up, memory and the HTTP path (benchmarks/engines.py --http).

For each engine (``SERVICE_TRANSLATOR_ENGINE``) one ``python -m service`` with both shipped
models: seconds to /ready from spawning, each model's load and warm-up seconds (from its
log), RSS at idle and after the worst request the default limits allow, and ``POST /translate``
throughput under 32 concurrent clients, set against the engine's own throughput on the same
sentences in the same grouping (unsorted batches of 32, as the requests carry them).
"""
from __future__ import annotations

import itertools
import json
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from loadgen import RequestSpec, ServerProcess, closed_loop, make_client, rss_kib

CLIENTS = 32
ENGINE_ROWS = {"ctranslate2": "engine", "tensorflow": "tensorflow"}  # service setting -> benchmark engine


def startup_phases(log_text: str) -> dict[str, dict[str, float]]:
    """Per model: ``load_s`` (read + build) and ``warmup_s``, from the service's JSON log."""
    phases: dict[str, dict[str, float]] = {}
    for line in log_text.splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue
        key = {"model version loaded": "load_s", "model warmed up": "warmup_s"}.get(record.get("message"))
        if key and "model" in record:
            phases.setdefault(record["model"], {})[key] = float(record["seconds"])
    return phases


def worst_request(lines: Sequence[str], texts: int = 64, chars: int = 1000) -> dict[str, Any]:
    """The costliest /translate the default limits accept: 64 texts of up to 1000 characters
    (whole dev sentences), beam 8, 3 alternatives."""
    body, pool = [], itertools.cycle(lines)
    for _ in range(texts):
        text = ""
        for sentence in pool:
            if len(text) + len(sentence) + 1 > chars:
                break
            text = f"{text} {sentence}".strip()
        body.append(text)
    return {"texts": body, "beam_size": 8, "alternatives": 3}


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` so far (its threads included)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _throughput(url: str, lines: Sequence[str], per_request: int, beam: int, pid: int) -> dict[str, Any]:
    """Closed-loop requests; also the CPU each request cost the server and this client, which on
    a 2-core machine share the cores (with 1-text requests the client costs more than the server)."""
    groups = [list(lines[i: i + per_request]) for i in range(0, len(lines), per_request)]

    def request(index: int) -> RequestSpec:
        texts = groups[index % len(groups)]
        return RequestSpec("translate", "POST", "/translate", json={"texts": texts, "beam_size": beam},
                           sentences=len(texts))

    server_cpu, client_cpu = cpu_seconds(pid), time.process_time()
    async with make_client(url, CLIENTS, 600) as client:
        result = await closed_loop(client, request, concurrency=CLIENTS, max_requests=len(groups), max_seconds=900)
    summary = result.summary()
    requests = max(1, summary["requests"])
    return {"texts_per_request": per_request, "beam": beam, "requests": summary["requests"],
            "errors": summary["errors"], "sentences_per_s": round(summary["sentences_per_s"], 1),
            "p50_ms": round(summary["p50_ms"]), "p99_ms": round(summary["p99_ms"]),
            "server_cpu_ms_per_request": round(1000 * (cpu_seconds(pid) - server_cpu) / requests, 2),
            "client_cpu_ms_per_request": round(1000 * (time.process_time() - client_cpu) / requests, 2)}


async def http_path(models_dir: Path, lines: Sequence[str], engine_rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    report: dict[str, Any] = {}
    for setting, row_name in ENGINE_ROWS.items():
        env = {"SERVICE_TRANSLATOR_ENGINE": setting, "SERVICE_LOG_JSON": "true", "SERVICE_MODEL_POLL_S": "0"}
        with ServerProcess(models_dir, env) as server:
            phases = startup_phases(server.log_path.read_text(errors="replace"))
            idle = rss_kib(server.pid)
            runs = []
            for beam in (1, 4):
                for per_request in (32, 1):
                    run = await _throughput(server.url, lines, per_request, beam, server.pid)
                    own = next((r for r in engine_rows if r["engine"] == row_name and r["batch"] == 32
                                and r["order"] == "unsorted" and r["search"] == ("greedy" if beam == 1 else f"beam{beam}")),
                               None)
                    run["engine_sentences_per_s"] = own["sentences_per_s"] if own else None
                    run["ratio_to_engine"] = round(run["sentences_per_s"] / own["sentences_per_s"], 2) if own else None
                    runs.append(run)
                    print(f"HTTP {setting:<11} beam {beam} {per_request:>2} texts/request x {CLIENTS} clients: "
                          f"{run['sentences_per_s']} sent/s (engine alone {run['engine_sentences_per_s']}; "
                          f"ratio {run['ratio_to_engine']}) p50 {run['p50_ms']} ms p99 {run['p99_ms']} ms; CPU per request: "
                          f"server {run['server_cpu_ms_per_request']} ms, client {run['client_cpu_ms_per_request']} ms",
                          flush=True)
            async with make_client(server.url, 1, 900) as client:
                response = await client.post("/translate", json=worst_request(lines))
            worst = rss_kib(server.pid)
            report[setting] = {
                "ready_s": round(server.startup_s, 1), "phases": phases,
                "rss_idle_mib": round((idle or 0) / 1024), "rss_after_worst_mib": round((worst or 0) / 1024),
                "worst_request_status": response.status_code, "runs": runs,
            }
            print(f"service {setting}: /ready after {server.startup_s:.1f} s; phases {phases}; RSS idle "
                  f"{report[setting]['rss_idle_mib']} MiB, after the worst request ({response.status_code}) "
                  f"{report[setting]['rss_after_worst_mib']} MiB", flush=True)
    return report
