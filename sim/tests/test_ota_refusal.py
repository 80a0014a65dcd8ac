"""The update rule on the robot's side: an ``ota`` command that carries the server's rule, at a bad moment (running
a task, in an elevator ride, below the battery threshold unless charging, just before a scheduled run), is refused
with an ``ota`` event ``refused`` naming the reason; at a good moment, or without a rule, it starts."""

from datetime import datetime

from conftest import api, messages, run_for
from test_ota import PACKAGE, SHA, settle
from test_schedules import scheduled_robot
from test_work import add_corridor

from cleanfleet_sim import ota
from cleanfleet_sim.activity import Activity
from cleanfleet_sim.clock import ManualClock

RULE = {"minBattery": 30, "quietBeforeRunMinutes": 30}


def command(cmd_id: str, rule: dict | None = RULE) -> dict:
    args = {"version": "FW-3.9.0", "target": "firmware", "url": "/api/ota/package/t1", "sha256": SHA,
            "size": len(PACKAGE)}
    return {"cmdId": cmd_id, "cmd": "ota", "args": {**args, "rule": rule} if rule is not None else args}


def refusals(robot, cmd_id: str) -> list[str]:
    return [m["reason"] for m in messages(robot, "event", kind="ota", cmdId=cmd_id, state="refused")]


async def fetch(url: str, headers: dict[str, str]) -> tuple[int, bytes]:
    return 404, b""


async def test_a_robot_running_a_task_refuses_then_takes_the_update_once_idle(make_robot, clock):
    robot = make_robot()
    robot.cloud, robot.ota_fetch = "http://cloud.test", fetch
    add_corridor(robot)
    assert api(robot, "task_start", task_name="corridor")["state"] == "working"
    run_for(robot, clock, 10)
    robot.handle_command(command("ota-busy"))
    assert refusals(robot, "ota-busy") == ["running_task"] and robot.ota_jobs == {}
    assert messages(robot, "event", kind="cmd_ack", cmdId="ota-busy")[0]["msg"] == "refused"
    api(robot, "task_cancel")
    run_for(robot, clock, 600)
    assert robot.work.run is None and robot.work.job is None
    robot.handle_command(command("ota-idle"))
    assert refusals(robot, "ota-idle") == [] and "ota-idle" in robot.ota_jobs
    await settle(robot)


def test_low_battery_is_refused_unless_charging_and_a_ride_is_refused(make_robot):
    robot = make_robot(battery=25.0)
    robot.motion.on_pile = False
    robot.handle_command(command("ota-low"))
    assert refusals(robot, "ota-low") == ["low_battery"]
    assert ota.refusal((30, 0), riding=False, working=False, battery=25.0, charging=True,
                       run_soon=lambda _m: False) is None
    assert ota.refusal((30, 0), riding=True, working=True, battery=90.0, charging=False,
                       run_soon=lambda _m: False) == "in_elevator"
    robot.activity = Activity.ELEVATOR
    robot.battery.level = 90.0
    robot.handle_command(command("ota-ride"))
    assert refusals(robot, "ota-ride") == ["in_elevator"]


async def test_a_scheduled_run_within_the_quiet_time_is_refused_and_no_rule_means_at_once(make_robot):
    clock = ManualClock(datetime(2026, 11, 23, 7, 40))  # a Monday; "morning" starts at 08:00
    robot = scheduled_robot(clock)
    robot.cloud, robot.ota_fetch = "http://cloud.test", fetch
    robot.handle_command(command("ota-soon"))
    assert refusals(robot, "ota-soon") == ["run_soon"]
    robot.handle_command(command("ota-quiet-10", {"minBattery": 30, "quietBeforeRunMinutes": 10}))
    assert refusals(robot, "ota-quiet-10") == [] and "ota-quiet-10" in robot.ota_jobs
    robot.activity = Activity.ELEVATOR
    robot.handle_command(command("ota-no-rule", None))  # no rule: taken at once (software versions)
    assert refusals(robot, "ota-no-rule") == [] and "ota-no-rule" in robot.ota_jobs
    await settle(robot)


def test_a_rule_out_of_range_is_taken_as_none():
    assert ota.checked_rule({"rule": {"minBattery": 101, "quietBeforeRunMinutes": 0}}) is None
    assert ota.checked_rule({"rule": {"minBattery": 20, "quietBeforeRunMinutes": 30}}) == (20, 30)
    assert ota.checked_rule({}) is None
