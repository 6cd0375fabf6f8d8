"""POST /translate (this service's form and LibreTranslate's) and GET /languages."""
from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from service import libretranslate
from service.convert import translation_items
from service.dependencies import SettingsDep, TranslatorDep
from service.errors import ApiError
from service.limits import check_decoding, check_texts
from service.models.base import ModelInputError, TranslateOptions
from service.request_body import read_body, validate_body
from service.routes import MODEL_ERRORS
from service.runners import TranslatorRunner
from service.schemas import (
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
REQUEST_BODY_MODELS = (TranslateRequest, LibreTranslateRequest)
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
    "LibreTranslate's form (`q`, `source`, `target`, `format`, `api_key`; JSON or form data) is "
    "answered as LibreTranslate does: `{\"translatedText\": ...}` (a list for a list `q`). "
    "Only `en`→`de` and format `text` are served; anything else is a 400.",
)
async def translate(
    request: Request,
    settings: SettingsDep,
    runners: TranslatorDep,
) -> TranslateResponse | JSONResponse:
    data = await read_body(request)
    if isinstance(data, dict) and "q" in data:
        answer = await libretranslate.translate(validate_body(LibreTranslateRequest, data), settings, runners.get())
        return JSONResponse(answer.model_dump(exclude_none=True))  # LibreTranslate omits absent keys
    body: TranslateRequest = validate_body(TranslateRequest, data)
    texts = body.items()
    check_texts(texts, settings, "text" if body.text is not None else "texts")
    check_decoding(body.beam_size, body.max_length, settings)
    runner = runners.get(body.version)
    beam = runner.beam_size(body.beam_size)
    outcomes = await runner.translate(texts, TranslateOptions(beam, body.max_length))
    if body.text is not None and isinstance(outcomes[0], ModelInputError):
        raise ApiError(422, "model_input_error", str(outcomes[0]) or "The model cannot translate this text.")
    return TranslateResponse(
        model=runner.name,
        version=runner.version,
        source_language=runner.source_language,
        target_language=runner.target_language,
        beam_size=beam,
        results=translation_items(texts, outcomes),
    )


@public_router.get(
    "/languages",
    response_model=list[Language],
    summary="Languages served, in LibreTranslate's shape",
)
async def languages(request: Request) -> list[Language]:
    return libretranslate.languages(request.app.state.runtime.runner_of(TranslatorRunner))
