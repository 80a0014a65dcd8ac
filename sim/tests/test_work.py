"""Tasks on the robot: start, pause, resume, cancel, go home, battery, recharge in the middle."""

from conftest import api, messages, run_for

from cleanfleet_sim.activity import Activity
from cleanfleet_sim.demo import give_demo_work

CORRIDOR = [[0.7, 8.7], [30.4, 8.7], [30.4, 11.4], [0.7, 11.4]]


def add_corridor(robot, name="corridor", **extra):
    return api(robot, "task_add", task_name=name, map_name="office-3F", area=CORRIDOR, **extra)


def test_task_runs_to_the_end_reports_and_goes_home(make_robot, clock):
    robot = make_robot()
    add_corridor(robot)
    started = api(robot, "task_start", task_name="corridor")
    assert started["state"] == "working" and started["task_name"] == "corridor"

    run_for(robot, clock, 30 * 60)

    report = messages(robot, "report")[-1]
    assert report["result"] == "finished" and report["taskName"] == "corridor"
    assert report["coverage"] >= 99 and report["cleanedArea"] == report["workArea"] > 50
    assert report["efficiency"] > 0 and report["endTime"] > report["startTime"]
    assert robot.activity == Activity.CHARGING and robot.on_pile
    progress = [m["progress"] for m in messages(robot, "event", kind="task_progress")]
    assert progress == sorted(progress) and progress[0] == 10


def test_pose_speed_and_heading_change_while_working(make_robot, clock):
    robot = make_robot()
    add_corridor(robot)
    api(robot, "task_start", task_name="corridor")
    seen = set()
    for _ in range(20):
        run_for(robot, clock, 3, step=1)
        pose = api(robot, "robot_pose")
        seen.add((round(pose["x"], 1), round(pose["y"], 1), round(pose["yaw"], 1)))
    assert len(seen) > 10
    assert len({yaw for _, _, yaw in seen}) > 1


def test_pause_resume_cancel(make_robot, clock):
    robot = make_robot()
    add_corridor(robot)
    api(robot, "task_start", task_name="corridor")
    run_for(robot, clock, 60)
    api(robot, "task_pause")
    held = api(robot, "robot_pose")
    progress = api(robot, "task_state")["progress"]
    run_for(robot, clock, 120)
    assert api(robot, "task_state")["state"] == "paused"
    assert api(robot, "robot_pose")["x"] == held["x"] and api(robot, "task_state")["progress"] == progress

    api(robot, "task_resume")
    run_for(robot, clock, 60)
    state = api(robot, "task_state")
    assert state["state"] == "working" and state["progress"] > progress

    api(robot, "task_cancel")
    assert api(robot, "task_state")["state"] == "idle"
    assert messages(robot, "report")[-1]["result"] == "cancelled"
    assert api(robot, "task_pause")["code"] != 0


def test_go_home_and_cancel_go_home(make_robot, clock):
    robot = make_robot()
    api(robot, "point_moveto", x=15.25, y=10.25)
    run_for(robot, clock, 120)
    assert abs(robot.motion.pose.x - 15.25) < 0.01 and not robot.on_pile

    api(robot, "go_home")
    run_for(robot, clock, 5)
    assert robot.activity == Activity.RETURNING
    api(robot, "cancel_go_home")
    assert robot.activity == Activity.IDLE
    api(robot, "go_home")
    run_for(robot, clock, 180)
    assert robot.on_pile and robot.activity == Activity.CHARGING
    pile = robot.map.charging_pile()
    assert (robot.motion.pose.x, robot.motion.pose.y) == (pile.x, pile.y)


def test_battery_drains_when_working_and_charges_on_the_pile(make_robot, clock):
    robot = make_robot(battery=80)
    api(robot, "task_add", task_name="whole", map_name="office-3F")
    api(robot, "task_start", task_name="whole")
    run_for(robot, clock, 600)
    assert robot.activity == Activity.WORKING
    assert robot.battery.level < 80 - 3
    api(robot, "go_home")
    run_for(robot, clock, 300)
    assert robot.on_pile
    docked = robot.battery.level
    run_for(robot, clock, 900)
    assert robot.battery.level > docked + 5
    assert robot.battery.charging() and api(robot, "hardware_state")["battery"]["charging"] == 1


def test_low_battery_goes_to_charge_and_carries_on(make_robot, clock):
    robot = make_robot(battery=24)
    api(robot, "task_add", task_name="whole", map_name="office-3F", path_type="bow")
    api(robot, "task_start", task_name="whole")
    run_for(robot, clock, 3 * 3600, step=10)
    assert messages(robot, "event", kind="recharge"), "went to charge in the middle of the task"
    reports = messages(robot, "report")
    assert reports and reports[-1]["result"] == "finished" and reports[-1]["coverage"] >= 99


def test_refusals_change_nothing(make_robot, clock):
    robot = make_robot(battery=18)
    add_corridor(robot)
    low = api(robot, "task_start", task_name="corridor")
    assert low["code"] == 7 and robot.run is None
    robot.battery.level = 90
    api(robot, "robot_lock", lock=1)
    assert api(robot, "task_start", task_name="corridor")["code"] == 6
    assert api(robot, "cmdvel_ctrl", linear=0.3, angular=0)["code"] == 6
    api(robot, "robot_lock", lock=0)
    assert api(robot, "task_start", task_name="nope")["code"] == 3
    assert api(robot, "task_add", task_name="", map_name="office-3F")["msg"].startswith("task_name")
    assert api(robot, "task_add", task_name="x", map_name="office-3F", path_type="zigzag")["code"] == 2
    assert list(robot.book.tasks) == ["corridor"]


def test_joystick_moves_the_robot_and_stops_at_walls(make_robot, clock):
    robot = make_robot()
    start = robot.motion.pose.x
    for _ in range(10):
        api(robot, "cmdvel_ctrl", linear=0.5, angular=0.0)
        run_for(robot, clock, 1, step=0.5)
    assert robot.motion.pose.x > start + 2 and not robot.on_pile
    api(robot, "point_moveto", x=3.25, y=10.25, yaw=3.14159)
    run_for(robot, clock, 60)
    for _ in range(40):
        api(robot, "cmdvel_ctrl", linear=0.7, angular=0.0)  # towards the west wall
        run_for(robot, clock, 1, step=0.5)
    assert robot.map.is_passable(robot.motion.pose.x, robot.motion.pose.y)
    assert robot.motion.pose.x > 0.7


def test_task_list_queue_and_cancel_one_on_protocol_3(make_robot, clock):
    robot = make_robot(3)
    give_demo_work(robot)
    state = api(robot, "task_start", task_list=["office corridor", "office meeting rooms"])
    assert state["task_name"] == "office corridor" and state["queue"] == ["office meeting rooms"]
    run_for(robot, clock, 30)
    assert api(robot, "task_cancel_one")["task_name"] == "office meeting rooms"


def test_map_change_ends_tasks_and_needs_relocation(make_robot, clock):
    robot = make_robot()
    add_corridor(robot)
    api(robot, "task_start", task_name="corridor")
    run_for(robot, clock, 30)
    assert api(robot, "api2/map_load", name="lobby-hall")["localized"] == 0
    assert robot.run is None and messages(robot, "report")[-1]["result"] == "cancelled"
    assert api(robot, "api2/map_name", method="GET")["map_name"] == "lobby-hall"
    assert robot.alarms.is_active("position_unconfirmed")
    assert api(robot, "go_home")["code"] == 9
    flag = api(robot, "api2/relocation_point", point="charging pile")
    assert flag["localized"] == 1
    robot.tick()
    assert not robot.alarms.is_active("position_unconfirmed")


def _first_cell_centre(robot):
    return robot.map.coarse_centre(*robot.run.plan[0])


def test_a_run_begins_its_path_at_the_drawn_start_point(make_robot):
    west, east = make_robot(), make_robot()
    add_corridor(west, start_point=[1.5, 10.0])
    add_corridor(east, start_point={"x": 29.5, "y": 10.0})
    assert api(east, "task_list")["task_info"][0]["start_point"] == [29.5, 10.0]
    api(west, "task_start", task_name="corridor")
    api(east, "task_start", task_name="corridor")
    wx, _ = _first_cell_centre(west)
    ex, _ = _first_cell_centre(east)
    assert wx < 4 and ex > 26


def test_a_start_point_that_is_not_a_point_is_refused_and_nothing_is_added(make_robot):
    robot = make_robot()
    for bad in ([None, 1], ["a", "b"], [float("inf"), 1.0], "here"):
        answer = add_corridor(robot, start_point=bad)
        assert answer["code"] != 0 and "start_point" in answer["msg"], bad
    assert api(robot, "task_list")["task_info"] == [] or all(
        t["task_name"] != "corridor" for t in api(robot, "task_list")["task_info"])


def test_a_faster_task_covers_more_ground_in_the_same_time(make_robot, clock):
    slow, fast = make_robot(), make_robot()
    add_corridor(slow, speed="low")
    add_corridor(fast, speed="high")
    for robot in (slow, fast):
        api(robot, "task_start", task_name="corridor")
    start = {robot.sn: robot.motion.odometer_m for robot in (slow, fast)}
    for _ in range(120):
        clock.advance(1)
        slow.tick()
        fast.tick()
    driven = {robot.sn: robot.motion.odometer_m - start[robot.sn] for robot in (slow, fast)}
    assert driven[fast.sn] > 1.5 * driven[slow.sn] > 0
