"""POST /translate (this service's form and LibreTranslate's) and GET /languages."""
from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from service.convert import translation_items
from service.dependencies import SettingsDep, TranslatorDep
from service.errors import ApiError
from service.libretranslate import translate as libretranslate
from service.libretranslate.detect import shared_detector
from service.libretranslate.errors import LIBRETRANSLATE_FIELDS
from service.limits import check_decoding, check_texts
from service.models.base import ModelInputError, TranslateOptions
from service.request_body import read_body, validate_body
from service.routes import MODEL_ERRORS
from service.runners import TranslatorRunner
from service.schemas import (
    DetectRequest,
    Language,
    LibreTranslateRequest,
    LibreTranslateResponse,
    TranslateRequest,
    TranslateResponse,
)

router = APIRouter(tags=["translation"])
public_router = APIRouter(tags=["translation"])  # no API key needed, as in LibreTranslate


def _ref(model: type[BaseModel]) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{model.__name__}"}


# The body is parsed by hand (JSON or form data), so its schema is declared here;
# service.app adds both models to the OpenAPI components.
REQUEST_BODY_MODELS = (TranslateRequest, LibreTranslateRequest, DetectRequest)
_OPENAPI_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "application/json": {
                "schema": {"anyOf": [_ref(TranslateRequest), _ref(LibreTranslateRequest)]},
                "examples": {
                    "one text": {"value": {"text": "I like green tea."}},
                    "several texts": {"value": {"texts": ["Where is the station?", "Tom is tired."], "beam_size": 4}},
                    "LibreTranslate": {"value": {"q": "Hello world!", "source": "en", "target": "de", "format": "text"}},
                    "LibreTranslate, a list": {"value": {"q": ["Hello.", "Thank you."], "source": "en", "target": "de"}},
                },
            },
            "application/x-www-form-urlencoded": {"schema": _ref(LibreTranslateRequest)},
        },
    }
}


@router.post(
    "/translate",
    response_model=TranslateResponse | LibreTranslateResponse,
    responses=MODEL_ERRORS,
    openapi_extra=_OPENAPI_BODY,
    summary="Translate English to German (this service's form, or LibreTranslate's)",
    description="This service's form: `text` or `texts`, optional `beam_size`, `max_length` and `version` "
    "(pins a loaded version; the answer's `version` says which one answered); "
    "each result has the translation, the source and target subword tokens and the score. "
    "Multi-sentence texts are split into sentences by the model wrapper. "
    "`alternatives: N` (0..SERVICE_MAX_ALTERNATIVES) adds N-best translations (the beam is raised to N + 1). "
    "LibreTranslate's form (`q`, `source` (or `auto`), `target`, `format` `text`|`html`, `alternatives`, "
    "`api_key`; JSON or form data) is answered as LibreTranslate does: `{\"translatedText\": ...}` (a list "
    "for a list `q`), `detectedLanguage` with `source: auto`, `alternatives`; its errors are 400/403/429 "
    "`{\"error\": ...}`.",
)
async def translate(
    request: Request,
    settings: SettingsDep,
    runners: TranslatorDep,
) -> TranslateResponse | JSONResponse:
    data = await read_body(request)
    if isinstance(data, dict) and LIBRETRANSLATE_FIELDS & set(data):
        body_lt = validate_body(LibreTranslateRequest, data)
        return JSONResponse(await libretranslate.translate(body_lt, settings, runners.get(), shared_detector()))
    body: TranslateRequest = validate_body(TranslateRequest, data)
    texts = body.items()
    check_texts(texts, settings, "text" if body.text is not None else "texts")
    check_decoding(body.beam_size, body.max_length, settings)
    runner = runners.get(body.version)
    alternatives = libretranslate.check_alternatives(body.alternatives, settings)
    beam = runner.beam_size(body.beam_size)
    if alternatives:
        beam = max(beam, alternatives + 1)  # the n-best needs that many beams
    outcomes = await runner.translate(texts, TranslateOptions(beam, body.max_length, alternatives))
    if body.text is not None and isinstance(outcomes[0], ModelInputError):
        raise ApiError(422, "model_input_error", str(outcomes[0]) or "The model cannot translate this text.")
    return TranslateResponse(
        model=runner.name,
        version=runner.version,
        source_language=runner.source_language,
        target_language=runner.target_language,
        beam_size=beam,
        results=translation_items(texts, outcomes, alternatives=bool(alternatives)),
    )


@public_router.get(
    "/languages",
    response_model=list[Language],
    summary="Languages served, in LibreTranslate's shape",
)
async def languages(request: Request) -> list[Language]:
    return libretranslate.languages(request.app.state.runtime.runner_of(TranslatorRunner))
