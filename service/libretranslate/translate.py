"""``POST /translate`` in LibreTranslate's form, and ``GET /languages``, over the translator runner."""
from __future__ import annotations

import asyncio
from typing import Any

from service.errors import ApiError
from service.libretranslate.detect import Detection, LanguageDetector
from service.libretranslate.html import translate_html
from service.limits import check_texts
from service.models.base import ModelInputError, TranslateOptions
from service.runners import TranslatorRunner
from service.schemas import Language, LibreTranslateRequest
from service.settings import Settings

LANGUAGE_NAMES = {"en": "English", "de": "German"}
FORMATS = ("text", "html")


def check_alternatives(requested: int, settings: Settings) -> int:
    """0..SERVICE_MAX_ALTERNATIVES; anything else is refused before any work (no 10,000-best)."""
    if not 0 <= requested <= settings.max_alternatives:
        raise ApiError(422, "too_many_alternatives",
                       f"alternatives must be between 0 and {settings.max_alternatives} "
                       f"(SERVICE_MAX_ALTERNATIVES); got {requested}.")
    return requested


async def detect_all(texts: list[str], detector: LanguageDetector) -> list[Detection | None]:
    """The likeliest language of each text, off the event loop (the first call builds the detector)."""
    return await asyncio.to_thread(lambda: [detector.best(t) for t in texts])


def visible_text(fragment: str) -> str:
    """The text of an HTML fragment, without its markup, mentions, hashtags and links (for detection)."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(fragment, "html.parser")
    for tag in soup.find_all(["a", "code", "pre", "script", "style"]):
        tag.decompose()
    return soup.get_text(" ")


def check_source(index: int | None, detection: Detection | None, runner: TranslatorRunner) -> None:
    """A text detected in a language that is neither served source nor target: a clear 400."""
    if detection is None or detection.language in {runner.source_language, runner.target_language}:
        return
    where = f"q[{index}]" if index is not None else "The text"
    raise ApiError(400, "unsupported_language",
                   f"{where} looks like {detection.name} ({detection.language}, {detection.confidence:.0f}% "
                   f"confident); this server translates only {runner.source_language} to {runner.target_language}.")


async def translate(body: LibreTranslateRequest, settings: Settings, runner: TranslatorRunner,
                    detector: LanguageDetector) -> dict[str, Any]:
    single = isinstance(body.q, str)
    texts = [body.q] if isinstance(body.q, str) else list(body.q)
    if not any(t.strip() for t in texts):
        raise ApiError(400, "invalid_request", "Invalid request: missing q parameter.")
    source, target = runner.source_language, runner.target_language
    if body.source not in {source, "auto"} or body.target != target:
        raise ApiError(400, "unsupported_language_pair",
                       f"{body.source} to {body.target} is not served: this server translates only {source} to "
                       f"{target} (source may be 'auto'). See GET /languages.")
    if body.format not in FORMATS:
        raise ApiError(400, "unsupported_format", f"format must be 'text' or 'html'; got {body.format!r}.")
    check_texts(texts, settings, "q")
    alternatives = check_alternatives(body.alternatives, settings)
    detections: list[Detection | None] = []
    if body.source == "auto":
        readable = [visible_text(t) for t in texts] if body.format == "html" else texts
        detections = await detect_all(readable, detector)
        for index, detection in enumerate(detections):
            check_source(None if single else index, detection, runner)
    keep = {i for i, d in enumerate(detections) if d is not None and d.language == target}  # already German
    todo = [i for i, t in enumerate(texts) if i not in keep and t.strip()]
    translated = list(texts)
    others: list[list[str]] = [[] for _ in texts]
    failures: list[tuple[int, ModelInputError]] = []
    if body.format == "html":
        if not runner.can_align:
            raise ApiError(400, "unsupported_format", "This translator cannot keep HTML markup; send format 'text'.")
        for i in todo:
            try:
                translated[i] = await translate_html(texts[i], runner.align)
            except ModelInputError as exc:
                failures.append((i, exc))
    elif todo:
        options = TranslateOptions(runner.beam_size(None), None, alternatives)
        outcomes = await runner.translate([texts[i] for i in todo], options)
        for i, outcome in zip(todo, outcomes, strict=True):
            if isinstance(outcome, ModelInputError):
                failures.append((i, outcome))
            else:
                translated[i], others[i] = outcome.translation, list(outcome.alternatives)
    if failures:
        raise ApiError(422, "model_input_error", "; ".join(
            f"{'The text' if single else f'q[{i}]'} cannot be translated: {e}" for i, e in failures) + ".")
    answer: dict[str, Any] = {"translatedText": translated[0] if single else translated}
    if body.source == "auto":
        found = [{"confidence": d.confidence if d else 0.0, "language": d.language if d else source}
                 for d in detections]
        answer["detectedLanguage"] = found[0] if single else found
    if alternatives:
        answer["alternatives"] = others[0] if single else others
    return answer


def languages(runner: TranslatorRunner | None) -> list[Language]:
    """LibreTranslate's /languages answer: the pair of the translator that serves (none: [])."""
    if runner is None:
        return []
    source, target = runner.source_language, runner.target_language
    return [
        Language(code=source, name=LANGUAGE_NAMES.get(source, source), targets=[target]),
        Language(code=target, name=LANGUAGE_NAMES.get(target, target), targets=[]),
    ]
