"""The map editor's rules as the robot checks them (api-spec 7.9 "Maps", product-spec 5), and installing a
map that arrives by sync.

- Walls, zones and erasers: at most ``MAX_SHAPES`` of each kind, ``MAX_POINTS`` points each; a polygon
  (forbidden zone, eraser) must not cross itself (two of its edges that are not neighbours meet).
- A map picture: at most ``MAX_SIDE_PX`` pixels a side (a 4,000 x 4,000-cell map fits with room to spare).
- A map sent by ``map_sync`` (direction ``download``) carries the whole map in its args
  (``map: {map_name, resolution, origin, png_b64, flags, virlines_wall, forbidden_zone, free_area}``); it is
  checked like an upload and installed only at the job's end, so a failed or cancelled sync leaves the
  robot's maps as they were (a same-named map is replaced whole, never half-written).
"""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence
from typing import Any

import numpy as np
from PIL import Image

from cleanfleet_sim.errors import Refusal, bad_parameter
from cleanfleet_sim.geometry import Point, parse_points
from cleanfleet_sim.maps import PNG_SHADES, UNKNOWN, Flag, FlagType, Mask, RobotMap, grid_from_png

MAX_SHAPES = 200
MAX_POINTS = 500
MAX_SIDE_PX = 8000


def _orientation(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Whether segments ab and cd meet (touching counts)."""
    o1, o2, o3, o4 = _orientation(a, b, c), _orientation(a, b, d), _orientation(c, d, a), _orientation(c, d, b)
    if ((o1 > 0 > o2) or (o1 < 0 < o2)) and ((o3 > 0 > o4) or (o3 < 0 < o4)):
        return True
    return ((o1 == 0 and _on_segment(a, b, c)) or (o2 == 0 and _on_segment(a, b, d))
            or (o3 == 0 and _on_segment(c, d, a)) or (o4 == 0 and _on_segment(c, d, b)))


def self_crossing(polygon: Sequence[Point]) -> bool:
    """Whether two edges of the closed polygon that are not neighbours meet."""
    n = len(polygon)
    edges = [(polygon[i], polygon[(i + 1) % n]) for i in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if j == i + 1 or (i == 0 and j == n - 1):
                continue  # neighbours share a corner
            if segments_cross(*edges[i], *edges[j]):
                return True
    return False


def shape_refusal(key: str, shapes: Sequence[Sequence[Point]], *, polygons: bool) -> Refusal | None:
    """Why this list of walls (polylines) or zones (polygons), the parameter ``key``, is refused, or None:
    a code 2 refusal naming ``key``, its reason and the shape's number (``index``, from 1)."""
    if len(shapes) > MAX_SHAPES:
        return bad_parameter(key, f"at most {MAX_SHAPES} of them", reason="too_many_shapes", max=MAX_SHAPES)
    for i, shape in enumerate(shapes):
        if len(shape) > MAX_POINTS:
            return bad_parameter(key, f"number {i + 1} has more than {MAX_POINTS} points", reason="too_many_points",
                                 index=i + 1, max=MAX_POINTS)
        if polygons and self_crossing(shape):
            return bad_parameter(key, f"number {i + 1} crosses itself", reason="crosses_itself", index=i + 1)
    return None


def shape_problem(shapes: Sequence[Sequence[Point]], *, polygons: bool) -> str | None:
    """Why this list of walls (polylines) or zones (polygons) is refused, or None."""
    refusal = shape_refusal("", shapes, polygons=polygons)
    return refusal.msg.removeprefix(": ") if refusal else None


def picture_problem(grid: RobotMap) -> str | None:
    if grid.width > MAX_SIDE_PX or grid.height > MAX_SIDE_PX:
        return f"the map picture is over {MAX_SIDE_PX} pixels a side ({grid.width} x {grid.height})"
    return None


def synced_map(payload: Any) -> RobotMap:
    """The map a sync carries; ValueError says what is wrong with it."""
    if not isinstance(payload, dict):
        raise ValueError("map: must be an object")
    name = str(payload.get("map_name") or "").strip()
    if not name:
        raise ValueError("map_name: is required")
    try:
        cells = grid_from_png(base64.b64decode(str(payload.get("png_b64") or ""), validate=True))
    except Exception as exc:  # Pillow and base64 raise several kinds for a picture that is none
        raise ValueError("png_b64: must be a map picture (PNG)") from exc
    origin = payload.get("origin") or [0.0, 0.0]
    grid = RobotMap(name=name, grid=cells, resolution=float(payload.get("resolution") or 0.05),
                    origin=(float(origin[0]), float(origin[1])))
    grid.flags = [Flag(str(f["name"]), float(f["x"]), float(f["y"]), float(f.get("yaw", 0)),
                       FlagType(int(f.get("type", 0)))) for f in payload.get("flags") or []]
    grid.virtual_walls = [parse_points(w, "virlines_wall") for w in payload.get("virlines_wall") or []]
    grid.forbidden_zones = [parse_points(z, "forbidden_zone") for z in payload.get("forbidden_zone") or []]
    grid.erasers = [parse_points(e, "free_area") for e in payload.get("free_area") or []]
    problem = (picture_problem(grid) or shape_problem(grid.virtual_walls, polygons=False)
               or shape_problem(grid.forbidden_zones, polygons=True) or shape_problem(grid.erasers, polygons=True))
    if problem is None and grid.elements_outside():
        problem = "wall, zone or eraser beyond map edge"
    if problem:
        raise ValueError(problem)
    return grid


BUILDING_PICTURE = "api2/building/scan.png"


def building_png(world: RobotMap, seen: Mask | None) -> bytes:
    """What a robot building a map on ``world`` has ``seen`` so far (unknown elsewhere), as a map picture; while it
    is not building (nothing seen), all unknown. The console polls it to watch the scan grow."""
    cells = np.full(world.grid.shape, UNKNOWN, dtype=np.uint8) if seen is None \
        else np.where(seen, world.occupancy(), UNKNOWN).astype(np.uint8)
    buffer = io.BytesIO()
    Image.fromarray(PNG_SHADES[cells][::-1], mode="L").save(buffer, format="PNG")
    return buffer.getvalue()
