"""Which language an answer's message is written in."""

from starlette.requests import Request

from cleanfleet.core.i18n import DEFAULT_LANGUAGE, normalize_language


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
