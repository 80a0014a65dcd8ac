"""A robot's body: where it is on which map, how it moves, its battery, safety states and alarms.

The robot is built in layers: `RobotBody` (this file), `work.RobotWork` (tasks, jobs, schedules,
elevator rides) and `robot.Robot` (commands from the cloud and their long jobs). The body calls a
few work hooks (a cell cleaned, a route finished, the battery at its return level ...): abstract
methods here, filled in by the work layer and `Robot`, so only a complete `Robot` can be built.

`tick(now)` moves the robot to the clock's time in steps of at most MAX_STEP_S simulated seconds.
Everything the robot says to the cloud goes into `outbox` as (channel, payload) with a unique msgId;
the MQTT link sends it (payloads.py describes every message).
"""

from __future__ import annotations

import math
import os
import random
import time
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import numpy as np

from cleanfleet_sim import planner
from cleanfleet_sim.activity import Activity
from cleanfleet_sim.alarms import Alarm, AlarmBoard
from cleanfleet_sim.clock import Clock
from cleanfleet_sim.errors import Refusal, RobotCode, bad_parameter, not_found
from cleanfleet_sim.geometry import Point, distance
from cleanfleet_sim.identity import RobotIdentity
from cleanfleet_sim.maps import FREE, UNKNOWN, FlagType, RobotMap
from cleanfleet_sim.motion import Pose, Route, Travel, Waypoint, drive_by_velocity, follow
from cleanfleet_sim.runs import Job, TaskRun
from cleanfleet_sim.tasks import TaskBook
from cleanfleet_sim.worlds import built_in_map, built_in_names

MAX_STEP_S = 2.0
SCHEMA_VERSION = 1
TRACK_SPACING_M = 0.25
TRACK_POINTS = 4000
HISTORY_REPORTS = 100
DOCKING_S = 15.0
RELOCATION_S = 6.0
REBOOT_S = 30.0
# Battery use in percent per simulated hour.
DRAIN_PER_H = {"working": 22.0, "moving": 15.0, "idle": 3.0, "elevator": 5.0}
CHARGE_PER_H = 45.0
DISINFECT_PER_H_PER_LEVEL = 8.0

PARAMS: dict[str, tuple[float, float, float]] = {
    # name: (default, min, max)
    "max_linear_speed": (0.7, 0.1, 1.2),
    "max_angular_speed": (1.0, 0.2, 2.0),
    "safe_speed": (0.3, 0.1, 0.7),
    "low_battery": (20, 5, 50),
    "back_battery": (15, 5, 50),
    "full_battery": (95, 50, 100),
    "obstacle_distance": (0.3, 0.1, 1.0),
    "volume": (60, 0, 100),
    "brightness": (80, 0, 100),
}

UTILS: tuple[dict[str, Any], ...] = (
    {"id": 1, "name": "headlight", "type": "switch", "min": 0, "max": 1, "default": 0},
    {"id": 2, "name": "ambient light", "type": "level", "min": 0, "max": 100, "default": 60},
    {"id": 3, "name": "left door", "type": "switch", "min": 0, "max": 1, "default": 0},
    {"id": 4, "name": "right door", "type": "switch", "min": 0, "max": 1, "default": 0},
    {"id": 5, "name": "sprayer", "type": "level", "min": 0, "max": 3, "default": 0},
    {"id": 6, "name": "fan", "type": "switch", "min": 0, "max": 1, "default": 0},
)


def versions_for(seed: int, identity: RobotIdentity) -> dict[str, str]:
    """Firmware, software and pad versions a robot reports (and registers with), fixed by the seed."""
    rng = random.Random(f"versions:{seed}:{identity.sn}")
    return {"firmware": f"FW-{identity.protocol}.4.{rng.randint(0, 9)}",
            "soft": f"{identity.protocol}.{rng.randint(10, 30)}.{rng.randint(0, 9)}",
            "pad": f"P{identity.protocol}.{rng.randint(1, 9)}.0"}


class RobotBody(ABC):
    def __init__(self, identity: RobotIdentity, clock: Clock, *, seed: int = 0, alarm_rate: float = 0.5,
                 home_map: str = "office-3F", battery: float | None = None) -> None:
        self.identity = identity
        self.sn = identity.sn
        self.protocol = identity.protocol
        self.clock = clock
        self.rng = random.Random(f"{seed}:{identity.sn}")
        self.boot_id = os.urandom(4).hex()
        self.msg_seq = 0
        self.outbox: deque[tuple[str, dict[str, Any]]] = deque(maxlen=2000)
        self.on_send: Callable[[], None] | None = None
        self.on_reboot: Callable[[], None] | None = None
        self.versions = versions_for(seed, identity)
        self.maps: dict[str, RobotMap] = {name: built_in_map(name) for name in built_in_names()}
        self.map_name: str | None = home_map
        pile = self.map.charging_pile()
        self.pose = Pose(pile.x, pile.y, pile.yaw) if pile else Pose(*self.map.coarse_centre(0, 0))
        self.on_pile = pile is not None
        self.battery = battery if battery is not None else self.rng.uniform(60, 100)
        self.linear = 0.0
        self.angular = 0.0
        self.activity = Activity.CHARGING if self.on_pile else Activity.IDLE
        self.localized = True
        self.locked = False
        self.brake = False
        self.estop = False
        self.hand_mode = False
        self.serial_on = True
        self.params: dict[str, float] = {k: v[0] for k, v in PARAMS.items()}
        self.utils: dict[int, int] = {u["id"]: u["default"] for u in UTILS}
        self.disinfect_level = 0
        self.disinfectant = {"left": self.rng.uniform(40, 100), "right": self.rng.uniform(40, 100)}
        self.refill_at: datetime | None = None
        self.alarms = AlarmBoard(identity.sn, self.rng, alarm_rate)
        self.book = TaskBook()
        self.route: Route | None = None
        self.move_purpose: tuple[str, str] = ("point", "")
        self.target_yaw: float | None = None
        self.timer_s = 0.0
        self.cmdvel: tuple[float, float] = (0.0, 0.0)
        self.cmdvel_until: datetime | None = None
        self.track: deque[Point] = deque(maxlen=TRACK_POINTS)
        self.history: deque[dict[str, Any]] = deque(maxlen=HISTORY_REPORTS)
        self.mapping_seen: np.ndarray | None = None
        self.down_until = 0.0
        self.last_time: datetime | None = None
        self.started_mono = time.monotonic()
        self.odometer_m = 0.0
        self.run: TaskRun | None = None
        self.job: Job | None = None

    # -- basics -----------------------------------------------------------------------------------
    @property
    def map(self) -> RobotMap:
        if self.map_name is None or self.map_name not in self.maps:
            raise Refusal(RobotCode.FAILED, "map not selected", reason="map_not_selected")
        return self.maps[self.map_name]

    def map_named(self, name: object) -> RobotMap:
        found = self.maps.get(str(name or ""))
        if found is None:
            raise not_found(f"map {name}", reason="map_not_found", map=name)
        return found

    def is_down(self) -> bool:
        """Rebooting: the web API and the MQTT link are away until the reboot is over."""
        return time.monotonic() < self.down_until

    def now(self) -> datetime:
        return self.clock.now()

    def stamp(self, body: dict[str, Any]) -> dict[str, Any]:
        """A message for the cloud: schema version, a msgId never used before, sender and times."""
        self.msg_seq += 1
        return {"v": SCHEMA_VERSION, "msgId": f"{self.sn}-{self.boot_id}-{self.msg_seq}", "sn": self.sn,
                "ts": datetime.now().astimezone().isoformat(timespec="milliseconds"),
                "robotTime": self.now().isoformat(timespec="seconds"), **body}

    def send(self, channel: str, body: dict[str, Any]) -> dict[str, Any]:
        """Queue a message; its msgId is fixed now so a resend after a reconnect stays idempotent."""
        payload = self.stamp(body)
        self.outbox.append((channel, payload))
        if self.on_send is not None:
            self.on_send()
        return payload

    def mode(self) -> str:
        """The device mode of product-spec 4 (cleaning, carpet, quiet, manual, emergency stop, pause, brake)."""
        if self.estop:
            return "emergency_stop"
        if self.brake:
            return "brake"
        if self.hand_mode or self.activity == Activity.MANUAL:
            return "manual"
        if self.activity == Activity.PAUSED:
            return "pause"
        if self.run is not None:
            return {"clean": "cleaning"}.get(self.run.task.clean_mode, self.run.task.clean_mode)
        return "idle"

    def charging(self) -> bool:
        return self.on_pile and self.battery < 99.95

    # -- the passing of time ----------------------------------------------------------------------
    def tick(self, now: datetime | None = None) -> None:
        now = now or self.now()
        if self.last_time is None:
            self.last_time = now
            self.sync_banners(now)
            return
        total = (now - self.last_time).total_seconds()
        if total <= 0:
            return  # another caller already brought the robot to this time
        moment = self.last_time
        while total > 1e-9:
            dt = min(total, MAX_STEP_S)
            before = moment
            moment = moment + timedelta(seconds=dt)
            self.step(dt, before, moment)
            total -= dt
        self.last_time = now

    def step(self, dt: float, before: datetime, now: datetime) -> None:
        self.fire_schedules(before, now)
        self.check_forced_end(now)
        travel = self.move(dt, now)
        self.linear, self.angular = travel.linear, travel.angular
        self.odometer_m += travel.distance
        if travel.distance > 0:
            self.record_track()
        self.use_battery(dt, now)
        self.use_disinfectant(dt, now)
        for action, alarm in self.alarms.roll(now, dt):
            self.alarm_changed(action, alarm)
        self.sync_banners(now)
        self.progress_upkeep(dt, now)

    def move(self, dt: float, now: datetime) -> Travel:
        act = self.activity
        if act == Activity.MANUAL:
            if self.cmdvel_until is None or now >= self.cmdvel_until or self.stopped_by_safety():
                self.cmdvel_until = None
                self.activity = Activity.PAUSED if self.run else Activity.IDLE
                return Travel()
            return drive_by_velocity(self.pose, self.map, *self.cmdvel, dt)
        if act in (Activity.DOCKING, Activity.ELEVATOR, Activity.RELOCATING):
            self.timer_s -= dt
            if self.timer_s <= 0:
                self.timer_done(now)
            return Travel()
        if act not in (Activity.WORKING, Activity.RETURNING, Activity.MOVING, Activity.MAPPING):
            return Travel()
        if self.route is None or self.stopped_by_safety():
            return Travel()
        travel = follow(self.pose, self.route, dt, self.drive_speed(), self.params["max_angular_speed"],
                        self.reached)
        if self.activity == Activity.MAPPING and self.mapping_seen is not None:
            self.reveal_around()
        if self.route is not None and self.route.done:
            self.route_done(now)
        return travel

    def stopped_by_safety(self) -> bool:
        return self.estop or self.brake or self.hand_mode or not self.serial_on

    def drive_speed(self) -> float:
        speed = self.params["max_linear_speed"]
        if self.activity == Activity.WORKING and self.run is not None:
            from cleanfleet_sim.tasks import SPEEDS

            speed = min(speed, SPEEDS[self.run.task.speed])
        return max(0.05, speed)

    def reached(self, wp: Waypoint) -> None:
        if wp.plan_index >= 0 and self.run is not None:
            self.cleaned_cell(wp.plan_index)

    def route_done(self, now: datetime) -> None:
        act = self.activity
        self.route = None
        if act == Activity.WORKING:
            self.coverage_done(now)
        elif act == Activity.RETURNING:
            self.activity, self.timer_s = Activity.DOCKING, DOCKING_S
        elif act == Activity.MOVING:
            purpose, target = self.move_purpose
            if self.target_yaw is not None:
                self.pose.yaw = self.target_yaw
                self.target_yaw = None
            if purpose == "elevator":
                self.board_elevator(target)
            else:
                self.activity = Activity.IDLE
                self.send("event", {"kind": "arrived", "point": self.pose.as_dict()})

    def timer_done(self, now: datetime) -> None:
        if self.activity == Activity.DOCKING:
            pile = self.map.charging_pile()
            if pile is not None:
                self.pose = Pose(pile.x, pile.y, pile.yaw)
            self.on_pile = True
            self.localized = True
            self.activity = Activity.CHARGING
            self.send("event", {"kind": "docked", "battery": round(self.battery, 1)})
        elif self.activity == Activity.ELEVATOR:
            self.leave_elevator(now)
        elif self.activity == Activity.RELOCATING:
            self.localized = True
            self.activity = Activity.IDLE

    def record_track(self) -> None:
        point = (round(self.pose.x, 3), round(self.pose.y, 3))
        if not self.track or distance(self.track[-1], point) >= TRACK_SPACING_M:
            self.track.append(point)

    def use_battery(self, dt: float, now: datetime) -> None:
        act = self.activity
        if self.on_pile:
            self.battery = min(100.0, self.battery + CHARGE_PER_H * dt / 3600)
            self.resume_after_charge(now)
            return
        if act == Activity.WORKING:
            rate = DRAIN_PER_H["working"]
        elif act in (Activity.MOVING, Activity.RETURNING, Activity.MAPPING, Activity.MANUAL, Activity.DOCKING):
            rate = DRAIN_PER_H["moving"]
        elif act == Activity.ELEVATOR:
            rate = DRAIN_PER_H["elevator"]
        else:
            rate = DRAIN_PER_H["idle"]
        rate += self.disinfect_level * 1.5
        self.battery = max(0.0, self.battery - rate * dt / 3600)
        if self.battery <= 0:
            self.battery_empty(now)
        elif self.battery <= self.params["back_battery"]:
            self.battery_low(now)

    def use_disinfectant(self, dt: float, now: datetime) -> None:
        if self.disinfect_level:
            for side in self.disinfectant:
                used = DISINFECT_PER_H_PER_LEVEL * self.disinfect_level * dt / 3600
                self.disinfectant[side] = max(0.0, self.disinfectant[side] - used)
            if min(self.disinfectant.values()) <= 0:
                self.disinfect_level = 0
        for side, key in (("left", "disinfectant_low_left"), ("right", "disinfectant_low_right")):
            change = self.alarms.set_banner(key, self.disinfectant[side] < 10, now)
            if change:
                self.alarm_changed(*change)
        low = min(self.disinfectant.values()) < 10
        if low and self.on_pile and self.refill_at is None:
            self.refill_at = now + timedelta(minutes=30)  # someone tops it up at the pile
        if self.refill_at is not None and now >= self.refill_at:
            self.disinfectant = {"left": 100.0, "right": 100.0}
            self.refill_at = None

    # -- alarms -----------------------------------------------------------------------------------
    def sync_banners(self, now: datetime) -> None:
        states = {
            "map_not_selected": self.map_name is None,
            "position_unconfirmed": not self.localized,
            "low_battery": self.battery < self.params["low_battery"],
            "disinfectant_level": min(self.disinfectant.values()) < 10,
            "manual_mode": self.hand_mode,
            "brake": self.brake,
            "emergency_stop": self.estop,
            "serial_error": not self.serial_on,
            "building_map": self.activity == Activity.MAPPING,
        }
        for key, on in states.items():
            change = self.alarms.set_banner(key, on, now)
            if change:
                self.alarm_changed(*change)

    def raise_alarm(self, key: str, lasts_s: float | None = None) -> None:
        alarm = self.alarms.raise_(key, self.now(), lasts_s)
        if alarm:
            self.alarm_changed("raise", alarm)

    def clear_alarm(self, key: str) -> None:
        alarm = self.alarms.clear(key)
        if alarm:
            self.alarm_changed("clear", alarm)

    def alarm_changed(self, action: str, alarm: Alarm) -> None:
        key = alarm.type.key
        if key == "paused_emergency_stop":
            self.estop = action == "raise"
        if action == "raise" and self.run is not None:
            self.run.alarm_counts[key] = self.run.alarm_counts.get(key, 0) + 1
        if alarm.type.pauses_task:
            if action == "raise":
                self.pause_for(f"alarm:{key}")
            else:
                self.unpause_for(f"alarm:{key}")
        body: dict[str, Any] = {"action": action, **alarm.as_dict()}
        if action == "clear":
            body["clearedAt"] = self.now().isoformat(timespec="seconds")
        self.send("alarm", body)

    # -- places and routes ------------------------------------------------------------------------
    def route_to(self, x: float, y: float, *, final: Point | None = None) -> Route:
        """Travel waypoints from here to (x, y) over the coarse grid; raises when no path exists."""
        grid = self.map
        free = grid.coarse_free()
        start = planner.nearest_free(free, grid.coarse_cell_of(self.pose.x, self.pose.y))
        goal_cell = grid.coarse_cell_of(x, y)
        cells = None
        if start is not None and 0 <= goal_cell[0] < free.shape[0] and 0 <= goal_cell[1] < free.shape[1]:
            cells = planner.route(free, start, goal_cell)
        if cells is None:
            self.raise_alarm("path_not_solved", lasts_s=60)
            raise Refusal(RobotCode.FAILED, "path not solved", reason="path_not_solved")
        points = [Waypoint(*grid.coarse_centre(*c)) for c in cells]
        points.append(Waypoint(*(final or (x, y))))
        return Route(points)

    def leave_pile(self) -> None:
        self.on_pile = False

    def require_can_move(self) -> None:
        if self.locked:
            raise Refusal(RobotCode.LOCKED, "robot is locked", reason="locked")
        if self.estop:
            raise Refusal(RobotCode.EMERGENCY_STOP, "emergency stop is pressed", reason="emergency_stop")
        if self.brake:
            raise Refusal(RobotCode.FAILED, "brake is on", reason="brake_on")
        if self.hand_mode:
            raise Refusal(RobotCode.FAILED, "robot is in manual mode", reason="manual_mode")
        if self.activity == Activity.MAPPING:
            raise Refusal(RobotCode.BUSY, "robot is building a map", reason="building_map")
        if self.activity == Activity.ELEVATOR:
            raise Refusal(RobotCode.ELEVATOR_RUNNING, "elevator transfer running", reason="elevator_running")

    def require_localized(self) -> None:
        if not self.localized:
            raise Refusal(RobotCode.POSITION_UNCONFIRMED, "position unconfirmed: relocate first",
                          reason="position_unconfirmed")

    # -- commands: going home, moving, driving ----------------------------------------------------
    def go_home(self) -> None:
        self.require_can_move()
        self.require_localized()
        pile = self.map.charging_pile()
        if pile is None:
            raise Refusal(RobotCode.FAILED, "no charging pile on this map", reason="no_charging_pile")
        if self.on_pile:
            return
        if self.activity == Activity.DOCKING:
            return
        route = self.route_to(pile.x, pile.y)
        if self.run is not None and not self.run.recharging:
            self.finish_run("cancelled", "returned home")
            self.job = None
        self.route, self.activity = route, Activity.RETURNING

    def cancel_go_home(self) -> None:
        if self.activity not in (Activity.RETURNING, Activity.DOCKING):
            raise Refusal(RobotCode.FAILED, "robot is not going home", reason="not_going_home")
        self.route = None
        if self.run is not None:
            self.run.recharging = False
            self.pause_for("user")
        else:
            self.activity = Activity.IDLE

    def dock_back(self) -> None:
        """Back straight into a pile close by (docker_back): no route, just the docking move."""
        self.require_can_move()
        pile = self.map.charging_pile()
        if pile is None:
            raise Refusal(RobotCode.FAILED, "no charging pile on this map", reason="no_charging_pile")
        if distance((self.pose.x, self.pose.y), (pile.x, pile.y)) > 2.0:
            raise Refusal(RobotCode.FAILED, "charging pile is more than 2 m away: use go home",
                          reason="pile_too_far")
        self.route = None
        self.activity, self.timer_s = Activity.DOCKING, DOCKING_S

    def move_to(self, x: float, y: float, yaw: float | None) -> None:
        self.require_can_move()
        self.require_localized()
        if self.run is not None:
            raise Refusal(RobotCode.BUSY, "a task is running: pause or cancel it first",
                          reason="task_running")
        grid = self.map
        row, col = grid.coarse_cell_of(x, y)
        free = grid.coarse_free()
        if not (grid.is_navigable(x, y) and 0 <= row < free.shape[0] and 0 <= col < free.shape[1]
                and free[row, col]):
            raise bad_parameter("x", "the point is on an obstacle, behind a virtual wall or in a forbidden zone",
                                reason="not_free_floor")
        self.route = self.route_to(x, y)
        self.leave_pile()
        self.move_purpose, self.target_yaw = ("point", ""), yaw
        self.activity = Activity.MOVING

    def drive(self, linear: float, angular: float) -> None:
        """cmdvel_ctrl: a joystick command holds for about half a wall second."""
        self.require_can_move()
        top = self.params["max_linear_speed"]
        linear = max(-top, min(top, linear))
        turn = self.params["max_angular_speed"]
        angular = max(-turn, min(turn, angular))
        if self.activity == Activity.WORKING:
            self.pause_for("user")
        elif self.activity in (Activity.RETURNING, Activity.MOVING, Activity.DOCKING):
            self.route = None
        if linear:
            self.leave_pile()
        self.cmdvel = (linear, angular)
        self.cmdvel_until = self.now() + timedelta(seconds=max(1.0, 0.6 * self.clock.speed))
        self.activity = Activity.MANUAL

    # -- commands: safety -------------------------------------------------------------------------
    def set_lock(self, locked: bool) -> None:
        self.locked = locked

    def set_brake(self, on: bool) -> None:
        """robot_safe: 1 holds the robot still (brake); 0 releases it and a software emergency stop."""
        self.brake = on
        if not on and self.estop:
            self.release_emergency_stop()
        self.unpause_for("brake") if not on else self.pause_for("brake")

    def release_emergency_stop(self) -> None:
        self.estop = False
        self.clear_alarm("paused_emergency_stop")

    def set_hand_mode(self, on: bool) -> None:
        self.hand_mode = on
        if on and self.run is not None:
            self.raise_alarm("paused_manual_mode")
        elif not on:
            self.clear_alarm("paused_manual_mode")

    def set_serial(self, on: bool) -> None:
        self.serial_on = on

    def relocate(self) -> None:
        """relocation_start: a global relocation that takes a few seconds."""
        if self.run is not None and self.activity == Activity.WORKING:
            raise Refusal(RobotCode.BUSY, "a task is running", reason="task_running")
        self.route = None
        self.activity, self.timer_s = Activity.RELOCATING, RELOCATION_S

    def relocate_at(self, x: float, y: float, yaw: float | None = None) -> None:
        grid = self.map
        if not grid.is_passable(x, y):
            raise bad_parameter("x", "that place is not free floor on the map", reason="not_free_floor")
        self.pose = Pose(x, y, self.pose.yaw if yaw is None else yaw)
        self.localized = True
        self.on_pile = False
        if self.activity == Activity.RELOCATING:
            self.activity = Activity.IDLE

    def relocate_in(self, x: float, y: float, w: float, h: float) -> None:
        """recover_localization: the robot is somewhere in this rectangle; it finds itself there."""
        if w <= 0 or h <= 0:
            raise bad_parameter("w", "width and height must be above 0")
        grid = self.map
        free = grid.coarse_free()
        best: tuple[float, Point] | None = None
        cx, cy = x + w / 2, y + h / 2
        for row, col in np.argwhere(free):
            px, py = grid.coarse_centre(int(row), int(col))
            if x <= px <= x + w and y <= py <= y + h:
                d = distance((px, py), (cx, cy))
                if best is None or d < best[0]:
                    best = (d, (px, py))
        if best is None:
            raise Refusal(RobotCode.FAILED, "no free floor in that rectangle", reason="no_free_floor")
        self.relocate_at(*best[1])

    def relocate_on_pile(self) -> None:
        """docker_relocation: the robot knows where it is when it sits on its pile."""
        pile = self.map.charging_pile()
        if pile is None or not self.on_pile:
            raise Refusal(RobotCode.FAILED, "robot is not on its charging pile", reason="not_on_pile")
        self.pose = Pose(pile.x, pile.y, pile.yaw)
        self.localized = True

    def reboot(self) -> None:
        """Cancel everything, go away for REBOOT_S simulated seconds, come back not localised."""
        if self.run is not None:
            self.finish_run("aborted", "reboot")
        self.job = None
        self.route = None
        self.cmdvel_until = None
        self.activity = Activity.CHARGING if self.on_pile else Activity.IDLE
        self.localized = self.on_pile
        self.down_until = time.monotonic() + max(2.0, REBOOT_S / self.clock.speed)
        if self.on_reboot is not None:
            self.on_reboot()

    # -- maps -------------------------------------------------------------------------------------
    def require_map_editable(self, name: str) -> None:
        if self.activity == Activity.ELEVATOR or (self.job is not None and self.job.elevator):
            raise Refusal(RobotCode.ELEVATOR_RUNNING, "map editing is blocked while elevator transfer runs",
                          reason="elevator_running")
        if name == self.map_name and self.run is not None:
            raise Refusal(RobotCode.BUSY, "a task is running on this map: stop all tasks first",
                          reason="task_running")

    def load_map(self, name: str) -> None:
        """map_load: changing the map ends all tasks; the robot must be relocated on the new map."""
        grid = self.map_named(name)
        self.require_map_editable(name)
        if self.run is not None:
            self.finish_run("cancelled", "map changed")
        self.job = None
        self.route = None
        if name == self.map_name:
            return
        self.map_name = grid.name
        self.on_pile = False
        self.localized = False
        if self.activity not in (Activity.MAPPING,):
            self.activity = Activity.IDLE

    def start_mapping(self) -> None:
        self.require_can_move()
        if self.run is not None:
            raise Refusal(RobotCode.BUSY, "a task is running: stop all tasks first", reason="task_running")
        grid = self.map
        self.mapping_seen = np.zeros(grid.grid.shape, dtype=bool)
        start = grid.coarse_cell_of(self.pose.x, self.pose.y)
        cells = planner.coverage(grid.coarse_free(), start, "spiral")
        self.route = Route([Waypoint(*grid.coarse_centre(*c)) for c in cells])
        self.leave_pile()
        self.activity = Activity.MAPPING
        self.reveal_around()

    def reveal_around(self, radius_m: float = 5.0) -> None:
        grid = self.map
        seen = self.mapping_seen
        if seen is None:
            return
        r = int(radius_m / grid.resolution)
        row, col = grid.cell_of(self.pose.x, self.pose.y)
        r0, r1 = max(0, row - r), min(grid.height, row + r + 1)
        c0, c1 = max(0, col - r), min(grid.width, col + r + 1)
        rows, cols = np.ogrid[r0:r1, c0:c1]
        seen[r0:r1, c0:c1] |= (rows - row) ** 2 + (cols - col) ** 2 <= r * r

    def save_mapping(self, name: str) -> RobotMap:
        if self.activity != Activity.MAPPING or self.mapping_seen is None:
            raise Refusal(RobotCode.FAILED, "robot is not building a map", reason="not_building_map")
        name = name.strip()
        if not name:
            raise bad_parameter("map_name", "is required", reason="required")
        if name in self.maps:
            raise Refusal(RobotCode.ALREADY_EXISTS, f"map {name} already exists", reason="name_taken", name=name)
        world = self.map
        grid = np.where(self.mapping_seen, world.occupancy(), UNKNOWN).astype(np.uint8)
        made = RobotMap(name=name, grid=grid, resolution=world.resolution, origin=world.origin,
                        floor=world.floor, building=world.building)
        pile = world.charging_pile()
        if pile is not None and grid[world.cell_of(pile.x, pile.y)] == FREE:
            made.flags.append(pile)
        self.maps[name] = made
        self.stop_mapping()
        return made

    def stop_mapping(self) -> None:
        if self.activity != Activity.MAPPING:
            raise Refusal(RobotCode.FAILED, "robot is not building a map", reason="not_building_map")
        self.mapping_seen = None
        self.route = None
        self.activity = Activity.IDLE

    def clear_noise(self, name: str) -> int:
        """map_clear_noise: remove occupied specks with no occupied neighbour; answers how many."""
        grid = self.map_named(name)
        self.require_map_editable(name)
        occ = grid.grid == 1
        padded = np.pad(occ, 1).astype(np.int8)
        neighbours = np.zeros(padded.shape, dtype=np.int8)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr, dc) != (0, 0):
                    neighbours += np.roll(np.roll(padded, dr, 0), dc, 1)
        neighbours = neighbours[1:-1, 1:-1]
        specks = occ & (neighbours == 0)
        count = int(specks.sum())
        if count:
            cleaned = grid.grid.copy()
            cleaned[specks] = FREE
            grid.grid = cleaned
            grid.touch()
        return count

    def elevator_points(self, name: str) -> list[dict[str, Any]]:
        return [f.as_dict() for f in self.map_named(name).flags if f.type == FlagType.ELEVATOR]

    # -- sensors ----------------------------------------------------------------------------------
    def sensor_noise(self, value: float, spread: float) -> float:
        return round(value + self.rng.uniform(-spread, spread), 3)

    def radar_ranges(self, beams: int = 360, max_range: float = 12.0) -> tuple[list[float], float]:
        from cleanfleet_sim.motion import ray_ranges

        step = 2 * math.pi / beams
        angles = [-math.pi + i * step for i in range(beams)]
        return ray_ranges(self.map, self.pose, angles, max_range), step

    # -- work hooks (work.RobotWork and robot.Robot fill them in) --------------------------------
    @abstractmethod
    def finish_run(self, result: str, reason: str) -> dict[str, Any]:
        """End the current task run with ``result`` (finished, aborted ...); answers its report."""

    @abstractmethod
    def pause_for(self, reason: str) -> None:
        """Pause the current run for ``reason`` (an e-stop, a lock ...)."""

    @abstractmethod
    def unpause_for(self, reason: str) -> None:
        """Lift the pause for ``reason``; the run goes on once no reason is left."""

    @abstractmethod
    def cleaned_cell(self, index: int) -> None:
        """The robot has cleaned cell ``index`` of the run's plan."""

    @abstractmethod
    def coverage_done(self, now: datetime) -> None:
        """The run's route is finished."""

    @abstractmethod
    def battery_low(self, now: datetime) -> None:
        """The battery reached the return level."""

    @abstractmethod
    def battery_empty(self, now: datetime) -> None:
        """The battery is empty: the robot stops."""

    @abstractmethod
    def resume_after_charge(self, now: datetime) -> None:
        """Charged enough to carry on with the run that went to charge."""

    @abstractmethod
    def fire_schedules(self, before: datetime, now: datetime) -> None:
        """Start the schedules due between ``before`` and ``now``."""

    @abstractmethod
    def check_forced_end(self, now: datetime) -> None:
        """End the job when its forced end time has come."""

    @abstractmethod
    def board_elevator(self, target_map: str) -> None:
        """Step into the elevator towards ``target_map``."""

    @abstractmethod
    def leave_elevator(self, now: datetime) -> None:
        """Step out of the elevator on the target map."""

    @abstractmethod
    def progress_upkeep(self, dt: float, now: datetime) -> None:
        """Advance long jobs (downloads, upgrades ...) by ``dt`` simulated seconds."""
