"""Elevators: every call, its rules and refusals (each naming the field), and the branch scope."""

from typing import Any

import pytest

from cleanfleet.core.codes import Code
from cleanfleet.elevators import service as elevators
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from tests.permission_matrix import fresh_name

FULL = {"code": "E-01", "buildingName": "Tower A", "buildingAddress": "1 Harbour Road", "contactName": "Li Wei",
        "contactPhone": "13800138000", "groupId": 2, "size": "1.6 x 1.4 m", "floorMin": -2, "floorMax": 12,
        "position": "north lobby", "provider": "kone", "moduleId": "MOD-77", "robotId": "R-9",
        "server": "lift.example.com"}


@pytest.fixture
async def dealer(make_user, signed_in) -> Any:
    user, password = await make_user(2, roles=[ROLE_DEALER])
    api = await signed_in(user, password)
    api.user = user
    return api


async def _device(admin, owner_id: int) -> int:
    types = await admin.call("/device/insertDeviceType", {"typeName": fresh_name("Lift model")})
    answer = await admin.call("/device/insertDevice", {"deviceSerialNumber": fresh_name("EL"), "deviceCode": "Rider",
                                                        "deviceType": types.data["typeId"], "userId": owner_id})
    assert answer.code == 0, answer.body
    return answer.data["deviceId"]


async def test_an_elevator_keeps_every_field_and_lists_in_its_branch(dealer, make_user, signed_in):
    name = fresh_name("Lift ")
    created = await dealer.call("/elevator/insertElevator", {"elevatorName": name, **FULL})
    assert created.code == 0, created.body
    assert {k: created.data[k] for k in FULL} == FULL
    assert created.data["elevatorName"] == name and created.data["deviceCount"] == 0

    listed = await dealer.call("/elevator/list", {"elevatorName": "tower a"})
    assert [e["elevatorName"] for e in listed.data["list"]] == [name]

    other, password = await make_user(2, roles=[ROLE_DEALER])
    stranger = await signed_in(other, password)
    assert (await stranger.call("/elevator/list", {})).data["total"] == 0
    seen = await stranger.call("/elevator/selectInfoByElevatorId", {"elevatorId": created.data["elevatorId"]})
    assert seen.code == Code.NOT_FOUND and seen.field == "elevatorId"
    edit = await stranger.call("/elevator/updateElevator", {"elevatorId": created.data["elevatorId"], "size": "x"})
    assert edit.code == Code.NOT_FOUND


async def test_a_child_sees_its_own_elevators_and_the_dealer_sees_them_too(dealer, make_user, signed_in):
    child, password = await make_user(3, parent=dealer.user, roles=[ROLE_USER])
    site = await signed_in(child, password)
    mine = await site.call("/elevator/insertElevator", {"buildingName": "Tower", "elevatorName": "Service lift"})
    assert mine.code == 0, mine.body
    assert mine.data["userId"] == child.id
    assert [e["elevatorName"] for e in (await dealer.call("/elevator/list", {})).data["list"]] == ["Service lift"]
    assert (await dealer.call("/elevator/list", {"userId": child.id})).data["total"] == 1


@pytest.mark.parametrize(("body", "field"), [
    ({"contactPhone": "138001380001"}, "contactPhone"),   # 12 digits
    ({"contactPhone": "1380013800a"}, "contactPhone"),
    ({"elevatorName": " "}, "elevatorName"),
    ({"floorMin": 5, "floorMax": 3}, "floorMax"),
    ({"provider": "acme"}, "provider"),
    ({"floorMax": 1000}, "floorMax"),
])
async def test_bad_input_is_refused_naming_the_field(dealer, body, field):
    answer = await dealer.call("/elevator/insertElevator", {"buildingName": "Tower",
                                                            "elevatorName": fresh_name("Lift "), **body})
    assert answer.code == Code.BAD_PARAMETER, answer.body
    assert answer.field == field
    assert (await dealer.call("/elevator/list", {})).data["total"] == 0


async def test_the_phone_refusal_is_in_the_callers_language(dealer):
    answer = await dealer.call("/elevator/insertElevator", {"buildingName": "Tower",
                                                            "elevatorName": "A", "contactPhone": "123"},
                               headers={"accept-language": "en"})
    assert answer.message == "The contact phone must be 11 digits"


async def test_a_name_is_unique_per_owner_and_edits_change_only_what_is_sent(dealer):
    first = await dealer.call("/elevator/insertElevator", {"elevatorName": "East", **FULL})
    second = await dealer.call("/elevator/insertElevator", {"buildingName": "Tower", "elevatorName": "West"})
    again = await dealer.call("/elevator/insertElevator", {"buildingName": "Tower", "elevatorName": "East"})
    assert again.code == Code.ALREADY_EXISTS and again.field == "elevatorName"
    clash = await dealer.call("/elevator/updateElevator", {"elevatorId": second.data["elevatorId"],
                                                           "elevatorName": "East"})
    assert clash.code == Code.ALREADY_EXISTS and clash.field == "elevatorName"
    edited = await dealer.call("/elevator/updateElevator", {"id": first.data["elevatorId"], "floorMax": 20,
                                                            "contactPhone": ""})
    assert edited.code == 0, edited.body
    assert edited.data["floorMax"] == 20 and edited.data["contactPhone"] == ""
    assert edited.data["buildingName"] == "Tower A" and edited.data["provider"] == "kone"
    upside_down = await dealer.call("/elevator/updateElevator", {"elevatorId": first.data["elevatorId"],
                                                                 "floorMax": -5})
    assert upside_down.code == Code.BAD_PARAMETER and upside_down.field == "floorMax"
    info = await dealer.call("/elevator/selectInfoByElevatorId", {"elevatorId": first.data["elevatorId"]})
    assert info.data["floorMax"] == 20


async def test_robots_are_bound_and_unbound_and_the_device_list_shows_it(dealer, admin, make_user, signed_in):
    lift = (await dealer.call("/elevator/insertElevator", {"buildingName": "Tower",
                                                           "elevatorName": "Bound lift"})).data["elevatorId"]
    device = await _device(admin, dealer.user.id)
    bound = await dealer.call("/elevator/bindDevices", {"elevatorId": lift, "deviceIds": [device]})
    assert bound.code == 0 and bound.data["deviceIds"] == [device]
    info = await dealer.call("/elevator/selectInfoByElevatorId", {"elevatorId": lift})
    assert [d["deviceId"] for d in info.data["devices"]] == [device] and info.data["deviceCount"] == 1
    riders = await dealer.call("/device/selectDeviceByElevatorId", {"elevatorId": lift})
    assert [d["deviceId"] for d in riders.data] == [device]

    other, password = await make_user(2, roles=[ROLE_DEALER])
    foreign_device = await _device(admin, other.id)
    refused = await dealer.call("/elevator/bindDevices", {"elevatorId": lift, "deviceIds": [foreign_device]})
    assert refused.code == Code.NOT_FOUND

    unbound = await dealer.call("/elevator/unbindDevices", {"elevatorId": lift, "deviceIds": [device]})
    assert unbound.data["deviceIds"] == [device]
    assert (await dealer.call("/device/selectDeviceByElevatorId", {"elevatorId": lift})).data == []


async def test_delete_unbinds_its_robots_and_is_refused_while_a_schedule_rides_it(dealer, admin, app):
    lift = (await dealer.call("/elevator/insertElevator", {"buildingName": "Tower",
                                                           "elevatorName": "Busy lift"})).data["elevatorId"]
    device = await _device(admin, dealer.user.id)
    await dealer.call("/elevator/bindDevices", {"elevatorId": lift, "deviceIds": [device]})
    async with app.state.db.sessions() as db:
        await elevators.record_use(db, lift, device, "Night floors")
        await db.commit()
    refused = await dealer.call("/elevator/deleteElevator", {"elevatorId": lift}, headers={"accept-language": "en"})
    assert refused.code == Code.CONFLICT and refused.field == "elevatorId"
    assert "Night floors" in refused.message and "Busy lift" in refused.message
    info = await dealer.call("/elevator/selectInfoByElevatorId", {"elevatorId": lift})
    assert info.data["schedules"] == ["Rider: Night floors"]

    async with app.state.db.sessions() as db:
        await elevators.drop_use(db, device, "Night floors")
        await db.commit()
    deleted = await dealer.call("/elevator/deleteElevator", {"elevatorId": lift})
    assert deleted.code == 0, deleted.body
    assert (await dealer.call("/elevator/selectInfoByElevatorId", {"elevatorId": lift})).code == Code.NOT_FOUND
    detail = await dealer.call("/device/selectDeviceByDeviceId", {"deviceId": device})
    assert detail.data["elevatorId"] is None


async def test_the_picker_lists_the_branchs_elevators_for_device_editors(dealer):
    await dealer.call("/elevator/insertElevator", {"buildingName": "Tower",
                                                   "elevatorName": "B lift", "floorMin": 1, "floorMax": 9})
    await dealer.call("/elevator/insertElevator", {"buildingName": "Tower", "elevatorName": "A lift"})
    options = await dealer.call("/elevator/options", {})
    assert [o["elevatorName"] for o in options.data] == ["A lift", "B lift"]
    assert options.data[1]["floorMax"] == 9


async def test_the_building_name_is_required_and_an_update_may_not_empty_it(dealer):
    missing = await dealer.call("/elevator/insertElevator", {"elevatorName": fresh_name("Lift ")})
    assert missing.code == Code.BAD_PARAMETER and missing.field == "buildingName", missing.body
    blank = await dealer.call("/elevator/insertElevator", {"elevatorName": fresh_name("Lift "), "buildingName": " "})
    assert blank.code == Code.BAD_PARAMETER and blank.field == "buildingName"
    lift = (await dealer.call("/elevator/insertElevator", {"elevatorName": "Kept", "buildingName": "Tower"})).data
    emptied = await dealer.call("/elevator/updateElevator", {"elevatorId": lift["elevatorId"], "buildingName": ""})
    assert emptied.code == Code.BAD_PARAMETER and emptied.field == "buildingName"
    info = await dealer.call("/elevator/selectInfoByElevatorId", {"elevatorId": lift["elevatorId"]})
    assert info.data["buildingName"] == "Tower"


async def test_a_dealer_saving_the_prefilled_owner_dialog_keeps_an_admins_binding(dealer, admin, make_user):
    """Issue 29 item 5: the admin bound its elevator to a customer's robot; the dealer cannot see that elevator,
    and saving the owner dialog as prefilled must neither fail ("Elevator 1 does not exist") nor drop it."""
    customer, _ = await make_user(3, parent=dealer.user, roles=[ROLE_USER])
    device = await _device(admin, customer.id)
    admin_lift = (await admin.call("/elevator/insertElevator", {"elevatorName": fresh_name("HQ lift "),
                                                                "buildingName": "HQ"})).data["elevatorId"]
    assert (await admin.call("/elevator/bindDevices", {"elevatorId": admin_lift, "deviceIds": [device]})).code == 0
    prefilled = (await dealer.call("/device/selectDeviceByDeviceId", {"deviceId": device})).data
    assert prefilled["elevatorId"] == admin_lift
    saved = await dealer.call("/device/updateDeviceUserInfo", {"deviceId": device, "userId": customer.id,
                                                               "elevatorId": prefilled["elevatorId"]})
    assert saved.code == 0, saved.body
    edited = await dealer.call("/device/updateDeviceInfo", {"deviceId": device, "elevatorId": admin_lift})
    assert edited.code == 0, edited.body
    assert (await admin.call("/device/selectDeviceByDeviceId", {"deviceId": device})).data["elevatorId"] == admin_lift
    mine = (await dealer.call("/elevator/insertElevator", {"elevatorName": fresh_name("Own "),
                                                           "buildingName": "Tower"})).data["elevatorId"]
    other = await dealer.call("/device/updateDeviceUserInfo", {"deviceId": device, "userId": customer.id,
                                                               "elevatorId": 99999999})
    assert other.code == Code.NOT_FOUND and other.field == "elevatorId"
    moved = await dealer.call("/device/updateDeviceUserInfo", {"deviceId": device, "userId": customer.id,
                                                               "elevatorId": mine})
    assert moved.code == 0 and moved.data["elevatorId"] == mine


async def test_an_elevator_is_bound_only_to_robots_in_its_owners_subtree(dealer, admin, make_user):
    customer, _ = await make_user(3, parent=dealer.user, roles=[ROLE_USER])
    customer_lift = (await dealer.call("/elevator/insertElevator", {"elevatorName": fresh_name("Site "),
                                                                    "buildingName": "Site", "userId": customer.id}))
    lift = customer_lift.data["elevatorId"]
    dealers_robot = await _device(admin, dealer.user.id)
    refused = await dealer.call("/elevator/bindDevices", {"elevatorId": lift, "deviceIds": [dealers_robot]},
                                headers={"language": "en"})
    assert refused.code == Code.BAD_PARAMETER and refused.field == "deviceIds", refused.body
    assert "can only be bound to robots of its owner" in refused.message
    by_dialog = await dealer.call("/device/updateDeviceInfo", {"deviceId": dealers_robot, "elevatorId": lift})
    assert by_dialog.code == Code.BAD_PARAMETER and by_dialog.field == "elevatorId"
    assert (await dealer.call("/elevator/selectInfoByElevatorId", {"elevatorId": lift})).data["deviceCount"] == 0
    customers_robot = await _device(admin, customer.id)
    assert (await dealer.call("/elevator/bindDevices", {"elevatorId": lift, "deviceIds": [customers_robot]})).code == 0
    given_back = await dealer.call("/device/updateDeviceUserInfo", {"deviceId": customers_robot,
                                                                    "userId": dealer.user.id})
    assert given_back.code == 0 and given_back.data["elevatorId"] is None  # left the elevator owner's subtree
