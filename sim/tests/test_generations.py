"""api/ for protocol 2, api1/ for protocol 3, api2/ for maps on both; v3-only calls refused on v2."""

import pytest
from conftest import api

from cleanfleet_sim.webapi.dispatch import COMMON, MAPS, call_robot

V3_ONLY = ["account_list", "utils_list", "utils_ctrl_default_list", "door_access_control_list", "emergency_off",
           "map_clear_noise"]


def test_each_generation_answers_under_its_own_prefix_only(make_robot):
    v2, v3 = make_robot(2), make_robot(3)
    assert call_robot(v2, "api/robot_pose", {})[1]["code"] == 0
    assert call_robot(v3, "api1/robot_pose", {})[1]["code"] == 0
    assert call_robot(v2, "api1/robot_pose", {})[0] == 404
    assert call_robot(v3, "api/robot_pose", {})[0] == 404
    for robot in (v2, v3):
        status, answer = call_robot(robot, "api2/map_list", {}, method="GET")
        assert status == 200 and answer["code"] == 0 and len(answer["map_list"]) == 3


@pytest.mark.parametrize("call", V3_ONLY)
def test_version_3_calls_are_refused_by_older_robots(make_robot, call):
    v2, v3 = make_robot(2), make_robot(3)
    refused = api(v2, call, map_name="office-3F")
    assert refused["code"] == 4 and "protocol 2" in refused["msg"]
    assert api(v3, call, map_name="office-3F")["code"] == 0


def test_utils_ctrl_takes_val_before_protocol_3_and_value_from_3(make_robot):
    v2, v3 = make_robot(2), make_robot(3)
    assert api(v2, "utils_ctrl", id=1, val=1)["val"] == 1
    assert api(v2, "utils_ctrl", id=1, value=1)["msg"].startswith("val")
    assert api(v3, "utils_ctrl", id=5, value=2)["value"] == 2
    assert api(v3, "utils_ctrl", id=5, value=9)["code"] == 2
    assert {"id": 5, "name": "sprayer", "value": 2} in api(v3, "utils_state", method="GET")["utils"]
    assert {"id": 1, "name": "headlight", "val": 1} in api(v2, "utils_state", method="GET")["utils"]


def test_methods_and_unknown_calls(make_robot):
    robot = make_robot(3)
    assert call_robot(robot, "api1/utils_state", {}, method="POST")[0] == 405
    assert call_robot(robot, "api1/robot_pose", {}, method="GET")[0] == 405
    assert call_robot(robot, "api1/no_such_call", {})[0] == 404
    assert call_robot(robot, "api2/robot_pose", {})[0] == 404


def test_every_call_of_the_spec_is_served():
    spec_common = """robot_pose radar_info radar_info_raw sensor_info_web serial_control go_home cancel_go_home
        docker_back cmdvel_ctrl robot_safe robot_lock recover_localization relocation_start docker_relocation
        utils_state utils_ctrl robot_params_set robot_params_get point_moveto disinfect_ctrl disinfect_state
        hardware_state hand_mode robot_reboot reset_ubuntu_pd account_list task_start utils_list
        utils_ctrl_default_list door_access_control_list emergency_off map_clear_noise
        timetask_list timetask_info timetask_enable timetask_edit timetask_cancel timetask_rename timetask_delete
        timetask_save elevator_timetask_list elevator_timetask_rename elevator_timetask_delete elevator_timetask_add
        elevator_timetask_modofied task_list task_pause task_resume task_cancel task_cancel_one task_state
        hppath_save hppath_delete task_add task_names_png_upload task_rename clean_area_pre task_del
        cleantask_origin dir_path_list taskinfo_query task_info elevator_point_list task_all_map taskgroup_list
        taskgroup_del taskgroup_add taskgroup_set_top taskgroup_rename all_tasksingle_list timetask_set_top
        bag_record_trigger""".split()
    spec_maps = """check_update map_list map_flag_list virlines_info map/Upload map_info map_name map_del
        map_flag_del point_moveto relocation_point map_flag_add map_load draw_new_map map_save cancel_map_builiding
        map/CloudInfoUpdate map/map_sync""".split()
    from cleanfleet_sim.webapi import map_calls, robot_calls, task_calls  # noqa: F401  (they register the calls)

    assert sorted(set(spec_common) - set(COMMON)) == []
    assert sorted(set(spec_maps) - set(MAPS)) == []
    gets = {name for name, call in {**COMMON, **MAPS}.items() if call.method == "GET"}
    assert gets == {"check_update", "utils_state", "dir_path_list", "map_list", "map_name"}
