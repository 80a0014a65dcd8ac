"""Pure ASGI middleware: request id, structured request log, the body size limit and the security headers."""

import logging
import sys
import time
import uuid
from collections.abc import Mapping
from typing import Any

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cleanfleet.core.codes import Code
from cleanfleet.core.envelope import JsonResponse, envelope
from cleanfleet.core.language import bind_request, request_language
from cleanfleet.core.texts import BODY_OVER_LIMIT

log = logging.getLogger("cleanfleet.request")


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return value.decode("latin-1")
    return None


READY_PATH = "/api/ready"


class RequestLog:
    """Gives each request an id (X-Request-Id) and logs one line per request with user and platform (and the API
    token, for a token's call). It also sends the ``extra_headers`` (name, value) a step of the request put on its
    state, whatever answer the call ends with (the rate limit's headers, a 429's Retry-After)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = _header(scope, b"x-request-id") or uuid.uuid4().hex[:16]
        scope.setdefault("state", {})["request_id"] = request_id
        bind_request(scope)
        started = time.perf_counter()
        status = 500

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                headers = message.setdefault("headers", [])
                headers.append((b"x-request-id", request_id.encode()))
                # headers a step before the handler decided on (an API token's rate limit: apitokens/gate.py)
                for name, value in scope["state"].get("extra_headers", ()):
                    headers.append((name.lower().encode("latin-1"), value.encode("latin-1")))
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            session = scope["state"].get("session")
            # a passed readiness probe (every second from each balancer) is not worth a line
            level = logging.DEBUG if scope["path"] == READY_PATH and status == 200 else logging.INFO
            log.log(level, "request", extra={"fields": {
                "request_id": request_id,
                "method": scope["method"],
                "path": scope["path"],
                "status": status,
                "ms": round((time.perf_counter() - started) * 1000, 2),
                "user": getattr(session, "account", None) or _header(scope, b"username") or "-",
                "user_id": getattr(session, "user_id", None),
                **({"api_token": session.api_token_id} if getattr(session, "api_token_id", None) else {}),
                "platform": _header(scope, b"platform") or "-",
                "client": (scope.get("client") or ("-",))[0],
            }})


# What the console's pages may load (issue 45 item 7): this server only. Scripts from its files alone (the build has
# no inline script); styles also inline, for the <style> elements antd and its components write while drawing
# (a nonce would need a fresh index.html per answer and every such library told of it; an injected style runs
# nothing); images, sounds and downloads also from data: and blob: URLs the console makes itself (a robot's
# map, an avatar being cropped, a voice preview) and read back from those blob: URLs (only this page's scripts can
# make one); the live socket under 'self' (CSP 3 lets 'self' match ws: and wss: on the page's own host); the
# service worker and the manifest from here; no plugin, no frame of it anywhere.
CONSOLE_CSP = "; ".join((
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' blob:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))
# every answer: no type guessing, framed by no page (X-Frame-Options for browsers before CSP's frame-ancestors),
# no address of ours sent on to another site
COMMON_HEADERS = (("x-content-type-options", "nosniff"), ("x-frame-options", "DENY"),
                  ("referrer-policy", "no-referrer"))
API_HEADERS = (*COMMON_HEADERS, ("content-security-policy", "frame-ancestors 'none'"))
CONSOLE_HEADERS = (*COMMON_HEADERS, ("content-security-policy", CONSOLE_CSP))
# a stored file (an answer with a Content-Disposition) sets its own policy, or none where one would stop the
# browser's PDF viewer (storage/content_types.py), which shows the file in a frame of its own
FILE_HEADERS = (("x-content-type-options", "nosniff"), ("referrer-policy", "no-referrer"))
API_PATHS = ("/api/", "/relay", "/metrics")
HSTS = ("strict-transport-security", "max-age=31536000")


def _encoded(headers: tuple[tuple[str, str], ...]) -> tuple[tuple[bytes, bytes], ...]:
    return tuple((name.encode("latin-1"), value.encode("latin-1")) for name, value in headers)


class SecurityHeaders:
    """Adds the security headers to every answer that has not set its own (the API reference page and stored
    files keep their own policies): the console's policy on its pages and files, a frame-only one on the API's
    answers, no type sniffing and no referrer on a stored file. With ``hsts`` (CLEANFLEET_PUBLIC_URL is https) it
    also sends Strict-Transport-Security: browsers heed it only over https, so it is harmless on the plain hop
    behind a proxy that terminates TLS."""

    def __init__(self, app: ASGIApp, hsts: bool = False) -> None:
        self.app = app
        extra = (HSTS,) if hsts else ()
        self.console = _encoded((*CONSOLE_HEADERS, *extra))
        self.api = _encoded((*API_HEADERS, *extra))
        self.file = _encoded((*FILE_HEADERS, *extra))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        api = scope["path"].startswith(API_PATHS)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                present = {name.lower() for name, _value in headers}
                wanted = self.file if b"content-disposition" in present else self.api if api else self.console
                message["headers"] = headers + [(name, value) for name, value in wanted if name not in present]
            await send(message)

        await self.app(scope, receive, send_with_headers)


class BodyLimit:
    """Refuses bodies over the limit with BODY_TOO_LARGE before any route sees them.

    Every call has the small general limit, whatever the content type; only the upload calls take
    larger bodies, each up to its own limit (``uploads``: path -> bytes, capped by ``max_upload_bytes``).
    """

    def __init__(self, app: ASGIApp, max_bytes: int, max_upload_bytes: int, uploads: Mapping[str, int]) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.max_upload_bytes = max_upload_bytes
        self.uploads = uploads

    def limit(self, path: str) -> int:
        upload = self.uploads.get(path)
        return self.max_bytes if upload is None else min(upload, self.max_upload_bytes)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit(scope["path"])
        declared = _header(scope, b"content-length")
        if declared and declared.isdigit() and int(declared) > limit:
            await self._refuse(scope, receive, send, limit)
            return
        received = 0

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    scope["state"]["body_too_large"] = limit
                    raise _TooLarge()
            return message

        try:
            await self.app(scope, counting_receive, send)
        except _TooLarge:
            await self._refuse(scope, receive, send, limit)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, limit: int) -> None:
        # before any route: the screen's language as every refusal has it (header, cookie, Accept-Language)
        text = body_too_large_text(limit, request_language(Request(scope)))
        response = JsonResponse(envelope(Code.BODY_TOO_LARGE, text), status_code=413)
        await response(scope, receive, send)


class _TooLarge(Exception):
    pass


def body_too_large_text(limit: int, language: str | None) -> str:
    return BODY_OVER_LIMIT.render(language, {"limit": limit})


class JsonLogFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        import orjson

        body: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "event": record.getMessage(),
        }
        body.update(getattr(record, "fields", {}))
        if record.exc_info:
            body["error"] = self.formatException(record.exc_info)
        return orjson.dumps(body, default=str).decode()


class ConsoleLogFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        fields = " ".join(f"{k}={v}" for k, v in getattr(record, "fields", {}).items())
        line = f"{record.levelname.lower():7} {record.name} {record.getMessage()} {fields}".rstrip()
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


def configure_logging(settings: Any) -> None:
    """The ``cleanfleet`` loggers' format and level (CLEANFLEET_LOG_FORMAT, CLEANFLEET_LOG_LEVEL): ``create_app``, and
    ``run`` before it starts the broker (__main__.py)."""
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(JsonLogFormatter() if settings.log_format == "json" else ConsoleLogFormatter())
    root = logging.getLogger("cleanfleet")
    root.handlers[:] = [handler]
    root.setLevel(settings.log_level.upper())
    root.propagate = False
