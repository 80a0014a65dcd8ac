"""Registering with an auth code, keeping the secret across restarts, and the derived demo secret."""

import json

import pytest
from aiohttp import web
from conftest import free_ports, unique_prefix

from cleanfleet_sim.clock import ManualClock
from cleanfleet_sim.fleet import Fleet, FleetOptions, default_fleet, derive_secret


@pytest.fixture
async def cloud():
    """A stand-in for the console server's POST /api/robot/register: each code works once."""
    codes = {"111111": "owner-7", "222222": "owner-7"}
    calls = []

    async def handle(request):
        body = await request.json()
        calls.append((body, request.headers.get("sign")))
        if codes.pop(body.get("authCode"), None) is None:
            return web.json_response({"message": {"code": 10016, "message": "auth code expired or used"}, "data": None})
        return web.json_response({"message": {"code": 0, "message": "ok"},
                                  "data": {"deviceId": 100 + len(calls), "deviceSecret": f"s-{body['authCode']}"}})

    app = web.Application()
    app.router.add_post("/api/robot/register", handle)
    runner = web.AppRunner(app)
    await runner.setup()
    port = free_ports(1)
    await web.TCPSite(runner, "127.0.0.1", port).start()
    yield f"http://127.0.0.1:{port}", calls
    await runner.cleanup()


def fleet_of(n, cloud_url, codes, state_dir, prefix):
    identities = default_fleet(9, n, base_port=free_ports(n), serial_prefix=prefix)
    options = FleetOptions(seed=9, mqtt=None, cloud=cloud_url, auth_codes=codes, state_dir=state_dir,
                           alarm_rate=0, busy_rate=0)
    return Fleet(identities, options, ManualClock())


async def test_registers_once_and_keeps_its_secret(cloud, tmp_path):
    url, calls = cloud
    prefix = unique_prefix()
    first = fleet_of(3, url, ("111111", "999999"), tmp_path, prefix)
    await first.start()
    await first.stop()
    registered, refused, unregistered = first.robots
    assert registered.identity.secret == "s-111111"
    assert refused.identity.secret == derive_secret(9, refused.sn), "a refused code leaves the derived secret"
    assert unregistered.identity.secret == derive_secret(9, unregistered.sn)
    body, sign = calls[0]
    assert body.pop("csr").startswith("-----BEGIN CERTIFICATE REQUEST-----")  # with a state folder: its own key
    assert body == {"authCode": "111111", "deviceSerialNumber": registered.sn, "protocolVersion": 3,
                    "model": registered.identity.model, "frpPort": registered.identity.port,
                    "firmwareVersion": registered.versions["firmware"], "softVersion": registered.versions["soft"],
                    "padVersion": registered.versions["pad"]}
    assert sign
    stored = json.loads((tmp_path / f"{registered.sn}.json").read_text())
    assert stored["secret"] == "s-111111" and stored["device_id"] == "101"

    again = fleet_of(3, url, ("222222",), tmp_path, prefix)
    await again.start()
    await again.stop()
    assert again.robots[0].identity.secret == "s-111111", "no second registration after a restart"
    assert again.robots[1].identity.secret == "s-222222", "the next code goes to the next robot without a record"
    assert [b["authCode"] for b, _ in calls] == ["111111", "999999", "222222"]


def test_default_fleet_is_predictable():
    fleet = default_fleet(42, 6)
    assert [r.sn for r in fleet] == ["CF3-0001", "CF2-0002", "CF3-0003", "CF2-0004", "CF3-0005", "CF2-0006"]
    assert [r.port for r in fleet] == list(range(20000, 20006))
    assert fleet == default_fleet(42, 6)
    assert [r.secret for r in fleet] != [r.secret for r in default_fleet(43, 6)]
    assert all(len(r.secret) == 32 for r in fleet)
    assert {r.protocol for r in default_fleet(1, 4, protocol=3)} == {3}
