"""FastAPI dependencies of the routes: settings, the runtime, and the runners of each model kind.

A route gets :class:`Runners` of its model and picks one with ``runners.get(version)`` (the
serving version unless the request pins one); the runner is held until the request ends,
so a live swap (``service.runtime``) never closes a runner that a request still uses.
"""
from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated, Any, Generic, TypeVar

from fastapi import Depends, Request

from service.errors import ApiError
from service.kinds import kind_of
from service.runners import ModelRunner, TimeNormalizerRunner, TranslatorRunner
from service.runtime import Runtime
from service.settings import Settings

R = TypeVar("R", bound=ModelRunner[Any])


# Dependencies are ``async def``: FastAPI runs a plain ``def`` dependency in a worker thread, and
# those two thread hand-offs per request cost a quarter of the event loop's time under load
# (py-spy, 32 clients; benchmarks/engines.py --http).
async def get_settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def runtime_of(request: Request) -> Runtime:
    runtime: Runtime = request.app.state.runtime
    return runtime


async def get_runtime(request: Request) -> Runtime:
    return runtime_of(request)


class Runners(Generic[R]):
    """The runners of one model for one request. :meth:`get` hands out the serving version's
    runner, or the pinned version's, and holds it (no swap closes it) until the request ends."""

    def __init__(self, runtime: Runtime, name: str, runner_type: type[R]) -> None:
        self.runtime = runtime
        self.name = name
        self.runner_type = runner_type
        self._held: list[ModelRunner[Any]] = []

    def get(self, version: str | None = None) -> R:
        runner = self.runtime.runner(self.name, version)
        if runner is None:
            raise model_unavailable(self.runtime, self.name) if version is None else \
                version_unavailable(self.runtime, self.name, version)
        if not isinstance(runner, self.runner_type):
            raise model_unavailable(self.runtime, self.name, kind_of(self.runner_type))
        runner.acquire()
        self._held.append(runner)
        return runner

    def release(self) -> None:
        while self._held:
            self._held.pop().release()

    def __enter__(self) -> Runners[R]:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _runners(request: Request, runner_type: type[R]) -> Runners[R]:
    """The runners of the serving model of ``runner_type``'s kind (503 if none serves)."""
    runtime = runtime_of(request)
    kind = kind_of(runner_type)
    slot = runtime.registry.by_kind(kind)
    if slot is None or not isinstance(runtime.runner(slot.name), runner_type):
        raise model_unavailable(runtime, slot.name if slot else None, kind)
    return Runners(runtime, slot.name, runner_type)


def version_unavailable(runtime: Runtime, name: str, version: str) -> ApiError:
    """404 for a version never found, 409 for one found but not loaded; both name the loaded ones."""
    serving = runtime.serving.get(name)
    loaded = ", ".join(f"{v} (serving)" if v == serving else v for v in runtime.loaded_versions(name)) or "none"
    slot = runtime.registry.get(name)
    status = slot.versions.get(version) if slot is not None else None
    if status is None:
        return ApiError(404, "unknown_version",
                        f"Model {name!r} has no version {version!r}; loaded versions: {loaded}.")
    why = f"{status.state}: {status.reason}" if status.reason else status.state
    return ApiError(409, "version_not_loaded",
                    f"Version {version!r} of model {name!r} is not loaded ({why}); loaded versions: {loaded}.")


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


async def time_normalizer(request: Request) -> AsyncIterator[Runners[TimeNormalizerRunner]]:
    with _runners(request, TimeNormalizerRunner) as runners:
        yield runners


async def translator(request: Request) -> AsyncIterator[Runners[TranslatorRunner]]:
    with _runners(request, TranslatorRunner) as runners:
        yield runners


SettingsDep = Annotated[Settings, Depends(get_settings)]
RuntimeDep = Annotated[Runtime, Depends(get_runtime)]
TimeNormalizerDep = Annotated[Runners[TimeNormalizerRunner], Depends(time_normalizer)]
TranslatorDep = Annotated[Runners[TranslatorRunner], Depends(translator)]
