"""The FastAPI application: ``create_app(settings)`` (``uvicorn --factory service.app:create_app``).

Models are loaded in the lifespan by a background task, which then polls the models
directory for new versions (``service.runtime``): ``/health`` answers at once, ``/ready``
says 503 until loading has finished.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from typing import Any

from fastapi import Depends, FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.openapi.utils import get_openapi

from service.errors import install_error_handlers
from service.libretranslate import errors as libretranslate_errors
from service.libretranslate import routes as libretranslate
from service.middleware import RequestContextMiddleware, TimeoutMiddleware
from service.observability import Metrics
from service.registry import ModelRegistry, configure_tensorflow, import_wrapper
from service.request_guard import Lifecycle, RequestGuardMiddleware
from service.routes import attention, health, normalize, studio, translate
from service.runtime import Runtime
from service.security import AccessControl
from service.security_headers import SecurityHeadersMiddleware
from service.settings import Settings

log = logging.getLogger(__name__)

DESCRIPTION = """
English→German translation and time normalization with small Transformer/attention models,
showing the models' attention maps per layer and head.

* `POST /translate`: English→German (also LibreTranslate's request and response form).
* `POST /normalize-time`: free-text times ("quarter to five pm") to `HH:MM`.
* `GET|POST /attention`: tokens and attention weights `[layer][head][target][source]`.
* LibreTranslate's API: `/translate` (its form), `/detect`, `/languages`, `/translate_file`,
  `/download_file/<name>`, `/frontend/settings`, `/suggest` (disabled), `/spec`.
* `GET /health`, `GET /ready`, `GET /models`, `GET /models/{{name}}`, `GET /metrics`.

Limits of this instance: at most {max_texts} texts per request, {max_text_chars} characters
per text, {max_body_bytes} bytes per body, beam size 1..{max_beam_size}.
Errors are JSON: `{{"error": message, "code": kind, "details": [...], "request_id": ...}}`.
"""


def default_registry(settings: Settings) -> ModelRegistry:
    return ModelRegistry(
        settings.models_dir,
        wrappers=partial(import_wrapper, settings=settings),
        configure_device=lambda: configure_tensorflow(
            settings.intra_op_threads(), settings.inter_op_threads()
        ),
    )


def create_app(settings: Settings | None = None, *, registry: ModelRegistry | None = None) -> FastAPI:
    settings = settings or Settings()  # type: ignore[call-arg]  # fields come from the environment
    metrics = Metrics()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        runtime = Runtime(registry or default_registry(settings), settings, metrics)
        app.state.runtime = runtime
        app.state.lifecycle = Lifecycle(settings.shutdown_grace_s)  # its events belong to this loop
        loading = asyncio.create_task(runtime.run(), name="load-and-watch-models")
        try:
            yield
        finally:
            loading.cancel()
            try:
                await loading
            except (asyncio.CancelledError, Exception):  # noqa: BLE001 - shutting down anyway
                pass
            await runtime.close()

    app = FastAPI(
        title="attention-translate",
        version="0.1.0",
        description=DESCRIPTION.format(**settings.model_dump()),
        lifespan=lifespan,
        docs_url=None,  # served offline by service.routes.studio, from vendored assets
        redoc_url=None,
    )
    app.state.settings = settings
    app.state.metrics = metrics
    app.state.lifecycle = Lifecycle(settings.shutdown_grace_s)
    # Before the lifespan runs: an empty runtime, so that probes answer "not ready".
    app.state.runtime = Runtime(ModelRegistry(settings.models_dir), settings, metrics)

    install_error_handlers(app)
    guard = [Depends(AccessControl(settings))]
    studio.install(app)  # GET / (the Attention Studio), /static, /docs, /redoc; before health's "/"
    lt_shape = [Depends(libretranslate_errors.mark)]  # before the key check: its errors in LibreTranslate's shape
    app.include_router(health.router)
    if settings.metrics_enabled:
        app.include_router(health.metrics_router)
    app.include_router(translate.public_router, dependencies=lt_shape)
    app.include_router(translate.router, dependencies=[*lt_shape, *guard])
    app.include_router(libretranslate.public_router, dependencies=lt_shape)
    app.include_router(libretranslate.router, dependencies=[*lt_shape, *guard])
    app.include_router(normalize.router, dependencies=guard)
    app.include_router(attention.router, dependencies=guard)

    # Added innermost first: the request context wraps everything else.
    app.add_middleware(RequestGuardMiddleware, max_bytes=settings.max_body_bytes,
                       max_json_depth=settings.max_json_depth, metrics=metrics,
                       lifecycle=lambda: app.state.lifecycle, busy=lambda path: app.state.runtime.busy_for(path))
    app.add_middleware(TimeoutMiddleware, timeout_s=settings.request_timeout_s, metrics=metrics)
    if settings.cors_origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=settings.cors_origins,
            allow_methods=["GET", "POST", "OPTIONS"],
            allow_headers=["*"],
            expose_headers=["X-Request-ID", "Retry-After"],
        )
    app.add_middleware(RequestContextMiddleware, metrics=metrics)
    app.add_middleware(SecurityHeadersMiddleware)  # outermost: every answer gets the headers

    app.openapi = lambda: _openapi(app)  # type: ignore[method-assign]
    return app


def _openapi(app: FastAPI) -> dict[str, Any]:
    """FastAPI's document plus the request models of routes that parse their body by hand."""
    if app.openapi_schema:
        return app.openapi_schema
    schema = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes)
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    for model in translate.REQUEST_BODY_MODELS:
        model_schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
        components.update(model_schema.pop("$defs", {}))
        components[model.__name__] = model_schema
    app.openapi_schema = schema
    return schema
