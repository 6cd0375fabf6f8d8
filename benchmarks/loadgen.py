"""Shared parts of the load and soak benchmarks: the server under test, a bounded closed-loop
load generator, latency statistics, process memory and Prometheus batch-size readings.

Traffic goes to loopback addresses only (:func:`require_loopback`), and every run is bounded
in request count and wall time, so a benchmark always stops by itself.
"""
from __future__ import annotations

import asyncio
import ipaddress
import math
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

REPO = Path(__file__).resolve().parents[1]

# Batching is on with the service's defaults; SERVICE_BATCH_MAX_SIZE=1 turns it off
# (every text is its own model call). See service/settings.py.
BATCHING_OFF = {"SERVICE_BATCH_MAX_SIZE": "1", "SERVICE_BATCH_MAX_WAIT_MS": "0"}


# --------------------------------------------------------------------------- safety / CLI
def require_loopback(url: str) -> str:
    """``url`` without a trailing slash; raises ValueError unless its host is a loopback address."""
    host = urlsplit(url).hostname or ""
    if host != "localhost":
        try:
            if not ipaddress.ip_address(host).is_loopback:
                raise ValueError
        except ValueError:
            raise ValueError(f"refusing to load {url!r}: only loopback hosts (127.0.0.0/8, ::1, localhost)") from None
    return url.rstrip("/")


def parse_env_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """``["KEY=VAL", ...]`` -> dict; raises ValueError on an item without ``=``."""
    env: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"expected KEY=VALUE, got {pair!r}")
        env[key] = value
    return env


# --------------------------------------------------------------------------- statistics
def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100) with linear interpolation (numpy's default); NaN if empty."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = (len(ordered) - 1) * q / 100.0
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


@dataclass(frozen=True)
class RequestSpec:
    """One request to send. ``sentences`` counts the texts it carries (for sentences/s)."""

    label: str
    method: str
    path: str
    json: Any = None
    params: Mapping[str, str] | None = None
    content: bytes | None = None
    headers: Mapping[str, str] | None = None
    sentences: int = 1
    valid: bool = True  # False: a deliberately bad request, which must be answered 4xx


@dataclass(frozen=True)
class Outcome:
    spec: RequestSpec
    status: int  # 0: no answer (connection error or client timeout)
    latency_s: float
    error: str | None = None  # why a valid request counts as failed

    @property
    def ok(self) -> bool:
        return self.error is None and (200 <= self.status < 300 if self.spec.valid else 400 <= self.status < 500)


@dataclass
class RunResult:
    outcomes: list[Outcome] = field(default_factory=list)
    elapsed_s: float = 0.0

    def latencies_ms(self, *, valid: bool | None = True) -> list[float]:
        return [o.latency_s * 1000 for o in self.outcomes if valid is None or o.spec.valid == valid]

    def summary(self) -> dict[str, float]:
        valid = [o for o in self.outcomes if o.spec.valid]
        good = [o for o in valid if o.ok]
        lat = self.latencies_ms()
        seconds = max(self.elapsed_s, 1e-9)
        return {
            "requests": len(valid),
            "errors": len(valid) - len(good),
            "req_per_s": len(good) / seconds,
            "sentences_per_s": sum(o.spec.sentences for o in good) / seconds,
            "p50_ms": percentile(lat, 50),
            "p95_ms": percentile(lat, 95),
            "p99_ms": percentile(lat, 99),
            "elapsed_s": self.elapsed_s,
        }


Check = Callable[[RequestSpec, httpx.Response], str | None]


async def send(client: httpx.AsyncClient, spec: RequestSpec, check: Check | None = None) -> Outcome:
    """Send one request and time it; a transport error is an outcome with status 0."""
    started = time.perf_counter()
    try:
        response = await client.request(
            spec.method, spec.path, json=spec.json, params=spec.params, content=spec.content, headers=spec.headers
        )
    except httpx.HTTPError as exc:
        return Outcome(spec, 0, time.perf_counter() - started, f"{type(exc).__name__}: {exc}")
    latency = time.perf_counter() - started
    error = None
    if spec.valid and not 200 <= response.status_code < 300:
        error = f"HTTP {response.status_code}: {response.text[:200]}"
    elif spec.valid and check is not None:
        error = check(spec, response)
    return Outcome(spec, response.status_code, latency, error)


async def closed_loop(
    client: httpx.AsyncClient,
    next_request: Callable[[int], RequestSpec],
    *,
    concurrency: int,
    max_requests: int,
    max_seconds: float,
    check: Check | None = None,
    on_outcome: Callable[[Outcome], None] | None = None,
) -> RunResult:
    """``concurrency`` clients, each sending its next request as soon as the last is answered,
    until ``max_requests`` were sent or ``max_seconds`` passed (in-flight requests finish)."""
    result = RunResult()
    issued = 0
    deadline = time.perf_counter() + max_seconds

    async def worker() -> None:
        nonlocal issued
        while issued < max_requests and time.perf_counter() < deadline:
            index = issued
            issued += 1
            outcome = await send(client, next_request(index), check)
            result.outcomes.append(outcome)
            if on_outcome is not None:
                on_outcome(outcome)

    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    result.elapsed_s = time.perf_counter() - started
    return result


def make_client(base_url: str, concurrency: int, timeout_s: float) -> httpx.AsyncClient:
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    return httpx.AsyncClient(base_url=base_url, limits=limits, timeout=timeout_s, trust_env=False)


# --------------------------------------------------------------------------- the server
def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


class ServerProcess:
    """``python -m service`` on a free loopback port, as a context manager.

    ``env`` adds SERVICE_* settings (e.g. :data:`BATCHING_OFF`); the server's output goes to
    a log file whose tail is shown if it fails to start.
    """

    def __init__(self, models_dir: Path, env: Mapping[str, str] | None = None, *, ready_timeout_s: float = 300) -> None:
        self.models_dir = models_dir
        self.env = dict(env or {})
        self.ready_timeout_s = ready_timeout_s
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = Path(tempfile.mkstemp(prefix="service-", suffix=".log")[1])
        self.process: subprocess.Popen[bytes] | None = None
        self.startup_s = float("nan")  # from spawning the process to /ready answering 200

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def __enter__(self) -> ServerProcess:
        started = time.monotonic()
        command = [sys.executable, "-m", "service", "--host", "127.0.0.1", "--port", str(self.port),
                   "--models-dir", str(self.models_dir)]
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(
                command, cwd=REPO, env={**os.environ, **self.env}, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True,  # Ctrl-C in the terminal reaches only the benchmark
            )
        try:
            self.wait_ready()
        except BaseException:
            self.stop()
            raise
        self.startup_s = time.monotonic() - started
        print(f"  server pid {self.pid} ready on {self.url} after {self.startup_s:.1f} s", file=sys.stderr, flush=True)
        return self

    def __exit__(self, exc_type: object, *rest: object) -> None:
        self.stop()
        if exc_type is None:
            self.log_path.unlink(missing_ok=True)
        else:
            print(f"server log: {self.log_path}", file=sys.stderr)

    def wait_ready(self) -> dict[str, Any]:
        """Poll GET /ready until 200; raises RuntimeError if the server exits or takes too long."""
        assert self.process is not None
        deadline = time.monotonic() + self.ready_timeout_s
        with httpx.Client(base_url=self.url, timeout=5, trust_env=False) as client:
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    raise RuntimeError(f"server exited with {self.process.returncode}:\n{self.log_tail()}")
                try:
                    response = client.get("/ready")
                    if response.status_code == 200:
                        return dict(response.json())
                    body = response.json()
                    if not body.get("loading", True):  # finished loading, yet nothing serves
                        raise RuntimeError(f"no model ready: {body}\n{self.log_tail()}")
                except httpx.TransportError:
                    pass
                time.sleep(0.5)
        raise RuntimeError(f"server not ready after {self.ready_timeout_s} s:\n{self.log_tail()}")

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


# --------------------------------------------------------------------------- /proc and /metrics
def _parents() -> dict[int, int]:
    """``{pid: parent pid}`` of every process visible in /proc."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        # "pid (comm) state ppid ...": comm may hold spaces and parentheses.
        parents[int(text[: text.index(" ")])] = int(text[text.rindex(")") + 2 :].split()[1])
    return parents


def _vm_rss_kib(pid: int) -> int | None:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    match = re.search(r"^VmRSS:\s+(\d+)\s+kB", status, re.MULTILINE)
    return int(match[1]) if match else 0


def rss_kib(pid: int) -> int | None:
    """Resident memory (VmRSS, KiB) of ``pid`` plus its descendants; None if it is gone."""
    own = _vm_rss_kib(pid)
    if own is None:
        return None
    parents = _parents()
    family, grew = {pid}, True
    while grew:
        new = {child for child, parent in parents.items() if parent in family and child not in family}
        family |= new
        grew = bool(new)
    return own + sum(_vm_rss_kib(p) or 0 for p in family - {pid})


_BATCH_LINE = re.compile(r'^attention_translate_batch_size_(sum|count)\{batcher="([^"]+)"\}\s+([0-9.eE+-]+)$', re.MULTILINE)


def batch_totals(metrics_text: str) -> dict[str, tuple[float, float]]:
    """``{batcher: (texts, model calls)}`` from the service's Prometheus text (empty if absent)."""
    totals: dict[str, list[float]] = {}
    for kind, batcher, value in _BATCH_LINE.findall(metrics_text):
        totals.setdefault(batcher, [0.0, 0.0])[0 if kind == "sum" else 1] = float(value)
    return {name: (v[0], v[1]) for name, v in totals.items()}


async def read_batch_totals(client: httpx.AsyncClient) -> dict[str, tuple[float, float]]:
    try:
        response = await client.get("/metrics")
    except httpx.HTTPError:
        return {}
    return batch_totals(response.text) if response.status_code == 200 else {}


BatchTotals = Mapping[str, tuple[float, float]]


def mean_batch(before: BatchTotals, after: BatchTotals, batcher: str) -> float:
    """Mean texts per model call of ``batcher`` between two readings; NaN if unknown."""
    if batcher not in after:
        return math.nan
    texts0, calls0 = before.get(batcher, (0.0, 0.0))
    texts1, calls1 = after[batcher]
    return (texts1 - texts0) / (calls1 - calls0) if calls1 > calls0 else math.nan


def fmt(value: float, digits: int = 1) -> str:
    return "n/a" if math.isnan(value) else f"{value:.{digits}f}"
