"""Which language (and time zone) an answer's message is written in.

The request log middleware binds each HTTP request's scope to the running context, so code below a router
(``ok()``, an ``ApiError`` handler) finds the caller's language without being handed it.

An answer (a refusal, or the envelope's message on success) is in the language of the screen that made the call:
the console's ``language`` header (the language it shows, sent on every call, also on the sign-in page before any
language was chosen and kept in the cookie), else the ``language`` cookie, else Accept-Language, else the
language stored for the signed-in user, else zh-CN (issue 30 item 1). The stored language (``users.language``,
set by ``setLanguage`` at each sign-in) is the language of what the server sends unasked: e-mails and
notifications use it, never the request's, each recipient's own when it is sent. What the server wrote for a
person to read later (the message centre, an incident's messages) keeps no language (issue 48 item 7): it is
rendered when read, in the language of the screen reading it (``reader_language``: the console's header or cookie,
else the account's stored language), not the one the account had when it was written. For an answer the stored
language only counts when the client names no language at all (an app or a script). So one account signed in
on an English screen and a Chinese one gets English refusals on the first and Chinese ones on the second,
whichever signed in last. Refusals made before the caller is known
(a bad signature, a throttled sign-in, a body over the limit) follow the same order.
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


LANGUAGE_HEADER = "language"
LANGUAGE_COOKIE = "language"


def request_language(request: Request) -> str:
    """The screen's language: the `language` header, else the `language` cookie, else Accept-Language, else the
    signed-in user's stored language, else zh-CN."""
    session = getattr(request.state, "session", None)
    return (
        normalize_language(request.headers.get(LANGUAGE_HEADER))
        or normalize_language(request.cookies.get(LANGUAGE_COOKIE))
        or normalize_language(request.headers.get("accept-language"))
        or normalize_language(getattr(session, "language", None))
        or DEFAULT_LANGUAGE
    )


def request_zone(request: Request) -> tzinfo | None:
    """The caller's time zone from the console's `timezone` header (IANA name), or None."""
    return time_zone(request.headers.get("timezone"))


def caller_language() -> str:
    """The language of the request being answered; zh-CN outside a request."""
    scope = _current_scope.get()
    return request_language(Request(scope)) if scope is not None else DEFAULT_LANGUAGE


def reader_language() -> str:
    """For what the server wrote unasked and the user reads later (the message centre): the language of the screen
    reading it (the console's ``language`` header, else its cookie), so an admin reading in Arabic reads Arabic
    whatever language the account had when the message was written (issue 48 item 7); a client that names no screen
    language (an app, a script) reads the account's stored language, else Accept-Language; zh-CN outside a
    request."""
    scope = _current_scope.get()
    if scope is None:
        return DEFAULT_LANGUAGE
    request = Request(scope)
    return (
        normalize_language(request.headers.get(LANGUAGE_HEADER))
        or normalize_language(request.cookies.get(LANGUAGE_COOKIE))
        or normalize_language(getattr(getattr(request.state, "session", None), "language", None))
        or request_language(request)
    )


def caller_zone() -> tzinfo | None:
    scope = _current_scope.get()
    return request_zone(Request(scope)) if scope is not None else None
