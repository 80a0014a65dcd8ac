"""ApiError, raised anywhere below a router, becomes an envelope with its code; handlers live here."""

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from cleanfleet.core.codes import Code
from cleanfleet.core.envelope import JsonResponse, envelope
from cleanfleet.core.i18n import title
from cleanfleet.core.language import request_language
from cleanfleet.core.middleware import body_too_large_text

log = logging.getLogger("cleanfleet.errors")


class ApiError(Exception):
    """A refusal with a stable code. ``field`` names the offending parameter, ``detail`` adds context."""

    def __init__(
        self,
        code: Code,
        detail: str | None = None,
        *,
        field: str | None = None,
        status: int = 200,
        values: dict[str, Any] | None = None,
        data: Any = None,
    ) -> None:
        self.code = code
        self.detail = detail
        self.field = field
        self.status = status
        self.values = values or {}
        self.data = data
        super().__init__(f"{code.name}: {field or ''} {detail or ''}".strip())

    def text(self, language: str | None) -> str:
        head = title(self.code, language, **self.values)
        tail = ": ".join(part for part in (self.field, self.detail) if part)
        return f"{head}: {tail}" if tail else head


def bad_parameter(field: str, detail: str) -> ApiError:
    return ApiError(Code.BAD_PARAMETER, detail, field=field)


def not_found(what: str) -> ApiError:
    return ApiError(Code.NOT_FOUND, what)


def no_permission(detail: str | None = None) -> ApiError:
    return ApiError(Code.NO_PERMISSION, detail)


def _field_of(error: dict[str, Any]) -> str:
    loc = [str(part) for part in error.get("loc", ()) if part not in ("body", "query", "header")]
    return ".".join(loc) or "body"


def _validation_text(exc: RequestValidationError) -> tuple[str, str]:
    first = exc.errors()[0]
    field = _field_of(first)
    if first.get("type") == "json_invalid":
        return "body", "malformed JSON"
    return field, str(first.get("msg", "invalid value"))


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JsonResponse:
        text = exc.text(request_language(request))
        return JsonResponse(envelope(exc.code, text, exc.data), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JsonResponse:
        field, detail = _validation_text(exc)
        error = ApiError(Code.BAD_PARAMETER, detail, field=field)
        return JsonResponse(envelope(error.code, error.text(request_language(request))))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JsonResponse:
        limit = getattr(request.state, "body_too_large", None)
        if limit:
            text = body_too_large_text(limit, request_language(request))
            return JsonResponse(envelope(Code.BODY_TOO_LARGE, text), status_code=413)
        if exc.status_code == 404:
            text = f"{title(Code.NOT_FOUND, request_language(request))}: {request.url.path}"
            return JsonResponse(envelope(Code.NOT_FOUND, text), status_code=404)
        # a body that cannot be parsed at all (bytes that are not UTF-8, a broken multipart): a refusal like any
        # other bad input, so HTTP 200 as the schema documents
        error = ApiError(Code.BAD_PARAMETER, "cannot be parsed", field="body")
        return JsonResponse(envelope(error.code, error.text(request_language(request))))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JsonResponse:
        # the answer shows the request id; the log line carries it with the path, so one finds the other
        request_id = getattr(request.state, "request_id", "-")
        log.exception("unhandled error", extra={"fields": {
            "request_id": request_id, "method": request.method, "path": request.url.path}})
        text = f"{title(Code.INTERNAL, request_language(request))} ({request_id})"
        return JsonResponse(envelope(Code.INTERNAL, text), status_code=500, headers={"X-Request-Id": request_id})
