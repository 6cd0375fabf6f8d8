"""Fixtures of the HTTP-layer tests: apps on test-double models, and on the shipped models."""
from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from api_fakes import CallLog, FakeTimeNormalizer, FakeTranslator, fake_wrappers, write_model
from fastapi.testclient import TestClient

from service.app import create_app
from service.model_dirs import is_version_name
from service.registry import ModelRegistry
from service.settings import Settings

REPO = Path(__file__).resolve().parents[2]
SHIPPED_MODELS = REPO / "models"
TIME_NORMALIZER_DIR = SHIPPED_MODELS / "time-normalizer"
TRANSLATOR_DIR = SHIPPED_MODELS / "translator-en-de"


def wait_ready(client: TestClient, timeout_s: float = 120.0) -> dict[str, Any]:
    """Poll /ready until loading has finished; the last /ready body."""
    deadline = time.monotonic() + timeout_s
    while True:
        body: dict[str, Any] = client.get("/ready").json()
        if not body["loading"] or time.monotonic() > deadline:
            return body
        time.sleep(0.02)


@pytest.fixture
def fake_models_dir(tmp_path: Path) -> Path:
    models = tmp_path / "models"
    write_model(models, "time-normalizer", "time-normalizer")
    write_model(models, "translator-en-de", "translator")
    return models


@pytest.fixture(autouse=True)
def _reset_fakes() -> Iterator[None]:
    for fake in (FakeTimeNormalizer, FakeTranslator):
        fake.calls = CallLog()
        fake.delay_s = 0.0
    FakeTranslator.stopped = 0
    yield


ClientFactory = Callable[..., TestClient]


@pytest.fixture
def make_client(fake_models_dir: Path) -> Iterator[ClientFactory]:
    """``make_client(**settings)``: a started client of an app on the fake models."""
    clients: list[TestClient] = []

    def make(wrappers: Callable[[str], Any] = fake_wrappers, models_dir: Path | None = None,
             **settings: Any) -> TestClient:
        config = Settings(models_dir=models_dir or fake_models_dir, **settings)
        registry = ModelRegistry(config.models_dir, wrappers=wrappers)
        client = TestClient(create_app(config, registry=registry))
        client.__enter__()
        clients.append(client)
        wait_ready(client, 10)
        for fake in (FakeTimeNormalizer, FakeTranslator):
            fake.calls = CallLog()  # forget the warm-up calls
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: ClientFactory) -> TestClient:
    return make_client()


@pytest.fixture(scope="session")
def shipped_client() -> Iterator[TestClient]:
    """An app on the repository's shipped models (skipped where none is shipped)."""
    if not any(shipped(p.name) for p in SHIPPED_MODELS.glob("*")):
        pytest.skip(f"no shipped models in {SHIPPED_MODELS}")
    app = create_app(Settings(models_dir=SHIPPED_MODELS))
    with TestClient(app) as client:
        body = wait_ready(client, 300)
        assert not body["loading"], f"models still loading after 300 s: {body}"
        yield client


def shipped(name: str) -> bool:
    """Whether the repository ships a version of model ``name`` (a SavedModel in a numeric dir)."""
    model_dir = SHIPPED_MODELS / name
    return model_dir.is_dir() and any(
        is_version_name(v.name) and (v / "saved_model.pb").is_file() for v in model_dir.iterdir()
    )


def require_model(client: TestClient, name: str) -> None:
    """Skip unless the shipped model ``name`` exists; fail if it exists but did not load."""
    if not shipped(name):
        pytest.skip(f"model {name} is not shipped (no {SHIPPED_MODELS / name}/<version>/saved_model.pb)")
    state = client.get("/ready").json()
    assert state["models"].get(name) == "ready", f"shipped model {name} did not load: {state}"
