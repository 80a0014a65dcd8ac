"""Alarms of api-spec 8.3: random faults that clear, pausing faults, status banners."""

from conftest import api, messages, run_for

from cleanfleet_sim.alarms import BY_KEY, CATALOGUE
from cleanfleet_sim.clock import ManualClock
from cleanfleet_sim.identity import RobotIdentity
from cleanfleet_sim.robot import Robot


def test_catalogue_has_the_spec_codes():
    codes = {a.code_hex for a in CATALOGUE if a.code is not None}
    assert codes == {"0x0610", "0x0612", "0x0614", "0x0616", "0x0205", "0x0534", "0x0535", "0x0536",
                     "0x0470", "0x0471", "0x0472", "0x0473"}
    banners = {a.text for a in CATALOGUE if a.kind == "banner"}
    assert banners == {"map not selected", "position unconfirmed", "low battery", "disinfectant level low",
                       "manual mode", "brake", "emergency stop", "serial connection error"}


def test_random_alarms_are_raised_and_cleared(make_robot, clock):
    robot = make_robot(alarm_rate=20)
    run_for(robot, clock, 6 * 3600, step=2)
    raised = messages(robot, "alarm", action="raise")
    cleared = messages(robot, "alarm", action="clear")
    assert len(raised) > 20
    assert {a["alarmId"] for a in cleared} <= {a["alarmId"] for a in raised}
    assert len(cleared) >= len(raised) - len(robot.alarms.active)
    assert all(a["text"] == BY_KEY[a["key"]].text for a in raised)


def test_alarms_repeat_with_the_same_seed():
    def raised_keys(seed):
        clock = ManualClock()
        robot = Robot(RobotIdentity("SEED3-0001", "s", 3, 20000, "CF-S3 scrubber"), clock, seed=seed, alarm_rate=20)
        robot.tick()
        run_for(robot, clock, 3600)
        return [a["key"] for a in messages(robot, "alarm", action="raise")]

    assert raised_keys(1) == raised_keys(1)
    assert raised_keys(1) != raised_keys(2)


def test_emergency_stop_pauses_the_task_until_released(make_robot, clock):
    robot = make_robot(3)
    api(robot, "task_add", task_name="whole", map_name="office-3F")
    api(robot, "task_start", task_name="whole")
    run_for(robot, clock, 30)
    robot.alarms.raise_("paused_emergency_stop")
    robot.tick()
    assert api(robot, "task_state")["state"] == "paused"
    assert robot.alarms.is_active("emergency_stop")
    assert api(robot, "task_resume")["code"] == 8
    api(robot, "emergency_off")
    assert api(robot, "task_state")["state"] == "working"
    assert not robot.alarms.is_active("emergency_stop")
    assert messages(robot, "report") == []


def test_banners_follow_the_state(make_robot, clock):
    robot = make_robot(2, battery=19)
    assert robot.alarms.is_active("low_battery")
    api(robot, "hand_mode", mode=1)
    api(robot, "robot_safe", robot_safe=1)
    api(robot, "serial_control", isStart=0)
    assert {"manual_mode", "brake", "serial_error"} <= set(robot.alarms.active)
    api(robot, "hand_mode", mode=0)
    api(robot, "robot_safe", robot_safe=0)
    api(robot, "serial_control", isStart=1)
    assert not {"manual_mode", "brake", "serial_error"} & set(robot.alarms.active)
    run_for(robot, clock, 3 * 3600, step=60)
    assert not robot.alarms.is_active("low_battery"), "charged on the pile"
    kinds = {(a["key"], a["action"]) for a in messages(robot, "alarm")}
    assert ("low_battery", "clear") in kinds and ("manual_mode", "raise") in kinds
