"""A robot's map: occupancy grid with resolution and origin, flags, virtual walls, zones and erasers.

Grid convention (as ROS map_server): `grid[row, col]`, row 0 is the southmost row, so cell (row, col)
covers x in [origin_x + col*res, origin_x + (col+1)*res) and likewise y with row. Cell values: FREE,
OCCUPIED, UNKNOWN. The PNG turns it the right way up (north at the top): free 254 (white),
occupied 0 (black), unknown 205 (grey), as a ROS map image.

Navigation and coverage plan on a coarse grid whose cell is the cleaning width (0.5 m): a coarse cell
is free when every fine cell in it is free and outside virtual walls and forbidden zones, so a robot
moving between the centres of two adjacent free coarse cells never touches a wall or a zone.
"""

from __future__ import annotations

import copy
import io
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

import numpy as np
import numpy.typing as npt
from PIL import Image, ImageDraw

from cleanfleet_sim.geometry import Point, Polygon, points_in_polygon, polygon_area

FREE = 0
OCCUPIED = 1
UNKNOWN = 2

COARSE_CELL_M = 0.5
PNG_SHADES = np.array([254, 0, 205], dtype=np.uint8)

Grid = npt.NDArray[np.uint8]
Mask = npt.NDArray[np.bool_]


class FlagType(IntEnum):
    OTHER = 0
    CHARGING_PILE = 1
    STOP_POINT = 2
    ELEVATOR = 3


@dataclass
class Flag:
    name: str
    x: float
    y: float
    yaw: float = 0.0
    type: FlagType = FlagType.OTHER

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "x": round(self.x, 3), "y": round(self.y, 3), "yaw": round(self.yaw, 3),
                "type": int(self.type), "typeName": self.type.name.lower()}


@dataclass
class RobotMap:
    name: str
    grid: Grid
    resolution: float = 0.05
    origin: Point = (0.0, 0.0)
    flags: list[Flag] = field(default_factory=list)
    virtual_walls: list[list[Point]] = field(default_factory=list)
    forbidden_zones: list[Polygon] = field(default_factory=list)
    erasers: list[Polygon] = field(default_factory=list)
    floor: int = 1
    building: str = ""
    version: int = 1
    _cache: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    # -- size and coordinates -------------------------------------------------------------------
    @property
    def height(self) -> int:
        return int(self.grid.shape[0])

    @property
    def width(self) -> int:
        return int(self.grid.shape[1])

    def bounds(self) -> tuple[float, float, float, float]:
        ox, oy = self.origin
        return ox, oy, ox + self.width * self.resolution, oy + self.height * self.resolution

    def contains(self, x: float, y: float) -> bool:
        x0, y0, x1, y1 = self.bounds()
        return x0 <= x < x1 and y0 <= y < y1

    def cell_of(self, x: float, y: float) -> tuple[int, int]:
        return int((y - self.origin[1]) // self.resolution), int((x - self.origin[0]) // self.resolution)

    # -- edits ------------------------------------------------------------------------------------
    def touch(self) -> None:
        """Call after any edit: plans and masks made from the old map are dropped.

        A new dict, not a cleared one: copies share their original's cache until their first edit.
        """
        self.version += 1
        self._cache = {}

    def copy(self, name: str | None = None) -> RobotMap:
        twin = copy.copy(self)
        twin.name = name or self.name
        twin.flags = [copy.copy(f) for f in self.flags]
        twin.virtual_walls = [list(w) for w in self.virtual_walls]
        twin.forbidden_zones = [list(z) for z in self.forbidden_zones]
        twin.erasers = [list(e) for e in self.erasers]
        twin._cache = self._cache  # same content, same masks and pictures, until one of them is edited
        return twin

    def flag(self, name: str) -> Flag | None:
        return next((f for f in self.flags if f.name == name), None)

    def charging_pile(self) -> Flag | None:
        return next((f for f in self.flags if f.type == FlagType.CHARGING_PILE), None)

    def outside(self) -> list[tuple[str, int]]:
        """The walls, zones and erasers that reach beyond the map edge: (web API parameter, number from 1)."""
        x0, y0, x1, y1 = self.bounds()
        bad = []
        for key, shapes in (("virlines_wall", self.virtual_walls), ("forbidden_zone", self.forbidden_zones),
                            ("free_area", self.erasers)):
            for i, shape in enumerate(shapes):
                if any(not (x0 <= x <= x1 and y0 <= y <= y1) for x, y in shape):
                    bad.append((key, i + 1))
        return bad

    def elements_outside(self) -> list[str]:
        """Names of the walls, zones and erasers that reach beyond the map edge ("forbidden zone 1")."""
        kinds = {"virlines_wall": "virtual wall", "forbidden_zone": "forbidden zone", "free_area": "eraser"}
        return [f"{kinds[key]} {index}" for key, index in self.outside()]

    # -- derived masks (cached until the next edit) -------------------------------------------------
    def occupancy(self) -> Grid:
        """The grid with erasers applied: an eraser clears obstacles and unknown cells inside it."""
        if "occupancy" not in self._cache:
            grid = self.grid
            if self.erasers:
                grid = self.grid.copy()
                grid[self._raster(self.erasers, polygons=True)] = FREE
            self._cache["occupancy"] = grid
        return self._cache["occupancy"]

    def blocked(self) -> Mask:
        """Where navigation may not go: not free, behind a virtual wall line, or in a forbidden zone."""
        if "blocked" not in self._cache:
            mask = self.occupancy() != FREE
            if self.virtual_walls:
                mask |= self._raster(self.virtual_walls, polygons=False)
            if self.forbidden_zones:
                mask |= self._raster(self.forbidden_zones, polygons=True)
            self._cache["blocked"] = mask
        return self._cache["blocked"]

    def coarse_step(self) -> int:
        return max(1, round(COARSE_CELL_M / self.resolution))

    def coarse_free(self) -> Mask:
        """Coarse cells (COARSE_CELL_M wide) the robot may stand in and clean."""
        if "coarse" not in self._cache:
            k = self.coarse_step()
            rows, cols = -(-self.height // k), -(-self.width // k)
            padded = np.ones((rows * k, cols * k), dtype=bool)
            padded[: self.height, : self.width] = self.blocked()
            self._cache["coarse"] = ~padded.reshape(rows, k, cols, k).any(axis=(1, 3))
        return self._cache["coarse"]

    def coarse_cell_of(self, x: float, y: float) -> tuple[int, int]:
        size = self.coarse_step() * self.resolution
        return int((y - self.origin[1]) // size), int((x - self.origin[0]) // size)

    def coarse_centre(self, row: int, col: int) -> Point:
        size = self.coarse_step() * self.resolution
        return self.origin[0] + (col + 0.5) * size, self.origin[1] + (row + 0.5) * size

    def coarse_area_m2(self) -> float:
        size = self.coarse_step() * self.resolution
        return size * size

    def is_passable(self, x: float, y: float) -> bool:
        """Physically open (a free cell): what manual driving checks; walls and zones do not stop it."""
        if not self.contains(x, y):
            return False
        row, col = self.cell_of(x, y)
        return bool(self.occupancy()[row, col] == FREE)

    def is_navigable(self, x: float, y: float) -> bool:
        if not self.contains(x, y):
            return False
        row, col = self.cell_of(x, y)
        return not bool(self.blocked()[row, col])

    def free_area_m2(self) -> float:
        return float(np.count_nonzero(self.occupancy() == FREE)) * self.resolution**2

    def area_mask(self, polygon: Polygon) -> Mask:
        """Coarse cells whose centre lies inside the polygon (a task's area)."""
        rows, cols = self.coarse_free().shape
        size = self.coarse_step() * self.resolution
        ys, xs = np.mgrid[0:rows, 0:cols].astype(float)
        return points_in_polygon(self.origin[0] + (xs + 0.5) * size, self.origin[1] + (ys + 0.5) * size, polygon)

    def _raster(self, shapes: list[list[Point]], *, polygons: bool) -> Mask:
        img = Image.new("1", (self.width, self.height), 0)
        draw = ImageDraw.Draw(img)
        thickness = max(2, round(0.1 / self.resolution))
        for shape in shapes:
            pts = [((x - self.origin[0]) / self.resolution, (y - self.origin[1]) / self.resolution) for x, y in shape]
            if polygons and len(pts) >= 3:
                draw.polygon(pts, fill=1, outline=1)
            elif len(pts) >= 2:
                draw.line(pts, fill=1, width=thickness)
        return np.array(img, dtype=bool)

    # -- pictures ---------------------------------------------------------------------------------
    def png(self) -> bytes:
        if "png" not in self._cache:
            buffer = io.BytesIO()
            Image.fromarray(PNG_SHADES[self.occupancy()][::-1], mode="L").save(buffer, format="PNG")
            self._cache["png"] = buffer.getvalue()
        return self._cache["png"]

    def track_png(self, track: list[Point]) -> bytes:
        """The path driven, red on a transparent picture the size of the map image."""
        img = Image.new("RGBA", (self.width, self.height), (0, 0, 0, 0))
        if len(track) >= 2:
            pts = [((x - self.origin[0]) / self.resolution, self.height - 1 - (y - self.origin[1]) / self.resolution)
                   for x, y in track]
            ImageDraw.Draw(img).line(pts, fill=(230, 40, 40, 200), width=max(1, round(0.1 / self.resolution)))
        buffer = io.BytesIO()
        img.save(buffer, format="PNG")
        return buffer.getvalue()

    def info(self) -> dict[str, Any]:
        x0, y0, x1, y1 = self.bounds()
        return {
            "map_name": self.name,
            "resolution": self.resolution,
            "origin": [self.origin[0], self.origin[1], 0.0],
            "width": self.width,
            "height": self.height,
            "size_m": [round(x1 - x0, 2), round(y1 - y0, 2)],
            "area": round(self.free_area_m2(), 1),
            "floor": self.floor,
            "building": self.building,
            "version": self.version,
            "forbidden_area": round(sum(polygon_area(z) for z in self.forbidden_zones), 1),
        }


def grid_from_png(data: bytes) -> Grid:
    """Read a map image (ROS shades: dark = occupied, light = free, the rest unknown), north up."""
    with Image.open(io.BytesIO(data)) as img:
        shades = np.array(img.convert("L"), dtype=np.uint8)[::-1]
    grid = np.full(shades.shape, UNKNOWN, dtype=np.uint8)
    grid[shades >= 250] = FREE
    grid[shades <= 50] = OCCUPIED
    return grid
