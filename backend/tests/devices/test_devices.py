"""The device list and a device's life: add, edit, owners, delete; every refusal changes nothing."""

from datetime import UTC, datetime

from sqlalchemy import select, update

from cleanfleet.core.codes import Code
from cleanfleet.devices.models import Device, DeviceState
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from tests.devices.conftest import serial


async def test_insert_answers_every_field_and_the_secret_once(admin, new_type, make_user, new_elevator):
    owner, _ = await make_user(3)
    device_type = await new_type()
    lift = await new_elevator()
    sn = serial()
    answer = await admin.call("/device/insertDevice", {
        "deviceSerialNumber": sn, "deviceCode": "Lobby robot", "deviceType": device_type["typeId"],
        "userId": owner.id, "simNo": "8986001", "simSupport": 3, "rackNumber": "SC0007", "frpHost": "node.example",
        "frpPort": 20001, "sshPort": 20002, "webPort": 20003, "customerName": "Harbour Mall",
        "customerAddress": "1 Quay", "address": "Pier 3", "address1": "Level 2", "latitude": 31.23,
        "longitude": 121.47, "protocolVersion": 2, "maintenancePassword": "4321", "elevatorId": lift})
    assert answer.code == 0, answer.body
    device = answer.data
    assert device["deviceSecret"] and len(device["deviceSecret"]) > 20
    assert device["deviceSerialNumber"] == sn and device["typeName"] == device_type["typeName"]
    assert (device["userId"], device["simSupport"], device["rackNumber"], device["frpPort"]) == (owner.id, 3, "SC0007",
                                                                                                 20001)
    assert (device["protocolVersion"], device["elevatorId"], device["online"], device["charging"]) == (2, lift, 0, 0)
    detail = await admin.call("/device/selectDeviceByDeviceId", {"deviceId": device["deviceId"]})
    assert detail.code == 0 and detail.data["customerName"] == "Harbour Mall"
    assert "deviceSecret" not in detail.data and "maintenancePassword" not in detail.data


async def test_insert_refusals_name_the_field_and_add_nothing(admin, new_type, db):
    type_id = (await new_type())["typeId"]
    sn = serial()
    cases = [
        ({"deviceCode": "x", "deviceType": type_id}, "deviceSerialNumber"),
        ({"deviceSerialNumber": sn, "deviceCode": " ", "deviceType": type_id}, "deviceCode"),
        ({"deviceSerialNumber": sn, "deviceCode": "x"}, "deviceType"),
        ({"deviceSerialNumber": sn, "deviceCode": "x", "deviceType": 999999}, "deviceType"),
        ({"deviceSerialNumber": sn, "deviceCode": "x", "deviceType": type_id, "simSupport": 4}, "simSupport"),
        ({"deviceSerialNumber": sn, "deviceCode": "x", "deviceType": type_id, "frpPort": 19999}, "frpPort"),
        ({"deviceSerialNumber": sn, "deviceCode": "x", "deviceType": type_id, "webPort": 30001}, "webPort"),
        ({"deviceSerialNumber": sn, "deviceCode": "x", "deviceType": type_id, "latitude": 91}, "latitude"),
    ]
    for body, field in cases:
        answer = await admin.call("/device/insertDevice", body)
        assert answer.code == Code.BAD_PARAMETER, (body, answer.body)
        assert answer.field == field, (field, answer.body)
    assert await db.scalar(select(Device).where(Device.serial_number == sn)) is None


async def test_a_serial_number_is_registered_once(admin, new_device):
    device = await new_device()
    again = await admin.call("/device/insertDevice", {"deviceSerialNumber": device["deviceSerialNumber"],
                                                      "deviceCode": "Twin", "deviceType": device["deviceType"]})
    assert again.code == Code.ALREADY_EXISTS and again.field == "deviceSerialNumber"
    assert again.message == f"序列号 {device['deviceSerialNumber']} 已被其他设备使用"  # whole, in the caller's language


async def test_update_changes_only_the_fields_sent(admin, new_device):
    device = await new_device(customerName="Old", rackNumber="SC0001")
    answer = await admin.call("/device/updateDeviceInfo", {"deviceId": device["deviceId"], "deviceCode": "Renamed",
                                                           "customerName": ""})
    assert answer.code == 0
    assert (answer.data["deviceCode"], answer.data["customerName"], answer.data["rackNumber"]) == ("Renamed", "",
                                                                                                   "SC0001")
    refused = await admin.call("/device/updateDeviceInfo", {"deviceId": device["deviceId"], "deviceCode": "Again",
                                                            "sshPort": 80})
    assert refused.code == Code.BAD_PARAMETER and refused.field == "sshPort"
    refused = await admin.call("/device/updateDeviceInfo", {"deviceId": device["deviceId"], "deviceCode": "Again",
                                                            "deviceType": None})
    assert refused.code == Code.BAD_PARAMETER and refused.field == "deviceType"
    after = await admin.call("/device/selectDeviceByDeviceId", {"deviceId": device["deviceId"]})
    assert after.data["deviceCode"] == "Renamed"


async def test_the_list_filters_by_owner_subtree_type_and_text(admin, make_user, new_device, new_type, signed_in):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    user, _ = await make_user(3, parent=dealer)
    stranger, _ = await make_user(2, roles=[ROLE_DEALER])
    kind = (await new_type())["typeId"]
    mine = await new_device(dealer, deviceCode="Atrium Cleaner", deviceType=kind)
    below = await new_device(user, deviceCode="Garage sweeper", deviceType=kind)
    other_type = await new_device(user, deviceCode="Garage scrubber")
    foreign = await new_device(stranger, deviceCode="Atrium Cleaner")
    api = await signed_in(dealer, password)

    page = await api.call("/device/selectDevicePc", {"pageSize": 30, "currentPage": 1})
    ids = [d["deviceId"] for d in page.data["list"]]
    assert page.code == 0 and page.data["total"] == 3 and page.data["pageNum"] == 1 and page.data["pageSize"] == 30
    assert ids == [other_type["deviceId"], below["deviceId"], mine["deviceId"]]  # newest first
    assert foreign["deviceId"] not in ids
    assert "deviceSecret" not in page.data["list"][0]

    by_user = await api.call("/device/selectDevicePc", {"userId": user.id})
    assert {d["deviceId"] for d in by_user.data["list"]} == {below["deviceId"], other_type["deviceId"]}
    by_type = await api.call("/device/selectDevice", {"deviceType": kind, "isPc": 1})
    assert {d["deviceId"] for d in by_type.data["list"]} == {mine["deviceId"], below["deviceId"]}
    by_text = await api.call("/device/selectDevicePc", {"deviceCode": "garage"}, form=True)
    assert {d["deviceId"] for d in by_text.data["list"]} == {below["deviceId"], other_type["deviceId"]}
    by_serial = await api.call("/device/selectDevicePc", {"deviceCode": mine["deviceSerialNumber"][-6:]})
    assert [d["deviceId"] for d in by_serial.data["list"]] == [mine["deviceId"]]
    wildcard = await api.call("/device/selectDevicePc", {"deviceCode": "%"})
    assert wildcard.data["total"] == 0
    outside = await api.call("/device/selectDevicePc", {"userId": stranger.id})
    assert outside.code == Code.NOT_FOUND


async def test_the_list_pages_by_thirty(admin, make_user, new_device, new_type, signed_in):
    user, password = await make_user(3, roles=[ROLE_USER])
    kind = (await new_type())["typeId"]
    for _ in range(31):
        await new_device(user, deviceType=kind)
    api = await signed_in(user, password)
    first = await api.call("/device/selectDevicePc", {"currentPage": 1})
    second = await api.call("/device/selectDevicePc", {"currentPage": 2})
    beyond = await api.call("/device/selectDevicePc", {"currentPage": 3})
    assert len(first.data["list"]) == 30 and len(second.data["list"]) == 1
    assert first.data["total"] == second.data["total"] == beyond.data["total"] == 31 and beyond.data["list"] == []
    every = await api.call("/device/selectDevicePc", {"pageSize": 1_000_000})
    assert len(every.data["list"]) == 31
    # with a text filter the matches are counted while the page's ids are picked; past the end, counted alone
    texts = [await api.call("/device/selectDevicePc", {"deviceCode": "robot", "currentPage": page, "pageSize": 20})
             for page in (1, 2, 3)]
    assert [len(t.data["list"]) for t in texts] == [20, 11, 0] and {t.data["total"] for t in texts} == {31}
    assert [d["deviceId"] for d in texts[0].data["list"] + texts[1].data["list"]] == \
        [d["deviceId"] for d in every.data["list"]]


async def test_devices_outside_the_subtree_are_not_found_and_stay(make_user, new_device, signed_in, db):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    stranger, _ = await make_user(3)
    foreign = await new_device(stranger, deviceCode="Theirs")
    api = await signed_in(dealer, password)
    for path, body in (("/device/selectDeviceByDeviceId", {}), ("/device/updateDeviceInfo", {"deviceCode": "Mine"}),
                       ("/device/deleteDevice", {}), ("/device/updateDeviceUserInfo", {"userId": dealer.id})):
        answer = await api.call(path, {"deviceId": foreign["deviceId"], **body})
        assert answer.code == Code.NOT_FOUND, (path, answer.body)
    row = await db.get(Device, foreign["deviceId"])
    assert row is not None and row.name == "Theirs" and row.user_id == stranger.id


async def test_owners_move_within_the_subtree_only(admin, make_user, new_device, signed_in, new_elevator):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    user, _ = await make_user(3, parent=dealer)
    stranger, _ = await make_user(3)
    device = await new_device(dealer)
    api = await signed_in(dealer, password)
    lift = await new_elevator(dealer)
    foreign_lift = await new_elevator(stranger)
    refused_lift = await api.call("/device/updateDeviceUserInfo", {"deviceId": device["deviceId"], "userId": user.id,
                                                                   "elevatorId": foreign_lift})
    assert (refused_lift.code, refused_lift.field) == (Code.NOT_FOUND, "elevatorId")  # another branch's elevator
    moved = await api.call("/device/updateDeviceUserInfo", {"deviceId": device["deviceId"], "userId": user.id,
                                                            "elevatorId": lift})
    assert moved.code == 0 and moved.data["userId"] == user.id and moved.data["elevatorId"] == lift
    assert (await api.call("/device/selectDevicePc", {"userId": user.id})).data["total"] == 1
    refused = await api.call("/device/updateUserDeviceStatus", {"deviceId": device["deviceId"], "userId": stranger.id})
    assert refused.code == Code.NOT_FOUND
    back = await api.call("/device/updateUserDeviceStatus", {"deviceId": device["deviceId"], "status": 0})
    assert back.code == 0 and back.data["userId"] == dealer.id
    bound = await api.call("/device/updateUserDeviceStatus", {"deviceId": device["deviceId"], "userId": user.id})
    assert bound.code == 0 and bound.data["userId"] == user.id
    missing = await api.call("/device/updateUserDeviceStatus", {"deviceId": device["deviceId"], "status": 1})
    assert missing.code == Code.BAD_PARAMETER and missing.field == "userId"


async def test_update_device_list_sets_a_users_devices(admin, make_user, new_device, signed_in, db):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    user, _ = await make_user(3, parent=dealer)
    a, b, c = await new_device(dealer), await new_device(dealer), await new_device(user)
    api = await signed_in(dealer, password)
    ids = f"{a['deviceId']},{b['deviceId']}"
    answer = await api.call("/user/updateDeviceList", {"userId": user.id, "deviceIds": ids}, form=True)
    assert answer.code == 0 and answer.data == {"userId": user.id, "assigned": 2, "released": 1}
    owned = await api.call("/user/selectUserDeviceList", {"userId": user.id})
    assert [d["deviceId"] for d in owned.data] == [a["deviceId"], b["deviceId"]]
    assert (await db.get(Device, c["deviceId"])).user_id == dealer.id
    stranger, _ = await make_user(3)
    foreign = await new_device(stranger)
    refused = await api.call("/user/updateDeviceList", {"userId": user.id, "deviceIds": [foreign["deviceId"]]})
    assert refused.code == Code.NOT_FOUND
    own = await api.call("/user/updateDeviceList", {"userId": dealer.id, "deviceIds": []})
    assert own.code == Code.NO_PERMISSION
    db.expire_all()
    assert (await db.get(Device, a["deviceId"])).user_id == user.id


async def test_delete_device(admin, new_device, db):
    device = await new_device()
    assert (await admin.call("/device/deleteDevice", {"deviceId": device["deviceId"]})).code == 0
    assert await db.get(Device, device["deviceId"]) is None
    assert (await admin.call("/device/deleteDevice", {"deviceId": device["deviceId"]})).code == Code.NOT_FOUND


async def test_own_user_tree_is_the_callers_subtree(make_user, signed_in):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    user, _ = await make_user(3, parent=dealer)
    sub, _ = await make_user(4, parent=user)
    answer = await (await signed_in(dealer, password)).call("/device/selectOwnUser")
    assert answer.code == 0 and len(answer.data) == 1
    root = answer.data[0]
    assert root["userId"] == dealer.id and root["children"][0]["userId"] == user.id
    assert root["children"][0]["children"][0]["userId"] == sub.id
    assert root["hasChildren"] and not root["children"][0]["children"][0]["hasChildren"]


async def test_the_owner_tree_loads_lazily_one_level_or_the_line_to_a_user(make_user, signed_in):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    first, _ = await make_user(3, parent=dealer)
    second, _ = await make_user(3, parent=dealer)
    sub, _ = await make_user(4, parent=first)
    await make_user(3, parent=dealer, shadow_of=dealer)
    api = await signed_in(dealer, password)
    level = await api.call("/device/selectOwnUser", {"parentId": dealer.id})
    assert level.code == 0, level.body
    assert [(n["userId"], n["parentId"], n["hasChildren"], n["children"]) for n in level.data] == [
        (first.id, dealer.id, True, []), (second.id, dealer.id, False, [])]
    below = await api.call("/device/selectOwnUser", {"parentId": first.id})
    assert [n["userId"] for n in below.data] == [sub.id] and below.data[0]["levelDepth"] == 4
    line = await api.call("/device/selectOwnUser", {"userId": sub.id})
    assert [(n["userId"], n["hasChildren"]) for n in line.data] == [(dealer.id, True), (first.id, True),
                                                                    (sub.id, False)]
    assert line.data[0]["account"] == dealer.account


async def test_the_lazy_owner_tree_stays_inside_the_callers_subtree(make_user, signed_in):
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    other, _ = await make_user(2, roles=[ROLE_DEALER])
    stranger, _ = await make_user(3, parent=other)
    api = await signed_in(dealer, password)
    assert (await api.call("/device/selectOwnUser", {"parentId": other.id})).code == Code.NOT_FOUND
    assert (await api.call("/device/selectOwnUser", {"userId": stranger.id})).code == Code.NOT_FOUND
    both = await api.call("/device/selectOwnUser", {"parentId": dealer.id, "userId": dealer.id})
    assert both.code == Code.BAD_PARAMETER and both.field == "userId"
    line = await api.call("/device/selectOwnUser", {"userId": dealer.id})
    assert [n["userId"] for n in line.data] == [dealer.id]


async def test_deleting_a_user_moves_its_devices_and_its_subtrees(admin, make_user, new_device, db):
    dealer, _ = await make_user(2, roles=[ROLE_DEALER])
    leaving, _ = await make_user(3, parent=dealer)
    heir, _ = await make_user(3, parent=dealer)
    child, _ = await make_user(4, parent=leaving)
    own = await new_device(leaving)
    below = await new_device(child)
    group = await admin.call("/deviceGroup/insert", {"name": "Floor 1", "deviceIds": [own["deviceId"]],
                                                     "userId": leaving.id})
    assert group.code == 0
    refused = await admin.call("/user/deleteUserInfo", {"userId": leaving.id})
    assert refused.code == Code.CONFLICT and refused.field == "moveToUserId" and "1 台设备" in refused.message
    answer = await admin.call("/user/deleteUserInfo", {"userId": leaving.id, "moveToUserId": heir.id})
    assert answer.code == 0, answer.body
    db.expire_all()
    moved = await db.get(Device, own["deviceId"])
    assert moved.user_id == heir.id and moved.owner_path == heir.path
    below_row = await db.get(Device, below["deviceId"])
    assert below_row.user_id == child.id and below_row.owner_path == f"{heir.path}{child.id}/"
    listed = await admin.call("/device/selectDevicePc", {"userId": heir.id})
    assert {d["deviceId"] for d in listed.data["list"]} == {own["deviceId"], below["deviceId"]}
    groups = await admin.call("/deviceGroup/selectAll", {"userId": heir.id})
    assert [g["name"] for g in groups.data] == ["Floor 1"]


async def test_large_scopes_walk_newest_first_with_the_same_answer(admin, make_user, new_device, new_type, signed_in,
                                                                    monkeypatch):
    from cleanfleet.devices import listing

    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    kind = (await new_type())["typeId"]
    for index in range(7):
        await new_device(dealer, deviceCode=f"{'Lobby' if index % 2 else 'Ward'} {index}", deviceType=kind)
    api = await signed_in(dealer, password)
    bodies = [{"pageSize": 3, "currentPage": page} for page in (1, 2, 3)] + [
        {"pageSize": 2, "currentPage": 2, "deviceCode": "lobby"}, {"deviceType": kind, "deviceCode": "ward"}]
    sorted_pages = [(await api.call("/device/selectDevicePc", body)).data for body in bodies]
    monkeypatch.setattr(listing, "SORT_AT_MOST", 0)  # every scope counts as large: walk the table
    walked_pages = [(await api.call("/device/selectDevicePc", body)).data for body in bodies]
    assert walked_pages == sorted_pages
    assert [len(p["list"]) for p in walked_pages] == [3, 3, 1, 1, 4]


async def test_a_listed_device_reads_as_its_details(make_user, new_device, signed_in, db):
    """The list turns the driver's rows into the answer itself: the same fields and values as the details."""
    user, password = await make_user(3, roles=[ROLE_USER])
    plain = await new_device(user)
    live = await new_device(user, latitude=31.5, longitude=121.25)
    await db.execute(update(DeviceState).where(DeviceState.device_id == live["deviceId"]).values(
        online=True, charging=True, battery=57, mode="cleaning", map_name="Level 2", task_name="Night scrub",
        progress=42.5, heartbeat_at=datetime(2026, 5, 1, 8, 30, 0, tzinfo=UTC)))
    await db.execute(update(Device).where(Device.id == live["deviceId"]).values(
        boot_time=datetime(2026, 5, 1, 7, 0, 0, 123456, tzinfo=UTC)))
    await db.commit()
    api = await signed_in(user, password)
    listed = (await api.call("/device/selectDevicePc")).data["list"]
    details = [(await api.call("/device/selectDeviceByDeviceId", {"deviceId": d["deviceId"]})).data
               for d in (live, plain)]
    assert listed == details
    assert (listed[0]["online"], listed[0]["charging"], listed[0]["heartbeatTime"], listed[0]["bootTime"]) == (
        1, 1, "2026-05-01T08:30:00+00:00", "2026-05-01T07:00:00.123456+00:00")
    assert (listed[1]["online"], listed[1]["job"], listed[1]["heartbeatTime"]) == (0, "", None)
