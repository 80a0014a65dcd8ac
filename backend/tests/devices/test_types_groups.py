"""Device types with images, and device groups."""

from sqlalchemy import select

from cleanfleet.core.codes import Code
from cleanfleet.devices.groups.models import DeviceGroup
from cleanfleet.devices.types.models import DeviceType
from cleanfleet.roles.catalogue import ROLE_DEALER
from tests.conftest import Answer
from tests.devices.conftest import serial
from tests.permission_matrix import png_bytes


async def upload_type_image(api, data: bytes, name: str = "robot.png") -> Answer:
    response = await api.client.post("/api/device/uploadTypeImage", files=[("file", (name, data, "image/png"))],
                                     headers=api.headers())
    return Answer(response.status_code, response.json())


async def test_a_type_with_an_uploaded_image(admin, db):
    image = await upload_type_image(admin, png_bytes(120))
    assert image.code == 0, image.body
    url = image.data["typeUrl"]
    assert url.startswith("/api/storage/")
    shown = await admin.client.get(url)
    assert shown.status_code == 200 and shown.headers["content-type"] == "image/png"
    name = serial("Model")
    created = await admin.call("/device/insertDeviceType", {"typeName": name, "typeUrl": url, "description": "S2"})
    assert created.code == 0 and created.data["typeUrl"] == url
    listed = await admin.call("/device/selectDeviceType")
    assert any(t["typeName"] == name and t["typeUrl"] == url for t in listed.data)
    replaced = await admin.call("/device/updateDeviceType", {"typeId": created.data["typeId"], "typeUrl": ""})
    assert replaced.code == 0 and replaced.data["typeUrl"] == ""
    assert (await admin.client.get(url)).json()["message"]["code"] == Code.NOT_FOUND  # the replaced image is gone


async def test_type_images_are_checked_from_their_content(admin):
    not_image = await upload_type_image(admin, b"%PDF-1.4 not an image", "robot.png")
    assert not_image.code == Code.BAD_FILE
    too_big = await upload_type_image(admin, b"\x89PNG\r\n\x1a\n" + b"0" * (2 * 1024 * 1024))
    assert too_big.code == Code.BAD_FILE and "2 MB" in too_big.message
    bad_url = await admin.call("/device/insertDeviceType", {"typeName": serial("Model"), "typeUrl": "../etc/passwd"})
    assert bad_url.code == Code.BAD_PARAMETER and bad_url.field == "typeUrl"


async def test_type_names_are_unique_and_used_types_stay(admin, new_device, db):
    device = await new_device()
    type_name = device["typeName"]
    twin = await admin.call("/device/insertDeviceType", {"typeName": type_name})
    assert twin.code == Code.ALREADY_EXISTS and twin.field == "typeName"
    empty = await admin.call("/device/insertDeviceType", {"typeName": "  "})
    assert empty.code == Code.BAD_PARAMETER and empty.field == "typeName"
    in_use = await admin.call("/device/deleteDeviceType", {"typeId": device["deviceType"]})
    assert in_use.code == Code.CONFLICT
    assert await db.get(DeviceType, device["deviceType"]) is not None
    await admin.call("/device/deleteDevice", {"deviceId": device["deviceId"]})
    assert (await admin.call("/device/deleteDeviceType", {"typeId": device["deviceType"]})).code == 0


async def test_groups_of_the_owners_devices(make_user, new_device, signed_in, db):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    user, _ = await make_user(3, parent=dealer)
    stranger, _ = await make_user(3)
    a, b = await new_device(dealer), await new_device(user)
    foreign = await new_device(stranger)
    api = await signed_in(dealer, password)
    for kind in (0, 1, 2, 3):
        answer = await api.call("/deviceGroup/insert", {"name": f"G{kind}", "kind": kind,
                                                        "deviceIds": [a["deviceId"], b["deviceId"]]})
        assert answer.code == 0 and answer.data["kind"] == kind
        assert [d["deviceId"] for d in answer.data["devices"]] == [a["deviceId"], b["deviceId"]]
    bad_kind = await api.call("/deviceGroup/insert", {"name": "G4", "kind": 4})
    assert bad_kind.code == Code.BAD_PARAMETER and bad_kind.field == "kind"
    twin = await api.call("/deviceGroup/insert", {"name": "G0"})
    assert twin.code == Code.ALREADY_EXISTS
    outside = await api.call("/deviceGroup/insert", {"name": "G5", "deviceIds": [foreign["deviceId"]]})
    assert outside.code == Code.NOT_FOUND
    not_the_owners = await api.call("/deviceGroup/insert", {"name": "G6", "userId": user.id,
                                                            "deviceIds": [a["deviceId"]]})
    assert not_the_owners.code == Code.BAD_PARAMETER and not_the_owners.field == "deviceIds"
    groups = await api.call("/deviceGroup/selectAll")
    assert sorted(g["name"] for g in groups.data) == ["G0", "G1", "G2", "G3"]
    first = groups.data[0]
    updated = await api.call("/deviceGroup/update", {"id": first["id"], "name": "Lobby", "deviceIds": "[]"})
    assert updated.code == 0 and updated.data["name"] == "Lobby" and updated.data["devices"] == []
    assert (await api.call("/deviceGroup/delete", {"id": first["id"]})).code == 0
    assert await db.get(DeviceGroup, first["id"]) is None
    names = set(await db.scalars(select(DeviceGroup.name).where(DeviceGroup.user_id == dealer.id)))
    assert names == {"G1", "G2", "G3"}


async def test_another_branchs_group_is_not_found(make_user, signed_in, admin):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    stranger, _ = await make_user(2, roles=[ROLE_DEALER])
    theirs = await admin.call("/deviceGroup/insert", {"name": "Theirs", "userId": stranger.id})
    api = await signed_in(dealer, password)
    for path, body in (("/deviceGroup/update", {"name": "Mine"}), ("/deviceGroup/delete", {})):
        assert (await api.call(path, {"id": theirs.data["id"], **body})).code == Code.NOT_FOUND
    assert (await api.call("/deviceGroup/selectAll", {"userId": stranger.id})).code == Code.NOT_FOUND
    assert (await admin.call("/deviceGroup/selectAll", {"userId": stranger.id})).data[0]["name"] == "Theirs"
