"""Errors the LibreTranslate way, for LibreTranslate-shaped requests.

LibreTranslate answers 400 for a bad request (and a missing key), 403 for a bad key, 429 for a
limit and 500 for a failure, always ``{"error": "<a plain sentence>"}``. A request is
LibreTranslate-shaped when it goes to one of its own endpoints, or to ``/translate`` with its
fields (``q``, ``source``, ``target``, ``format``). :func:`mark` (a dependency that runs before
the key check) flags such a request in its ASGI scope; ``service.errors`` then answers its
errors in this shape (plus this service's ``code`` and ``request_id``), without pydantic's
wording. This service's own form keeps its documented codes.
"""
from __future__ import annotations

from typing import Any

from fastapi import Request

FLAG = "libretranslate"
LIBRETRANSLATE_PATHS = ("/detect", "/translate_file", "/download_file", "/suggest", "/frontend/settings", "/spec")
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
LIBRETRANSLATE_FIELDS = frozenset({"q", "source", "target", "format"})

# This service's status -> LibreTranslate's (missing key, invalid input, unsupported media type)
STATUS = {401: 400, 415: 400, 422: 400}
MESSAGES = {
    "missing_api_key": "Invalid API key: this server requires one. Please contact the server operator to get an API key.",
    "invalid_api_key": "Invalid API key.",
}


async def mark(request: Request) -> None:
    """Flag LibreTranslate-shaped requests (a dependency; reads the body once, Starlette keeps it)."""
    path = request.url.path
    if path.startswith(LIBRETRANSLATE_PATHS):
        request.scope[FLAG] = True
        return
    if path != "/translate" or request.method != "POST":
        return
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    try:
        if content_type in FORM_TYPES:
            keys = set((await request.form()).keys())
        else:
            body = await request.json()
            keys = set(body) if isinstance(body, dict) else set()
    except Exception:  # noqa: BLE001 - a broken body is reported by the route
        return
    if keys & LIBRETRANSLATE_FIELDS:
        request.scope[FLAG] = True


def is_libretranslate(request: Request) -> bool:
    return bool(request.scope.get(FLAG))


def status(code: int) -> int:
    return STATUS.get(code, code)


def message(code: str, text: str) -> str:
    return MESSAGES.get(code, text)


_FIELD_PROBLEMS = {
    "missing": "missing {field} parameter",
    "string_type": "{field} must be a string",
    "int_type": "{field} must be a whole number",
    "int_parsing": "{field} must be a whole number",
    "greater_than_equal": "{field} must not be negative",
    "too_short": "{field} must not be empty",
    "list_type": "{field} must be a string or a list of strings",
}


def validation_message(details: list[dict[str, Any]]) -> str:
    """A plain sentence for pydantic's errors (field names, never pydantic's wording)."""
    problems: list[str] = []
    for detail in details:
        loc = [p for p in detail.get("loc", []) if p not in {"body", "str", "list[str]"} and not str(p).isdigit()]
        field = loc[0] if loc else "the body"
        kind = str(detail.get("type") or "")
        if kind == "json_invalid":
            return "Invalid request: the body is not valid JSON."
        problem = _FIELD_PROBLEMS.get(kind, "invalid {field} parameter").format(field=field)
        if problem not in problems:
            problems.append(problem)
    return "Invalid request: " + "; ".join(problems[:3]) + "."
