"""The map editor's rules on the robot (polygons that cross themselves, counts, picture size), deleting a
map tasks use, the live building picture, and a map arriving by sync (installed whole at the end)."""

import base64
import io

import numpy as np
from PIL import Image

from cleanfleet_sim.map_rules import MAX_SHAPES, building_png, self_crossing, synced_map
from cleanfleet_sim.robot import FAIL_CHANCE
from cleanfleet_sim.webapi.dispatch import Upload, call_robot
from tests.conftest import api, messages, run_for

BOW_TIE = [[1.0, 1.0], [5.0, 5.0], [5.0, 1.0], [1.0, 5.0]]
SQUARE = [[1.0, 1.0], [5.0, 1.0], [5.0, 5.0], [1.0, 5.0]]


def test_self_crossing_polygons_are_told_apart():
    assert self_crossing([tuple(p) for p in BOW_TIE])
    assert not self_crossing([tuple(p) for p in SQUARE])
    assert not self_crossing([(0.0, 0.0), (4.0, 0.0), (2.0, 3.0)])


def test_a_zone_that_crosses_itself_or_too_many_zones_are_refused_and_change_nothing(make_robot):
    robot = make_robot()
    before = list(robot.map.forbidden_zones)
    crossing = api(robot, "api2/map/CloudInfoUpdate", map_name="office-3F", forbidden_zone=[BOW_TIE])
    assert crossing["code"] == 2 and crossing["msg"].startswith("forbidden_zone")
    assert "crosses itself" in crossing["msg"]
    many = api(robot, "api2/map/CloudInfoUpdate", map_name="office-3F", free_area=[SQUARE] * (MAX_SHAPES + 1))
    assert many["code"] == 2 and many["msg"].startswith("free_area")
    assert robot.map.forbidden_zones == before
    fine = api(robot, "api2/map/CloudInfoUpdate", map_name="office-3F", forbidden_zone=[SQUARE])
    assert fine["code"] == 0 and fine["forbidden_zone"] == [SQUARE]


def test_an_oversized_picture_is_refused(make_robot):
    robot = make_robot()
    buffer = io.BytesIO()
    Image.new("L", (8001, 10), 254).save(buffer, format="PNG")
    status, answer = call_robot(robot, "api2/map/Upload", {"map_name": "huge", "file": Upload("huge.png",
                                                                                              buffer.getvalue())})
    assert status == 200 and answer["code"] == 2 and answer["msg"].startswith("file")
    assert "huge" not in robot.maps


def test_a_map_that_tasks_use_is_deleted_only_with_force_and_takes_its_tasks(make_robot):
    robot = make_robot()
    robot.maps["spare"] = robot.map.copy("spare")
    added = api(robot, "task_add", task_name="spare round", map_name="spare")
    assert added["code"] == 0, added
    refused = api(robot, "api2/map_del", map_name="spare")
    assert refused["code"] == 5 and "spare round" in refused["msg"] and "spare" in robot.maps
    forced = api(robot, "api2/map_del", map_name="spare", force=1)
    assert forced["code"] == 0 and "spare" not in robot.maps and "spare round" not in robot.book.tasks


def test_a_map_deleted_by_force_takes_the_scheduled_tasks_that_run_there(make_robot):
    robot = make_robot()
    robot.maps["spare"] = robot.map.copy("spare")
    assert api(robot, "task_add", task_name="spare round", map_name="spare")["code"] == 0
    saved = api(robot, "timetask_save", name="spare nightly", map_name="spare", task_list=["spare round"],
                start_time="22-00", end_time="23-00", days=[1], enable=1)
    assert saved["code"] == 0, saved
    assert api(robot, "taskgroup_add", group_name="mixed", task_list=["spare round"])["code"] == 0
    refused = api(robot, "api2/map_del", map_name="spare")
    assert refused["code"] == 5 and "spare round" in refused["msg"] and "spare nightly" in refused["msg"]
    assert api(robot, "api2/map_del", map_name="spare", force=1)["code"] == 0
    assert "spare nightly" not in robot.book.schedules and "spare round" not in robot.book.tasks
    assert all("spare round" not in names for names in robot.book.groups.values())


def test_the_building_picture_grows_while_the_robot_scans(make_robot, clock):
    robot = make_robot()
    robot.on_pile = False
    assert api(robot, "api2/draw_new_map")["code"] == 0
    first = Image.open(io.BytesIO(building_png(robot.map, robot.atlas.mapping_seen)))
    seen_first = int(np.count_nonzero(np.array(first) != 205))
    run_for(robot, clock, 60)
    later = Image.open(io.BytesIO(building_png(robot.map, robot.atlas.mapping_seen)))
    assert later.size == first.size and int(np.count_nonzero(np.array(later) != 205)) > seen_first > 0
    status, _ = call_robot(robot, "api2/building/scan.png", {}, method="GET")
    assert status == 200


def _sent(robot, name: str) -> dict:
    grid = robot.map.copy(name)
    grid.forbidden_zones = [[(1.0, 1.0), (3.0, 1.0), (3.0, 3.0)]]
    return {"map_name": name, "resolution": grid.resolution, "origin": list(grid.origin),
            "png_b64": base64.b64encode(grid.png()).decode(), "flags": [f.as_dict() for f in grid.flags],
            "virlines_wall": [], "forbidden_zone": [[list(p) for p in z] for z in grid.forbidden_zones],
            "free_area": []}


def test_a_synced_map_is_installed_whole_only_when_the_job_finishes(make_robot, clock, monkeypatch):
    monkeypatch.setitem(FAIL_CHANCE, "map_sync", 0.0)  # no chance failure midway: this test follows the success
    source, target = make_robot(), make_robot(home_map="lobby-hall")
    target.handle_command({"cmdId": "s1", "cmd": "map_sync", "args": {"direction": "download",
                                                                       "map": _sent(source, "office copy")}})
    assert messages(target, "event", kind="cmd_ack", cmdId="s1")[0]["code"] == 0
    assert "office copy" not in target.maps
    run_for(target, clock, 30)
    finished = messages(target, "event", kind="map_sync", cmdId="s1", state="finished")
    assert finished and finished[0]["map"] == "office copy"
    got = target.maps["office copy"]
    assert got.width == source.map.width and got.forbidden_zones == [[(1.0, 1.0), (3.0, 1.0), (3.0, 3.0)]]


def test_a_broken_synced_map_is_refused_at_once(make_robot):
    target = make_robot()
    broken = {**_sent(target, "bad"), "png_b64": base64.b64encode(b"not a picture").decode()}
    target.handle_command({"cmdId": "s2", "cmd": "map_sync", "args": {"direction": "download", "map": broken}})
    ack = messages(target, "event", kind="cmd_ack", cmdId="s2")[0]
    assert ack["code"] == 2 and "png_b64" in ack["msg"] and "bad" not in target.maps
    try:
        synced_map({"map_name": ""})
    except ValueError as exc:
        assert "map_name" in str(exc)
    else:
        raise AssertionError("a map without a name was taken")


def test_a_zone_drawn_in_the_editor_keeps_the_cleaning_path_out(make_robot, clock):
    from cleanfleet_sim.geometry import point_in_polygon

    robot = make_robot()
    zone = [[20.0, 4.0], [28.0, 4.0], [28.0, 12.0], [20.0, 12.0]]  # where the robot cleans without it
    saved = api(robot, "api2/map/CloudInfoUpdate", map_name="office-3F",
                forbidden_zone=[*[[list(p) for p in z] for z in robot.map.forbidden_zones], zone])
    assert saved["code"] == 0, saved
    assert api(robot, "task_add", task_name="around the zone", map_name="office-3F", speed="high")["code"] == 0
    assert api(robot, "task_start", task_name="around the zone")["code"] == 0, robot.activity
    run_for(robot, clock, 900)
    driven = list(robot.motion.track)
    assert len(driven) > 20
    assert not [p for p in driven if point_in_polygon(p, [tuple(q) for q in zone])]
