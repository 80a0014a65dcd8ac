"""The application factory: routers, middleware, error handlers and the lifespan."""

import logging
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Route

from cleanfleet.auth import service as auth_service
from cleanfleet.auth.router import router as session_router
from cleanfleet.core.auth import SessionCache
from cleanfleet.core.bus import Bus
from cleanfleet.core.codes import catalogue_markdown
from cleanfleet.core.db import Database
from cleanfleet.core.envelope import Envelope, JsonResponse, ok
from cleanfleet.core.errors import install_error_handlers
from cleanfleet.core.middleware import BodyLimit, ConsoleLogFormatter, JsonLogFormatter, RequestLog
from cleanfleet.core.openapi import published_schema
from cleanfleet.core.signature import Signer
from cleanfleet.devices.routes import DEVICE_ROUTERS
from cleanfleet.gateway.runtime import start_robot_link, stop_robot_link
from cleanfleet.messages.service import start_due_scanner, stop_due_scanner
from cleanfleet.monitor.router import router as monitor_router
from cleanfleet.realtime.router import router as live_router
from cleanfleet.relay.control_router import router as control_router
from cleanfleet.relay.router import router as relay_router
from cleanfleet.roles.router import router as roles_router
from cleanfleet.screen.router import router as screen_router
from cleanfleet.settings import Settings, get_settings
from cleanfleet.storage.backends import make_store
from cleanfleet.storage.router import router as storage_router
from cleanfleet.users.router import router as users_router
from cleanfleet.users.shadow_router import router as shadows_router
from cleanfleet.warn.router import router as warn_router
from cleanfleet.web import ConsoleFiles

VERSION = "1.20.0"
ROUTERS = (session_router, users_router, shadows_router, roles_router, storage_router, *DEVICE_ROUTERS,
           control_router, live_router, screen_router, warn_router, monitor_router)
ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

DESCRIPTION = f"""Cloud console API for fleets of cleaning and disinfection robots.

Every call is a POST under `/api/` taking a JSON or a form-encoded body, with the headers
`Authorization: Bearer <token>` (once signed in), `username` (or `-`), `platform` and `sign`
(base64 of AES-128-CBC/PKCS#7 of the Unix time in ms plus 20,000). Every answer is
`{{"message": {{"code", "message"}}, "data"}}`; codes 0, 20004 and 20007 are success.

## Answer codes

{catalogue_markdown()}
"""


def configure_logging(settings: Settings) -> None:
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(JsonLogFormatter() if settings.log_format == "json" else ConsoleLogFormatter())
    root = logging.getLogger("cleanfleet")
    root.handlers[:] = [handler]
    root.setLevel(settings.log_level.upper())
    root.propagate = False


def _wire_cache_evictions(bus: Bus, cache: SessionCache) -> None:
    bus.subscribe("auth.token_revoked", lambda event: cache.evict_token(event["token_hash"]))
    bus.subscribe("auth.user_changed", lambda event: cache.evict_user(int(event["user_id"])))
    bus.subscribe("auth.roles_changed", lambda _event: cache.clear())


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    configure_logging(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await app.state.store.start()  # an S3 store checks its bucket: a wrong setting stops the start here
        await app.state.bus.start()
        due_scanner = start_due_scanner(app.state.db)
        robot_link = await start_robot_link(app)
        yield
        await stop_robot_link(app, robot_link)
        await stop_due_scanner(due_scanner)
        await app.state.bus.stop()
        await app.state.store.close()
        await app.state.db.dispose()

    app = FastAPI(
        title="cleanfleet API", version=VERSION, description=DESCRIPTION, lifespan=lifespan,
        docs_url="/api/docs", redoc_url=None, openapi_url="/api/openapi.json",
        default_response_class=JsonResponse,
    )
    app.state.settings = settings
    app.state.db = Database(settings.db_url)
    app.state.bus = Bus(settings.redis_url)
    app.state.store = make_store(settings)
    app.state.signer = Signer(settings.sign_key, settings.sign_iv, settings.sign_skew)
    app.state.session_cache = SessionCache(settings.session_cache_seconds)
    app.state.resolve_caller = auth_service.resolve_caller
    _wire_cache_evictions(app.state.bus, app.state.session_cache)

    install_error_handlers(app)
    for router in ROUTERS:
        app.include_router(router, prefix="/api")
    app.include_router(relay_router)  # /relay: the spec's path, outside /api/

    async def health() -> JsonResponse:
        """Liveness; unsigned and unauthenticated (also the benchmark's no-op call)."""
        return ok({"status": "ok", "version": VERSION})

    app.add_api_route("/api/health", health, methods=["GET"], tags=["health"],
                      responses={200: {"model": Envelope[dict[str, str]]}})
    app.add_api_route("/api/health", health, methods=["POST"], include_in_schema=False)

    console = ConsoleFiles(settings.web_dist)

    async def console_page(request: Request) -> Any:
        path = request.url.path
        if path.startswith("/api/") or request.method not in ("GET", "HEAD") or "\x00" in path:
            raise StarletteHTTPException(404)
        return await console.serve(request)

    app.router.routes.append(Route("/{path:path}", console_page, methods=ALL_METHODS))
    app.openapi = lambda: _openapi(app)  # type: ignore[method-assign]
    app.add_middleware(BodyLimit, max_bytes=settings.max_body_bytes, max_upload_bytes=settings.max_upload_bytes,
                       uploads=upload_limits())
    app.add_middleware(RequestLog)
    return app


def upload_limits() -> dict[str, int]:
    """The calls that take a file, by path, with the body size each accepts."""
    return {"/api" + path: limit for router in ROUTERS for path, limit in getattr(router, "upload_limits", {}).items()}


def _openapi(app: FastAPI) -> dict[str, Any]:
    if not app.openapi_schema:
        app.openapi_schema = published_schema(app)
    return app.openapi_schema
