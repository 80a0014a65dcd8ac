"""HTTP latency, answers and refusals per route (pure ASGI middleware, inside the request log).

The route is the matched route's template (``/api/device/selectAllDevice``, ``/api/ota/package/{token}``); the
console's files and paths no route knows are ``other``, so a scan of random paths cannot grow the series. A
refusal's answer code is what the error handlers leave on the request's state (core/errors.py ``answer_code``).
"""

import time

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cleanfleet.metrics.series import API_REFUSALS, HTTP_ANSWERS, HTTP_SECONDS

OTHER = "other"
NOT_TIMED = frozenset({"/metrics"})


def route_of(scope: Scope) -> str:
    """The matched route's template under /api/. A route keeps its own path without its router's prefix, so the
    prefix is read off the request's path: the segments before the template's."""
    template, path = getattr(scope.get("route"), "path", None), scope.get("path", "")
    if not isinstance(template, str) or not path.startswith("/api/") or ":path}" in template:
        return OTHER
    if "{" not in template:
        return path if path.endswith(template) else OTHER
    segments = path.split("/")
    return "/".join(segments[:len(segments) - template.count("/")]) + template


class HttpMetrics:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] in NOT_TIMED:
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500

        async def send_status(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_status)
        finally:
            route, method = route_of(scope), scope["method"]
            HTTP_SECONDS.labels(route, method).observe(time.perf_counter() - started)
            HTTP_ANSWERS.labels(route, method, f"{status // 100}xx").inc()
            code = scope.get("state", {}).get("answer_code")
            if code:
                API_REFUSALS.labels(route, str(int(code))).inc()
