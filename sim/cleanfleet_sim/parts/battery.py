"""The robot's battery part: the charge (percent) and the disinfectant tanks, used up by the minute and filled
on the charging pile, and what the robot does about its battery: at the return level a working robot goes to
charge and carries on with its task once full again; an empty battery ends the task where the robot stands.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any, Protocol

from cleanfleet_sim.activity import Activity
from cleanfleet_sim.errors import Refusal
from cleanfleet_sim.maps import RobotMap
from cleanfleet_sim.parts.alarms import Alarms
from cleanfleet_sim.parts.motion import Motion
from cleanfleet_sim.runs import Working

# Battery use in percent per simulated hour.
DRAIN_PER_H = {"working": 22.0, "moving": 15.0, "idle": 3.0, "elevator": 5.0}
CHARGE_PER_H = 45.0
DISINFECT_PER_H_PER_LEVEL = 8.0
MOVING = (Activity.MOVING, Activity.RETURNING, Activity.MAPPING, Activity.MANUAL, Activity.DOCKING)


class Powered(Protocol):
    """What the battery part needs of its robot (robot.Robot is one)."""

    activity: Activity
    params: dict[str, float]

    @property
    def map(self) -> RobotMap: ...

    @property
    def alarms(self) -> Alarms: ...

    @property
    def motion(self) -> Motion: ...

    @property
    def work(self) -> Working: ...

    def send(self, channel: str, body: dict[str, Any]) -> dict[str, Any]: ...


class Battery:
    def __init__(self, robot: Powered, level: float, rng: random.Random) -> None:
        self.robot = robot
        self.level = level
        self.disinfect_level = 0
        self.disinfectant = {"left": rng.uniform(40, 100), "right": rng.uniform(40, 100)}
        self.refill_at: datetime | None = None

    def charging(self) -> bool:
        return self.robot.motion.on_pile and self.level < 99.95

    def use(self, dt: float, now: datetime) -> None:
        """Charge on the pile, or drain by what the robot does for ``dt`` simulated seconds."""
        act = self.robot.activity
        if self.robot.motion.on_pile:
            self.level = min(100.0, self.level + CHARGE_PER_H * dt / 3600)
            self.resume_after_charge(now)
            return
        if act == Activity.WORKING:
            rate = DRAIN_PER_H["working"]
        elif act in MOVING:
            rate = DRAIN_PER_H["moving"]
        elif act == Activity.ELEVATOR:
            rate = DRAIN_PER_H["elevator"]
        else:
            rate = DRAIN_PER_H["idle"]
        rate += self.disinfect_level * 1.5
        self.level = max(0.0, self.level - rate * dt / 3600)
        if self.level <= 0:
            self.empty(now)
        elif self.level <= self.robot.params["back_battery"]:
            self.low(now)

    def use_disinfectant(self, dt: float, now: datetime) -> None:
        if self.disinfect_level:
            for side in self.disinfectant:
                used = DISINFECT_PER_H_PER_LEVEL * self.disinfect_level * dt / 3600
                self.disinfectant[side] = max(0.0, self.disinfectant[side] - used)
            if min(self.disinfectant.values()) <= 0:
                self.disinfect_level = 0
        for side, key in (("left", "disinfectant_low_left"), ("right", "disinfectant_low_right")):
            self.robot.alarms.set_banner(key, self.disinfectant[side] < 10, now)
        low = min(self.disinfectant.values()) < 10
        if low and self.robot.motion.on_pile and self.refill_at is None:
            self.refill_at = now + timedelta(minutes=30)  # someone tops it up at the pile
        if self.refill_at is not None and now >= self.refill_at:
            self.disinfectant = {"left": 100.0, "right": 100.0}
            self.refill_at = None

    def low(self, now: datetime) -> None:
        """At the return level a working robot goes to charge and carries on afterwards."""
        robot = self.robot
        run = robot.work.run
        if run is None or run.recharging or robot.activity != Activity.WORKING:
            return
        pile = robot.map.charging_pile()
        if pile is None:
            return
        try:
            robot.motion.route = robot.motion.route_to(pile.x, pile.y)
        except Refusal:
            return
        run.recharging = True
        robot.activity = Activity.RETURNING
        robot.send("event", {"kind": "recharge", "runId": run.run_id, "battery": round(self.level, 1)})

    def resume_after_charge(self, now: datetime) -> None:
        robot = self.robot
        run = robot.work.run
        if run is None or not run.recharging or robot.activity != Activity.CHARGING:
            return
        if self.level >= robot.params["full_battery"]:
            run.recharging = False
            if run.pause_reasons:
                robot.activity = Activity.PAUSED
            else:
                robot.work.continue_run()

    def empty(self, now: datetime) -> None:
        robot = self.robot
        if robot.work.run is not None:
            robot.work.finish_run("aborted", "battery empty")
        robot.work.job = None
        robot.motion.route = None
        robot.activity = Activity.IDLE
