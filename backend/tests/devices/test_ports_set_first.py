"""product-spec 5 "the port must be set first" on the server (issue 48 item 10): an SSH or web port needs the FRP
port it is reached through, the FRP port its host; refused naming the field, in the caller's language, storing
nothing."""

import pytest
from sqlalchemy import select

from cleanfleet.core.codes import Code
from cleanfleet.devices.models import Device
from tests.devices.conftest import serial

PORTS = {"frpPort": 20101, "sshPort": 20102, "webPort": 20103}


async def stored(db, device_id: int) -> tuple[object, ...]:
    db.expire_all()
    device = await db.get(Device, device_id)
    assert device is not None
    return device.frp_host, device.frp_port, device.ssh_port, device.web_port


@pytest.fixture
def host() -> str:
    return f"{serial().lower()}.example"  # a node of its own: the ports are free on it


@pytest.fixture
async def robot(admin, new_type, host) -> int:
    answer = await admin.call("/device/insertDevice", {"deviceSerialNumber": serial(), "deviceCode": "Ports",
                                                       "deviceType": (await new_type())["typeId"], "frpHost": host,
                                                       **PORTS})
    assert answer.code == 0, answer.body
    return int(answer.data["deviceId"])


@pytest.mark.parametrize(("change", "field"), [
    ({"frpPort": None}, "frpPort"),  # cleared under the SSH and web ports
    ({"frpPort": None, "sshPort": 20104}, "sshPort"),
    ({"frpPort": None, "sshPort": None}, "frpPort"),  # the web port still needs it
    ({"frpHost": ""}, "frpHost"),
])
async def test_a_port_without_the_one_it_goes_through_is_refused(admin, db, robot, change, field):
    before = await stored(db, robot)
    answer = await admin.call("/device/updateDeviceInfo", {"deviceId": robot, **change},
                              headers={"accept-language": "en"})
    assert (answer.code, answer.field) == (Code.BAD_PARAMETER, field), answer.body
    assert answer.message.startswith("Set the FRP")
    assert await stored(db, robot) == before


async def test_the_refusal_speaks_the_callers_language_and_clearing_in_order_works(admin, db, robot, host):
    german = await admin.call("/device/updateDeviceInfo", {"deviceId": robot, "frpPort": None},
                              headers={"accept-language": "de"})
    assert german.message == "Legen Sie zuerst den FRP-Port fest: Dieser Port wird über ihn erreicht"
    cleared = await admin.call("/device/updateDeviceInfo", {"deviceId": robot, "frpPort": None, "sshPort": None,
                                                            "webPort": None})
    assert cleared.code == 0, cleared.body
    assert await stored(db, robot) == (host, None, None, None)


async def test_a_new_device_with_an_ssh_port_and_no_frp_port_is_not_added(admin, db, new_type):
    sn = serial()
    answer = await admin.call("/device/insertDevice", {"deviceSerialNumber": sn, "deviceCode": "Ports",
                                                       "deviceType": (await new_type())["typeId"], "sshPort": 20105})
    assert (answer.code, answer.field) == (Code.BAD_PARAMETER, "sshPort")
    assert await db.scalar(select(Device.id).where(Device.serial_number == sn)) is None
