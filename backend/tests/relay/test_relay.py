"""/relay: the robot's answer comes back untouched; everything not allowed is refused before any request."""

import asyncio
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import httpx
from aiohttp import web
from sqlalchemy import update

from cleanfleet.core.bus import LIVE_LEASES
from cleanfleet.core.codes import Code
from cleanfleet.devices.models import DeviceState
from cleanfleet.hosts.models import FrpPortGrant
from cleanfleet.relay.models import ControlLease
from cleanfleet.roles import service as roles_service
from tests.gateway.helpers import free_ports, robot_device, unique_prefix
from tests.relay.conftest import code_of, refusal_of, relay


async def test_the_robots_answer_comes_back_untouched(site):
    async with httpx.AsyncClient() as direct:
        expected = await direct.post(f"http://127.0.0.1:{site.port}/api1/robot_pose")
        picture = await direct.get(f"http://127.0.0.1:{site.port}/api2/image/office-3F.png")
    relayed = await relay(site.customer, "api1/robot_pose", site.port)
    assert relayed.status_code == expected.status_code == 200
    assert relayed.headers["content-type"] == expected.headers["content-type"]
    assert relayed.content == expected.content
    assert relayed.json()["map_name"] == "office-3F" and "x" in relayed.json()
    image = await relay(site.dealer, "api2/image/office-3F.png", site.port, "GET")
    assert image.headers["content-type"] == "image/png" and image.content == picture.content
    older = await relay(site.customer, "api/robot_pose", site.old_robot_port)  # protocol 2 speaks api/
    assert older.status_code == 200 and older.json()["code"] == 0


async def test_the_robots_own_refusals_and_query_and_body_pass_through(site):
    unknown = await relay(site.customer, "api1/no_such_call", site.port)
    assert unknown.status_code == 404 and unknown.json()["code"] == 404  # the robot's answer, not ours
    lock = await relay(site.customer, "api1/robot_lock", site.port, json={"lock": 1})
    assert lock.json()["code"] == 0 and site.robot.locked
    await relay(site.customer, "api1/robot_lock", site.port, json={"lock": 0})
    assert not site.robot.locked


async def test_a_robot_of_another_branch_or_an_unregistered_port_is_refused(site):
    assert code_of(await relay(site.other_dealer, "api1/robot_pose", site.port)) == Code.NOT_FOUND  # as if none
    assert refusal_of(await relay(site.customer, "api1/robot_pose", site.free_port)) == (Code.NOT_FOUND, "p")
    for bad in ("x", "0", "99999", ""):
        assert refusal_of(await relay(site.customer, "api1/robot_pose", bad)) == (Code.BAD_PARAMETER, "p")


async def test_paths_that_would_leave_the_robot_are_refused_before_any_request(site):
    hits: list[str] = []

    async def trap(request: web.Request) -> web.Response:
        hits.append(request.path)
        return web.json_response({"code": 0})

    trap_app = web.Application()
    trap_app.router.add_route("*", "/{path:.*}", trap)
    runner = web.AppRunner(trap_app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", site.free_port).start()
    evil = f"127.0.0.1:{site.free_port}"
    try:
        for m in (f"http://{evil}/api1/robot_pose", f"//{evil}/api1/robot_pose", f"@{evil}/api1/robot_pose",
                  f"api1/robot_pose@{evil}", "api1/../../robot_pose", "api1/%2e%2e/%2e%2e/x", "api1\\..\\x",
                  "api1/robot_pose?next=http://evil", "api3/robot_pose", "robot_pose", "api1", "api1//robot_pose",
                  "api/robot_pose"):  # api/ is the older robots' prefix: this one speaks protocol 3
            answer = await relay(site.customer, m, site.port)
            assert refusal_of(answer) == (Code.BAD_PARAMETER, "m"), (m, answer.text)
        assert code_of(await relay(site.customer, "api1/robot_pose", site.free_port)) == Code.NOT_FOUND
        old_prefix = await relay(site.customer, "api1/robot_pose", site.old_robot_port)
        assert refusal_of(old_prefix) == (Code.BAD_PARAMETER, "m") and "api/" in old_prefix.json()["message"]["message"]
    finally:
        await runner.cleanup()
    assert hits == []


async def test_offline_robots_and_unregistered_transfer_nodes_are_refused(site, db):
    await db.execute(update(DeviceState).where(DeviceState.device_id == site.device_id).values(online=False))
    await db.commit()
    offline = await relay(site.customer, "api1/robot_pose", site.port)
    assert code_of(offline) == Code.DEVICE_OFFLINE and site.robot.sn in offline.json()["message"]["message"]
    port = free_ports(1)
    stray = await robot_device(db, site.customer_user, f"{unique_prefix()}stray", port=port, online=True)
    stray.frp_host = "10.9.8.7"  # nobody registered this transfer node (or it was deleted since)
    db.add(FrpPortGrant(frp_host=stray.frp_host, frp_port=port))
    await db.commit()
    unregistered = await relay(site.customer, "api1/robot_pose", port)
    assert refusal_of(unregistered) == (Code.CONFLICT, "p") and "10.9.8.7" in unregistered.json()["message"]["message"]


async def test_a_slow_robot_answers_robot_timeout(app, site, db, make_user):
    async def slow(_request: web.Request) -> web.Response:
        await asyncio.sleep(2)
        return web.json_response({"code": 0})

    port = free_ports(1)
    slow_app = web.Application()
    slow_app.router.add_route("*", "/{path:.*}", slow)
    runner = web.AppRunner(slow_app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    await robot_device(db, site.customer_user, f"{unique_prefix()}slow", port=port, online=True)
    app.state.settings.relay_timeout = 0.3
    try:
        answer = await relay(site.customer, "api1/robot_pose", port)
    finally:
        app.state.settings.relay_timeout = 10.0
        await runner.cleanup()
    assert answer.status_code == 200 and code_of(answer) == Code.ROBOT_TIMEOUT


async def test_relay_calls_need_a_signature_a_session_and_the_control_key(site, make_user, signed_in):
    unsigned = await site.customer.client.post("/relay", params={"m": "api1/robot_pose", "p": site.port},
                                               headers={"Authorization": f"Bearer {site.customer.token}"})
    assert code_of(unsigned) == Code.BAD_SIGNATURE
    signed_out = await site.customer.client.post("/relay", params={"m": "api1/robot_pose", "p": site.port},
                                                 headers={"sign": site.customer.signer.sign()})
    assert code_of(signed_out) == Code.SESSION_INVALID
    viewer_role = await site.dealer.call("/user/role/insert", {"name": f"viewer{site.port}", "keys": ["index"]})
    viewer, password = await make_user(3, parent=await _user_of(site), roles=[viewer_role.data["id"]])
    no_key = await signed_in(viewer, password)
    assert code_of(await relay(no_key, "api1/robot_pose", site.port)) == Code.NO_PERMISSION


async def _user_of(site):
    return site.customer_user


async def test_a_control_lease_refuses_other_users_commands_until_released(site, db):
    take = await site.customer.call("/device/control/take", {"deviceId": site.device_id, "minutes": 10})
    assert take.code == 0 and take.data["mine"] and take.data["holder"] == site.customer.account
    refused = await relay(site.dealer, "api1/robot_lock", site.port, json={"lock": 1})
    assert refusal_of(refused) == (Code.CONFLICT, "deviceId")
    assert site.customer.account in refused.json()["message"]["message"]
    assert not site.robot.locked
    assert (await relay(site.dealer, "api1/robot_pose", site.port)).json()["code"] == 0  # reading still works
    assert (await relay(site.dealer, "api1/utils_state", site.port, "GET")).json()["code"] == 0
    assert (await relay(site.customer, "api1/robot_pose", site.port)).json()["code"] == 0  # the holder commands
    state = await site.dealer.call("/device/control/state", {"deviceId": site.device_id})
    assert state.data["held"] and not state.data["mine"] and state.data["holder"] == site.customer.account
    taken = await site.dealer.call("/device/control/take", {"deviceId": site.device_id, "minutes": 30},
                                   headers={"timezone": "Asia/Shanghai"})
    until = datetime.fromisoformat(take.data["expiresAt"]).astimezone(ZoneInfo("Asia/Shanghai"))
    assert (taken.code, taken.field) == (Code.CONFLICT, "deviceId")
    assert site.customer.account in taken.message and until.strftime("%Y-%m-%d %H:%M") in taken.message, taken.message
    assert (await site.other_dealer.call("/device/control/release", {"deviceId": site.device_id})).code \
        == Code.NOT_FOUND
    released = await site.dealer.call("/device/control/release", {"deviceId": site.device_id})  # from above
    assert released.code == 0 and not released.data["held"]
    assert (await relay(site.dealer, "api1/robot_pose", site.port)).json()["code"] == 0


async def test_lease_durations_and_expiry(site, db):
    odd = await site.customer.call("/device/control/take", {"deviceId": site.device_id, "minutes": 15})
    assert (odd.code, odd.field) == (Code.BAD_PARAMETER, "minutes")
    long_term = await site.customer.call("/device/control/take", {"deviceId": site.device_id, "minutes": 0})
    assert long_term.data["longTerm"] and long_term.data["expiresAt"] is None
    assert (await site.customer.call("/device/control/release", {"deviceId": site.device_id})).code == 0
    await site.dealer.call("/device/control/take", {"deviceId": site.device_id, "minutes": 120})
    await db.execute(update(ControlLease).where(ControlLease.device_id == site.device_id)
                     .values(expires_at=datetime.now(UTC) - timedelta(minutes=1)))
    await db.commit()
    state = await site.customer.call("/device/control/state", {"deviceId": site.device_id})
    assert not state.data["held"]
    assert (await relay(site.customer, "api1/robot_pose", site.port)).json()["code"] == 0
    taken = await site.customer.call("/device/control/take", {"deviceId": site.device_id, "minutes": 10})
    assert taken.code == 0 and taken.data["mine"]  # the dealer's expired lease is free to take
    refused = await site.dealer.call("/device/control/take", {"deviceId": site.device_id, "minutes": 10})
    assert (refused.code, refused.field) == (Code.CONFLICT, "deviceId") and site.customer.account in refused.message


async def test_reading_calls_pass_another_users_lease_and_reboot_and_params_need_their_keys(site, db, signed_in):
    await site.customer.call("/device/control/take", {"deviceId": site.device_id, "minutes": 10})
    for m, body in (("api1/robot_pose", {}), ("api1/hardware_state", {}), ("api1/robot_params_get", {}),
                    ("api2/map_info", {"map_name": "office-3F"})):
        answer = await relay(site.dealer, m, site.port, json=body)
        assert answer.json()["code"] == 0, (m, answer.text)  # the robot's own answer: others may watch
    refused = await relay(site.dealer, "api1/go_home", site.port)
    assert code_of(refused) == Code.CONFLICT  # commands stay the holder's
    await site.customer.call("/device/control/release", {"deviceId": site.device_id})

    role = await site.dealer.call("/user/role/insert", {"name": f"driver{site.port}", "keys": [
        "index", "device/index", "device_control/index", "device_control/index/control"]})
    await roles_service.assign_roles(db, site.customer_user.id, [role.data["id"]])
    await db.commit()
    driver = await signed_in(site.customer_user, "Secret123")
    assert (await relay(driver, "api1/robot_pose", site.port)).json()["code"] == 0
    for m, body in (("api1/robot_reboot", {"voice": 0}), ("api1/reset_ubuntu_pd", {}),
                    ("api1/robot_params_set", {"params": {"volume": 10}})):
        assert refusal_of(await relay(driver, m, site.port, json=body)) == (Code.NO_PERMISSION, "m"), m
    assert not site.robot.is_down() and site.robot.params["volume"] == 60
    lock = await relay(driver, "api1/robot_lock", site.port, json={"lock": 1})
    assert lock.json()["code"] == 0 and site.robot.locked
    params = await relay(site.dealer, "api1/robot_params_set", site.port, json={"params": {"volume": 10}})
    assert params.json()["code"] == 0 and site.robot.params["volume"] == 10  # the dealer holds params


async def test_a_lease_change_reaches_every_console_and_only_who_may_release_is_told_so(app, site, db):
    heard: list[dict] = []
    app.state.bus.subscribe(LIVE_LEASES, heard.append)
    taken = await site.customer.call("/device/control/take", {"deviceId": site.device_id, "minutes": 10})
    assert taken.data["mayRelease"]
    event = heard[-1]["leases"][0]
    assert event["deviceId"] == site.device_id and event["held"] and event["holder"] == site.customer.account
    assert event["ownerPath"] == site.customer_user.path  # the hub sends it to the consoles that see the robot
    # the holder's dealer (above) may release; the holder may; nobody else is offered it
    above = await site.dealer.call("/device/control/state", {"deviceId": site.device_id})
    assert above.data["held"] and not above.data["mine"] and above.data["mayRelease"]
    await site.customer.call("/device/control/release", {"deviceId": site.device_id})
    assert heard[-1]["leases"][0]["held"] is False
    count = len(heard)
    await site.customer.call("/device/control/release", {"deviceId": site.device_id})  # nothing held: no event
    assert len(heard) == count
    await site.dealer.call("/device/control/take", {"deviceId": site.device_id, "minutes": 30})
    below = await site.customer.call("/device/control/state", {"deviceId": site.device_id})
    assert below.data["held"] and not below.data["mine"] and not below.data["mayRelease"]
    refused = await site.customer.call("/device/control/release", {"deviceId": site.device_id})
    assert (refused.code, refused.field) == (Code.CONFLICT, "deviceId")
    free = await site.dealer.call("/device/control/release", {"deviceId": site.device_id})
    assert not free.data["held"] and not free.data["mayRelease"]
