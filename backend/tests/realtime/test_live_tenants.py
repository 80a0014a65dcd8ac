"""Live events between workers travel per tenant (issue 52 item 7): a worker hears only the tenants its consoles
watch, a console at the root hears every tenant once, and a console coming back to a tenant its worker stopped
watching meanwhile is told to resync. Real Redis, two buses as two workers."""

import asyncio
import random
from typing import Any

import pytest

from cleanfleet.core.bus import LIVE_DEVICES, Bus, console_tenant, live_tenant
from cleanfleet.realtime import hub as hub_module
from cleanfleet.realtime.hub import Hub
from tests.cluster.kit import REDIS_URL, redis_up
from tests.realtime.test_hub import caller, drain, state

pytestmark = pytest.mark.skipif(not redis_up(), reason=f"Redis is not reachable at {REDIS_URL}")


def test_a_tenant_is_the_first_node_under_the_root() -> None:
    assert live_tenant("/1/7/30/44/") == "/1/7/"
    assert live_tenant("/1/7/") == "/1/7/"
    assert live_tenant("/1/") == "/1/"
    assert console_tenant("/1/") == "*"
    assert console_tenant("/1/7/30/") == "/1/7/"


async def workers() -> tuple[Bus, Bus, Hub, list[dict[str, Any]]]:
    """Worker A publishes; worker B runs a hub; ``heard`` is every live item B's bus delivered."""
    a, b = Bus(REDIS_URL), Bus(REDIS_URL)
    await a.start()
    await b.start()
    hub = Hub(bus=b)
    heard: list[dict[str, Any]] = []
    b.subscribe(LIVE_DEVICES, lambda event: heard.extend(event["states"]))
    b.subscribe(LIVE_DEVICES, lambda event: hub.publish("devices", event["states"]))
    return a, b, hub, heard


async def until_heard(a: Bus, console: Any, batch: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Publishes ``batch`` until the console got something (its worker's subscription takes a moment)."""
    for _ in range(200):
        await a.publish(LIVE_DEVICES, {"states": batch})
        await asyncio.sleep(0.02)
        got = [m for m in drain(console) if m["type"] == "devices"]
        if got:
            return got
    raise AssertionError("the console heard nothing")


def tenants() -> list[str]:
    base = random.randrange(10**6, 10**7)  # the SQLite and PostgreSQL runs share one Redis
    return [f"/1/{base + n}/" for n in range(3)]


async def test_a_worker_hears_only_the_tenants_its_consoles_watch() -> None:
    a, b, hub, heard = await workers()
    mine, other, third = tenants()
    try:
        console = hub.join(caller(mine + "30/"))
        batch = [state(1, mine + "30/"), state(2, mine + "31/"), state(3, other), state(4, third + "9/")]
        got = await until_heard(a, console, batch)
        assert [d["deviceId"] for d in got[0]["data"]] == [1]  # its own subtree only, as always
        assert {live_tenant(item["ownerPath"]) for item in heard} == {mine}  # the other tenants never reached B
    finally:
        await a.stop()
        await b.stop()


async def test_a_console_at_the_root_hears_every_tenant_once() -> None:
    a, b, hub, heard = await workers()
    mine, other, third = tenants()
    try:
        tenant_console = hub.join(caller(mine))
        await until_heard(a, tenant_console, [state(1, mine)])
        admin = hub.join(caller("/1/", 1))
        await until_heard(a, admin, [state(6, other)])  # its watch of every tenant is on
        heard.clear()
        drain(admin)
        await a.publish(LIVE_DEVICES, {"states": [state(5, mine), state(6, other), state(7, third)]})
        await a.publish(LIVE_DEVICES, {"states": [state(9, mine)]})  # in order behind any duplicate of the first
        for _ in range(200):
            if any(item["deviceId"] == 9 for item in heard):
                break
            await asyncio.sleep(0.02)
        assert sorted(item["deviceId"] for item in heard) == [5, 6, 7, 9]  # once each, not twice for its tenant
        got = [d["deviceId"] for m in drain(admin) if m["type"] == "devices" for d in m["data"]]
        assert sorted(got) == [5, 6, 7, 9]
    finally:
        await a.stop()
        await b.stop()


async def test_coming_back_to_a_tenant_no_longer_watched_means_resync(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hub_module, "LINGER_SECONDS", 0.01)
    a, b, hub, _ = await workers()
    mine, _, _ = tenants()
    try:
        first = hub.join(caller(mine))
        hello = drain(first)[0]
        got = await until_heard(a, first, [state(1, mine)])
        seen = got[-1]["seq"]
        hub.leave(first)
        for _ in range(100):  # the tenant is let go once it lingered
            if not hub._heard_from:
                break
            await asyncio.sleep(0.02)
        assert not hub._heard_from
        back = hub.join(caller(mine), since=seen, epoch=hello["epoch"])
        assert [m["type"] for m in drain(back)] == ["hello", "resync"]
    finally:
        await a.stop()
        await b.stop()
