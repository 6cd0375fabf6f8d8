"""LibreTranslate's other endpoints: /detect, /translate_file, /download_file, /frontend/settings,
/suggest and /spec (``/translate`` and ``/languages`` are in ``service.routes.translate``)."""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse
from starlette.datastructures import UploadFile

from service.dependencies import SettingsDep, TranslatorDep
from service.errors import ApiError
from service.libretranslate.detect import shared_detector
from service.libretranslate.files import (
    SUPPORTED_FORMATS,
    FileFormatError,
    FileStore,
    extension,
    failures_message,
    key_owner,
    translate_file,
)
from service.libretranslate.schemas import FrontendLanguages, LanguageRef
from service.libretranslate.translate import LANGUAGE_NAMES, check_source, detect_all
from service.models.base import ModelInputError, TranslateOptions, WordAlignment
from service.request_body import read_body, validate_body
from service.runtime import Runtime
from service.schemas import DetectedLanguage, DetectRequest, FrontendSettings, LibreTranslateError, TranslateFileResponse
from service.security import find_api_key
from service.settings import Settings

router = APIRouter(tags=["LibreTranslate"])  # behind the API key check
public_router = APIRouter(tags=["LibreTranslate"])  # open, as in LibreTranslate
_ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": LibreTranslateError, "description": what}
    for code, what in {400: "Invalid request", 403: "Banned or invalid API key", 429: "Slow down",
                       500: "Translation error"}.items()
}


def file_store(request: Request, settings: Settings) -> FileStore:
    store: FileStore | None = getattr(request.app.state, "file_store", None)
    if store is None:
        store = FileStore(settings.files_dir, settings.files_ttl_s)
        request.app.state.file_store = store
    return store


_DETECT_BODY = {"requestBody": {"required": True, "content": {
    "application/json": {"schema": {"$ref": "#/components/schemas/DetectRequest"}},
    "application/x-www-form-urlencoded": {"schema": {"$ref": "#/components/schemas/DetectRequest"}}}}}
_FILE_BODY = {"requestBody": {"required": True, "content": {"multipart/form-data": {"schema": {
    "type": "object", "required": ["file", "target"],
    "properties": {"file": {"type": "string", "format": "binary"}, "source": {"type": "string", "default": "auto"},
                   "target": {"type": "string"}, "api_key": {"type": "string"}}}}}}}


@router.post("/detect", response_model=list[DetectedLanguage], responses=_ERRORS, openapi_extra=_DETECT_BODY,
             summary="Detect the language of a text (LibreTranslate)")
async def detect(request: Request, settings: SettingsDep) -> list[DetectedLanguage]:
    body = validate_body(DetectRequest, await read_body(request))
    if not body.q.strip():
        raise ApiError(400, "invalid_request", "Invalid request: missing q parameter.")
    if len(body.q) > settings.max_text_chars:
        raise ApiError(400, "text_too_long", f"The text has {len(body.q)} characters; the limit is {settings.max_text_chars}.")
    found = await shared_detector_async(body.q)
    return [DetectedLanguage(confidence=d.confidence, language=d.language) for d in found]


async def shared_detector_async(text: str) -> list[Any]:
    import asyncio

    return await asyncio.to_thread(shared_detector().detect, text)


@public_router.get("/frontend/settings", response_model=FrontendSettings,
                   summary="What LibreTranslate's web front end needs to know")
async def frontend_settings(request: Request, settings: SettingsDep) -> FrontendSettings:
    runtime: Runtime = request.app.state.runtime
    from service.runners import TranslatorRunner

    runner = runtime.runner_of(TranslatorRunner)
    target = runner.target_language if runner else "de"
    return FrontendSettings(
        charLimit=settings.max_text_chars, frontendTimeout=500, apiKeys=bool(settings.api_keys),
        keyRequired=bool(settings.api_keys), suggestions=False, filesTranslation=True,
        supportedFilesFormat=list(SUPPORTED_FORMATS),
        language=FrontendLanguages(source=LanguageRef(code="auto", name="Auto Detect"),
                                   target=LanguageRef(code=target, name=LANGUAGE_NAMES.get(target, target))),
    )


@public_router.post("/suggest", status_code=403, responses=_ERRORS, summary="Suggestions (disabled)")
async def suggest() -> JSONResponse:
    raise ApiError(403, "suggestions_disabled", "Suggestions are disabled on this server.")


@public_router.get("/spec", summary="The API description (OpenAPI), as LibreTranslate's /spec")
async def spec(request: Request) -> JSONResponse:
    return JSONResponse(request.app.openapi())


@router.post("/translate_file", response_model=TranslateFileResponse, responses=_ERRORS, openapi_extra=_FILE_BODY,
             summary="Translate a .txt, .srt, .html or .docx file (LibreTranslate)")
async def translate_file_route(request: Request, settings: SettingsDep, runners: TranslatorDep) -> TranslateFileResponse:
    runner = runners.get()
    form = await request.form()
    upload = form.get("file")
    if not isinstance(upload, UploadFile) or not upload.filename:
        raise ApiError(400, "invalid_request", "Invalid request: missing file parameter.")
    source, target = str(form.get("source") or "auto"), str(form.get("target") or "")
    if source not in {runner.source_language, "auto"} or target != runner.target_language:
        raise ApiError(400, "unsupported_language_pair",
                       f"{source} to {target} is not served: this server translates only "
                       f"{runner.source_language} to {runner.target_language}.")
    if extension(upload.filename) not in SUPPORTED_FORMATS:
        raise ApiError(400, "unsupported_format", f"Unsupported file type; supported: {', '.join(SUPPORTED_FORMATS)}.")
    data = await upload.read(settings.files_max_bytes + 1)
    if len(data) > settings.files_max_bytes:
        raise ApiError(400, "file_too_large", f"The file is larger than {settings.files_max_bytes} bytes "
                       "(SERVICE_FILES_MAX_BYTES).")
    if source == "auto" and extension(upload.filename) != ".docx":
        sample = data[:2000].decode("utf-8", "ignore")
        (detection,) = await detect_all([sample], shared_detector())
        check_source(None, detection, runner)

    # A file may hold as much text as one request may (SERVICE_MAX_TEXTS x SERVICE_MAX_TEXT_CHARS).
    budget = [settings.max_texts * settings.max_text_chars]

    def spend(texts: list[str]) -> None:
        budget[0] -= sum(len(t) for t in texts)
        if budget[0] < 0:
            raise ApiError(400, "file_too_long", "The file holds more text than one request may "
                           f"({settings.max_texts * settings.max_text_chars} characters: SERVICE_MAX_TEXTS x "
                           "SERVICE_MAX_TEXT_CHARS); split it.")

    async def align(texts: list[str]) -> list[WordAlignment | ModelInputError]:
        spend(texts)
        return await runner.align(texts)

    async def translate_texts(texts: list[str]) -> list[str]:
        spend(texts)
        outcomes = await runner.translate(texts, TranslateOptions(runner.beam_size(None)))
        failures = [o for o in outcomes if isinstance(o, ModelInputError)]
        if failures:
            raise ApiError(400, "model_input_error", failures_message(failures))
        return [o.translation for o in outcomes if not isinstance(o, ModelInputError)]

    try:
        translated = await translate_file(upload.filename, data, translate_texts, align)
    except FileFormatError as exc:
        raise ApiError(400, "invalid_file", f"{exc}.") from None
    except ModelInputError as exc:
        raise ApiError(400, "model_input_error", failures_message([exc])) from None
    name = file_store(request, settings).put(upload.filename, translated, key_owner(await find_api_key(request)))
    return TranslateFileResponse(translatedFileUrl=str(request.url_for("download_file", name=name)))


@router.get("/download_file/{name}", name="download_file", responses=_ERRORS,
            summary="Download a translated file (only its uploader's key gets it when keys are on)")
async def download_file(name: str, request: Request, settings: SettingsDep) -> FileResponse:
    path = file_store(request, settings).get(name, key_owner(await find_api_key(request)), bool(settings.api_keys))
    if path is None:
        raise ApiError(404, "not_found", "No such file (it may have expired).")
    return FileResponse(path, filename=name.split(".", 1)[1])
