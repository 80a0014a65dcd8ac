"""Whether a drawn task runs into the map's forbidden zones (metres, [x, y]); the console checks the same rule
before saving (web/src/lib/map-geometry.ts, ``areaHitsZone``).

A cleaning area is refused when its edges meet or cross a zone's, or when it lies inside a zone; a zone wholly
inside the area, clear of its edges, is an island the robot cleans around and is allowed. A start point inside a
zone is refused: the robot could not begin there. Walls need no check: the robot cleans up to them.
"""

from collections.abc import Sequence
from typing import Any

Pt = Sequence[float]


def _orientation(a: Pt, b: Pt, c: Pt) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _on_segment(a: Pt, b: Pt, p: Pt) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segments_meet(a: Pt, b: Pt, c: Pt, d: Pt) -> bool:
    o1, o2, o3, o4 = _orientation(a, b, c), _orientation(a, b, d), _orientation(c, d, a), _orientation(c, d, b)
    if o1 * o2 < 0 and o3 * o4 < 0:
        return True
    return ((o1 == 0 and _on_segment(a, b, c)) or (o2 == 0 and _on_segment(a, b, d))
            or (o3 == 0 and _on_segment(c, d, a)) or (o4 == 0 and _on_segment(c, d, b)))


def inside_polygon(point: Pt, polygon: Sequence[Pt]) -> bool:
    """Even-odd rule; a point on an edge may go either way."""
    x, y = point[0], point[1]
    within = False
    j = len(polygon) - 1
    for i, (xi, yi) in enumerate((p[0], p[1]) for p in polygon):
        xj, yj = polygon[j][0], polygon[j][1]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            within = not within
        j = i
    return within


def _edges(polygon: Sequence[Pt]) -> list[tuple[Pt, Pt]]:
    return [(polygon[i], polygon[(i + 1) % len(polygon)]) for i in range(len(polygon))]


def area_hits_zone(area: Sequence[Pt], zone: Sequence[Pt]) -> bool:
    if len(area) < 3 or len(zone) < 3:
        return False
    if any(segments_meet(a, b, c, d) for a, b in _edges(area) for c, d in _edges(zone)):
        return True
    return any(inside_polygon(p, zone) for p in area)


def forbidden_zones(map_info: dict[str, Any]) -> list[list[list[float]]]:
    """The map's forbidden zones as the robot gives them (map_info / virlines_info), malformed points left out."""
    return shapes(map_info.get("forbidden_zone"))


def shapes(raw: Any) -> list[list[list[float]]]:
    """Polygons or polylines [[[x, y], ...], ...] from a robot's answer, keeping only well-formed points."""
    found: list[list[list[float]]] = []
    for shape in raw if isinstance(raw, list) else []:
        points = [[float(p[0]), float(p[1])] for p in shape if isinstance(p, list | tuple) and len(p) >= 2
                  and all(isinstance(v, int | float) and not isinstance(v, bool) for v in p[:2])] \
            if isinstance(shape, list) else []
        if points:
            found.append(points)
    return found
