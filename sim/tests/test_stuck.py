"""A robot that gets stuck needs a person (issue 34 item 6): it raises ``replan_failed``, holds still with its task
paused and never clears by itself; a person frees it through the web API (the on-site action), the alarm clears and
the task goes on. Stuck by chance while working at ``stuck_rate`` per hour."""

from conftest import api, messages, run_for
from test_work import add_corridor

from cleanfleet_sim.activity import Activity


def alarm_changes(robot, key="replan_failed"):
    return [m["action"] for m in messages(robot, "alarm") if m["key"] == key]


def test_a_stuck_robot_waits_for_a_person_and_goes_on_when_freed(make_robot, clock):
    robot = make_robot()
    add_corridor(robot)
    api(robot, "task_start", task_name="corridor")
    run_for(robot, clock, 60)
    stuck = api(robot, "api2/sim_stuck")
    assert stuck["code"] == 0 and stuck["stuck"] is True
    held = api(robot, "robot_pose")
    progress = api(robot, "task_state")["progress"]
    run_for(robot, clock, 3 * 3600)  # hours: no clear by itself
    assert alarm_changes(robot) == ["raise"]
    assert api(robot, "task_state")["state"] == "paused" and robot.activity == Activity.PAUSED
    assert api(robot, "robot_pose")["x"] == held["x"] and api(robot, "task_state")["progress"] == progress
    refused = api(robot, "task_resume")
    assert refused["code"] != 0 and refused.get("reason") == "stuck"
    freed = api(robot, "api2/sim_free")
    assert freed["freed"] is True
    assert alarm_changes(robot) == ["raise", "clear"]
    run_for(robot, clock, 60)
    state = api(robot, "task_state")
    assert state["state"] == "working" and state["progress"] > progress
    assert api(robot, "api2/sim_free")["freed"] is False  # nobody to free


def test_a_working_robot_gets_stuck_by_chance_at_its_rate(make_robot, clock):
    robot = make_robot()
    assert api(robot, "api2/sim_stuck", rate=60)["rate"] == 60  # about once a minute while working
    add_corridor(robot)
    api(robot, "task_start", task_name="corridor")
    run_for(robot, clock, 10 * 60)
    assert robot.safety.stuck and alarm_changes(robot) == ["raise"]
    bad = api(robot, "api2/sim_stuck", rate=1000)
    assert bad["code"] != 0


def test_an_idle_robot_does_not_get_stuck_by_chance(make_robot, clock):
    robot = make_robot()
    api(robot, "api2/sim_stuck", rate=100)
    run_for(robot, clock, 30 * 60)
    assert not robot.safety.stuck and alarm_changes(robot) == []
