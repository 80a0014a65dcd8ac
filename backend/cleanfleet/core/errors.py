"""ApiError, raised anywhere below a router, becomes an envelope with its code; handlers live here.

The one error shape of every domain: ``{"message": {"code", "message", "field"}, "data"}``. ``message`` is a
whole sentence in the caller's language: the reason (a ``Text`` with its values) when one is given, else the
code's title. ``field`` names the request field the refusal concerns; the console marks that form field.
"""

import logging
from collections.abc import Awaitable, Callable
from datetime import tzinfo
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from sqlalchemy.exc import NoResultFound
from sqlalchemy.orm.exc import StaleDataError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect
from starlette.responses import Response

from cleanfleet.core.codes import Code
from cleanfleet.core.envelope import JsonResponse, envelope
from cleanfleet.core.i18n import title
from cleanfleet.core.language import request_language, request_zone
from cleanfleet.core.middleware import body_too_large_text
from cleanfleet.core.texts import PATH_NOT_FOUND, RECORD_GONE, Text
from cleanfleet.core.validation import UNREADABLE, field_of, reason_of

log = logging.getLogger("cleanfleet.errors")


class ApiError(Exception):
    """A refusal with a stable code, the reason in nine languages and the field it concerns.

    ``detail`` is a ``Text`` (rendered with ``values`` for the caller). A plain string is the old shape
    (English after the translated title) and is being replaced domain by domain.
    """

    def __init__(
        self,
        code: Code,
        detail: Text | str | None = None,
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

    def text(self, language: str | None, zone: tzinfo | None = None) -> str:
        if isinstance(self.detail, Text):
            return self.detail.render(language, self.values, zone)
        head = title(self.code, language, **self.values)
        tail = ": ".join(part for part in (self.field, self.detail) if part)
        return f"{head}: {tail}" if tail else head


def bad_parameter(field: str, detail: Text | str, **values: object) -> ApiError:
    return ApiError(Code.BAD_PARAMETER, detail, field=field, values=values)


def not_found(reason: Text | str | None = None, *, field: str | None = None, **values: object) -> ApiError:
    """NOT_FOUND: ``not_found(texts.ROLE_NOT_FOUND, field="id", id=7)``; without a reason the code's title
    ("记录不存在"). A plain string is the old shape, kept until every domain has its texts."""
    return ApiError(Code.NOT_FOUND, reason, field=field, values=values)


def no_permission(reason: Text | str | None = None, *, field: str | None = None, **values: object) -> ApiError:
    """NO_PERMISSION: ``no_permission(LACKS_KEYS, keys="user/index/add")``; without a reason the code's title."""
    return ApiError(Code.NO_PERMISSION, reason, field=field, values=values)


RECORD_FIELD = "record_field"
"""``request.state`` attribute: the request field naming the call's record (core.routing sets it, from the body)."""


def record_gone(request: Request) -> ApiError:
    """NOT_FOUND for a record deleted by another call between this call's read and its write or answer."""
    return not_found(RECORD_GONE, field=getattr(request.state, RECORD_FIELD, None))


def _validation_error(exc: RequestValidationError) -> ApiError:
    first = exc.errors()[0]
    reason, values = reason_of(first)
    return ApiError(Code.BAD_PARAMETER, reason, field=field_of(first), values=values)


RefusalListener = Callable[[Request, ApiError], Awaitable[None]]
"""``app.state.on_refusal``: told of every call refused for a missing key or a foreign branch (the audit trail
records it, issue 51 item 1: app.py wires ``audit.service.record_refusal``)."""


async def _tell_refusal(request: Request, exc: ApiError) -> None:
    listener: RefusalListener | None = getattr(request.app.state, "on_refusal", None)
    if listener is None:
        return
    try:
        await listener(request, exc)
    except Exception:  # the refusal is answered whatever happens to its record
        log.exception("recording a refusal failed")


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JsonResponse:
        request.state.answer_code = exc.code  # counted per route (metrics/http.py)
        if exc.code == Code.NO_PERMISSION:
            await _tell_refusal(request, exc)
        text = exc.text(request_language(request), request_zone(request))
        return JsonResponse(envelope(exc.code, text, exc.data, exc.field), status_code=exc.status)

    async def gone(request: Request, exc: Exception) -> JsonResponse:
        # another call deleted the record between this call's read and its UPDATE (StaleDataError: the UPDATE
        # matched no row) or the read of its answer (NoResultFound): the flush's failure rolled the transaction
        # back and get_db closed the session, so nothing of the call is left half-done
        log.info("record deleted meanwhile", extra={"fields": {
            "request_id": getattr(request.state, "request_id", "-"), "path": request.url.path, "error": str(exc)}})
        return await api_error(request, record_gone(request))

    app.add_exception_handler(StaleDataError, gone)
    app.add_exception_handler(NoResultFound, gone)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JsonResponse:
        error = _validation_error(exc)
        request.state.answer_code = error.code
        text = error.text(request_language(request), request_zone(request))
        return JsonResponse(envelope(error.code, text, None, error.field))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JsonResponse:
        limit = getattr(request.state, "body_too_large", None)
        request.state.answer_code = Code.BODY_TOO_LARGE if limit else (
            Code.NOT_FOUND if exc.status_code == 404 else Code.BAD_PARAMETER)
        if limit:
            text = body_too_large_text(limit, request_language(request))
            return JsonResponse(envelope(Code.BODY_TOO_LARGE, text), status_code=413)
        if exc.status_code == 404:
            text = PATH_NOT_FOUND.render(request_language(request), {"path": request.url.path})
            return JsonResponse(envelope(Code.NOT_FOUND, text), status_code=404)
        # a body that cannot be parsed at all (bytes that are not UTF-8, a broken multipart): a refusal like any
        # other bad input, so HTTP 200 as the schema documents
        return JsonResponse(envelope(Code.BAD_PARAMETER, UNREADABLE.render(request_language(request)), None, "body"))

    @app.exception_handler(ClientDisconnect)
    async def client_gone(request: Request, exc: ClientDisconnect) -> Response:
        # the caller left while its body was read (a closed tab, a cancelled upload): nobody reads an answer,
        # and it is not a server fault worth a stack trace; 499 is nginx's code for it in the access log
        log.info("client left before its body was read", extra={"fields": {"path": request.url.path}})
        return Response(status_code=499)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JsonResponse:
        # the answer shows the request id; the log line carries it with the path, so one finds the other
        request_id = getattr(request.state, "request_id", "-")
        request.state.answer_code = Code.INTERNAL
        log.exception("unhandled error", extra={"fields": {
            "request_id": request_id, "method": request.method, "path": request.url.path}})
        text = f"{title(Code.INTERNAL, request_language(request))} ({request_id})"
        return JsonResponse(envelope(Code.INTERNAL, text), status_code=500, headers={"X-Request-Id": request_id})
