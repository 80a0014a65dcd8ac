"""GET /metrics: the series in Prometheus' text format, for the addresses and the token an admin allows.

Allowed: a client (behind the trusted proxies, auth/address.py) inside CLEANFLEET_METRICS_ALLOW (default this
machine), or anyone with ``Authorization: Bearer <CLEANFLEET_METRICS_TOKEN>`` when a token is set (compared in
constant time). Anyone else gets 404, as if there were nothing here. In a cluster the answer sums every worker's
values (series.py); the worker answering reads its own gauges first, so they are fresh.
"""

import hmac
import os
from ipaddress import ip_address

from fastapi import APIRouter, Request, Response
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest, multiprocess
from prometheus_client.registry import REGISTRY

from cleanfleet.auth.address import client_address
from cleanfleet.settings import Settings, proxy_networks

router = APIRouter()


def allowed(request: Request, settings: Settings) -> bool:
    token = settings.metrics_token
    given = request.headers.get("authorization", "")
    if token and hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
        return True
    try:
        address = ip_address(client_address(request, settings.trusted_proxies))
    except ValueError:
        return False
    return any(address in network for network in proxy_networks(settings.metrics_allow))


def exposition() -> bytes:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry)
    return generate_latest(REGISTRY)


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    state = request.app.state
    if not allowed(request, state.settings):
        return Response(status_code=404)
    sampler = getattr(state, "metrics_sampler", None)
    if sampler is not None:
        await sampler.sample()
    return Response(exposition(), media_type=CONTENT_TYPE_LATEST, headers={"Cache-Control": "no-store"})
