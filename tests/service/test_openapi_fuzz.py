"""Fuzz every operation of the app's OpenAPI document with schemathesis, in process (ASGI, no
network), on the real shipped models: no input, valid or not, may get a 5xx answer.

Inputs follow the schema (positive) and break it (negative). The examples are bounded and
derandomized, and the app runs with small request limits (texts, characters, beam size,
output tokens) so that a translation costs little on a CPU: the limits are part of what is
fuzzed, since anything above them must be a 4xx, never a 5xx.
"""
from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is not installed (dev extra)")

from hypothesis import HealthCheck, Phase, settings  # noqa: E402
from schemathesis import GenerationMode  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402

from service.app import create_app  # noqa: E402
from service.settings import Settings  # noqa: E402

MODELS = Path(__file__).resolve().parents[2] / "models"
TRANSLATOR, TIME_NORMALIZER = "translator-en-de", "time-normalizer"
MAX_EXAMPLES = 12  # per operation, on top of the coverage phase's boundary cases
CALL_TIMEOUT_S = 60.0  # a translation on a busy 2-core machine can take seconds
READY_TIMEOUT_S = 300.0

FUZZ_SETTINGS = Settings(
    models_dir=MODELS,
    max_texts=4,
    max_text_chars=120,
    default_beam_size=1,
    max_beam_size=2,
    max_output_tokens=24,
    log_level="warning",
)


def shipped(name: str) -> bool:
    """Whether models/<name>/<numeric version>/saved_model.pb exists."""
    model_dir = MODELS / name
    return model_dir.is_dir() and any(
        v.name.isdigit() and (v / "saved_model.pb").is_file() for v in model_dir.iterdir()
    )


class ServeWhenLoaded:
    """ASGI wrapper: reports lifespan start-up complete only once the app has finished loading
    its models (GET /ready says ``loading: false``), so no fuzzed request meets a 503
    "model still loading"."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "lifespan":
            await self.app(scope, receive, send)
            return

        async def send_after_loading(message: dict[str, Any]) -> None:
            if message["type"] == "lifespan.startup.complete":
                await self._wait_loaded()
            await send(message)

        await self.app(scope, receive, send_after_loading)

    async def _wait_loaded(self) -> None:
        import httpx

        deadline = time.monotonic() + READY_TIMEOUT_S
        transport = httpx.ASGITransport(app=self.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://fuzz") as client:
            while time.monotonic() < deadline:
                if not (await client.get("/ready")).json()["loading"]:
                    return
                await asyncio.sleep(0.5)
        raise RuntimeError(f"models still loading after {READY_TIMEOUT_S} s")


def _schema() -> Any:
    """The app's OpenAPI document (building it loads no model)."""
    loaded = schemathesis.openapi.from_dict(create_app(FUZZ_SETTINGS).openapi())
    loaded.config.generation.update(
        modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE],
        max_examples=MAX_EXAMPLES,
        deterministic=True,
    )
    return loaded


schema = _schema()


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The app on the shipped models (only those: a model directory without a version is left
    out); schemathesis runs its lifespan, which loads them, on first use."""
    available = [name for name in (TIME_NORMALIZER, TRANSLATOR) if shipped(name)]
    if not available:
        pytest.skip(f"no shipped model in {MODELS} (models/<name>/<version>/saved_model.pb): nothing to fuzz")
    models_dir = tmp_path_factory.mktemp("shipped-models")
    for name in available:
        (models_dir / name).symlink_to(MODELS / name, target_is_directory=True)
    return ServeWhenLoaded(create_app(FUZZ_SETTINGS.model_copy(update={"models_dir": models_dir})))


@schema.parametrize()
@settings(
    max_examples=MAX_EXAMPLES,
    deadline=None,
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],  # no shrinking: a failure is reported as found
    suppress_health_check=list(HealthCheck),
)
def test_no_input_gets_a_server_error(app: Any, case: Any) -> None:
    if case.path == "/translate" and not shipped(TRANSLATOR):
        pytest.skip("no translator shipped: /translate rightly answers 503")
    response = case.call(app=app, timeout=CALL_TIMEOUT_S)
    case.validate_response(response, checks=[not_a_server_error])
