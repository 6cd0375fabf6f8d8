"""FastAPI dependencies of the routes: settings, the runtime, and the runner of each model kind."""
from __future__ import annotations

from typing import Annotated, Any, TypeVar

from fastapi import Depends, Request

from service.errors import ApiError
from service.kinds import kind_of
from service.runners import ModelRunner, TimeNormalizerRunner, TranslatorRunner
from service.runtime import Runtime
from service.settings import Settings

R = TypeVar("R", bound=ModelRunner[Any])


def get_settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def get_runtime(request: Request) -> Runtime:
    runtime: Runtime = request.app.state.runtime
    return runtime


def _runner(request: Request, runner_type: type[R]) -> R:
    runtime = get_runtime(request)
    runner = runtime.runner_of(runner_type)
    if runner is not None:
        return runner
    kind = kind_of(runner_type)
    slot = runtime.registry.by_kind(kind)
    raise model_unavailable(runtime, slot.name if slot else None, kind)


def model_unavailable(runtime: Runtime, name: str | None, kind: str | None = None) -> ApiError:
    """503 while a model loads or after it failed to load; 503 if no such model exists."""
    slot = runtime.registry.get(name) if name else None
    if slot is not None and slot.state in {"pending", "loading"}:
        return ApiError(503, "model_loading", f"Model {slot.name!r} is still loading; try again shortly.",
                        headers={"Retry-After": "5"})
    if slot is not None and slot.state == "failed":
        return ApiError(503, "model_unavailable", f"Model {slot.name!r} failed to load: {slot.error}")
    if not runtime.registry.loading_done.is_set():
        return ApiError(503, "model_loading", "Models are still loading; try again shortly.",
                        headers={"Retry-After": "5"})
    what = f"{kind} model" if kind else f"model {name!r}"
    return ApiError(503, "model_unavailable", f"This service has no {what} loaded (see GET /models).")


def time_normalizer(request: Request) -> TimeNormalizerRunner:
    return _runner(request, TimeNormalizerRunner)


def translator(request: Request) -> TranslatorRunner:
    return _runner(request, TranslatorRunner)


SettingsDep = Annotated[Settings, Depends(get_settings)]
RuntimeDep = Annotated[Runtime, Depends(get_runtime)]
TimeNormalizerDep = Annotated[TimeNormalizerRunner, Depends(time_normalizer)]
TranslatorDep = Annotated[TranslatorRunner, Depends(translator)]
