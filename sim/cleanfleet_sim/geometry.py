"""Plane geometry in map coordinates (metres, radians; x east, y north, yaw counter-clockwise from x)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

Point = tuple[float, float]
Polygon = list[Point]


def normalize_angle(angle: float) -> float:
    """The same direction in (-pi, pi]."""
    angle = math.fmod(angle + math.pi, 2 * math.pi)
    if angle <= 0:
        angle += 2 * math.pi
    return angle - math.pi


def distance(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def heading(a: Point, b: Point) -> float:
    return math.atan2(b[1] - a[1], b[0] - a[0])


def point_in_polygon(p: Point, polygon: Sequence[Point]) -> bool:
    """Even-odd rule; points on an edge may fall either way."""
    x, y = p
    inside = False
    n = len(polygon)
    for i in range(n):
        x1, y1 = polygon[i]
        x2, y2 = polygon[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            cross_x = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < cross_x:
                inside = not inside
    return inside


def points_in_polygon(xs: npt.NDArray[np.float64], ys: npt.NDArray[np.float64],
                      polygon: Sequence[Point]) -> npt.NDArray[np.bool_]:
    """point_in_polygon for arrays of points at once."""
    inside = np.zeros(xs.shape, dtype=bool)
    n = len(polygon)
    for i in range(n):
        x1, y1 = polygon[i]
        x2, y2 = polygon[(i + 1) % n]
        if y1 == y2:
            continue
        crosses = (y1 > ys) != (y2 > ys)
        cross_x = x1 + (ys - y1) * (x2 - x1) / (y2 - y1)
        inside ^= crosses & (xs < cross_x)
    return inside


def polygon_area(polygon: Sequence[Point]) -> float:
    total = 0.0
    n = len(polygon)
    for i in range(n):
        x1, y1 = polygon[i]
        x2, y2 = polygon[(i + 1) % n]
        total += x1 * y2 - x2 * y1
    return abs(total) / 2


def parse_points(value: object, field: str) -> list[Point]:
    """A list of points from [[x, y], ...] or [{"x":.., "y":..}, ...]; ValueError names the field."""
    if not isinstance(value, list):
        raise ValueError(f"{field} must be a list of points")
    points: list[Point] = []
    for item in value:
        if isinstance(item, dict) and "x" in item and "y" in item:
            points.append((float(item["x"]), float(item["y"])))
        elif isinstance(item, list | tuple) and len(item) >= 2:
            points.append((float(item[0]), float(item[1])))
        else:
            raise ValueError(f"{field} has a point that is neither [x, y] nor {{x, y}}")
    return points
