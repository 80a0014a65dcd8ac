"""Which language (and time zone) an answer's message is written in.

The request log middleware binds each HTTP request's scope to the running context, so code below a router
(``ok()``, an ``ApiError`` handler) finds the caller's language without being handed it.
"""

from contextvars import ContextVar
from datetime import tzinfo

from starlette.requests import Request
from starlette.types import Scope

from cleanfleet.core.i18n import DEFAULT_LANGUAGE, normalize_language
from cleanfleet.core.texts import time_zone

_current_scope: ContextVar[Scope | None] = ContextVar("cleanfleet_request_scope", default=None)


def bind_request(scope: Scope) -> None:
    """Called once per HTTP request by the outermost middleware."""
    _current_scope.set(scope)


def request_language(request: Request) -> str:
    """The caller's stored language, else the `language` cookie, else Accept-Language, else zh-CN."""
    session = getattr(request.state, "session", None)
    stored = getattr(session, "language", None)
    return (
        normalize_language(stored)
        or normalize_language(request.cookies.get("language"))
        or normalize_language(request.headers.get("accept-language"))
        or DEFAULT_LANGUAGE
    )


def request_zone(request: Request) -> tzinfo | None:
    """The caller's time zone from the console's `timezone` header (IANA name), or None."""
    return time_zone(request.headers.get("timezone"))


def caller_language() -> str:
    """The language of the request being answered; zh-CN outside a request."""
    scope = _current_scope.get()
    return request_language(Request(scope)) if scope is not None else DEFAULT_LANGUAGE


def caller_zone() -> tzinfo | None:
    scope = _current_scope.get()
    return request_zone(Request(scope)) if scope is not None else None
