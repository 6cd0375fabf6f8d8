"""GET and POST /attention: tokens and attention maps of one input, for any model."""
from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse, JSONResponse

from core.manifest import TranslatorManifest
from service.convert import attention_payload
from service.dependencies import Runners, RuntimeDep, SettingsDep, model_unavailable
from service.errors import ApiError
from service.limits import check_decoding, check_texts
from service.routes import MODEL_ERRORS
from service.routes.studio import export_html
from service.runners import ModelRunner
from service.runtime import Runtime
from service.schemas import AttentionRequest, AttentionResponse
from service.settings import Settings

router = APIRouter(tags=["attention"])

_RESPONSES: dict[int | str, dict[str, Any]] = {
    **MODEL_ERRORS,
    200: {"content": {"text/html": {}},
          "description": "The maps (JSON), or with `format=html` one self-contained HTML page."},
    404: {**MODEL_ERRORS[422], "description": "No model of that name, or no pinned version of that name."},
}
_DESCRIPTION = (
    "Runs the model on `text` and returns its source and target tokens, its output, and its "
    "attention weights as `attention.<family>.weights[layer][head][target][source]` "
    "(`cross`; with `include_self` also `encoder_self` and `decoder_self` where the model has "
    "them). The same shape for every model; the time normalizer has one layer and one head. "
    "`layer` and `head` (0-based) select one layer or head; `beam_size` the search (default: "
    "the same as `POST /translate`); `version` pins a loaded version of the model; `precision` "
    "rounds the weights to that many decimals. "
    "`format=html` answers one self-contained HTML file (data and scripts inlined) that shows "
    "the Attention Studio's views of this input with no server."
)


async def _attention(body: AttentionRequest, runtime: Runtime, settings: Settings) -> JSONResponse | HTMLResponse:
    if runtime.registry.get(body.model) is None:
        known = ", ".join(sorted(runtime.registry.slots)) or "none"
        raise ApiError(404, "unknown_model", f"Unknown model {body.model!r}; known models: {known}.")
    if runtime.runner(body.model) is None:
        raise model_unavailable(runtime, body.model)
    check_texts([body.text], settings, "text")
    check_decoding(body.beam_size, None, settings)
    with Runners(runtime, body.model, ModelRunner) as runners:
        runner = runners.get(body.version)
        result = await runner.attention(body.text, include_self=body.include_self, layer=body.layer,
                                        head=body.head, beam_size=body.beam_size)
    # Built once and sent as it is: the weights are not walked again by a response model.
    payload = attention_payload(result, include_self=body.include_self, precision=body.precision)
    payload["version"] = runner.version
    manifest = runner.info.manifest
    payload["positional_encoding"] = (
        {"kind": "sinusoidal", "d_model": manifest.d_model, "max_position": manifest.max_tokens + 1}
        if isinstance(manifest, TranslatorManifest) else None
    )
    if body.format == "html":
        return export_html(payload)
    return JSONResponse(payload)


@router.get("/attention", response_model=AttentionResponse, responses=_RESPONSES,
            summary="Attention maps of one input (query parameters)", description=_DESCRIPTION)
async def attention_get(
    query: Annotated[AttentionRequest, Query()],
    runtime: RuntimeDep,
    settings: SettingsDep,
) -> JSONResponse | HTMLResponse:
    return await _attention(query, runtime, settings)


@router.post("/attention", response_model=AttentionResponse, responses=_RESPONSES,
             summary="Attention maps of one input (JSON body)", description=_DESCRIPTION)
async def attention_post(
    body: AttentionRequest,
    runtime: RuntimeDep,
    settings: SettingsDep,
) -> JSONResponse | HTMLResponse:
    return await _attention(body, runtime, settings)
