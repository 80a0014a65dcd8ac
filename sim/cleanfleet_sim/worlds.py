"""The maps a robot ships with, drawn in code: an office floor, an entrance hall and a hospital ward.

Every map is drawn the same way each time (fixed seeds), so all robots and all test runs see the same
buildings. Walls sit on 0.5 m boundaries so rooms and doors line up with the coarse planning grid.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

import numpy as np

from cleanfleet_sim.maps import FREE, OCCUPIED, UNKNOWN, Flag, FlagType, RobotMap

RESOLUTION = 0.05
WALL = 0.2


class Floorplan:
    """A drawing board in metres for one floor."""

    def __init__(self, width_m: float, height_m: float) -> None:
        self.cols = round(width_m / RESOLUTION)
        self.rows = round(height_m / RESOLUTION)
        self.grid = np.full((self.rows, self.cols), UNKNOWN, dtype=np.uint8)

    def _fill(self, x0: float, y0: float, x1: float, y1: float, value: int) -> None:
        c0, c1 = round(x0 / RESOLUTION), round(x1 / RESOLUTION)
        r0, r1 = round(y0 / RESOLUTION), round(y1 / RESOLUTION)
        self.grid[max(r0, 0): max(r1, 0), max(c0, 0): max(c1, 0)] = value

    def floor(self, x0: float, y0: float, x1: float, y1: float) -> None:
        self._fill(x0, y0, x1, y1, FREE)

    def block(self, x0: float, y0: float, x1: float, y1: float) -> None:
        self._fill(x0, y0, x1, y1, OCCUPIED)

    def outline(self, x0: float, y0: float, x1: float, y1: float) -> None:
        """Floor inside a closed building shell whose walls lie just inside the rectangle."""
        self.floor(x0, y0, x1, y1)
        self.block(x0, y0, x1, y0 + WALL)
        self.block(x0, y1 - WALL, x1, y1)
        self.block(x0, y0, x0 + WALL, y1)
        self.block(x1 - WALL, y0, x1, y1)

    def hwall(self, y: float, x0: float, x1: float, doors: tuple[tuple[float, float], ...] = ()) -> None:
        """A wall along x at [y, y+WALL] with door gaps given as (start, end) in x."""
        self.block(x0, y, x1, y + WALL)
        for d0, d1 in doors:
            self.floor(d0, y, d1, y + WALL)

    def vwall(self, x: float, y0: float, y1: float, doors: tuple[tuple[float, float], ...] = ()) -> None:
        self.block(x, y0, x + WALL, y1)
        for d0, d1 in doors:
            self.floor(x, d0, x + WALL, d1)

    def noise(self, rng: random.Random, count: int, box: tuple[float, float, float, float]) -> None:
        """Single-cell specks a lidar leaves on a real map (map_clear_noise removes them)."""
        x0, y0, x1, y1 = box
        for _ in range(count):
            r = round(rng.uniform(y0, y1) / RESOLUTION)
            c = round(rng.uniform(x0, x1) / RESOLUTION)
            if self.grid[r, c] == FREE:
                self.grid[r, c] = OCCUPIED


def office_floor() -> RobotMap:
    """Third floor offices: a 3 m corridor with five rooms either side, desks, a server room."""
    plan = Floorplan(32, 20)
    rng = random.Random(301)
    plan.outline(0.5, 0.5, 31.5, 19.5)
    room_edges = [0.5, 6.5, 12.5, 18.5, 24.5, 31.5]
    south_doors = tuple((e + 2.0, e + 3.5) for e in room_edges[:-1])
    north_doors = tuple((e + 2.5, e + 4.0) for e in room_edges[:-1])
    plan.hwall(8.5, 0.5, 31.5, south_doors)
    plan.hwall(11.5, 0.5, 31.5, north_doors)
    for x in room_edges[1:-1]:
        plan.vwall(x, 0.5, 8.5)
        plan.vwall(x, 11.5, 19.5)
    for left, right in zip(room_edges[:-1], room_edges[1:], strict=True):
        for south in (True, False):
            y_band = (1.5, 6.5) if south else (13.5, 18.5)
            for _ in range(3):
                w, h = rng.choice([(1.6, 0.8), (1.2, 0.6), (0.8, 0.8)])
                x = rng.uniform(left + 1.0, right - 1.0 - w)
                y = rng.uniform(y_band[0], y_band[1] - h)
                plan.block(x, y, x + w, y + h)
    plan.noise(rng, 12, (1.0, 1.0, 31.0, 19.0))
    return RobotMap(
        name="office-3F", grid=plan.grid, resolution=RESOLUTION, floor=3, building="Riverside Tower",
        flags=[
            Flag("charging pile", 1.25, 10.25, 0.0, FlagType.CHARGING_PILE),
            Flag("reception", 4.25, 10.25, 0.0, FlagType.STOP_POINT),
            Flag("meeting room", 15.75, 14.75, 1.57, FlagType.STOP_POINT),
            Flag("elevator hall", 28.25, 10.25, 0.0, FlagType.ELEVATOR),
        ],
        virtual_walls=[[(30.5, 8.7), (30.5, 11.5)]],
        forbidden_zones=[[(25.0, 12.0), (31.0, 12.0), (31.0, 19.0), (25.0, 19.0)]],
    )


def entrance_hall() -> RobotMap:
    """Ground floor hall: open floor with pillars, a reception desk, benches and an exhibit."""
    plan = Floorplan(40, 25)
    rng = random.Random(102)
    plan.outline(0.5, 0.5, 39.5, 24.5)
    for x in (8.0, 16.0, 24.0, 32.0):
        for y in (6.0, 12.5, 19.0):
            plan.block(x, y, x + 0.6, y + 0.6)
    plan.block(17.0, 21.0, 23.0, 22.0)
    for _ in range(8):
        x, y = rng.uniform(2.0, 36.0), rng.uniform(2.0, 18.0)
        plan.block(x, y, x + 2.0, y + 0.5)
    plan.noise(rng, 10, (1.0, 1.0, 39.0, 24.0))
    return RobotMap(
        name="lobby-hall", grid=plan.grid, resolution=RESOLUTION, floor=1, building="Riverside Tower",
        flags=[
            Flag("charging pile", 1.25, 1.25, 1.57, FlagType.CHARGING_PILE),
            Flag("reception desk", 20.25, 20.25, -1.57, FlagType.STOP_POINT),
            Flag("elevator lobby", 37.75, 12.25, 3.14, FlagType.ELEVATOR),
        ],
        virtual_walls=[[(34.0, 0.7), (34.0, 4.0), (39.3, 4.0)]],
        forbidden_zones=[[(10.0, 14.5), (14.0, 14.5), (14.0, 17.5), (10.0, 17.5)]],
    )


def hospital_ward() -> RobotMap:
    """Second floor ward: a 48 m corridor with twelve patient rooms either side, two beds in each."""
    plan = Floorplan(49, 14)
    plan.outline(0.5, 0.5, 48.5, 13.5)
    edges = [0.5 + 4.0 * i for i in range(13)]
    plan.hwall(5.5, 0.5, 48.5, tuple((e + 1.0, e + 2.5) for e in edges[:-1]))
    plan.hwall(8.5, 0.5, 48.5, tuple((e + 1.5, e + 3.0) for e in edges[:-1]))
    for x in edges[1:-1]:
        plan.vwall(x, 0.5, 5.5)
        plan.vwall(x, 8.7, 13.5)
    for left in edges[:-1]:
        plan.block(left + 0.5, 0.7, left + 1.5, 2.7)
        plan.block(left + 2.5, 0.7, left + 3.5, 2.7)
        plan.block(left + 0.5, 11.3, left + 1.5, 13.3)
        plan.block(left + 2.5, 11.3, left + 3.5, 13.3)
    plan.noise(random.Random(202), 8, (1.0, 1.0, 48.0, 13.0))
    return RobotMap(
        name="ward-2F", grid=plan.grid, resolution=RESOLUTION, floor=2, building="St. Clara Hospital",
        flags=[
            Flag("charging pile", 1.25, 7.25, 0.0, FlagType.CHARGING_PILE),
            Flag("nurses station", 24.25, 7.75, 1.57, FlagType.STOP_POINT),
            Flag("elevator", 47.25, 7.25, 0.0, FlagType.ELEVATOR),
        ],
        virtual_walls=[[(45.5, 5.7), (45.5, 8.5)]],
        forbidden_zones=[[(37.0, 9.0), (40.5, 9.0), (40.5, 13.2), (37.0, 13.2)]],
    )


BUILT_IN: dict[str, Callable[[], RobotMap]] = {
    "office-3F": office_floor,
    "lobby-hall": entrance_hall,
    "ward-2F": hospital_ward,
}


@cache
def _template(name: str) -> RobotMap:
    made = BUILT_IN[name]()
    made.grid.setflags(write=False)
    return made


def built_in_map(name: str) -> RobotMap:
    """A robot's own copy of a shipped map; the grid array is shared and read-only (edits replace it)."""
    return _template(name).copy()


def built_in_names() -> list[str]:
    return list(BUILT_IN)
