"""Where the relay reaches a robot (issue 10, item 4): connection fields are written only by transfer-node
administrators (device/index/hostManage), the relay answers only for a port the server assigned, and what
it passes back carries X-Content-Type-Options: nosniff."""

from collections.abc import AsyncIterator

import pytest
from aiohttp import web
from sqlalchemy import delete, select, update

from cleanfleet.core.codes import Code
from cleanfleet.devices.models import Device
from cleanfleet.hosts.models import FrpPortGrant
from cleanfleet.roles.catalogue import ROLE_OPERATIONS
from tests.devices.conftest import serial
from tests.gateway.helpers import FRP_HOST
from tests.relay.conftest import Site, code_of, relay

CONNECTION_CHANGES = {"frpPort": 29999, "frpHost": "elsewhere.example", "sshPort": 29998, "webPort": 29997}


async def stored(db, device_id: int) -> tuple[str, int | None, int | None, int | None, str]:
    db.expire_all()
    device = await db.get(Device, device_id)
    return device.frp_host, device.frp_port, device.ssh_port, device.web_port, device.name


@pytest.fixture
async def listener(site: Site) -> AsyncIterator[list[str]]:
    """Something else listening on the site's free port (a node's own service, another robot): its hits."""
    hits: list[str] = []

    async def answer(request: web.Request) -> web.Response:
        hits.append(request.path)
        return web.Response(text="<script>alert(1)</script>", content_type="text/html")

    application = web.Application()
    application.router.add_route("*", "/{path:.*}", answer)
    runner = web.AppRunner(application)
    await runner.setup()
    await web.TCPSite(runner, FRP_HOST, site.free_port).start()
    try:
        yield hits
    finally:
        await runner.cleanup()


@pytest.mark.parametrize("field", sorted(CONNECTION_CHANGES))
async def test_an_ordinary_user_cannot_re_point_its_robot(site, db, field):
    before = await stored(db, site.device_id)
    answer = await site.customer.call("/device/updateDeviceInfo", {"deviceId": site.device_id, "deviceCode": "Moved",
                                                                   field: CONNECTION_CHANGES[field]})
    assert (answer.code, answer.field) == (Code.NO_PERMISSION, field), answer.body
    assert await stored(db, site.device_id) == before  # not even the name changed


async def test_a_dealer_cannot_re_point_a_robot_either(site, db):
    before = await stored(db, site.device_id)
    answer = await site.dealer.call("/device/updateDeviceInfo", {"deviceId": site.device_id,
                                                                 "frpPort": site.free_port})
    assert (answer.code, answer.field) == (Code.NO_PERMISSION, "frpPort")
    assert await stored(db, site.device_id) == before


async def test_sending_the_current_connection_values_is_no_change(site, db):
    host, port, ssh, web_port, _ = await stored(db, site.device_id)
    answer = await site.customer.call("/device/updateDeviceInfo", {
        "deviceId": site.device_id, "deviceCode": "Renamed", "frpHost": host, "frpPort": port})
    assert answer.code == 0, answer.body
    assert await stored(db, site.device_id) == (host, port, ssh, web_port, "Renamed")


async def test_a_dealer_adding_a_device_cannot_choose_its_port(site, db):
    sn = serial()
    type_id = await db.scalar(select(Device.type_id).where(Device.id == site.device_id))
    answer = await site.dealer.call("/device/insertDevice", {
        "deviceSerialNumber": sn, "deviceCode": "New", "deviceType": type_id,
        "frpHost": FRP_HOST, "frpPort": site.free_port})
    assert answer.code == Code.NO_PERMISSION and answer.field in ("frpHost", "frpPort"), answer.body
    assert await db.scalar(select(Device.id).where(Device.serial_number == sn)) is None


async def test_a_transfer_node_administrator_re_points_and_the_port_is_assigned(site, db, make_user, signed_in,
                                                                               listener):
    operator, password = await make_user(2, roles=[ROLE_OPERATIONS])
    await db.execute(update(Device).where(Device.id == site.device_id).values(user_id=operator.id,
                                                                              owner_path=operator.path))
    await db.commit()
    staff = await signed_in(operator, password)
    answer = await staff.call("/device/updateDeviceInfo", {"deviceId": site.device_id, "frpPort": site.free_port})
    assert answer.code == 0, answer.body
    assert answer.data["frpPort"] == site.free_port
    granted = await db.scalar(select(FrpPortGrant.granted_by).where(FrpPortGrant.frp_host == FRP_HOST,
                                                                    FrpPortGrant.frp_port == site.free_port))
    assert granted == operator.id


async def test_the_relay_does_not_forward_to_a_port_the_server_never_assigned(site, db, listener):
    """The probe's case: the device record points at a port (written before this rule, or in the database)
    where something else listens. The relay refuses as for a port no robot uses, and sends nothing there."""
    await db.execute(update(Device).where(Device.id == site.device_id).values(frp_port=site.free_port))
    await db.commit()
    answer = await relay(site.customer, "api1/robot_pose", site.free_port)
    assert code_of(answer) == Code.NOT_FOUND
    assert listener == []


async def test_the_relay_refuses_a_robot_whose_assignment_was_withdrawn(site, db):
    assert "map_name" in (await relay(site.customer, "api1/robot_pose", site.port)).json()  # the robot's answer
    await db.execute(delete(FrpPortGrant).where(FrpPortGrant.frp_host == FRP_HOST, FrpPortGrant.frp_port == site.port))
    await db.commit()
    assert code_of(await relay(site.customer, "api1/robot_pose", site.port)) == Code.NOT_FOUND


async def test_what_the_relay_passes_back_is_never_sniffed(site):
    for m in ("api1/robot_pose", "api1/no_such_call"):  # the robot's answer, and the robot's own 404
        answer = await relay(site.customer, m, site.port)
        assert "message" not in answer.json()  # passed back, not ours
        assert answer.headers["x-content-type-options"] == "nosniff"

