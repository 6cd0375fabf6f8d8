"""GET and POST /attention: tokens and attention maps of one input, for any model."""
from __future__ import annotations

import json
import logging
from typing import Annotated, Any

import numpy as np
from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse

from service.convert import attention_response
from service.dependencies import RuntimeDep, SettingsDep, check_texts, model_unavailable
from service.errors import ApiError
from service.routes import MODEL_ERRORS
from service.routes.studio import export_html
from service.runtime import Runtime
from service.schemas import AttentionRequest, AttentionResponse, PositionalEncoding
from service.settings import Settings

log = logging.getLogger(__name__)

router = APIRouter(tags=["attention"])

_RESPONSES: dict[int | str, dict[str, Any]] = {
    **MODEL_ERRORS,
    200: {"content": {"text/html": {}},
          "description": "The maps (JSON), or with `format=html` one self-contained HTML page."},
    404: {**MODEL_ERRORS[422], "description": "No model of that name."},
}
_DESCRIPTION = (
    "Runs the model on `text` and returns its source and target tokens, its output, and its "
    "attention weights as `attention.<family>.weights[layer][head][target][source]` "
    "(`cross`; with `include_self` also `encoder_self` and `decoder_self` where the model has "
    "them). The same shape for every model; the time normalizer has one layer and one head. "
    "`layer` and `head` (0-based) select one layer or head; `precision` rounds the weights to that "
    "many decimals. `format=html` answers one self-contained HTML file (data and scripts inlined) "
    "that shows the Attention Studio's views of this input with no server."
)


async def _attention(body: AttentionRequest, runtime: Runtime, settings: Settings) -> AttentionResponse:
    if runtime.registry.get(body.model) is None:
        known = ", ".join(sorted(runtime.registry.slots)) or "none"
        raise ApiError(404, "unknown_model", f"Unknown model {body.model!r}; known models: {known}.")
    runner = runtime.runner(body.model)
    if runner is None:
        raise model_unavailable(runtime, body.model)
    check_texts([body.text], settings, "text")
    result = await runner.attention(body.text, include_self=body.include_self, layer=body.layer, head=body.head)
    response = attention_response(result, include_self=body.include_self, layer=body.layer, head=body.head)
    if body.precision is not None:
        _round_weights(response, body.precision)
    response.positional_encoding = _positional_encoding(runtime, body.model)
    return response


def _round_weights(response: AttentionResponse, decimals: int) -> None:
    for family in (response.attention.cross, response.attention.encoder_self, response.attention.decoder_self):
        if family is not None and family.weights:
            family.weights = np.round(np.asarray(family.weights, dtype=np.float64), decimals).tolist()


def _positional_encoding(runtime: Runtime, name: str) -> PositionalEncoding | None:
    """The translator's sinusoidal table size, from its training configuration (config.json)."""
    slot = runtime.registry.get(name)
    info = getattr(slot, "info", None)
    path = getattr(info, "path", None)
    if path is None or getattr(info, "kind", None) != "translator":
        return None
    try:
        config = json.loads((path / "assets.extra" / "config.json").read_text(encoding="utf-8"))["model"]
        return PositionalEncoding(d_model=int(config["d_model"]), max_position=int(config["max_position"]))
    except (OSError, ValueError, KeyError, TypeError):
        log.debug("no positional-encoding facts for %s", name)
        return None


def _answer(response: AttentionResponse, body: AttentionRequest) -> AttentionResponse | HTMLResponse:
    if body.format == "html":
        return export_html(response.model_dump(mode="json"))
    return response


@router.get("/attention", response_model=AttentionResponse, responses=_RESPONSES,
            summary="Attention maps of one input (query parameters)", description=_DESCRIPTION)
async def attention_get(
    query: Annotated[AttentionRequest, Query()],
    runtime: RuntimeDep,
    settings: SettingsDep,
) -> AttentionResponse | HTMLResponse:
    return _answer(await _attention(query, runtime, settings), query)


@router.post("/attention", response_model=AttentionResponse, responses=_RESPONSES,
             summary="Attention maps of one input (JSON body)", description=_DESCRIPTION)
async def attention_post(
    body: AttentionRequest,
    runtime: RuntimeDep,
    settings: SettingsDep,
) -> AttentionResponse | HTMLResponse:
    return _answer(await _attention(body, runtime, settings), body)
