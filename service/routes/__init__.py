"""HTTP routes, one module per concept. Routes only translate between schemas and runners."""
from __future__ import annotations

from typing import Any

from service.schemas import ErrorResponse

_ERROR = {"model": ErrorResponse}

# Error answers every model endpoint may give, for the OpenAPI document.
MODEL_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {**_ERROR, "description": "Malformed JSON, or an unsupported language pair or format."},
    401: {**_ERROR, "description": "An API key is required (only when SERVICE_API_KEYS is set)."},
    403: {**_ERROR, "description": "The API key is not valid."},
    404: {**_ERROR, "description": "The pinned `version` of the model was never found."},
    409: {**_ERROR, "description": "The pinned `version` is found but not loaded; the message names the loaded ones."},
    413: {**_ERROR, "description": "The request body is larger than SERVICE_MAX_BODY_BYTES."},
    422: {**_ERROR, "description": "Invalid input: the `details` name each offending field or text index."},
    429: {**_ERROR, "description": "Rate limit exceeded; see the Retry-After header."},
    503: {**_ERROR, "description": "Model still loading or unavailable, overloaded, or request timeout."},
}
