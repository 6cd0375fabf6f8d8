"""FastAPI dependencies and request checks shared by the routes."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, TypeVar

from fastapi import Depends, Request

from service.errors import ApiError
from service.runtime import ModelRunner, Runtime, TimeNormalizerRunner, TranslatorRunner
from service.settings import Settings

R = TypeVar("R", bound=ModelRunner)


def get_settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def get_runtime(request: Request) -> Runtime:
    runtime: Runtime = request.app.state.runtime
    return runtime


def _runner_of_kind(request: Request, kind: str, runner_type: type[R]) -> R:
    runtime = get_runtime(request)
    runner = runtime.runner_of_kind(kind)
    if isinstance(runner, runner_type):
        return runner
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
    return _runner_of_kind(request, "time-normalizer", TimeNormalizerRunner)


def translator(request: Request) -> TranslatorRunner:
    return _runner_of_kind(request, "translator", TranslatorRunner)


SettingsDep = Annotated[Settings, Depends(get_settings)]
RuntimeDep = Annotated[Runtime, Depends(get_runtime)]
TimeNormalizerDep = Annotated[TimeNormalizerRunner, Depends(time_normalizer)]
TranslatorDep = Annotated[TranslatorRunner, Depends(translator)]


def check_texts(texts: Sequence[str], settings: Settings, field: str = "texts") -> None:
    """Enforce the text count and per-text length limits (422 naming the index of each offender)."""
    if len(texts) > settings.max_texts:
        raise ApiError(
            422,
            "too_many_texts",
            f"{len(texts)} texts in one request; the limit is {settings.max_texts} (SERVICE_MAX_TEXTS).",
            details=[{"loc": ["body", field], "msg": f"at most {settings.max_texts} texts", "type": "too_many_texts"}],
        )
    limit = settings.max_text_chars
    too_long = [(i, len(t)) for i, t in enumerate(texts) if len(t) > limit]
    if too_long:
        details = [
            {
                "loc": ["body", field] if field == "text" else ["body", field, str(i)],
                "msg": f"text has {n} characters; the limit is {limit}",
                "type": "text_too_long",
            }
            for i, n in too_long
        ]
        first, n = too_long[0]
        raise ApiError(
            422,
            "text_too_long",
            f"Text {first} has {n} characters; the limit is {limit} per text (SERVICE_MAX_TEXT_CHARS). "
            "Split it into several texts.",
            details=details,
        )


def check_translation_options(beam_size: int | None, max_length: int | None, settings: Settings) -> int:
    """The beam size to use (the default if none was given); 422 beyond the configured limits."""
    beam = settings.default_beam_size if beam_size is None else beam_size
    if not 1 <= beam <= settings.max_beam_size:
        raise ApiError(422, "bad_beam_size",
                       f"beam_size must be between 1 and {settings.max_beam_size} "
                       f"(SERVICE_MAX_BEAM_SIZE); got {beam}.",
                       details=[{"loc": ["body", "beam_size"], "msg": "out of range", "type": "bad_beam_size"}])
    if max_length is not None and not 1 <= max_length <= settings.max_output_tokens:
        raise ApiError(422, "bad_max_length",
                       f"max_length must be between 1 and {settings.max_output_tokens} "
                       f"(SERVICE_MAX_OUTPUT_TOKENS); got {max_length}.",
                       details=[{"loc": ["body", "max_length"], "msg": "out of range", "type": "bad_max_length"}])
    return beam
