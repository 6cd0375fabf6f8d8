"""SIGTERM: /ready turns 503 at once, new work gets a JSON 503, work in flight finishes within the
grace period or gets a JSON 503 (never uvicorn's plain-text 500), and the process exits."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
from live_server import free_port
from prometheus_client.parser import text_string_to_metric_families

HERE = Path(__file__).resolve().parent


def wait_for_metric(url: str, name: str, at_least: float, timeout_s: float = 15.0) -> None:
    """Until the sum of ``name``'s samples on /metrics reaches ``at_least``."""
    deadline = time.monotonic() + timeout_s
    while True:
        families = text_string_to_metric_families(httpx.get(f"{url}/metrics", timeout=5).text)
        if sum(sample.value for family in families for sample in family.samples if sample.name == name) >= at_least:
            return
        assert time.monotonic() < deadline, f"{name} never reached {at_least}"
        time.sleep(0.02)


def test_sigterm_drains_then_answers_json_503(fake_models_dir: Path) -> None:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), str(HERE.parents[1])])}
    process = subprocess.Popen([sys.executable, str(HERE / "fake_server.py"), str(fake_models_dir), str(port),
                                "shutdown_grace_s=3", "log_json=false", "batch_max_size=1"], env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{url}/ready", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline and process.poll() is None, "server did not start"
            time.sleep(0.1)
        answers: dict[str, httpx.Response] = {}

        def call(name: str, text: str) -> None:
            answers[name] = httpx.post(f"{url}/translate", json={"text": text}, timeout=30)

        threads = [threading.Thread(target=call, args=("quick", "sleep:2")),
                   threading.Thread(target=call, args=("slow", "sleep:20"))]
        # One text per model call here: the quick one runs, then the slow one waits behind it. The signal
        # goes only once the server holds both (a thread started is not a request received).
        threads[0].start()
        wait_for_metric(url, "attention_translate_batch_size_count", 1)
        threads[1].start()
        wait_for_metric(url, "attention_translate_queue_depth", 1)
        assert "quick" not in answers  # still in flight when the signal comes
        started = time.monotonic()
        process.send_signal(signal.SIGTERM)
        for t in threads:
            t.join(15)
        assert answers["quick"].status_code == 200 and answers["quick"].json()["results"][0]["translation"]
        slow = answers["slow"]
        assert slow.status_code == 503 and slow.headers["content-type"] == "application/json"
        assert slow.json()["code"] == "shutting_down"
        assert time.monotonic() - started > 2.5  # answered at the end of the grace period, not at once
        assert process.wait(timeout=15) in (0, -signal.SIGTERM)  # uvicorn re-raises the signal it handled
    finally:
        if process.poll() is None:
            process.kill()
        output = process.stdout.read().decode(errors="replace") if process.stdout else ""
    assert "Traceback" not in output, output[-3000:]


def test_draining_turns_ready_503_and_refuses_new_work_as_json(make_client) -> None:  # type: ignore[no-untyped-def]
    client = make_client()
    assert client.get("/ready").status_code == 200
    client.portal.call(client.app.state.lifecycle.begin_drain)
    ready = client.get("/ready")
    assert ready.status_code == 503 and ready.json()["draining"] is True
    for path, body in [("/translate", {"text": "hi"}), ("/normalize-time", {"text": "noon"})]:
        r = client.post(path, json=body)
        assert r.status_code == 503 and r.json()["code"] == "shutting_down" and r.headers["retry-after"], path
    assert client.get("/health").status_code == 200  # probes still answer
