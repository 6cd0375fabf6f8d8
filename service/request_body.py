"""Request bodies parsed by hand: JSON or form data (LibreTranslate clients send either)."""
from __future__ import annotations

import re
from typing import Any, TypeVar

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ValidationError

from service.errors import ApiError

M = TypeVar("M", bound=BaseModel)

FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
_LIST_FIELDS = {"q", "texts"}
_INT_FIELDS = {"beam_size", "max_length", "alternatives"}
_INTEGER = re.compile(r"-?[0-9]{1,9}")


async def read_body(request: Request) -> Any:
    """The body as JSON, or form fields as a dict (repeated ``q``/``texts`` fields as lists)."""
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type in FORM_TYPES:
        form = await request.form()
        data: dict[str, Any] = {}
        for key in form.keys():
            values: list[Any] = [v for v in form.getlist(key) if isinstance(v, str)]
            if not values:  # a file upload: not a field of these requests
                continue
            if key in _INT_FIELDS:
                values = [int(v) if _INTEGER.fullmatch(v.strip()) else v for v in values]
            data[key] = values if key in _LIST_FIELDS and (len(values) > 1 or key == "texts") else values[0]
        return data
    if content_type and content_type != "application/json" and not content_type.endswith("+json"):
        raise ApiError(415, "unsupported_media_type",
                       f"Send JSON (application/json) or form data, not {content_type!r}.")
    try:
        return await request.json()  # parsed once per request (Starlette keeps it for the key check)
    except (ValueError, RecursionError) as exc:  # includes UnicodeDecodeError
        raise ApiError(400, "malformed_json", f"The request body is not valid JSON: {exc}") from None


def validate_body(model: type[M], data: Any) -> M:
    """``model`` from ``data``; errors become a 422 whose locations start with ``body``."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise RequestValidationError([{**e, "loc": ("body", *e["loc"])} for e in exc.errors()]) from None
