"""The robot's alarms (api-spec 8.3): coded faults, uncoded messages and device status banners.

Faults and messages come at random (`rate` per robot per simulated hour) and clear by themselves
after a while; banners follow the robot's state (low battery, manual mode, emergency stop ...) and
are raised and cleared by the robot as that state changes. Every raise and every clear is one
outgoing message with the alarm's `alarmId` (the same id on the raise and its clear).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal

Kind = Literal["fault", "message", "banner"]


@dataclass(frozen=True)
class AlarmType:
    key: str
    code: int | None
    kind: Kind
    level: Literal["alarm", "reminder"]
    text: str
    pauses_task: bool = False

    @property
    def code_hex(self) -> str | None:
        return None if self.code is None else f"0x{self.code:04X}"


# The server's catalogue (backend/cleanfleet/core/alarm_catalogue.json) is the one source of the names, codes,
# kinds and types; backend/tests/warn/test_alarm_catalogue.py fails when this copy drifts from it. The texts here
# are the robot's own English messages, not the console's.
CATALOGUE: tuple[AlarmType, ...] = (
    AlarmType("lidar_dock_failed", 0x0610, "fault", "alarm", "upper lidar fault: back-to-charger failed three times"),
    AlarmType("lidar_dock_failed_low_power", 0x0612, "fault", "alarm",
              "upper lidar fault: back-to-charger failed three times, low power"),
    AlarmType("lidar_dock_failed_hot", 0x0614, "fault", "alarm",
              "upper lidar fault: back-to-charger failed three times, ranging module temperature high"),
    AlarmType("lidar_dock_failed_no_ranging", 0x0616, "fault", "alarm",
              "upper lidar fault: back-to-charger failed three times, no ranging output"),
    AlarmType("replan_failed", 0x0205, "fault", "alarm", "path replanning failed"),
    AlarmType("paused_costmap_invalid", 0x0534, "fault", "alarm",
              "task paused: sensor fault makes the costmap invalid", pauses_task=True),
    AlarmType("paused_emergency_stop", 0x0535, "fault", "alarm", "task paused: emergency stop", pauses_task=True),
    AlarmType("paused_manual_mode", 0x0536, "fault", "alarm", "task paused: manual mode", pauses_task=True),
    AlarmType("disinfectant_low_left", 0x0470, "fault", "reminder", "left disinfectant too low"),
    AlarmType("disinfectant_low_right", 0x0471, "fault", "reminder", "right disinfectant too low"),
    AlarmType("disinfectant_full_left", 0x0472, "fault", "reminder", "left disinfectant too full"),
    AlarmType("disinfectant_full_right", 0x0473, "fault", "reminder", "right disinfectant too full"),
    AlarmType("odometer", None, "message", "alarm", "odometer error"),
    AlarmType("imu", None, "message", "alarm", "IMU error"),
    AlarmType("lidar", None, "message", "alarm", "lidar error"),
    AlarmType("depth_camera", None, "message", "alarm", "depth camera error"),
    AlarmType("path_error", None, "message", "alarm", "path error"),
    AlarmType("p2p_path_failed", None, "message", "alarm", "dynamic point-to-point path request failed"),
    AlarmType("elevator_failed", None, "message", "alarm", "elevator control task failed"),
    AlarmType("network_abnormal", None, "message", "reminder", "network abnormal"),
    AlarmType("map_load_failed", None, "message", "alarm", "map load failed"),
    AlarmType("low_localization", None, "message", "reminder", "low positioning accuracy"),
    AlarmType("map_elements_outside", None, "message", "reminder", "map elements beyond the map border"),
    AlarmType("path_not_solved", None, "message", "alarm", "path not solved"),
    AlarmType("building_map", None, "message", "reminder", "robot is building a map"),
    AlarmType("map_not_selected", None, "banner", "reminder", "map not selected"),
    AlarmType("position_unconfirmed", None, "banner", "reminder", "position unconfirmed"),
    AlarmType("low_battery", None, "banner", "reminder", "low battery"),
    AlarmType("disinfectant_level", None, "banner", "reminder", "disinfectant level low"),
    AlarmType("manual_mode", None, "banner", "reminder", "manual mode"),
    AlarmType("brake", None, "banner", "reminder", "brake"),
    AlarmType("emergency_stop", None, "banner", "alarm", "emergency stop"),
    AlarmType("serial_error", None, "banner", "alarm", "serial connection error"),
)
BY_KEY = {a.key: a for a in CATALOGUE}
# Raised by chance; the others follow state. Odds favour the harmless ones, as on a real fleet.
RANDOM_WEIGHTS: dict[str, float] = {
    "lidar_dock_failed": 0.5, "lidar_dock_failed_low_power": 0.3, "lidar_dock_failed_hot": 0.2,
    "lidar_dock_failed_no_ranging": 0.2, "replan_failed": 2.0, "paused_costmap_invalid": 0.6,
    "paused_emergency_stop": 0.5, "disinfectant_full_left": 0.2, "disinfectant_full_right": 0.2,
    "odometer": 0.4, "imu": 0.4, "lidar": 0.4, "depth_camera": 0.6, "path_error": 1.0, "p2p_path_failed": 0.8,
    "network_abnormal": 1.0, "low_localization": 1.5, "path_not_solved": 0.8,
}


@dataclass
class Alarm:
    type: AlarmType
    alarm_id: str
    raised_at: datetime
    clears_at: datetime | None

    def as_dict(self) -> dict[str, Any]:
        return {"alarmId": self.alarm_id, "key": self.type.key, "code": self.type.code_hex,
                "codeNum": self.type.code, "kind": self.type.kind, "level": self.type.level,
                "text": self.type.text, "raisedAt": self.raised_at.isoformat(timespec="seconds")}


class AlarmBoard:
    """The alarms standing on one robot, and the chance of new ones."""

    def __init__(self, sn: str, rng: random.Random, rate_per_hour: float) -> None:
        self.sn = sn
        self.rng = rng
        self.rate_per_hour = rate_per_hour
        self.active: dict[str, Alarm] = {}
        self.counter = 0
        self.raised_total: dict[str, int] = {}

    def is_active(self, key: str) -> bool:
        return key in self.active

    def raise_(self, key: str, now: datetime, lasts_s: float | None = None) -> Alarm | None:
        """Raise an alarm; None when it already stands (no second raise)."""
        if key in self.active:
            return None
        self.counter += 1
        alarm = Alarm(BY_KEY[key], f"{self.sn}-A{self.counter:05d}-{now:%Y%m%d%H%M%S}", now, None)
        if lasts_s is not None:
            alarm.clears_at = now + timedelta(seconds=lasts_s)
        self.active[key] = alarm
        self.raised_total[key] = self.raised_total.get(key, 0) + 1
        return alarm

    def clear(self, key: str) -> Alarm | None:
        return self.active.pop(key, None)

    def set_banner(self, key: str, on: bool, now: datetime) -> tuple[str, Alarm] | None:
        """Bring a state banner in line with the state: ('raise'|'clear', alarm) when it changed."""
        if on and key not in self.active:
            alarm = self.raise_(key, now)
            return ("raise", alarm) if alarm else None
        if not on and key in self.active:
            return "clear", self.active.pop(key)
        return None

    def roll(self, now: datetime, dt_s: float) -> list[tuple[str, Alarm]]:
        """Random faults for dt_s simulated seconds, and the clears that fall due."""
        changes: list[tuple[str, Alarm]] = []
        for key, alarm in list(self.active.items()):
            if alarm.clears_at is not None and alarm.clears_at <= now:
                changes.append(("clear", self.active.pop(key)))
        if self.rate_per_hour > 0 and self.rng.random() < 1 - math.exp(-self.rate_per_hour * dt_s / 3600):
            keys = list(RANDOM_WEIGHTS)
            key = self.rng.choices(keys, weights=[RANDOM_WEIGHTS[k] for k in keys])[0]
            raised = self.raise_(key, now, lasts_s=self.rng.uniform(120, 1200))
            if raised:
                changes.append(("raise", raised))
        return changes
