"""The application factory: routers, middleware, error handlers and the lifespan."""

import asyncio
import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import JSONResponse
from starlette.routing import Route

from cleanfleet.advertising.router import device_ads
from cleanfleet.advertising.router import router as advertising_router
from cleanfleet.advisories.router import router as advisories_router
from cleanfleet.apitokens.gate import TokenGate
from cleanfleet.apitokens.router import router as api_tokens_router
from cleanfleet.apitokens.service import with_api_tokens
from cleanfleet.audit.router import router as audit_router
from cleanfleet.audit.service import record_read, record_refusal, start_anchoring
from cleanfleet.auth import service as auth_service
from cleanfleet.auth.router import router as session_router
from cleanfleet.batches.router import router as batches_router
from cleanfleet.branding.cache import CACHE as brand_cache
from cleanfleet.branding.manifest import router as brand_manifest_router
from cleanfleet.branding.router import public_router as brand_public_router
from cleanfleet.branding.router import router as brand_router
from cleanfleet.certificates import service as certificates
from cleanfleet.certificates.router import robot_router as robot_certificates_router
from cleanfleet.certificates.router import router as certificates_router
from cleanfleet.consumables.router import consumables, maintain
from cleanfleet.core.audit import install as install_audit
from cleanfleet.core.auth import SessionCache
from cleanfleet.core.bus import BRANDS_CHANGED, ROBOT_EVENTS, ROLES_CHANGED, TOKEN_REVOKED, USER_CHANGED, Bus
from cleanfleet.core.codes import catalogue_markdown
from cleanfleet.core.db import Database
from cleanfleet.core.envelope import Envelope, JsonResponse, ok
from cleanfleet.core.errors import install_error_handlers
from cleanfleet.core.leader import LEADING, stop_task
from cleanfleet.core.middleware import BodyLimit, RequestLog, SecurityHeaders, configure_logging
from cleanfleet.core.openapi import built_once, published_schema, schema_off_the_loop
from cleanfleet.core.outbox_sender import wire_outbox
from cleanfleet.core.routing import match_by_prefix
from cleanfleet.core.signature import Signer
from cleanfleet.customerend.router import router as customer_end_router
from cleanfleet.devices.bindings.router import router as device_bindings_router
from cleanfleet.devices.groups.router import router as device_groups_router
from cleanfleet.devices.registration.router import robot
from cleanfleet.devices.registration.router import router as auth_codes_router
from cleanfleet.devices.router import router as devices_router
from cleanfleet.devices.sim_cards.router import router as sim_cards_router
from cleanfleet.devices.summary.router import device_counts
from cleanfleet.devices.summary.router import router as summary_router
from cleanfleet.devices.types.router import router as device_types_router
from cleanfleet.elevators.router import router as elevators_router
from cleanfleet.events import wire_events
from cleanfleet.factors.router import router as factors_router
from cleanfleet.fieldkit.router import router as field_router
from cleanfleet.files.router import router as files_router
from cleanfleet.gateway.brokerauth.router import router as broker_auth_router
from cleanfleet.gateway.runtime import start_robot_link, stop_robot_link
from cleanfleet.hardware.router import device_hard, supports
from cleanfleet.health.router import router as health_router
from cleanfleet.hires.router import router as hires_router
from cleanfleet.hosts.router import device_ports, nodes, servers
from cleanfleet.incidents.router import link_router as incident_links_router
from cleanfleet.incidents.router import router as incidents_router
from cleanfleet.interop.reference import router as reference_router
from cleanfleet.interop.router import router as massrobotics_router
from cleanfleet.machineversions.router import cloud_router as cloud_versions_router
from cleanfleet.machineversions.router import configure_router
from cleanfleet.machineversions.router import lists_router as whole_version_lists_router
from cleanfleet.machineversions.router import router as whole_versions_router
from cleanfleet.maps import service as maps_service
from cleanfleet.maps.robot import RobotHttp
from cleanfleet.maps.router import router as maps_router
from cleanfleet.messages.router import router as messages_router
from cleanfleet.metrics.http import HttpMetrics
from cleanfleet.metrics.router import router as metrics_router
from cleanfleet.metrics.sampler import start_sampler, stop_sampler
from cleanfleet.monitor.router import router as monitor_router
from cleanfleet.oplog.router import router as oplog_router
from cleanfleet.oplog.service import entry_for as operation_log_entry
from cleanfleet.passwordrobots.router import ca_router as robot_ca_router
from cleanfleet.passwordrobots.router import router as password_robots_router
from cleanfleet.privacy.jobs import start_data_jobs
from cleanfleet.privacy.router import router as privacy_router
from cleanfleet.realtime.published import live_components
from cleanfleet.realtime.router import router as live_router
from cleanfleet.realtime.wiring import start_live, stop_live
from cleanfleet.relay.client import start_relay_client, stop_relay_client
from cleanfleet.relay.control_router import router as control_router
from cleanfleet.relay.router import router as relay_router
from cleanfleet.repairs.router import router as repairs_router
from cleanfleet.reports.router import router as reports_router
from cleanfleet.retention.router import router as retention_router
from cleanfleet.robotdata.router import backup_router as robotdata_backups
from cleanfleet.robotdata.router import log_router as robotdata_logs
from cleanfleet.robotdata.router import robot_side_router as robotdata_robot_side
from cleanfleet.robotdata.router import video_router as robotdata_video
from cleanfleet.robotdata.transfers import Receivers
from cleanfleet.roles.router import router as roles_router
from cleanfleet.screen.router import router as screen_router
from cleanfleet.sessions.gate import SessionGate
from cleanfleet.sessions.router import router as sessions_router
from cleanfleet.settings import Settings, get_settings
from cleanfleet.siem.router import router as siem_router
from cleanfleet.simfleet.runner import prepare_simulated_fleet, start_simulated_fleet, stop_simulated_fleet
from cleanfleet.sites.availability.router import router as site_availability_router
from cleanfleet.sites.coverage.map_learning import start_map_learning, stop_map_learning
from cleanfleet.sites.coverage.store import store_runs as site_coverage_store
from cleanfleet.sites.plans.byhand_router import router as site_by_hand_router
from cleanfleet.sites.reports.router import router as site_reports_router
from cleanfleet.sites.router import router as sites_router
from cleanfleet.speech.router import router as speech_router
from cleanfleet.sso.router import browser_router as sso_browser_router
from cleanfleet.sso.router import router as sso_router
from cleanfleet.storage.backends import make_store
from cleanfleet.storage.router import oss
from cleanfleet.storage.router import router as storage_router
from cleanfleet.tasks.router import router as tasks_router
from cleanfleet.users.router import router as users_router
from cleanfleet.users.shadow_router import router as shadows_router
from cleanfleet.versions import ota_events as versions_ota_events
from cleanfleet.versions.download import router as ota_download_router
from cleanfleet.versions.router import router as versions_router
from cleanfleet.versions.signing import OnlineKeys, start_refresh, stop_refresh
from cleanfleet.versions.soft_router import router as versions_soft_router
from cleanfleet.versions.tuf_router import router as tuf_router
from cleanfleet.versions.waits import start_update_waits, stop_update_waits
from cleanfleet.warn.push.router import router as push_router
from cleanfleet.warn.router import router as warn_router
from cleanfleet.warn.settings_router import router as warn_settings_router
from cleanfleet.wear.router import router as wear_router
from cleanfleet.web import ConsoleAssets, ConsoleFiles, well_known_router
from cleanfleet.webhooks.router import register_openapi as register_webhook_events
from cleanfleet.webhooks.router import router as webhooks_router
from cleanfleet.writers import start_writers, stop_writers

VERSION = "1.20.0"
# Every router under /api/, one line each (a new domain adds its line); /relay is included on its own below.
ROUTERS = [
    session_router,
    password_robots_router,
    users_router,
    shadows_router,
    roles_router,
    storage_router,
    devices_router,
    device_ports,
    device_types_router,
    device_counts,
    sim_cards_router,
    auth_codes_router,
    device_groups_router,
    summary_router,
    device_bindings_router,
    supports,
    device_hard,
    batches_router,
    consumables,
    maintain,
    nodes,
    servers,
    repairs_router,
    hires_router,
    robot,
    control_router,
    live_router,
    screen_router,
    warn_router,
    monitor_router,
    elevators_router,
    tasks_router,
    maps_router,
    oss,
    files_router,
    speech_router,
    advertising_router,
    device_ads,
    oplog_router,
    audit_router,
    retention_router,  # /retention/*: how long each kind of data is kept, per node (issue 51 item 5)
    siem_router,  # /audit/siem/*: the audit trail streamed to syslog destinations
    versions_router,
    advisories_router,
    ota_download_router,
    tuf_router,
    robotdata_logs,
    robotdata_backups,
    robotdata_video,
    robotdata_robot_side,
    warn_settings_router,
    push_router,
    messages_router,
    reports_router,
    whole_versions_router,
    whole_version_lists_router,
    cloud_versions_router,
    configure_router,
    versions_soft_router,
    sites_router,
    site_reports_router,
    site_availability_router,
    site_by_hand_router,  # /site/plan/byHand/*: windows cleaned by hand (issue 53 item 5)
    field_router,  # /field/*: the phone's snapshot and queued actions (issue 53 items 5-6)
    incidents_router,
    health_router,
    incident_links_router,
    api_tokens_router,
    massrobotics_router,
    webhooks_router,
    wear_router,
    certificates_router,
    robot_certificates_router,
    sso_router,
    sso_browser_router,  # GET /api/sso/start and /callback: browser navigations to the provider and back (unsigned)
    sessions_router,
    factors_router,
    privacy_router,  # /privacy/*: a person's export and erasure, the data jobs (issue 51 items 6-7)
    customer_end_router,  # /customer/end/*: a customer and everything of it removed (issue 51 item 8)
    brand_router,  # /brand/*: a node's own brand (issue 53 item 4)
    brand_public_router,  # GET /api/brand, /api/brand/image/*: the sign-in page's brand and the images (unsigned)
]
ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

DESCRIPTION = f"""Cloud console API for fleets of cleaning and disinfection robots.

Every call is a POST under `/api/` taking a JSON or a form-encoded body, with the headers
`Authorization: Bearer <token>` (once signed in), `username` (or `-`), `platform` and `sign`
(base64 of AES-128-CBC/PKCS#7 of the Unix time in ms plus 20,000). Every answer is
`{{"message": {{"code", "message"}}, "data"}}`; codes 0, 20004 and 20007 are success.

An integration calls with an API token instead (made on the console's Integrations -> API tokens page):
`Authorization: Bearer cft_...` alone, no `sign`, no session; it acts as its creator with the keys it was given,
rate limited per token (`RateLimit-*` headers, HTTP 429 with `Retry-After`). The events a webhook subscription
receives are under "Webhooks" below, each signed as Standard Webhooks sign (`webhook-signature`).

## Answer codes

{catalogue_markdown()}
"""


def _wire_cache_evictions(bus: Bus, cache: SessionCache) -> None:
    bus.subscribe(TOKEN_REVOKED, lambda event: cache.evict_token(event["token_hash"]))
    bus.subscribe(USER_CHANGED, lambda event: cache.evict_user(int(event["user_id"])))
    bus.subscribe(ROLES_CHANGED, lambda _event: cache.clear())
    bus.subscribe(BRANDS_CHANGED, brand_cache.clear)  # branding/cache.py: a brand changed on some worker


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    configure_logging(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        """Every runtime part, started in this order and stopped in the reverse one."""
        state = app.state
        await state.store.start()  # an S3 store checks its bucket: a wrong setting stops the start here
        simulated = await prepare_simulated_fleet(state)  # its device records exist before the gateway looks
        # the broker first (issue 52 item 9): robots sign in while the rest starts; it stops before the bus
        robot_link = await start_robot_link(state)
        # robots' uploads: a dead process's are failed now, this one's get shutdown_grace at the stop
        state.receivers = Receivers(state.db, settings.data_dir / "tmp", settings.shutdown_grace)
        await state.receivers.start()
        await state.bus.start()
        wire_outbox(state.bus)  # new sends wake the worker leading the outbox's sender
        state.hub = start_live(state.bus, settings.live_buffer)
        state.relay_client = start_relay_client()
        # robots' maps learnt from their first coverage grids, without a person opening the map list (sites/)
        state.map_learner = start_map_learning(state.db, RobotHttp(state.relay_client, settings.relay_timeout),
                                               site_coverage_store)
        start_writers(state, settings)  # on the state: tests pause them while they compare the database's contents
        audit_anchoring = start_anchoring(state.db, state.store, settings)
        data_jobs = start_data_jobs(state.db, state.store, settings, state.bus)  # exports, erasures (privacy/)
        # revoked certificates: this worker's set, the CRL, dropping revoked robots from the embedded broker
        certificates_task = await certificates.start(state, robot_link.drop if robot_link.embedded else None)
        state.update_waits = start_update_waits(state, settings.ota_wait_scan_every)  # after the link: it tells robots
        state.tuf_refresh = start_refresh(state, settings.tuf_refresh_every)  # signed updates: a fresh timestamp
        fleet = await start_simulated_fleet(settings, robot_link.broker_url) if simulated else None
        # what the start built lives as long as the process: full collections no longer walk it (measured on the
        # dealer's plan-against-actual summary: a full collection of the started app took 190 ms of CPU every
        # sixth call, bench/README.md "Sites")
        state.metrics_sampler, sampler_task = start_sampler(state, settings.metrics_every)
        gc.collect()
        gc.freeze()
        gc.enable()  # `python -m cleanfleet run` starts without collections (__main__.py)
        yield
        await stop_sampler(sampler_task)
        await stop_simulated_fleet(fleet)
        await stop_refresh(state.tuf_refresh)
        await stop_update_waits(state.update_waits)
        await certificates.stop(certificates_task)
        await stop_robot_link(robot_link)
        await stop_task(data_jobs)
        await stop_task(audit_anchoring)
        await stop_writers(state)
        await stop_map_learning(state.map_learner)
        await stop_relay_client(state.relay_client)
        stop_live(state.hub)
        await state.bus.stop()
        await state.api_token_gate.close()
        await state.receivers.stop()
        await state.store.close()
        await state.db.dispose()

    app = FastAPI(
        title="cleanfleet API", version=VERSION, description=DESCRIPTION, lifespan=lifespan,
        docs_url=None, redoc_url=None, openapi_url=None,  # /api/openapi.json below, built off the loop (core/openapi)
        default_response_class=JsonResponse,
    )
    app.state.settings = settings
    app.state.db = Database(settings.db_url, settings.db_pool_size)
    app.state.bus = Bus(settings.redis_url)
    app.state.store = make_store(settings)
    app.state.signer = Signer(settings.sign_key, settings.sign_iv, settings.sign_skew)
    app.state.tuf_keys = OnlineKeys(settings.tuf_keys_root)  # made at the first start (versions/signing.py)
    app.state.session_cache = SessionCache(settings.session_cache_seconds)
    app.state.resolve_caller = with_api_tokens(auth_service.resolve_caller)  # sessions, then integrations' tokens
    # an API token's call (core/auth.py): its rate limit and last use
    app.state.api_token_gate = TokenGate(app.state, settings.api_token_rate_limit, settings.redis_url)
    app.state.session_gate = SessionGate(app.state)  # a console session's call: its last use (sessions/gate.py)
    _wire_cache_evictions(app.state.bus, app.state.session_cache)
    wire_events()  # the in-transaction subscribers (events.py)
    app.state.bus.subscribe(ROBOT_EVENTS, maps_service.sync_event_handler(app.state.db))
    app.state.bus.subscribe(ROBOT_EVENTS, versions_ota_events.event_handler(app.state))

    install_error_handlers(app)
    install_audit(operation_log_entry)  # core/audit.py: every committed write call gets its operation log row
    app.state.on_refusal = record_refusal  # core/errors.py: a refusal for a key or a branch is an audit event
    app.state.record_read = record_read  # storage/router.py: a download link handed out (audit imports storage)
    for router in ROUTERS:
        app.include_router(router, prefix="/api")
    app.include_router(relay_router)  # /relay: the spec's path, outside /api/
    register_webhook_events(app)  # the events the server posts, as OpenAPI 3.1 webhooks
    app.include_router(reference_router)  # /api/integration/reference (and /api/docs): its own GET pages
    app.include_router(broker_auth_router)  # /api/broker/*: EMQX asks who may connect and use which topic (unsigned)
    app.include_router(robot_ca_router)  # GET /api/robot/ca: the product CA robots verify the broker with (public)
    app.include_router(metrics_router)  # /metrics, for the addresses and token an admin allows (metrics/router.py)
    app.include_router(well_known_router)  # /.well-known/security.txt (web.py)
    app.include_router(brand_manifest_router)  # /manifest.webmanifest per host's brand (branding/manifest.py)
    match_by_prefix(app.router.routes)

    async def health() -> JsonResponse:
        """Liveness; unsigned and unauthenticated (also the benchmark's no-op call)."""
        return ok({"status": "ok", "version": VERSION})

    app.add_api_route("/api/health", health, methods=["GET"], tags=["health"],
                      responses={200: {"model": Envelope[dict[str, str]]}})
    app.add_api_route("/api/health", health, methods=["POST"], include_in_schema=False)

    async def ready() -> JsonResponse:
        """Readiness (a load balancer's or Kubernetes' check): the database and, when configured, Redis answer.
        503 with the failing part named otherwise, so the worker gets no traffic until they do. ``jobs`` lists
        the background jobs this worker leads now (core/leader.py), comma-separated."""
        parts = {"database": await app.state.db.reachable(), "bus": await app.state.bus.reachable()}
        answer = ok({**{name: "ok" if up else "down" for name, up in parts.items()}, "jobs": ",".join(sorted(LEADING))})
        if not all(parts.values()):
            answer.status_code = 503
        return answer

    app.add_api_route("/api/ready", ready, methods=["GET"], tags=["health"],
                      responses={200: {"model": Envelope[dict[str, str]]}})

    app.state.openapi_lock = asyncio.Lock()

    async def openapi_json(request: Request) -> JSONResponse:
        return JSONResponse(await schema_off_the_loop(app))

    app.add_route("/api/openapi.json", openapi_json, include_in_schema=False)
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
    app.add_middleware(HttpMetrics)
    app.add_middleware(RequestLog)
    app.add_middleware(ConsoleAssets, dist=settings.web_dist)  # the build's files skip the rest
    app.add_middleware(SecurityHeaders, hsts=settings.public_url.startswith("https://"))  # outermost: on every answer
    return app


def upload_limits() -> dict[str, int]:
    """The calls that take a file, by path, with the body size each accepts."""
    return {"/api" + path: limit for router in ROUTERS for path, limit in getattr(router, "upload_limits", {}).items()}


def _openapi(app: FastAPI) -> dict[str, Any]:
    if not app.openapi_schema:
        app.openapi_schema = built_once(app, lambda: published_schema(app, live_components()))
    return app.openapi_schema
