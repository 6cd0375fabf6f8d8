"""The one request-validation step for the limits that are settings (count, length, beam).

The schemas (``service.schemas``) check shapes and types; this module checks the limits of
the running configuration; the model wrappers check what only the model knows (its token
limit, its layers and heads).
"""
from __future__ import annotations

from collections.abc import Sequence

from service.errors import ApiError
from service.settings import Settings


def check_texts(texts: Sequence[str], settings: Settings, field: str = "texts") -> None:
    """Enforce the text count and per-text length limits (422 naming the index of each offender)."""
    if len(texts) > settings.max_texts:
        raise ApiError(
            422,
            "too_many_texts",
            f"{len(texts)} texts in one request; the limit is {settings.max_texts} (SERVICE_MAX_TEXTS).",
            details=[{"loc": ["body", field], "msg": f"at most {settings.max_texts} texts", "type": "too_many_texts"}],
        )
    limit = settings.max_text_chars
    too_long = [(i, len(t)) for i, t in enumerate(texts) if len(t) > limit]
    if too_long:
        details = [
            {
                "loc": ["body", field] if field == "text" else ["body", field, str(i)],
                "msg": f"text has {n} characters; the limit is {limit}",
                "type": "text_too_long",
            }
            for i, n in too_long
        ]
        first, n = too_long[0]
        raise ApiError(
            422,
            "text_too_long",
            f"Text {first} has {n} characters; the limit is {limit} per text (SERVICE_MAX_TEXT_CHARS). "
            "Split it into several texts.",
            details=details,
        )


def check_decoding(beam_size: int | None, max_length: int | None, settings: Settings) -> None:
    """422 for a beam size or output length beyond the configured limits."""
    beam = beam_size
    if beam is not None and not 1 <= beam <= settings.max_beam_size:
        raise ApiError(422, "bad_beam_size",
                       f"beam_size must be between 1 and {settings.max_beam_size} "
                       f"(SERVICE_MAX_BEAM_SIZE); got {beam}.",
                       details=[{"loc": ["body", "beam_size"], "msg": "out of range", "type": "bad_beam_size"}])
    if max_length is not None and not 1 <= max_length <= settings.max_output_tokens:
        raise ApiError(422, "bad_max_length",
                       f"max_length must be between 1 and {settings.max_output_tokens} "
                       f"(SERVICE_MAX_OUTPUT_TOKENS); got {max_length}.",
                       details=[{"loc": ["body", "max_length"], "msg": "out of range", "type": "bad_max_length"}])
