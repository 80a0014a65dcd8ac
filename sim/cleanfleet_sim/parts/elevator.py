"""The robot's elevator part: a job's ride to another floor. The robot drives to the elevator point of its map,
rides ELEVATOR_RIDE_S simulated seconds, steps out at the elevator point of the target map and goes on with its
job there; a floor without an elevator point, or no way to it, ends the job with an `elevator_failed` alarm.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol

from cleanfleet_sim.activity import Activity
from cleanfleet_sim.errors import Refusal, not_found
from cleanfleet_sim.maps import FlagType, RobotMap
from cleanfleet_sim.motion import Pose
from cleanfleet_sim.parts.alarms import Alarms
from cleanfleet_sim.parts.atlas import Atlas
from cleanfleet_sim.parts.motion import Motion
from cleanfleet_sim.runs import Working

ELEVATOR_RIDE_S = 45.0


class Rider(Protocol):
    """What the elevator part needs of its robot (robot.Robot is one)."""

    activity: Activity

    @property
    def atlas(self) -> Atlas: ...

    @property
    def motion(self) -> Motion: ...

    @property
    def alarms(self) -> Alarms: ...

    @property
    def work(self) -> Working: ...

    def send(self, channel: str, body: dict[str, Any]) -> dict[str, Any]: ...


def elevator_flag_on(grid: RobotMap) -> tuple[float, float, float]:
    flag = next((f for f in grid.flags if f.type == FlagType.ELEVATOR), None)
    if flag is None:
        raise not_found(f"elevator point on map {grid.name}")
    return flag.x, flag.y, flag.yaw


class Elevator:
    def __init__(self, robot: Rider) -> None:
        self.robot = robot

    def go_to(self, target_map: str) -> None:
        robot = self.robot
        try:
            x, y, yaw = elevator_flag_on(robot.atlas.map)
            elevator_flag_on(robot.atlas.map_named(target_map))
            robot.motion.route = robot.motion.route_to(x, y)
        except Refusal as refusal:
            robot.alarms.raise_("elevator_failed", lasts_s=300)
            robot.send("event", {"kind": "elevator_failed", "target": target_map, "reason": refusal.msg})
            robot.work.job = None
            robot.activity = Activity.IDLE
            return
        robot.motion.leave_pile()
        robot.motion.move_purpose, robot.motion.target_yaw = ("elevator", target_map), yaw
        robot.activity = Activity.MOVING

    def board(self, target_map: str) -> None:
        robot = self.robot
        robot.activity, robot.motion.timer_s = Activity.ELEVATOR, ELEVATOR_RIDE_S
        robot.motion.move_purpose = ("elevator", target_map)
        robot.send("event", {"kind": "elevator", "state": "riding", "from": robot.atlas.map_name, "to": target_map})

    def leave(self, now: datetime) -> None:
        robot = self.robot
        target = robot.motion.move_purpose[1]
        grid = robot.atlas.map_named(target)
        x, y, yaw = elevator_flag_on(grid)
        robot.atlas.map_name = grid.name
        robot.motion.pose = Pose(x, y, yaw)
        robot.motion.localized = True
        robot.activity = Activity.IDLE
        robot.send("event", {"kind": "elevator", "state": "arrived", "to": target})
        robot.work.advance_job()
