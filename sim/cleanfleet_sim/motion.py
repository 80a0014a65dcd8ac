"""How a robot body moves: along a route of waypoints (turn on the spot, then drive straight),
or by velocity commands from the joystick, stopping short of obstacles."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from cleanfleet_sim.geometry import normalize_angle
from cleanfleet_sim.maps import RobotMap

ROBOT_RADIUS_M = 0.25


@dataclass
class Pose:
    x: float
    y: float
    yaw: float = 0.0

    def as_dict(self) -> dict[str, float]:
        return {"x": round(self.x, 3), "y": round(self.y, 3), "yaw": round(self.yaw, 3)}


@dataclass
class Waypoint:
    x: float
    y: float
    plan_index: int = -1  # index into a coverage plan, -1 for a travel waypoint


@dataclass
class Route:
    points: list[Waypoint] = field(default_factory=list)
    index: int = 0

    @property
    def done(self) -> bool:
        return self.index >= len(self.points)

    def remaining_m(self, pose: Pose) -> float:
        total, x, y = 0.0, pose.x, pose.y
        for wp in self.points[self.index:]:
            total += math.hypot(wp.x - x, wp.y - y)
            x, y = wp.x, wp.y
        return total


@dataclass
class Travel:
    """What one step of driving did: distance, turning, and the average speeds to report."""

    distance: float = 0.0
    turned: float = 0.0
    linear: float = 0.0
    angular: float = 0.0


def follow(pose: Pose, route: Route, dt: float, speed: float, turn_rate: float,
           reached: Callable[[Waypoint], None]) -> Travel:
    """Drive `dt` seconds along the route; `reached` is told of every waypoint passed."""
    travel = Travel()
    remaining = dt
    while remaining > 1e-9 and not route.done:
        wp = route.points[route.index]
        dx, dy = wp.x - pose.x, wp.y - pose.y
        gap = math.hypot(dx, dy)
        if gap < 1e-6:
            route.index += 1
            reached(wp)
            continue
        turn = normalize_angle(math.atan2(dy, dx) - pose.yaw)
        if abs(turn) > 1e-3:
            needed = abs(turn) / turn_rate
            if needed > remaining:
                step = math.copysign(turn_rate * remaining, turn)
                pose.yaw = normalize_angle(pose.yaw + step)
                travel.turned += abs(step)
                remaining = 0
                break
            pose.yaw = normalize_angle(pose.yaw + turn)
            travel.turned += abs(turn)
            remaining -= needed
        needed = gap / speed
        if needed > remaining:
            frac = speed * remaining / gap
            pose.x += dx * frac
            pose.y += dy * frac
            travel.distance += speed * remaining
            remaining = 0
            break
        pose.x, pose.y = wp.x, wp.y
        travel.distance += gap
        remaining -= needed
        route.index += 1
        reached(wp)
    if dt > 0:
        travel.linear = travel.distance / dt
        travel.angular = travel.turned / dt
    return travel


def drive_by_velocity(pose: Pose, grid: RobotMap, linear: float, angular: float, dt: float) -> Travel:
    """Joystick driving: integrate the unicycle in small steps, stop where the body would hit a wall."""
    travel = Travel()
    steps = max(1, math.ceil(dt / 0.1))
    h = dt / steps
    for _ in range(steps):
        yaw = normalize_angle(pose.yaw + angular * h)
        nx = pose.x + linear * h * math.cos(yaw)
        ny = pose.y + linear * h * math.sin(yaw)
        ahead = math.copysign(ROBOT_RADIUS_M, linear) if linear else 0.0
        if linear and not grid.is_passable(nx + ahead * math.cos(yaw), ny + ahead * math.sin(yaw)):
            pose.yaw = yaw
            travel.turned += abs(angular * h)
            break
        travel.distance += abs(linear * h)
        travel.turned += abs(angular * h)
        pose.x, pose.y, pose.yaw = nx, ny, yaw
    if dt > 0:
        travel.linear = math.copysign(travel.distance / dt, linear) if linear else 0.0
        travel.angular = math.copysign(travel.turned / dt, angular) if angular else 0.0
    return travel


def ray_ranges(grid: RobotMap, pose: Pose, angles: list[float], max_range: float) -> list[float]:
    """Distance to the first occupied cell along each beam (angles relative to the robot's heading)."""
    import numpy as np

    occ = grid.occupancy()
    steps = np.arange(0.0, max_range, grid.resolution / 2)
    a = pose.yaw + np.asarray(angles)[:, None]
    xs = pose.x + steps[None, :] * np.cos(a)
    ys = pose.y + steps[None, :] * np.sin(a)
    cols = ((xs - grid.origin[0]) / grid.resolution).astype(int)
    rows = ((ys - grid.origin[1]) / grid.resolution).astype(int)
    outside = (rows < 0) | (rows >= grid.height) | (cols < 0) | (cols >= grid.width)
    hit = outside.copy()
    inside = ~outside
    hit[inside] = occ[rows[inside], cols[inside]] == 1
    first = np.where(hit.any(axis=1), hit.argmax(axis=1), len(steps) - 1)
    return [round(float(steps[i]), 3) for i in first]
