"""What uses a map (issue 29): the list's ``inUse`` from the robot's own tasks and schedules, an import or a sync
that would replace a map in use refused naming them unless confirmed (``replaceInUse``), and deleting a map
nobody has."""

from sqlalchemy import update

from cleanfleet.core.codes import Code
from cleanfleet.devices.models import DeviceState
from tests.maps.test_maps import download, import_file

WARD = "ward-2F"


def put_work_on(robot, map_name: str = WARD) -> None:
    """Two tasks, a scheduled task and an elevator scheduled task on the robot's map (its own task book)."""
    known = set(robot.maps)
    for name in ("Night round", "Corridor edge"):
        robot.book.add_task({"task_name": name, "map_name": map_name}, known)
    robot.book.save_schedule({"name": "Weekdays 22:00", "task_list": ["Night round"], "start_time": "22-00",
                              "end_time": "23-30", "days": [1, 2, 3, 4, 5], "enable": 1}, edit=False)
    robot.book.save_elevator_schedule({"name": "Two floors", "elevator_id": "1", "start_time": "06-00",
                                       "end_time": "07-00", "days": [6], "enable": 1,
                                       "floors": [{"map_name": map_name, "task_list": ["Corridor edge"]}]},
                                      edit=False)


USERS = {"tasks": ["Corridor edge", "Night round"], "schedules": ["Weekdays 22:00"],
         "elevatorSchedules": ["Two floors"]}
NAMES = ["Corridor edge", "Night round", "Weekdays 22:00", "Two floors"]


async def listed(api, device_id: int) -> tuple[dict, dict]:
    answer = await api.call("/map/selectMap", {"deviceId": device_id})
    assert answer.code == 0, answer.body
    return answer.data, {m["mapName"]: m for m in answer.data["list"]}


async def go_offline(db, device_id: int) -> None:
    await db.execute(update(DeviceState).where(DeviceState.device_id == device_id).values(online=False))
    await db.commit()


async def test_the_list_names_the_tasks_and_schedules_of_each_map_and_keeps_them_while_offline(fleet, db):
    robot, device_id = fleet.robots[1], fleet.device_ids[1]  # protocol 2: its task calls are under api/
    put_work_on(robot)
    data, maps = await listed(fleet.customer, device_id)
    assert data["usageRefreshed"]
    assert maps[WARD]["usedBy"] == USERS and maps[WARD]["inUse"] == NAMES
    assert maps["lobby-hall"]["inUse"] == [] and maps["lobby-hall"]["usedBy"]["tasks"] == []
    await go_offline(db, device_id)
    offline, maps = await listed(fleet.customer, device_id)
    assert not offline["refreshed"] and not offline["usageRefreshed"]
    assert maps[WARD]["inUse"] == NAMES  # as the robot last told


async def test_an_import_over_a_map_in_use_is_refused_naming_them_and_goes_through_when_confirmed(fleet):
    target, device_id = fleet.robots[1], fleet.device_ids[1]
    put_work_on(target)
    before = target.maps[WARD]
    data = await download(fleet.customer, fleet.device_ids[0], WARD)
    refused = await import_file(fleet.customer, device_id, data)
    message = refused["message"]
    assert (message["code"], message["field"]) == (Code.CONFLICT, "mapName"), refused
    assert all(name in message["message"] for name in NAMES) and WARD in message["message"]
    [entry] = refused["data"]["targets"]
    assert refused["data"]["mapName"] == WARD
    assert (entry["deviceId"], entry["usedBy"], entry["fromRecord"]) == (device_id, USERS, False)
    assert target.maps[WARD] is before  # nothing replaced
    other_name = await import_file(fleet.customer, device_id, data, "ward copy")  # a new name: nothing to ask
    assert other_name["message"]["code"] == 0, other_name
    confirmed = await import_file(fleet.customer, device_id, data, replace_in_use="true")
    assert confirmed["message"]["code"] == 0, confirmed
    assert target.maps[WARD] is not before and confirmed["data"]["map"]["inUse"] == NAMES
    assert set(target.book.tasks) == {"Night round", "Corridor edge"}  # the tasks stay, on the new map


async def test_a_sync_over_a_map_in_use_is_refused_naming_the_targets_and_sent_when_confirmed(fleet, db):
    source_id, target_id = fleet.device_ids
    target = fleet.robots[1]
    put_work_on(target)
    body = {"deviceId": source_id, "mapName": WARD, "targetDeviceIds": [target_id]}
    refused = await fleet.customer.call("/map/sync", body)
    assert (refused.code, refused.field) == (Code.CONFLICT, "mapName")
    assert all(name in refused.message for name in NAMES)
    [entry] = refused.data["targets"]
    assert (entry["deviceId"], entry["usedBy"], entry["fromRecord"]) == (target_id, USERS, False)
    assert fleet.sent == []  # nothing sent to any target
    await listed(fleet.customer, target_id)  # the record learns what uses the target's maps
    await go_offline(db, target_id)
    offline = await fleet.customer.call("/map/sync", body)
    assert offline.code == Code.CONFLICT and offline.data["targets"][0]["fromRecord"]
    assert offline.data["targets"][0]["usedBy"] == USERS and fleet.sent == []
    confirmed = await fleet.customer.call("/map/sync", {**body, "replaceInUse": True})
    assert confirmed.code == 0, confirmed.body
    assert [row["targetDeviceId"] for row in confirmed.data] == [target_id] and len(fleet.sent) == 1


async def test_deleting_a_map_nobody_has_is_not_found_and_a_record_only_map_is_dropped(fleet):
    robot, device_id = fleet.robots[0], fleet.device_ids[0]
    await listed(fleet.customer, device_id)
    missing = await fleet.customer.client.get(f"/api/map/deleteMap2/{device_id}/no such map",
                                              headers=fleet.customer.headers())
    message = missing.json()["message"]
    assert (message["code"], message["field"]) == (Code.NOT_FOUND, "mapName") and "no such map" in message["message"]
    del robot.maps[WARD]  # the robot lost it; the record still has it
    dropped = await fleet.customer.client.get(f"/api/map/deleteMap2/{device_id}/{WARD}",
                                              headers=fleet.customer.headers())
    assert dropped.json()["message"]["code"] == 0
    _, maps = await listed(fleet.customer, device_id)
    assert WARD not in maps
