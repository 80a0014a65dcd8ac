"""Scheduled and elevator scheduled tasks run by the robot's own clock."""

import asyncio
from datetime import datetime

from conftest import api, messages, run_for

from cleanfleet_sim.activity import Activity
from cleanfleet_sim.clock import ManualClock, SimClock
from cleanfleet_sim.demo import give_demo_work
from cleanfleet_sim.identity import RobotIdentity
from cleanfleet_sim.robot import Robot

MONDAY_0750 = datetime(2026, 11, 23, 7, 50)  # a Monday


def scheduled_robot(clock, **schedule):
    robot = Robot(RobotIdentity("SCHED3-0001", "s", 3, 20000, "CF-S3 scrubber"), clock, alarm_rate=0, battery=95)
    give_demo_work(robot)
    robot.tick()
    fields = {"name": "morning", "map_name": "office-3F", "task_list": ["office corridor"], "start_time": "08-00",
              "end_time": "09-00", "days": [1, 2, 3, 4, 5], "enable": 1, **schedule}
    answer = api(robot, "timetask_save", **fields)
    assert answer["code"] == 0, answer
    return robot


def test_scheduled_task_starts_at_its_time_on_the_sped_up_clock():
    clock = SimClock(speed=3600, start=MONDAY_0750)  # an hour of robot time per wall second
    robot = scheduled_robot(clock)

    async def wait_for_start() -> None:
        for _ in range(100):
            robot.tick()
            if robot.run is not None:
                return
            await asyncio.sleep(0.05)

    asyncio.run(wait_for_start())
    assert robot.run is not None and robot.run.task.task_name == "office corridor"
    started = messages(robot, "event", kind="schedule_started")
    assert started and started[0]["schedule"] == "morning" and started[0]["at"].startswith("2026-11-23T08:00:00")


def test_schedule_waits_for_its_minute_and_weekday():
    clock = ManualClock(MONDAY_0750)
    robot = scheduled_robot(clock, days="2,3")  # Tuesday and Wednesday only
    run_for(robot, clock, 20 * 60)
    assert robot.run is None and not messages(robot, "event", kind="schedule_started")
    run_for(robot, clock, 24 * 3600 - 20 * 60, step=60)  # Tuesday 07:50
    assert robot.run is None
    run_for(robot, clock, 11 * 60, step=30)
    assert robot.run is not None and robot.run.source == "schedule"


def test_disabled_schedule_does_not_run_and_switches_on():
    clock = ManualClock(MONDAY_0750)
    robot = scheduled_robot(clock, enable=0, end_time="")
    run_for(robot, clock, 20 * 60)
    assert robot.run is None
    assert api(robot, "timetask_enable", name="morning", enable=1)["msg"].startswith("end_time")
    api(robot, "timetask_edit", name="morning", end_time="08-45", start_time="08-20")
    assert api(robot, "timetask_enable", name="morning", enable=1)["timetask_info"][0]["enable"] == 1
    run_for(robot, clock, 15 * 60)
    assert robot.run is not None


def test_forced_end_stops_the_task_and_sends_the_robot_home():
    clock = ManualClock(MONDAY_0750)
    robot = scheduled_robot(clock, task_list=["office whole floor"], end_time="08-10")
    run_for(robot, clock, 30 * 60, step=10)
    report = messages(robot, "report")[-1]
    assert report["result"] == "forced_end" and report["endTime"].startswith("2026-11-23T08:10")
    assert robot.activity in (Activity.RETURNING, Activity.DOCKING, Activity.CHARGING)


def test_schedule_rules():
    clock = ManualClock(MONDAY_0750)
    robot = scheduled_robot(clock)
    assert api(robot, "timetask_save", name="x", task_list=["office corridor"], days=[1],
               start_time="")["msg"].startswith("start_time")
    assert api(robot, "timetask_save", name="x", task_list=["office corridor"], start_time="08-00",
               days=[])["msg"].startswith("days")
    assert api(robot, "timetask_save", name="x", task_list=["office corridor", "office corridor"],
               start_time="08-00", end_time="09-00", days=[1])["msg"].endswith("cannot be added twice")
    assert api(robot, "timetask_save", name="morning", task_list=["office corridor"], start_time="08-00",
               end_time="09-00", days=[1])["code"] == 11
    listed = api(robot, "timetask_list")["timetask_info"]
    assert [s["name"] for s in listed] == ["night clean", "weekend clean", "morning"]
    assert listed[2] == {"name": "morning", "map_name": "office-3F", "task_list": ["office corridor"],
                              "start_time": "08-00", "end_time": "09-00", "days": [1, 2, 3, 4, 5], "enable": 1}
    api(robot, "timetask_set_top", name="morning")
    api(robot, "timetask_rename", name="morning", new_name="early")
    assert [s["name"] for s in api(robot, "timetask_list")["timetask_info"]][0] == "early"
    api(robot, "timetask_delete", name="early")
    assert api(robot, "timetask_info", name="early")["code"] == 3


def test_timetask_cancel_skips_today():
    clock = ManualClock(MONDAY_0750)
    robot = scheduled_robot(clock)
    api(robot, "timetask_cancel", name="morning")
    run_for(robot, clock, 20 * 60)
    assert robot.run is None
    run_for(robot, clock, 24 * 3600, step=60)
    assert messages(robot, "event", kind="schedule_started")


def test_timetask_cancel_is_refused_on_a_day_the_schedule_does_not_run():
    robot = scheduled_robot(ManualClock(MONDAY_0750), days=[2, 4])
    refused = api(robot, "timetask_cancel", name="morning")
    assert refused["code"] == 1 and "does not run today" in refused["msg"]
    assert robot.book.schedule("morning").skip_date is None
    api(robot, "timetask_enable", name="morning", enable=0)
    on_a_monday = scheduled_robot(ManualClock(MONDAY_0750), enable=0)
    assert api(on_a_monday, "timetask_cancel", name="morning")["code"] == 1


def test_elevator_scheduled_task_rides_to_another_floor_and_back():
    clock = ManualClock(MONDAY_0750)
    robot = scheduled_robot(clock, enable=0)
    answer = api(robot, "elevator_timetask_add", name="two floors", elevator_id="EL-7", start_time="08-00",
                 end_time="11-00", days=[1], enable=1,
                 floors=[{"map_name": "office-3F", "task_list": ["office corridor"]},
                         {"map_name": "lobby-hall", "task_list": ["lobby entrance"]}])
    assert answer["code"] == 0, answer
    run_for(robot, clock, 3 * 3600, step=10)
    reports = [(r["taskName"], r["result"]) for r in messages(robot, "report")]
    assert reports == [("office corridor", "finished"), ("lobby entrance", "finished")]
    rides = [(e["state"], e["to"]) for e in messages(robot, "event", kind="elevator")]
    assert rides == [("riding", "lobby-hall"), ("arrived", "lobby-hall"), ("riding", "office-3F"),
                     ("arrived", "office-3F")]
    assert robot.map_name == "office-3F" and robot.on_pile


def test_elevator_schedule_calls():
    clock = ManualClock(MONDAY_0750)
    robot = scheduled_robot(clock)
    listed = api(robot, "elevator_timetask_list")["timetask_info"]
    assert listed[0]["name"] == "tower round" and listed[0]["floors"][1]["map_name"] == "lobby-hall"
    api(robot, "elevator_timetask_modofied", name="tower round", start_time="05-30")
    api(robot, "elevator_timetask_rename", name="tower round", new_name="dawn round")
    assert api(robot, "elevator_timetask_list")["timetask_info"][0]["start_time"] == "05-30"
    wrong = api(robot, "elevator_timetask_add", name="bad", elevator_id="EL-1", start_time="05-00",
                end_time="06-00", days=[1], floors=[{"map_name": "ward-2F", "task_list": ["office corridor"]}])
    assert wrong["code"] == 2
    api(robot, "elevator_timetask_delete", name="dawn round")
    assert api(robot, "elevator_timetask_list")["timetask_info"] == []
