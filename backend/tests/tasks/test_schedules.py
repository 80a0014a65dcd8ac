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
    ({"startTime": ""}, "startTime"),
    ({"startTime": "10:00", "endTime": "09:30"}, "endTime"),
    ({"startTime": "10:00", "endTime": "10:00"}, "endTime"),
    ({"startTime": "22:00", "endTime": "02:00", "isActive": False}, "endTime"),
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


async def test_a_forced_end_before_the_start_is_refused_in_the_callers_language(with_task):
    site = with_task
    body = schedule(site, startTime="10:00", endTime="09:30")
    english = await site.customer.call("/task/scheduleSave", body, headers={"accept-language": "en"})
    assert english.message == "The forced end time 09:30 must be after the start time 10:00"
    french = await site.customer.call("/task/scheduleSave", body, headers={"accept-language": "fr"})
    assert french.field == "endTime" and french.message.startswith("L'heure de fin forcée 09:30")
    no_start = await site.customer.call("/task/scheduleSave", schedule(site, startTime=""),
                                        headers={"accept-language": "de"})
    assert no_start.message == "Wählen Sie die Startzeit"
    lift = await site.customer.call("/elevator/insertElevator", {"buildingName": "Tower", "elevatorName": "Lift"})
    ride = await site.customer.call("/task/elevatorScheduleSave", {
        "deviceId": site.device_id, "name": "Floors", "elevatorId": lift.data["elevatorId"],
        "floors": [{"mapName": "office-3F", "taskList": ["Corridor"]}], "startTime": "09:00", "endTime": "08:00",
        "repeat": [2], "isActive": True})
    assert ride.code == Code.BAD_PARAMETER and ride.field == "endTime"
    assert site.robot.book.elevator_schedules == {}


async def test_a_schedule_is_edited_whole_on_the_robot(with_task):
    site = with_task
    await site.customer.call("/task/add", draft(site, taskName="Second"))
    await site.customer.call("/task/scheduleSave", schedule(site))
    edited = await site.customer.call("/task/scheduleSave", schedule(
        site, taskList=["Second", "Corridor"], startTime="13:15", endTime="14:00", repeat=[2, 5], edit=True))
    assert edited.code == 0, edited.body
    listed = (await site.customer.call("/task/schedules", {"deviceId": site.device_id})).data
    assert [(s["name"], s["taskList"], s["startTime"], s["endTime"], s["repeat"]) for s in listed] == [
        ("Weekday sweep", ["Second", "Corridor"], "13:15", "14:00", [2, 5])]
    assert listed[0]["nextRun"].startswith("2026-11-24T13:15")  # Tuesday, on the robot's clock

    # a refused edit leaves the schedule as it was: the robot knows no task "Gone"
    refused = await site.customer.call("/task/scheduleSave", schedule(
        site, taskList=["Gone"], startTime="06:00", endTime="07:00", repeat=[7], edit=True))
    assert refused.code == Code.NOT_FOUND, refused.body
    stored = site.robot.book.schedule("Weekday sweep")
    assert (stored.task_list, stored.start_time, stored.days) == (["Second", "Corridor"], "13-15", [2, 5])
    missing = await site.customer.call("/task/scheduleSave", schedule(site, name="Nothing", edit=True))
    assert missing.code == Code.NOT_FOUND
    assert [s["name"] for s in (await site.customer.call("/task/schedules", {"deviceId": site.device_id})).data] == [
        "Weekday sweep"]


def skip(site, name="Weekday sweep"):
    return site.customer.call("/task/scheduleCancelToday", {"deviceId": site.device_id, "name": name},
                              headers={"accept-language": "en"})


async def test_skip_today_only_on_a_day_the_schedule_runs(with_task):
    site = with_task  # the robot's clock: Monday 2026-11-23
    await site.customer.call("/task/scheduleSave", schedule(site, repeat=[2, 4]))
    not_today = await skip(site)
    assert not_today.code == Code.CONFLICT and not_today.field == "name"
    assert not_today.message == ("The scheduled task Weekday sweep does not run today (2026-11-23 on the robot's "
                                 "clock), so there is no run to skip")
    assert site.robot.book.schedule("Weekday sweep").skip_date is None

    await site.customer.call("/task/scheduleSave", schedule(site, name="Mondays", repeat=[1], isActive=False))
    off = await skip(site, "Mondays")
    assert off.code == Code.CONFLICT and off.field == "name" and "is off" in off.message
    missing = await skip(site, "Nothing")
    assert missing.code == Code.NOT_FOUND and missing.field == "name"

    await site.customer.call("/task/scheduleEnable", {"deviceId": site.device_id, "name": "Mondays",
                                                      "isActive": True})
    await site.customer.call("/task/scheduleSave", schedule(site, name="Mondays", repeat=[1], edit=True))
    skipped = await skip(site, "Mondays")
    assert skipped.code == 0, skipped.body
    assert str(site.robot.book.schedule("Mondays").skip_date) == "2026-11-23"


async def test_editing_a_schedule_needs_the_edit_key(with_task, make_user, signed_in):
    site = with_task
    await site.customer.call("/task/scheduleSave", schedule(site))
    role = await site.dealer.call("/user/role/insert", {"name": "Planner", "keys": [
        "index", "device/taskList", "device/taskList/add"]})
    assert role.code == 0, role.body
    planner, password = await make_user(3, roles=[role.data["id"]], shadow_of=site.customer_user)
    api = await signed_in(planner, password)
    refused = await api.call("/task/scheduleSave", schedule(site, startTime="11:00", endTime="12:00", edit=True))
    assert refused.code == Code.NO_PERMISSION, refused.body
    assert site.robot.book.schedule("Weekday sweep").start_time == "08-30"
    added = await api.call("/task/scheduleSave", schedule(site, name="Planned"))
    assert added.code == 0, added.body
