"""The robot's safety part: the lock, the brake, the emergency stop, manual (hand) mode and the serial link to
the motor board; any of them holds the robot still, and a task pauses while the brake or manual mode is on.

The emergency stop is an alarm (`paused_emergency_stop`): the robot sets `estop` when that alarm is raised or
cleared, so a random one stops the robot as a pressed button does.

Stuck (issue 34): a robot that cannot get out (wedged under a table, a closed door) raises `replan_failed` and
holds still with its task paused until a person frees it, never by itself: through the web API (`api2/sim_free`,
the person on site) or `api2/sim_stuck` to make it happen for a demo; while working it gets stuck by chance at
`stuck_rate` per simulated hour (0 unless asked: the server's incidents then show the whole loop).
"""

from __future__ import annotations

import math
import random
from typing import Protocol

from cleanfleet_sim.activity import Activity
from cleanfleet_sim.errors import Refusal, RobotCode
from cleanfleet_sim.parts.alarms import Alarms
from cleanfleet_sim.runs import Working


class Guarded(Protocol):
    """What the safety part needs of its robot (robot.Robot is one)."""

    activity: Activity
    rng: random.Random

    @property
    def alarms(self) -> Alarms: ...

    @property
    def work(self) -> Working: ...


class Safety:
    def __init__(self, robot: Guarded) -> None:
        self.robot = robot
        self.locked = False
        self.brake = False
        self.estop = False
        self.hand_mode = False
        self.serial_on = True
        self.stuck = False
        self.stuck_rate = 0.0  # per simulated hour while working

    def stopped(self) -> bool:
        return self.estop or self.brake or self.hand_mode or not self.serial_on or self.stuck

    def require_can_move(self) -> None:
        if self.locked:
            raise Refusal(RobotCode.LOCKED, "robot is locked", reason="locked")
        if self.stuck:
            raise Refusal(RobotCode.FAILED, "robot is stuck: a person must free it", reason="stuck")
        if self.estop:
            raise Refusal(RobotCode.EMERGENCY_STOP, "emergency stop is pressed", reason="emergency_stop")
        if self.brake:
            raise Refusal(RobotCode.FAILED, "brake is on", reason="brake_on")
        if self.hand_mode:
            raise Refusal(RobotCode.FAILED, "robot is in manual mode", reason="manual_mode")
        if self.robot.activity == Activity.MAPPING:
            raise Refusal(RobotCode.BUSY, "robot is building a map", reason="building_map")
        if self.robot.activity == Activity.ELEVATOR:
            raise Refusal(RobotCode.ELEVATOR_RUNNING, "elevator transfer running", reason="elevator_running")

    def set_lock(self, locked: bool) -> None:
        self.locked = locked

    def set_brake(self, on: bool) -> None:
        """robot_safe: 1 holds the robot still (brake); 0 releases it and a software emergency stop."""
        self.brake = on
        if not on and self.estop:
            self.release_emergency_stop()
        if on:
            self.robot.work.pause_for("brake")
        else:
            self.robot.work.unpause_for("brake")

    def release_emergency_stop(self) -> None:
        self.estop = False
        self.robot.alarms.clear("paused_emergency_stop")

    def set_hand_mode(self, on: bool) -> None:
        self.hand_mode = on
        if on and self.robot.work.run is not None:
            self.robot.alarms.raise_("paused_manual_mode")
        elif not on:
            self.robot.alarms.clear("paused_manual_mode")

    def set_serial(self, on: bool) -> None:
        self.serial_on = on

    def get_stuck(self) -> bool:
        """The robot is stuck now: the alarm stands until a person frees it (False: it already was)."""
        if self.stuck:
            return False
        self.stuck = True
        self.robot.alarms.raise_(STUCK_ALARM)
        standing = self.robot.alarms.active.get(STUCK_ALARM)
        if standing is not None:
            standing.clears_at = None  # a random one that was about to clear itself stays: a person must come
        self.robot.work.pause_for("stuck")
        return True

    def free(self) -> bool:
        """A person freed the robot: the alarm clears and a paused task goes on (False: it was not stuck)."""
        if not self.stuck:
            return False
        self.stuck = False
        self.robot.alarms.clear(STUCK_ALARM)
        self.robot.work.unpause_for("stuck")
        return True

    def roll_stuck(self, dt_s: float) -> None:
        """While working, the chance of getting stuck in ``dt_s`` simulated seconds."""
        if self.stuck_rate <= 0 or self.stuck or self.robot.activity != Activity.WORKING:
            return
        if self.robot.rng.random() < 1 - math.exp(-self.stuck_rate * dt_s / 3600):
            self.get_stuck()


STUCK_ALARM = "replan_failed"
