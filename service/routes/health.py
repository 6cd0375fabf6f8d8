"""Liveness, readiness, the loaded models, and Prometheus metrics."""
from __future__ import annotations

from fastapi import APIRouter, Request, Response

from service.dependencies import RuntimeDep
from service.schemas import Health, ModelDescription, ModelsResponse, Readiness

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
    return ModelsResponse(
        device=registry.device,
        models=[
            ModelDescription(
                name=slot.name,
                version=slot.version,
                kind=slot.kind,
                state=slot.state,
                device=registry.device,
                description=slot.info.manifest.description if slot.info else None,
                error=slot.error,
                load_seconds=slot.load_seconds,
                card=slot.info.card if slot.info else "",
                metadata=slot.info.manifest.to_dict() if slot.info else {},
                metrics=slot.metrics,
            )
            for slot in registry.slots.values()
        ],
    )


metrics_router = APIRouter(tags=["operations"])


@metrics_router.get(
    "/metrics",
    summary="Prometheus metrics (requests, latencies, batch sizes, queue depth, model time, errors)",
    response_class=Response,
    responses={200: {"content": {"text/plain": {}}, "description": "Prometheus text format."}},
)
async def metrics(request: Request) -> Response:
    return Response(request.app.state.metrics.render(), media_type=request.app.state.metrics.content_type)
