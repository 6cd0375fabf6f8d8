"""LibreTranslate compatibility: its request and answer forms on top of the translator runner."""
from __future__ import annotations

from service.errors import ApiError
from service.limits import check_texts
from service.models.base import ModelInputError, TranslateOptions
from service.runners import TranslatorRunner
from service.schemas import Language, LibreTranslateRequest, LibreTranslateResponse
from service.settings import Settings

LANGUAGE_NAMES = {"en": "English", "de": "German"}


async def translate(
    body: LibreTranslateRequest, settings: Settings, runner: TranslatorRunner
) -> LibreTranslateResponse:
    pair = (runner.source_language, runner.target_language)
    if (body.source, body.target) != pair:
        hint = " (language detection is not supported)" if body.source == "auto" else ""
        raise ApiError(400, "unsupported_language_pair",
                       f"Only {pair[0]}→{pair[1]} is served; got {body.source}→{body.target}{hint}. "
                       "See GET /languages.")
    if body.format != "text":
        raise ApiError(400, "unsupported_format",
                       f"Only format 'text' is supported; got {body.format!r}.")
    texts = [body.q] if isinstance(body.q, str) else list(body.q)
    check_texts(texts, settings, "q")
    outcomes = await runner.translate(texts, TranslateOptions(beam_size=runner.beam_size(None)))
    failed = [(i, o) for i, o in enumerate(outcomes) if isinstance(o, ModelInputError)]
    if failed:
        raise ApiError(
            422, "model_input_error",
            "; ".join(f"q[{i}]: {e}" for i, e in failed) if isinstance(body.q, list) else str(failed[0][1]),
            details=[{"loc": ["body", "q", str(i)], "msg": str(e), "type": "model_input_error"} for i, e in failed],
        )
    translations = [o.translation for o in outcomes if not isinstance(o, ModelInputError)]
    translated: str | list[str] = translations[0] if isinstance(body.q, str) else translations
    alternatives: list[str] | list[list[str]] | None = None
    if body.alternatives:
        no_alternatives: list[list[str]] = [[] for _ in translations]
        alternatives = [] if isinstance(body.q, str) else no_alternatives
    return LibreTranslateResponse(translatedText=translated, alternatives=alternatives)


def languages(runner: TranslatorRunner | None) -> list[Language]:
    """LibreTranslate's /languages answer: the pair of the translator that serves (none: [])."""
    if runner is None:
        return []
    source, target = runner.source_language, runner.target_language
    return [
        Language(code=source, name=LANGUAGE_NAMES.get(source, source), targets=[target]),
        Language(code=target, name=LANGUAGE_NAMES.get(target, target), targets=[]),
    ]
