"""The report's coverage grid (contract version 2): the cells the run cleaned, as it drove them, and the cells its
plan covers, on the map's coarse grid."""

import random

from conftest import api, messages, run_for
from test_work import add_corridor

from cleanfleet_sim.coverage import MAX_BITS_CHARS, Frame, read_bits


def _grid_cells(report, name):
    grid = report["coverageGrid"]
    return read_bits(grid[name], grid["height"], grid["width"])


def test_a_finished_run_reports_the_cells_it_drove_on_the_maps_grid(make_robot, clock):
    robot = make_robot()
    add_corridor(robot)
    api(robot, "task_start", task_name="corridor")
    run_for(robot, clock, 30 * 60, step=0.5)  # short steps: the track holds a point at least every 0.25 m

    report = messages(robot, "report")[-1]
    grid = report["coverageGrid"]
    office = robot.atlas.map_named("office-3F")
    rows, cols = office.coarse_free().shape
    assert (grid["width"], grid["height"]) == (cols, rows)
    assert grid["cell"] == 0.5 and grid["origin"] == list(office.origin)
    cleaned, planned = _grid_cells(report, "cleaned"), _grid_cells(report, "planned")
    assert cleaned == planned  # finished: every planned cell cleaned
    assert len(cleaned) * 0.25 == report["cleanedArea"]
    assert all(office.coarse_free()[cell] for cell in cleaned)
    # the cells it drove: its track (a point every 0.25 m, from the run's start, the way home after it too) crossed
    # every cell it reports cleaned
    driven = {office.coarse_cell_of(x, y) for x, y in robot.motion.track}
    assert cleaned <= driven
    assert report["v"] == 2 and "coverageGrid" not in api(robot, "taskinfo_query")["task_info"][0]


def test_a_cancelled_run_reports_what_it_cleaned_so_far_against_its_plan(make_robot, clock):
    robot = make_robot()
    add_corridor(robot)
    api(robot, "task_start", task_name="corridor")
    run_for(robot, clock, 120)
    cleaned_now = set(robot.work.run.cleaned)
    api(robot, "task_cancel")

    report = messages(robot, "report")[-1]
    assert report["result"] == "cancelled"
    cleaned, planned = _grid_cells(report, "cleaned"), _grid_cells(report, "planned")
    assert cleaned == cleaned_now and 0 < len(cleaned) < len(planned) and cleaned <= planned
    assert round(len(cleaned) * 0.25, 2) == report["cleanedArea"]


def test_a_grid_too_long_for_the_message_is_not_sent():
    frame = Frame(0.5, (0.0, 0.0), 1000, 1000)
    rng = random.Random(3)
    noise = [(r, c) for r in range(1000) for c in range(1000) if rng.random() < 0.5]  # what no floor looks like
    assert len(frame.bits(noise)) > MAX_BITS_CHARS
    assert frame.grid(noise, noise) is None
    assert frame.grid([(0, 0)], [(0, 0), (0, 1)]) is not None
