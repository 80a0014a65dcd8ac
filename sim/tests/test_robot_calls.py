"""The rest of the robot web API: sensors, parameters, utilities, maps, paths, groups, reboot."""

import io

from conftest import api, messages, run_for
from PIL import Image

from cleanfleet_sim.activity import Activity
from cleanfleet_sim.demo import give_demo_work
from cleanfleet_sim.webapi.dispatch import Upload, call_robot


def test_radar_and_sensors_see_the_walls(make_robot):
    robot = make_robot(2)
    raw = api(robot, "radar_info_raw")
    assert len(raw["ranges"]) == 360 and raw["angle_increment"] > 0
    assert 0.3 < min(raw["ranges"]) < 1.0, "the pile stands next to the west wall"
    points = api(robot, "radar_info")["points"]
    assert points and all(robot.map.contains(x, y) for x, y in points)
    sensors = api(robot, "sensor_info_web")
    assert len(sensors["ultrasonic"]) == 8 and sensors["lidar"] == 1
    hardware = api(robot, "hardware_state")
    assert hardware["battery"]["on_pile"] == 1 and hardware["emergency_button"] == 0


def test_parameters_are_checked_together(make_robot):
    robot = make_robot(3)
    params = api(robot, "robot_params_get")["params"]
    assert api(robot, "robot_params_set", max_linear_speed=0.5, volume=30)["params"]["volume"] == 30
    refused = api(robot, "robot_params_set", volume=20, low_battery=10, back_battery=30)
    assert refused["code"] == 2 and robot.params["volume"] == 30
    assert robot.params["low_battery"] == params["low_battery"]
    assert api(robot, "robot_params_set", params={"nonsense": 1})["msg"].startswith("nonsense")


def test_disinfection_uses_the_tanks(make_robot, clock):
    robot = make_robot(3)
    before = api(robot, "disinfect_state")
    api(robot, "disinfect_ctrl", speed_Value=3)
    run_for(robot, clock, 3600, step=30)
    after = api(robot, "disinfect_state")
    assert after["running"] == 1 and after["left_level"] < before["left_level"]
    assert api(robot, "disinfect_ctrl", speed_Value=5)["code"] == 2


def test_flags_and_virtual_walls_on_a_map(make_robot):
    robot = make_robot(3)
    added = api(robot, "api2/map_flag_add", map_name="office-3F", name="printer", x=10.25, y=10.25, type=2)
    assert added["flag"]["typeName"] == "stop_point"
    assert api(robot, "api2/map_flag_add", map_name="office-3F", name="printer", x=10.25, y=10.25)["code"] == 11
    assert api(robot, "api2/map_flag_add", map_name="office-3F", name="in wall", x=0.55, y=5.0)["code"] == 2
    names = [f["name"] for f in api(robot, "api2/map_flag_list", map_name="office-3F")["flags"]]
    assert "printer" in names
    api(robot, "api2/map_flag_del", map_name="office-3F", name="printer")
    before = api(robot, "api2/virlines_info", map_name="office-3F")
    beyond = api(robot, "api2/map/CloudInfoUpdate", map_name="office-3F", virlines_wall=[[[1, 1], [99, 1]]])
    assert beyond["code"] == 2 and "beyond map edge" in beyond["msg"]
    assert api(robot, "api2/virlines_info", map_name="office-3F") == before
    zone = [[2, 12], [5, 12], [5, 15], [2, 15]]
    api(robot, "api2/map/CloudInfoUpdate", map_name="office-3F", forbidden_zone=[zone])
    assert not robot.map.is_navigable(3.0, 13.0)
    assert api(robot, "api2/point_moveto", x=3.0, y=13.0)["code"] == 2


def test_map_editing_is_blocked_while_a_task_runs_there(make_robot, clock):
    robot = make_robot(3)
    give_demo_work(robot)
    api(robot, "task_start", task_name="office corridor")
    blocked = api(robot, "api2/map_flag_add", map_name="office-3F", name="x", x=10.25, y=10.25)
    assert blocked["code"] == 5 and "stop all tasks" in blocked["msg"]
    assert api(robot, "api2/map_flag_add", map_name="ward-2F", name="x", x=10.25, y=7.25)["code"] == 0
    assert api(robot, "api2/map_del", map_name="office-3F")["code"] == 5


def test_noise_clearing_on_protocol_3(make_robot):
    robot = make_robot(3)
    removed = api(robot, "api2/map_clear_noise", map_name="office-3F")["removed"]
    assert removed > 0
    assert api(robot, "api2/map_clear_noise", map_name="office-3F")["removed"] == 0


def test_building_and_saving_a_new_map(make_robot, clock):
    robot = make_robot(2)
    api(robot, "api2/draw_new_map")
    assert robot.activity == Activity.MAPPING and robot.alarms.is_active("building_map")
    run_for(robot, clock, 600)
    saved = api(robot, "api2/map_save", map_name="office scan")
    assert saved["code"] == 0 and 50 < saved["area"] < robot.map.info()["area"] + 1
    assert robot.activity == Activity.IDLE
    status, png = call_robot(robot, "api2/image/office%20scan.png", {}, method="GET")
    assert status == 200 and Image.open(io.BytesIO(png.data)).size == (640, 400)
    api(robot, "api2/draw_new_map")
    api(robot, "api2/cancel_map_builiding")
    assert len(api(robot, "api2/map_list", method="GET")["map_list"]) == 4


def test_groups_paths_history_and_previews(make_robot, clock):
    robot = make_robot(3)
    give_demo_work(robot)
    assert api(robot, "taskgroup_add", group_name="mornings", task_list=["office corridor", "office meeting rooms"],
               group_type=2)["code"] == 0
    mixed = api(robot, "taskgroup_add", group_name="across", task_list=["office corridor", "lobby entrance"])
    assert mixed["code"] == 2 and mixed["msg"].startswith("task_list:")
    assert "lobby entrance (lobby-hall)" in mixed["msg"]
    assert api(robot, "taskgroup_add", group_name="odd", task_list=["office corridor"], group_type=9)["code"] == 2
    api(robot, "taskgroup_rename", group_name="mornings", new_name="dawn")
    assert api(robot, "taskgroup_list")["task_list"] == [
        {"group_name": "dawn", "task_list": ["office corridor", "office meeting rooms"], "group_type": 2}]
    assert api(robot, "task_start", group_name="dawn")["queue"] == ["office meeting rooms"]
    run_for(robot, clock, 3600, step=10)
    history = api(robot, "taskinfo_query")["task_info"]
    assert [r["taskName"] for r in history] == ["office meeting rooms", "office corridor"]
    assert api(robot, "hppath_save", path_name="last drive")["points"] > 10
    assert api(robot, "dir_path_list", method="GET")["dir_path_list"][0]["path_name"] == "last drive"
    preview = api(robot, "clean_area_pre", map_name="office-3F", area=[[0.7, 8.7], [10, 8.7], [10, 11.4], [0.7, 11.4]])
    assert 20 < preview["area"] < 30 and preview["duration_s"] > 0
    png = io.BytesIO()
    Image.new("RGB", (4, 4)).save(png, format="PNG")
    answer = call_robot(robot, "api1/task_names_png_upload",
                        {"task_name": "office corridor", "file": Upload("t.png", png.getvalue())})[1]
    assert answer["code"] == 0 and answer["size"] > 0
    assert call_robot(robot, "api1/task_names_png_upload",
                      {"task_name": "office corridor", "file": Upload("t.png", b"GIF89a")})[1]["code"] == 2
    assert "office corridor" in api(robot, "task_all_map")["task_all_map"]["office-3F"]
    assert api(robot, "cleantask_origin", task_name="office corridor")["origin"] is not None
    assert api(robot, "elevator_point_list", map_name="office-3F")["points"][0]["typeName"] == "elevator"


def test_reboot_takes_the_robot_away_for_a_while(make_robot, clock):
    robot = make_robot(3)
    give_demo_work(robot)
    api(robot, "task_start", task_name="office corridor")
    api(robot, "robot_reboot", voice=0)
    assert call_robot(robot, "api1/robot_pose", {})[0] == 503
    assert messages(robot, "report")[-1]["result"] == "aborted"
    robot.down_until = 0
    assert api(robot, "robot_pose")["localized"] == 0, "after a reboot away from the pile, relocate first"
    assert api(robot, "relocation_start")["state"] == "relocating"
    run_for(robot, clock, 10)
    assert api(robot, "robot_pose")["localized"] == 1
