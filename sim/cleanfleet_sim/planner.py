"""Paths on a map's coarse grid: coverage (bow and spiral) and routes between two places.

Every path is a list of coarse cells (row, col) where each cell is free and each step goes to one of
the four neighbours, so the straight line between consecutive cell centres stays on free floor.
Coverage is greedy: sweep or spiral while the next cell is new, and when boxed in, take the
shortest route to the nearest cell not yet cleaned (classic boustrophedon / spiral with A*-like
repositioning). Plans are cached by the map's shape, so a fleet on the same floor plans once.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from functools import lru_cache

import numpy as np

from cleanfleet_sim.maps import Mask

Cell = tuple[int, int]
# Headings as (drow, dcol): east, north, west, south (counter-clockwise).
HEADINGS: tuple[Cell, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
PATH_SHAPES = ("bow", "spiral")


def _neighbours(free: Mask, cell: Cell) -> Iterable[Cell]:
    rows, cols = free.shape
    r, c = cell
    for dr, dc in HEADINGS:
        nr, nc = r + dr, c + dc
        if 0 <= nr < rows and 0 <= nc < cols and free[nr, nc]:
            yield nr, nc


def nearest_free(free: Mask, cell: Cell) -> Cell | None:
    """The free cell nearest to `cell` (itself when free), searching outwards over every cell."""
    rows, cols = free.shape
    r0 = min(max(cell[0], 0), rows - 1)
    c0 = min(max(cell[1], 0), cols - 1)
    if free[r0, c0]:
        return r0, c0
    found = np.argwhere(free)
    if len(found) == 0:
        return None
    d = np.abs(found[:, 0] - r0) + np.abs(found[:, 1] - c0)
    best = found[int(np.argmin(d))]
    return int(best[0]), int(best[1])


def _search(free: Mask, start: Cell, arrived: Callable[[Cell], bool]) -> list[Cell] | None:
    """Breadth-first search over free cells: the shortest path from start to the first cell that arrives."""
    previous: dict[Cell, Cell | None] = {start: None}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if arrived(cell):
            path = [cell]
            while (before := previous[path[-1]]) is not None:
                path.append(before)
            return path[::-1]
        for nxt in _neighbours(free, cell):
            if nxt not in previous:
                previous[nxt] = cell
                queue.append(nxt)
    return None


def route(free: Mask, start: Cell, goal: Cell) -> list[Cell] | None:
    """Shortest 4-connected path from start to goal over free cells (both ends included)."""
    if not (free[start] and free[goal]):
        return None
    return _search(free, start, lambda cell: cell == goal)


def region(free: Mask, start: Cell) -> set[Cell]:
    """The free cells reachable from start."""
    seen = {start}
    queue = deque([start])
    while queue:
        for nxt in _neighbours(free, queue.popleft()):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen


def _travel_to_nearest(free: Mask, path: list[Cell], todo: set[Cell]) -> Cell | None:
    """Drive (over cleaned cells, cleaning any new one on the way) to the nearest cell still to clean.

    Appends the way there to `path` and answers that cell, which the caller appends; None when none is left.
    """
    leg = _search(free, path[-1], lambda cell: cell in todo)
    if leg is None:
        return None
    for cell in leg[1:-1]:
        path.append(cell)
        todo.discard(cell)
    return leg[-1]


def _bow(free: Mask, start: Cell, todo: set[Cell]) -> list[Cell]:
    path = [start]
    todo.discard(start)
    cur = start
    sweep = 1  # +1 east, -1 west along the row
    climb = 1  # which way the next row lies
    while todo:
        nxt = (cur[0], cur[1] + sweep)
        if nxt in todo:
            cur = nxt
        else:
            stepped = False
            for dr in (climb, -climb):
                up = (cur[0] + dr, cur[1])
                if up in todo:
                    cur, climb, sweep, stepped = up, dr, -sweep, True
                    break
            if not stepped:
                found = _travel_to_nearest(free, path, todo)
                if found is None:
                    break
                cur = found
                ahead = sum(1 for k in range(1, 4) if (cur[0], cur[1] + k) in todo)
                behind = sum(1 for k in range(1, 4) if (cur[0], cur[1] - k) in todo)
                sweep = 1 if ahead >= behind else -1
        path.append(cur)
        todo.discard(cur)
    return path


def _spiral(free: Mask, start: Cell, todo: set[Cell]) -> list[Cell]:
    """Keep the cleaned area or the wall on the left: an inward spiral from an edge."""
    path = [start]
    todo.discard(start)
    cur, facing = start, 0
    while todo:
        for turn in (1, 0, -1, 2):
            h = (facing + turn) % 4
            nxt = (cur[0] + HEADINGS[h][0], cur[1] + HEADINGS[h][1])
            if nxt in todo:
                cur, facing = nxt, h
                break
        else:
            found = _travel_to_nearest(free, path, todo)
            if found is None:
                break
            prev, cur = path[-1], found
            facing = HEADINGS.index((cur[0] - prev[0], cur[1] - prev[1]))
        path.append(cur)
        todo.discard(cur)
    return path


def _edge_start(free: Mask, cells: set[Cell], near: Cell) -> Cell:
    """Spirals start on the area's edge, nearest to the robot, so the first lap follows the walls."""
    edge = [c for c in cells if sum(1 for n in _neighbours(free, c) if n in cells) < 4]
    pool = edge or list(cells)
    return min(pool, key=lambda c: (abs(c[0] - near[0]) + abs(c[1] - near[1]), c))


@lru_cache(maxsize=256)
def _cached_coverage(shape: tuple[int, int], free_bytes: bytes, area_bytes: bytes | None, start: Cell,
                     path_shape: str) -> tuple[Cell, ...]:
    free = np.frombuffer(free_bytes, dtype=bool).reshape(shape)
    allowed = free if area_bytes is None else free & np.frombuffer(area_bytes, dtype=bool).reshape(shape)
    entry = nearest_free(allowed, start)
    if entry is None:
        return ()
    cells = region(allowed, entry)
    if path_shape == "spiral":
        first = _edge_start(allowed, cells, entry)
        lead = route(allowed, entry, first) or [first]
        cells.difference_update(lead[:-1])
        return tuple(lead[:-1] + _spiral(allowed, first, cells))
    return tuple(_bow(allowed, entry, cells))


def coverage(free: Mask, start: Cell, path_shape: str = "bow", area: Mask | None = None) -> list[Cell]:
    """A cleaning path over every free cell reachable from start (within `area` when given).

    The path begins at the free cell nearest to start (in the area); the caller drives there first.
    """
    if path_shape not in PATH_SHAPES:
        raise ValueError(f"path shape must be one of {', '.join(PATH_SHAPES)}")
    free = np.ascontiguousarray(free, dtype=bool)
    area_bytes = None if area is None else np.ascontiguousarray(area, dtype=bool).tobytes()
    return list(_cached_coverage(free.shape, free.tobytes(), area_bytes, start, path_shape))
