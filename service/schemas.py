"""Every request and response body of the HTTP API (pydantic models with OpenAPI examples).

The schemas check shapes and types only. Limits that are settings (characters per text,
texts per request, beam size) are checked in one step, ``service.limits``, so that they follow
the running configuration; what only a model knows (its token limit, layers, heads) its
wrapper checks.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

# LibreTranslate's bodies live in their own module (its endpoints are many); listed here too.
from service.libretranslate.schemas import DetectedLanguage as DetectedLanguage
from service.libretranslate.schemas import DetectRequest as DetectRequest
from service.libretranslate.schemas import FrontendSettings as FrontendSettings
from service.libretranslate.schemas import LibreTranslateError as LibreTranslateError
from service.libretranslate.schemas import LibreTranslateRequest as LibreTranslateRequest
from service.libretranslate.schemas import LibreTranslateResponse as LibreTranslateResponse
from service.libretranslate.schemas import TranslateFileResponse as TranslateFileResponse


def _not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("text is empty (only whitespace)")
    return value


Text = Annotated[str, Field(min_length=1), AfterValidator(_not_blank)]
Version = Annotated[str | None, Field(
    pattern=r"^[0-9]{1,18}$", examples=["2"],
    description="Pin a version of the model (ASCII digits): it must be loaded, i.e. the serving one or the "
    "previous one shortly after a swap (see GET /models/{name}). Default: the serving version.",
)]
Weights = list[list[list[list[float]]]]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")

    api_key: str | None = Field(
        None, description="API key, when the service requires one (or send the X-API-Key header)."
    )


class TextsRequest(_Strict):
    """Exactly one of ``text`` (one text) or ``texts`` (a list)."""

    text: Text | None = Field(None, description="One text.")
    texts: list[Text] | None = Field(None, min_length=1, description="Several texts, answered in order.")

    @model_validator(mode="after")
    def _exactly_one(self) -> TextsRequest:
        if (self.text is None) == (self.texts is None):
            raise ValueError("give exactly one of 'text' (a string) or 'texts' (a list of strings)")
        return self

    def items(self) -> list[str]:
        return [self.text] if self.text is not None else list(self.texts or [])


# --- /normalize-time --------------------------------------------------------------------
class NormalizeTimeRequest(TextsRequest):
    version: Version = None

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {"text": "quarter past seven in the evening"},
                {"texts": ["half past two pm", "let's meet at 7.45", "no time in here"]},
            ]
        }
    )


class TimeItem(BaseModel):
    index: int = Field(description="Position of the text in the request.")
    text: str
    time: str | None = Field(description="`HH:MM` (24-hour clock), or null when no time was recognized.")
    confidence: float | None = Field(description="Probability of the output sequence, 0..1.")
    error: str | None = Field(None, description="Why there is no time for this text.")


class NormalizeTimeResponse(BaseModel):
    model: str
    version: str
    results: list[TimeItem]

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "model": "time-normalizer",
                    "version": "1",
                    "results": [
                        {"index": 0, "text": "half past two pm", "time": "14:30", "confidence": 0.98, "error": None},
                        {"index": 1, "text": "no time in here", "time": None, "confidence": 0.91,
                         "error": "no time recognized in the text"},
                    ],
                }
            ]
        }
    )


# --- /translate -------------------------------------------------------------------------
class TranslateRequest(TextsRequest):
    alternatives: int = Field(
        0, ge=0, strict=True, description="Other translations wanted per text (0..SERVICE_MAX_ALTERNATIVES); "
        "the n-best of the beam search, which is raised to alternatives + 1 where it is smaller."
    )
    beam_size: int | None = Field(
        None, ge=1, strict=True, description="Beam width (1 = greedy); default SERVICE_DEFAULT_BEAM_SIZE."
    )
    max_length: int | None = Field(
        None, ge=1, strict=True, description="Most target subword tokens per sentence."
    )
    version: Version = None

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {"text": "I like green tea."},
                {"texts": ["Where is the station?", "Tom is tired. He goes home."], "beam_size": 4},
            ]
        }
    )


class TranslationItem(BaseModel):
    index: int = Field(description="Position of the text in the request.")
    source: str
    translation: str | None = Field(description="null when the text could not be translated (see `error`).")
    source_tokens: list[str] = Field(description="Source subword tokens the model read.")
    target_tokens: list[str] = Field(description="Target subword tokens the model wrote.")
    score: float | None = Field(description="Log-probability of the translation (length-normalized).")
    alternatives: list[str] | None = Field(
        None, exclude_if=lambda v: v is None, description="Other translations, best first (only when asked for)."
    )
    error: str | None = None


class TranslateResponse(BaseModel):
    model: str
    version: str
    source_language: str
    target_language: str
    beam_size: int
    results: list[TranslationItem]

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "model": "translator-en-de",
                    "version": "1",
                    "source_language": "en",
                    "target_language": "de",
                    "beam_size": 4,
                    "results": [
                        {"index": 0, "source": "I like green tea.", "translation": "Ich mag grünen Tee.",
                         "source_tokens": ["▁i", "▁like", "▁green", "▁tea", "."],
                         "target_tokens": ["▁Ich", "▁mag", "▁grünen", "▁Tee", "."], "score": -0.21, "error": None}
                    ],
                }
            ]
        }
    )


class Language(BaseModel):
    code: str
    name: str
    targets: list[str]

    model_config = ConfigDict(json_schema_extra={"examples": [{"code": "en", "name": "English", "targets": ["de"]}]})


# --- /attention -------------------------------------------------------------------------
class AttentionRequest(_Strict):
    model: str = Field(description="Model name, e.g. `time-normalizer` or `translator-en-de` (see GET /models).")
    text: Text = Field(description="The input text.")
    include_self: bool = Field(
        False, description="Also return encoder and decoder self-attention, where the model has them."
    )
    layer: int | None = Field(None, ge=0, description="Only this layer (0-based); default all.")
    head: int | None = Field(None, ge=0, description="Only this head (0-based); default all.")
    beam_size: int | None = Field(
        None, ge=1, description="Beam width of the search whose output is shown (translator); "
        "default: the same as POST /translate."
    )
    version: Version = None
    precision: int | None = Field(
        None, ge=0, le=8, description="Round the weights to this many decimals (smaller answers); default unrounded."
    )
    format: Literal["json", "html"] = Field(
        "json",
        description="`html`: one self-contained HTML file that shows the maps with no server (the studio's views).",
    )

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {"model": "time-normalizer", "text": "ten to six pm"},
                {"model": "translator-en-de", "text": "I like tea.", "include_self": True, "layer": 0},
            ]
        },
    )


class AttentionFamily(BaseModel):
    layers: int = Field(description="Layers in `weights`.")
    heads: int = Field(description="Heads per layer in `weights`.")
    layer_indices: list[int] = Field(description="Model layer of each entry of `weights`.")
    head_indices: list[int] = Field(description="Model head of each entry of `weights[layer]`.")
    weights: Weights = Field(description="weights[layer][head][query][key]; each row sums to 1.")


class AttentionMapsOut(BaseModel):
    cross: AttentionFamily = Field(description="Decoder over encoder: query = target token, key = source token.")
    encoder_self: AttentionFamily | None = Field(None, description="Source over source (with include_self).")
    decoder_self: AttentionFamily | None = Field(None, description="Target over target (with include_self).")


class PositionalEncoding(BaseModel):
    kind: Literal["sinusoidal"] = Field(
        "sinusoidal", description="sin on even, cos on odd dimensions (Vaswani et al. 2017)."
    )
    d_model: int = Field(description="Dimensions of the encoding.")
    max_position: int = Field(description="Positions the model has a row of the table for.")


class AttentionResponse(BaseModel):
    model: str
    version: str | None = Field(None, description="The model version that answered.")
    source_tokens: list[str]
    target_tokens: list[str]
    output: str
    beam_size: int | None = Field(None, description="Beam width of the search that produced `output`.")
    attention: AttentionMapsOut
    positional_encoding: PositionalEncoding | None = Field(
        None, description="The model's positional-encoding table, where it has a fixed one (the translator)."
    )

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "model": "time-normalizer",
                    "source_tokens": ["6", " ", "p", "m"],
                    "target_tokens": ["1", "8", ":", "0", "0"],
                    "output": "18:00",
                    "attention": {
                        "cross": {"layers": 1, "heads": 1, "layer_indices": [0], "head_indices": [0],
                                  "weights": [[[[0.9, 0.05, 0.03, 0.02]] * 5]]},
                        "encoder_self": None,
                        "decoder_self": None,
                    },
                }
            ]
        }
    )


# --- health, readiness, models, errors ----------------------------------------------------
class Health(BaseModel):
    status: Literal["ok"] = "ok"


class VersionDescription(BaseModel):
    version: str = Field(description="The version directory's name.")
    state: str = Field(description="serving; ready (loaded, answers requests that pin it); loading; available "
                       "(on disk, lower than the serving one); failed or skipped (see `reason`); retired (unloaded).")
    reason: str | None = Field(None, description="Why it failed, was skipped or retired (no server paths).")
    load_seconds: float | None = None


class Readiness(BaseModel):
    ready: bool
    loading: bool = Field(description="True while models are still being loaded.")
    draining: bool = Field(False, description="True once shutdown began (SIGTERM): send no more work here.")
    models: dict[str, str] = Field(description="State of each model: pending, loading, ready or failed.")
    errors: dict[str, str] = Field(default_factory=dict, description="Why a model failed to load.")


class ModelDescription(BaseModel):
    name: str
    version: str | None
    kind: str | None
    state: str
    device: str
    engine: str | None = Field(None, description="What decodes this model's translations: `ctranslate2` or "
                               "`tensorflow` (SERVICE_TRANSLATOR_ENGINE); null for other kinds.")
    engine_reason: str | None = Field(None, description="Why that engine (e.g. `auto: CPU, and the version has a "
                                      "derived CTranslate2 model`).")
    description: str | None = None
    error: str | None = None
    load_seconds: float | None = None
    card: str = Field("", description="The model card (Markdown).")
    metadata: dict[str, Any] = Field(default_factory=dict, description="The model's manifest (model.json, docs/model-format.md).")
    metrics: dict[str, Any] = Field(default_factory=dict, description="The model's metrics.json (measured quality).")
    versions: list[VersionDescription] = Field(
        default_factory=list, description="Every version directory found, highest first, with its state.")


class ModelVersions(BaseModel):
    name: str
    kind: str | None
    state: str = Field(description="The model's state: ready while a version serves; pending, loading or failed.")
    serving_version: str | None = Field(description="The version answering requests that pin none.")
    error: str | None = Field(None, description="Why no version serves (when none does).")
    versions: list[VersionDescription] = Field(description="Every version directory found, highest first.")

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "name": "time-normalizer", "kind": "time-normalizer", "state": "ready", "serving_version": "3",
        "error": None, "versions": [
            {"version": "4", "state": "failed", "reason": "version 4: saved_model.pb is missing", "load_seconds": None},
            {"version": "3", "state": "serving", "reason": None, "load_seconds": 0.8},
            {"version": "2", "state": "ready", "reason": "previous version; unloaded 60 s after the swap",
             "load_seconds": 0.7},
            {"version": "latest", "state": "skipped",
             "reason": "not a version: a version directory's name is ASCII digits only (e.g. 3)", "load_seconds": None},
        ]}]})


class ModelsResponse(BaseModel):
    device: str
    models: list[ModelDescription]


class ErrorDetail(BaseModel):
    loc: list[str]
    msg: str
    type: str | None = None


class ErrorResponse(BaseModel):
    error: str = Field(description="What is wrong, for people (LibreTranslate clients read this field).")
    code: str = Field(description="Machine-readable kind, e.g. invalid_request, text_too_long, unknown_model.")
    request_id: str | None = None
    details: list[ErrorDetail] | None = None

    model_config = ConfigDict(
        json_schema_extra={"examples": [{"error": "Invalid request: text: text is empty (only whitespace)",
                                         "code": "invalid_request", "request_id": "3f2a9c",
                                         "details": [{"loc": ["body", "text"], "msg": "Value error, text is empty",
                                                      "type": "value_error"}]}]}
    )
