"""Every error answer is JSON: ``{"error": message, "code": kind, "details": [...], "request_id"}``.

``error`` is a string, which is also what LibreTranslate clients read. Bad input never
reaches the 500 handler: validation errors are 422 (malformed JSON 400), model input errors
422, and anything unexpected is logged with its request id and answered with a JSON 500.
"""
from __future__ import annotations

import logging
import math
from collections.abc import Iterable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from service.batching import OverloadedError, QueueFullError
from service.libretranslate import errors as libretranslate
from service.logs import request_id_var
from service.models.base import ModelInputError

log = logging.getLogger(__name__)


class ApiError(Exception):
    """An error answer with a status, a machine-readable code and a message for people."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        *,
        details: list[dict[str, Any]] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.headers = headers


def error_body(code: str, message: str, details: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"error": message, "code": code, "request_id": request_id_var.get()}
    if details:
        body["details"] = details
    return body


def error_response(
    request: Request,
    status: int,
    code: str,
    message: str,
    details: list[dict[str, Any]] | None = None,
    headers: dict[str, str] | None = None,
) -> JSONResponse:
    metrics = getattr(request.app.state, "metrics", None)
    if metrics is not None:
        metrics.errors.labels(code).inc()
    if libretranslate.is_libretranslate(request):  # its status codes, a plain sentence, no details
        status, message, details = libretranslate.status(status), libretranslate.message(code, message), None
    return JSONResponse(error_body(code, message, details), status_code=status, headers=headers)


def describe_validation_errors(errors: Any) -> list[dict[str, Any]]:
    """Pydantic's errors without the offending input (which may be a megabyte of text)."""
    details = []
    for err in errors:
        msg = str(err.get("msg", "invalid"))
        details.append(
            {"loc": [str(part) for part in err.get("loc", ())], "msg": msg, "type": err.get("type")}
        )
    return details


def summarize(details: list[dict[str, Any]]) -> str:
    parts = []
    for d in details[:5]:
        where = ".".join(p for p in d["loc"] if p != "body") or "body"
        parts.append(f"{where}: {d['msg']}")
    more = f" (and {len(details) - 5} more)" if len(details) > 5 else ""
    return "; ".join(parts) + more


async def _validation_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    details = describe_validation_errors(exc.errors())
    if libretranslate.is_libretranslate(request):
        return error_response(request, 400, "invalid_request", libretranslate.validation_message(details))
    if any(d["type"] == "json_invalid" for d in details):
        return error_response(
            request, 400, "malformed_json", "The request body is not valid JSON: " + summarize(details), details
        )
    return error_response(request, 422, "invalid_request", "Invalid request: " + summarize(details), details)


async def _api_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    return error_response(request, exc.status, exc.code, exc.message, exc.details, exc.headers)


async def _model_input_error(request: Request, exc: Exception) -> JSONResponse:
    return error_response(request, 422, "model_input_error", str(exc) or "The model cannot handle this input.")


async def _overloaded(request: Request, exc: Exception) -> JSONResponse:
    retry_after = math.ceil(exc.retry_after_s) if isinstance(exc, OverloadedError) else 1
    return error_response(
        request, 503, "overloaded", f"The service is overloaded ({exc}); try again in {retry_after} s.",
        headers={"Retry-After": str(retry_after)},
    )


async def _http_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, f"http_{exc.status_code}")
    headers = dict(exc.headers) if exc.headers else {}
    message = str(exc.detail)
    if exc.status_code == 405:
        allowed = allowed_methods(request)
        headers["Allow"] = ", ".join(allowed)
        message = f"{request.method} is not allowed on {request.url.path}; use {' or '.join(allowed)}."
    return error_response(request, exc.status_code, code, message, headers=headers or None)


def allowed_methods(request: Request) -> list[str]:
    """Every method some route serves at this path (Starlette names only the first route's)."""
    methods: set[str] = set()

    def visit(routes: Iterable[Any]) -> None:
        for route in routes:
            inner = getattr(route, "original_router", None) or getattr(route, "router", None)
            if inner is not None and hasattr(inner, "routes"):  # an included router
                visit(inner.routes)
            regex = getattr(route, "path_regex", None)
            if regex is not None and regex.match(request.url.path):
                methods.update(getattr(route, "methods", None) or ())

    visit(request.app.routes)
    if "GET" in methods:
        methods.add("HEAD")  # answered as GET without a body (service.request_guard)
    return sorted(methods)


async def _unexpected_error(request: Request, exc: Exception) -> JSONResponse:
    log.error(
        "unhandled error",
        exc_info=(type(exc), exc, exc.__traceback__),
        extra={"method": request.method, "path": request.url.path},
    )
    return error_response(request, 500, "internal_error", "Internal server error; it has been logged.")


def install_error_handlers(app: FastAPI) -> None:
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(ApiError, _api_error)
    app.add_exception_handler(ModelInputError, _model_input_error)
    app.add_exception_handler(QueueFullError, _overloaded)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(Exception, _unexpected_error)
