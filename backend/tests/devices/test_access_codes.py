"""One-time auth codes and robot registration; the maintenance password and who looked at it."""

from datetime import timedelta

from sqlalchemy import select, update

from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.devices.models import Device
from cleanfleet.devices.registration.models import AuthCode
from cleanfleet.roles.catalogue import ROLE_AFTER_SALES, ROLE_DEALER
from tests.devices.conftest import serial


async def _register(api, code, sn, type_id, language=None, **extra):
    return await api.call("/robot/register", {"authCode": code, "deviceSerialNumber": sn, "deviceType": type_id,
                                              "protocolVersion": 3, **extra},
                          headers={"sign": None, "accept-language": language})


async def test_a_robot_registers_once_with_a_fresh_code(api, make_user, signed_in, new_type, db):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    console = await signed_in(dealer, password)
    type_name = (await new_type())["typeName"]
    code = await console.call("/device/deviceGenerateAuthCode")
    assert code.code == 0 and isinstance(code.data, str) and len(code.data) == 8
    sn = serial("ROBOT")
    answer = await api.call("/robot/register", {"authCode": code.data.lower(), "deviceSerialNumber": sn,
                                                "model": type_name, "protocolVersion": 2, "firmwareVersion": "1.4"},
                            headers={"sign": None})  # unsigned: the code is the credential
    assert answer.code == 0, answer.body
    assert answer.data["userId"] == dealer.id and answer.data["deviceSecret"]
    assert answer.data["mqtt"]["username"] == sn and answer.data["mqtt"]["topicDown"] == f"cf/{sn}/down/cmd"
    listed = await console.call("/device/selectDevicePc", {"deviceCode": sn})
    assert listed.data["total"] == 1 and listed.data["list"][0]["protocolVersion"] == 2
    again = await api.call("/robot/register", {"authCode": code.data, "deviceSerialNumber": serial("ROBOT"),
                                               "model": type_name})
    assert again.code == Code.CODE_EXPIRED
    assert (await db.scalar(select(AuthCode).where(AuthCode.code == code.data))).device_id == answer.data["deviceId"]


async def test_an_expired_or_unknown_code_registers_nothing(api, admin, new_type, db):
    type_id = (await new_type())["typeId"]
    code = (await admin.call("/device/deviceGenerateAuthCode")).data
    await db.execute(update(AuthCode).where(AuthCode.code == code).values(expires_at=utcnow() - timedelta(seconds=1)))
    await db.commit()
    sn = serial("LATE")
    for attempt in (code, "ZZZZZZZZ"):
        answer = await _register(api, attempt, sn, type_id)
        assert answer.code == Code.CODE_EXPIRED and answer.field == "authCode"
        assert answer.message == "授权码已过期或已被使用"  # one whole sentence, zh-CN by default
    english = await _register(api, code, sn, type_id, language="en")
    assert (english.message, english.field) == ("The auth code has expired or was already used", "authCode")
    assert await db.scalar(select(Device).where(Device.serial_number == sn)) is None


async def test_a_refused_registration_keeps_the_code(api, admin, new_device, db):
    existing = await new_device()
    code = (await admin.call("/device/deviceGenerateAuthCode")).data
    taken = await _register(api, code, existing["deviceSerialNumber"], existing["deviceType"])
    assert taken.code == Code.ALREADY_EXISTS and taken.field == "deviceSerialNumber"
    bad_type = await _register(api, code, serial(), 999999, language="fr")
    assert bad_type.code == Code.BAD_PARAMETER and bad_type.field == "deviceType"
    assert bad_type.message == "Le type d'appareil 999999 n'existe pas"
    neither = await _register(api, code, serial(), None)
    assert neither.code == Code.BAD_PARAMETER and neither.field == "deviceType"
    assert (await db.scalar(select(AuthCode).where(AuthCode.code == code))).used_at is None
    assert (await _register(api, code, serial(), existing["deviceType"])).code == 0


async def test_a_code_for_a_child_user_binds_the_robot_to_it(admin, api, make_user, new_type):
    user, _ = await make_user(3)
    code = await admin.call("/device/deviceGenerateAuthCode", {"userId": user.id})
    answer = await _register(api, code.data, serial(), (await new_type())["typeId"])
    assert answer.code == 0 and answer.data["userId"] == user.id


async def test_reading_the_password_is_recorded_and_listed(make_user, signed_in, new_device):
    dealer, password = await make_user(2, roles=[ROLE_DEALER, ROLE_AFTER_SALES])
    device = await new_device(dealer, maintenancePassword="8642")
    api = await signed_in(dealer, password)
    answer = await api.call("/device/selectPasswordByDeviceId", {"deviceId": device["deviceId"]})
    assert answer.code == 0 and answer.data["password"] == "8642"
    records = await api.call("/device/selectViewPwdPageList", {"pageSize": 10, "currentPage": 1})
    assert records.code == 0 and records.data["total"] == 1
    record = records.data["list"][0]
    assert (record["deviceId"], record["viewerId"], record["viewerAccount"]) == (device["deviceId"], dealer.id,
                                                                                 dealer.account)
    other, other_password = await make_user(2, roles=[ROLE_DEALER, ROLE_AFTER_SALES])
    stranger = await signed_in(other, other_password)
    assert (await stranger.call("/device/selectViewPwdPageList", {})).data["total"] == 0
    refused = await stranger.call("/device/selectPasswordByDeviceId", {"deviceId": device["deviceId"]})
    assert refused.code == Code.NOT_FOUND
    assert (await api.call("/device/selectViewPwdPageList", {})).data["total"] == 1
