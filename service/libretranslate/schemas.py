"""LibreTranslate's request and answer bodies (re-exported by ``service.schemas``)."""
from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field


class LibreTranslateRequest(BaseModel):
    """LibreTranslate's request (``q`` a string or a list); answered in LibreTranslate's shape."""

    model_config = ConfigDict(
        extra="ignore",
        json_schema_extra={"examples": [{"q": "Hello world!", "source": "auto", "target": "de", "format": "html",
                                         "alternatives": 2}]},
    )

    q: str | Annotated[list[str], Field(min_length=1)] = Field(description="Text, or list of texts, to translate.")
    source: str = Field("auto", description="Source language code (`en`), or `auto` to detect it.")
    target: str = Field(description="Target language code; `de` is served.")
    format: str = Field("text", description="`text` or `html` (markup kept, inline tags put around the right words).")
    api_key: str | None = Field(None, description="API key, when the service requires one.")
    alternatives: int = Field(0, ge=0, description="Other translations wanted (at most SERVICE_MAX_ALTERNATIVES).")


class DetectedLanguage(BaseModel):
    confidence: float = Field(description="0..100.")
    language: str


class LibreTranslateResponse(BaseModel):
    translatedText: str | list[str]  # noqa: N815 - LibreTranslate's field name
    detectedLanguage: DetectedLanguage | list[DetectedLanguage] | None = None  # noqa: N815 - with source "auto"
    alternatives: list[str] | list[list[str]] | None = None

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"translatedText": "Hallo Welt!", "detectedLanguage": {"confidence": 83.0, "language": "en"},
         "alternatives": ["Hallo, Welt!"]}]})


class DetectRequest(BaseModel):
    model_config = ConfigDict(extra="ignore", json_schema_extra={"examples": [{"q": "Guten Morgen!"}]})

    q: str = Field(description="Text whose language is wanted.")
    api_key: str | None = None


class LanguageRef(BaseModel):
    code: str
    name: str


class FrontendLanguages(BaseModel):
    source: LanguageRef
    target: LanguageRef


class FrontendSettings(BaseModel):
    """What LibreTranslate's web front end reads first."""

    charLimit: int  # noqa: N815
    frontendTimeout: int  # noqa: N815
    apiKeys: bool  # noqa: N815
    keyRequired: bool  # noqa: N815
    suggestions: bool
    filesTranslation: bool  # noqa: N815
    supportedFilesFormat: list[str]  # noqa: N815
    language: FrontendLanguages


class TranslateFileResponse(BaseModel):
    translatedFileUrl: str  # noqa: N815


class LibreTranslateError(BaseModel):
    error: str = Field(description="A plain sentence.")
