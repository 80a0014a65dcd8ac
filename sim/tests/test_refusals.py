"""A refusal names what a program needs to explain it (docs/robot-contract.md, "Refusals"): the reason's key, the
parameter concerned and the numbers the sentence shows, beside the English msg."""

from conftest import api

SQUARE = [[2.0, 12.0], [5.0, 12.0], [5.0, 15.0], [2.0, 15.0]]
BEYOND = [[2.0, 12.0], [99.0, 12.0], [99.0, 15.0], [2.0, 15.0]]
BOW_TIE = [[1.0, 1.0], [5.0, 5.0], [5.0, 1.0], [1.0, 5.0]]


def test_a_shape_beyond_the_edge_names_its_own_field_and_number(make_robot):
    robot = make_robot(3)
    zone = api(robot, "api2/map/CloudInfoUpdate", map_name="office-3F", forbidden_zone=[SQUARE, BEYOND])
    assert (zone["code"], zone["field"], zone["reason"], zone["values"]) == \
        (2, "forbidden_zone", "beyond_map_edge", {"index": 2})
    assert zone["msg"].startswith("forbidden_zone: ")
    eraser = api(robot, "api2/map/CloudInfoUpdate", map_name="office-3F", free_area=[BEYOND])
    assert (eraser["field"], eraser["values"]) == ("free_area", {"index": 1})
    wall = api(robot, "api2/map/CloudInfoUpdate", map_name="office-3F", virlines_wall=[[[1, 1], [99, 1]]])
    assert wall["field"] == "virlines_wall"


def test_a_zone_crossing_itself_names_the_field_and_the_zone(make_robot):
    robot = make_robot(3)
    crossing = api(robot, "api2/map/CloudInfoUpdate", map_name="office-3F", forbidden_zone=[SQUARE, BOW_TIE])
    assert (crossing["field"], crossing["reason"], crossing["values"]) == \
        ("forbidden_zone", "crosses_itself", {"index": 2})


def test_state_refusals_carry_their_key_and_no_field(make_robot):
    robot = make_robot(3)
    idle = api(robot, "task_pause")
    assert (idle["code"], idle["reason"], idle["msg"]) == (1, "no_task_running", "no task is running")
    assert "field" not in idle and "values" not in idle
    missing = api(robot, "api2/map_load")
    assert (missing["code"], missing["field"], missing["reason"]) == (2, "name", "required")
