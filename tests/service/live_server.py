"""A test's app behind a real uvicorn on a free loopback port (in a thread), and free ports
for tests that start servers of their own. Shared by the API, shutdown, client and browser tests."""
from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import httpx
import uvicorn


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    url: str
    thread: threading.Thread
    server: uvicorn.Server

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def get(self, path: str, **kwargs: Any) -> httpx.Response:
        return httpx.get(self.url + path, timeout=120, **kwargs)

    def post(self, path: str, **kwargs: Any) -> httpx.Response:
        return httpx.post(self.url + path, timeout=120, **kwargs)


@contextmanager
def serve(app: Any, ready_timeout_s: float = 300.0) -> Iterator[Server]:
    """Run ``app`` with uvicorn on a free loopback port until the block ends; waits until its
    models have loaded (``/ready`` says ``loading: false``)."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, name=f"studio-server-{port}", daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + ready_timeout_s
    while True:
        try:
            if not httpx.get(url + "/ready", timeout=5).json()["loading"]:
                break
        except (httpx.HTTPError, ValueError, KeyError):
            pass
        if time.monotonic() > deadline or not thread.is_alive():
            server.should_exit = True
            raise RuntimeError(f"the app on {url} did not finish loading within {ready_timeout_s} s")
        time.sleep(0.1)
    try:
        yield Server(url, thread, server)
    finally:
        server.should_exit = True
        thread.join(30)
