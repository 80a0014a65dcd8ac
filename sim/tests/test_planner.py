import numpy as np
import pytest

from cleanfleet_sim import planner
from cleanfleet_sim.geometry import point_in_polygon
from cleanfleet_sim.worlds import built_in_map, built_in_names


def segment_points(a, b, step=0.05):
    n = max(1, int(np.hypot(b[0] - a[0], b[1] - a[1]) / step))
    return [(a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n) for i in range(n + 1)]


@pytest.mark.parametrize("name", built_in_names())
@pytest.mark.parametrize("shape", planner.PATH_SHAPES)
def test_coverage_path_stays_on_free_floor_outside_forbidden_zones(name, shape):
    grid = built_in_map(name)
    pile = grid.charging_pile()
    free = grid.coarse_free()
    start = grid.coarse_cell_of(pile.x, pile.y)
    path = planner.coverage(free, start, shape)

    assert path, "a plan"
    for a, b in zip(path, path[1:], strict=False):
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1, "each step goes to a neighbouring cell"
    centres = [grid.coarse_centre(*c) for c in path]
    for a, b in zip(centres, centres[1:], strict=False):
        for x, y in segment_points(a, b):
            assert grid.is_navigable(x, y), f"({x:.2f}, {y:.2f}) is not free floor"
            for zone in grid.forbidden_zones:
                assert not point_in_polygon((x, y), zone), f"({x:.2f}, {y:.2f}) is in a forbidden zone"
    reachable = planner.region(free, start)
    assert set(path) == reachable, "every reachable cell is cleaned"
    assert len(path) < 1.5 * len(reachable), "little driving over cleaned floor"


def test_virtual_wall_keeps_the_robot_out_of_the_end_of_the_corridor():
    grid = built_in_map("office-3F")
    pile = grid.charging_pile()
    path = planner.coverage(grid.coarse_free(), grid.coarse_cell_of(pile.x, pile.y), "bow")
    in_corridor = [grid.coarse_centre(*c) for c in path if 8.7 < grid.coarse_centre(*c)[1] < 11.5]
    assert in_corridor
    assert max(x for x, _ in in_corridor) < 30.5


def test_task_area_limits_the_path():
    grid = built_in_map("ward-2F")
    area = [(0.7, 5.7), (20.0, 5.7), (20.0, 8.5), (0.7, 8.5)]
    pile = grid.charging_pile()
    path = planner.coverage(grid.coarse_free(), grid.coarse_cell_of(pile.x, pile.y), "spiral",
                            grid.area_mask(area))
    assert path
    assert all(point_in_polygon(grid.coarse_centre(*c), area) for c in path)


def test_route_goes_around_walls():
    grid = built_in_map("office-3F")
    free = grid.coarse_free()
    start = planner.nearest_free(free, grid.coarse_cell_of(3.0, 3.0))  # a south room
    goal = planner.nearest_free(free, grid.coarse_cell_of(3.0, 16.0))  # the room across the corridor
    assert start and goal
    cells = planner.route(free, start, goal)
    assert cells is not None
    assert all(free[c] for c in cells)
    assert len(cells) > abs(goal[0] - start[0]) + 1, "through the doors, not through the walls"


def test_no_route_into_a_walled_off_cell():
    grid = built_in_map("office-3F")
    free = grid.coarse_free().copy()
    free[5, 5] = False
    assert planner.route(free, grid.coarse_cell_of(1.25, 10.25), (5, 5)) is None
