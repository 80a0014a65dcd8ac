"""Scheduled and elevator-linked scheduled tasks through the server: the field mapping (days → repeat, enable →
isActive, 08-30 → 08:30), the checks naming the field, the next run on the robot's clock, the robot running a
schedule by its own clock, and an elevator that cannot be deleted while a schedule rides it."""

import pytest

from cleanfleet.core.codes import Code
from tests.tasks.conftest import draft, run_robot


def schedule(site, **fields):
    return {"deviceId": site.device_id, "name": "Weekday sweep", "mapName": "office-3F", "taskList": ["Corridor"],
            "startTime": "08:30", "endTime": "10:00", "repeat": [1, 3], "isActive": True, **fields}


@pytest.fixture
async def with_task(site):
    saved = await site.customer.call("/task/add", draft(site))
    assert saved.code == 0, saved.body
    return site


@pytest.mark.parametrize(("fields", "field"), [
    ({"repeat": []}, "repeat"),
    ({"endTime": ""}, "endTime"),
    ({"taskList": ["Corridor", "Corridor"]}, "taskList"),
    ({"startTime": "25:00"}, "startTime"),
    ({"name": " "}, "name"),
    ({"repeat": [8]}, "repeat.0"),
])
async def test_a_bad_schedule_is_refused_naming_the_field(with_task, fields, field):
    site = with_task
    answer = await site.customer.call("/task/scheduleSave", schedule(site, **fields))
    assert answer.code == Code.BAD_PARAMETER, answer.body
    assert answer.field == field
    assert (await site.customer.call("/task/schedules", {"deviceId": site.device_id})).data == []


async def test_an_off_schedule_needs_no_end_time_and_shows_no_next_run(with_task):
    site = with_task
    answer = await site.customer.call("/task/scheduleSave", schedule(site, endTime="", isActive=False))
    assert answer.code == 0, answer.body
    assert answer.data["isActive"] is False and answer.data["nextRun"] is None


async def test_a_schedule_is_mapped_both_ways_and_runs_by_the_robots_clock(with_task):
    site = with_task  # the robot's clock: Monday 2026-11-23 07:00
    clock = await site.customer.call("/task/state", {"deviceId": site.device_id})
    assert clock.data["robotTime"].startswith("2026-11-23T07:00")  # the console shows it beside the schedules
    saved = await site.customer.call("/task/scheduleSave", schedule(site))
    assert saved.code == 0, saved.body
    listed = (await site.customer.call("/task/schedules", {"deviceId": site.device_id})).data
    assert listed == [{"name": "Weekday sweep", "mapName": "office-3F", "taskList": ["Corridor"],
                       "startTime": "08:30", "endTime": "10:00", "repeat": [1, 3], "isActive": True,
                       "nextRun": listed[0]["nextRun"], "elevatorId": None, "elevatorName": None, "floors": None}]
    assert listed[0]["nextRun"].startswith("2026-11-23T08:30")
    stored = site.robot.book.schedule("Weekday sweep")
    assert stored.start_time == "08-30" and stored.days == [1, 3] and stored.enable == 1

    off = await site.customer.call("/task/scheduleEnable", {"deviceId": site.device_id, "name": "Weekday sweep",
                                                            "isActive": False})
    assert off.data["isActive"] is False and off.data["nextRun"] is None
    await site.customer.call("/task/scheduleEnable", {"deviceId": site.device_id, "name": "Weekday sweep",
                                                      "isActive": True})
    run_robot(site, 95 * 60, step=30)  # past 08:30 on the robot's clock
    state = await site.customer.call("/task/state", {"deviceId": site.device_id})
    history = await site.customer.call("/task/history", {"deviceId": site.device_id})
    assert state.data["taskName"] == "Corridor" or history.data["runs"][0]["taskName"] == "Corridor"
    later = (await site.customer.call("/task/schedules", {"deviceId": site.device_id})).data[0]
    assert later["nextRun"].startswith("2026-11-25T08:30")  # Wednesday


async def test_a_schedule_is_renamed_pinned_and_deleted(with_task):
    site = with_task
    await site.customer.call("/task/scheduleSave", schedule(site))
    await site.customer.call("/task/scheduleSave", schedule(site, name="Evening"))
    renamed = await site.customer.call("/task/scheduleRename", {"deviceId": site.device_id, "name": "Evening",
                                                                "newName": "Late"})
    assert renamed.code == 0
    await site.customer.call("/task/scheduleSetTop", {"deviceId": site.device_id, "name": "Late"})
    names = [s["name"] for s in (await site.customer.call("/task/schedules", {"deviceId": site.device_id})).data]
    assert names == ["Late", "Weekday sweep"]
    await site.customer.call("/task/scheduleDelete", {"deviceId": site.device_id, "name": "Late"})
    names = [s["name"] for s in (await site.customer.call("/task/schedules", {"deviceId": site.device_id})).data]
    assert names == ["Weekday sweep"]


async def test_an_elevator_schedule_keeps_its_elevator_from_being_deleted(with_task):
    site = with_task
    lift = await site.customer.call("/elevator/insertElevator", {"buildingName": "Tower", "elevatorName": "Tower lift"})
    assert lift.code == 0, lift.body
    body = {"deviceId": site.device_id, "name": "Floors", "elevatorId": lift.data["elevatorId"],
            "floors": [{"mapName": "office-3F", "taskList": ["Corridor"]}], "startTime": "09:00", "endTime": "11:00",
            "repeat": [2], "isActive": True}
    no_floors = await site.customer.call("/task/elevatorScheduleSave", {**body, "floors": []})
    assert no_floors.code == Code.BAD_PARAMETER and no_floors.field == "floors"
    foreign = await site.other_dealer.call("/elevator/insertElevator", {"buildingName": "Tower",
                                                                        "elevatorName": "Not yours"})
    stranger = await site.customer.call("/task/elevatorScheduleSave",
                                        {**body, "elevatorId": foreign.data["elevatorId"]})
    assert stranger.code == Code.NOT_FOUND and stranger.field == "elevatorId"

    saved = await site.customer.call("/task/elevatorScheduleSave", body)
    assert saved.code == 0, saved.body
    assert saved.data["elevatorName"] == "Tower lift" and saved.data["floors"][0]["mapName"] == "office-3F"
    listed = (await site.customer.call("/task/elevatorSchedules", {"deviceId": site.device_id})).data
    assert [(s["name"], s["elevatorName"], s["startTime"]) for s in listed] == [("Floors", "Tower lift", "09:00")]

    refused = await site.customer.call("/elevator/deleteElevator", {"elevatorId": lift.data["elevatorId"]},
                                       headers={"accept-language": "en"})
    assert refused.code == Code.CONFLICT and "Floors" in refused.message
    renamed = await site.customer.call("/task/elevatorScheduleRename", {"deviceId": site.device_id, "name": "Floors",
                                                                        "newName": "All floors"})
    assert renamed.code == 0
    info = await site.customer.call("/elevator/selectInfoByElevatorId", {"elevatorId": lift.data["elevatorId"]})
    assert info.data["schedules"] == [f"robot {site.robot.sn}: All floors"]
    await site.customer.call("/task/elevatorScheduleDelete", {"deviceId": site.device_id, "name": "All floors"})
    deleted = await site.customer.call("/elevator/deleteElevator", {"elevatorId": lift.data["elevatorId"]})
    assert deleted.code == 0, deleted.body


async def test_the_elevator_points_of_a_map(site):
    answer = await site.customer.call("/task/elevatorPoints", {"deviceId": site.device_id, "mapName": "office-3F"})
    assert answer.code == 0, answer.body
    assert [p["name"] for p in answer.data["points"]] == ["elevator hall"]
