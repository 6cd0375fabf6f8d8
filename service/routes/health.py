"""Liveness, readiness, the loaded models, and Prometheus metrics."""
from __future__ import annotations

from fastapi import APIRouter, Request, Response

from service.dependencies import RuntimeDep
from service.errors import ApiError
from service.registry import ModelSlot
from service.routes import MODEL_ERRORS
from service.schemas import Health, ModelDescription, ModelsResponse, ModelVersions, Readiness, VersionDescription

router = APIRouter(tags=["operations"])


@router.get("/health", response_model=Health, summary="Liveness: the process answers")
async def health() -> Health:
    return Health()


@router.get(
    "/ready",
    response_model=Readiness,
    summary="Readiness: 200 once loading has finished and a model serves, else 503",
    description="Ready means at least one model serves; with `SERVICE_READY_REQUIRES_ALL=true`, "
    "every model found must serve.",
    responses={503: {"model": Readiness, "description": "Not ready yet (or no model could be loaded)."}},
)
async def ready(request: Request, response: Response, runtime: RuntimeDep) -> Readiness:
    registry = runtime.registry
    slots = registry.slots.values()
    draining = request.app.state.lifecycle.draining
    body = Readiness(
        ready=registry.is_ready(runtime.settings.ready_requires_all) and not draining,
        draining=draining,
        loading=not registry.loading_done.is_set(),
        models={s.name: s.state for s in slots},
        errors={s.name: s.error for s in slots if s.error},
    )
    if not body.ready:
        response.status_code = 503
    return body


@router.get("/models", response_model=ModelsResponse, summary="The models found, their state and model cards")
async def models(runtime: RuntimeDep) -> ModelsResponse:
    registry = runtime.registry
    return ModelsResponse(device=registry.device,
                          models=[_describe(slot, registry.device) for slot in registry.slots.values()])


def _describe(slot: ModelSlot, device: str) -> ModelDescription:
    engine = getattr(slot.wrapper, "engine", None)  # a translator's EngineChoice
    return ModelDescription(
        name=slot.name,
        version=slot.version,
        kind=slot.kind,
        state=slot.state,
        device=device,
        engine=getattr(engine, "engine", None),
        engine_reason=getattr(engine, "reason", None),
        description=slot.info.manifest.description if slot.info else None,
        error=slot.error,
        load_seconds=slot.load_seconds,
        card=slot.info.card if slot.info else "",
        metadata=slot.info.manifest.to_dict() if slot.info else {},
        metrics=slot.metrics,
        versions=_versions(slot),
    )


@router.get(
    "/models/{name}",
    response_model=ModelVersions,
    summary="One model: its serving version and every version found, with its state",
    description="States: `serving`, `ready` (loaded; answers requests that pin it, e.g. the previous "
    "version shortly after a swap), `loading`, `available` (on disk, lower than the serving one), "
    "`failed` and `skipped` (with a `reason`), `retired` (unloaded).",
    responses={404: {**MODEL_ERRORS[422], "description": "No model of that name."}},
)
async def model_versions(name: str, runtime: RuntimeDep) -> ModelVersions:
    slot = runtime.registry.get(name)
    if slot is None:
        known = ", ".join(sorted(runtime.registry.slots)) or "none"
        raise ApiError(404, "unknown_model", f"Unknown model {name!r}; known models: {known}.")
    return ModelVersions(name=slot.name, kind=slot.kind, state=slot.state, serving_version=slot.version,
                         error=slot.error, versions=_versions(slot))


def _versions(slot: ModelSlot) -> list[VersionDescription]:
    return [VersionDescription(version=v.version, state=v.state, reason=v.reason, load_seconds=v.load_seconds)
            for v in slot.ordered_versions()]


metrics_router = APIRouter(tags=["operations"])


@metrics_router.get(
    "/metrics",
    summary="Prometheus metrics (requests, latencies, batch sizes, queue depth, model time, errors)",
    response_class=Response,
    responses={200: {"content": {"text/plain": {}}, "description": "Prometheus text format."}},
)
async def metrics(request: Request) -> Response:
    return Response(request.app.state.metrics.render(), media_type=request.app.state.metrics.content_type)
