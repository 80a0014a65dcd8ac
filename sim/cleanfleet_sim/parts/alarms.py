"""The robot's alarms part: raises and clears alarms on its board (alarms.AlarmBoard) and reports every change.

Each raise and each clear is first handed to `react` (the robot stops on an emergency stop, pauses its task
for a fault ...), then sent to the cloud as one `alarm` message through `send`. Banners follow the states the
robot hands to `show_banners`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from cleanfleet_sim.alarms import Alarm, AlarmBoard

# (channel, body) -> the payload queued for the cloud
Send = Callable[[str, dict[str, Any]], dict[str, Any]]
React = Callable[[str, Alarm], None]


def _no_reaction(action: str, alarm: Alarm) -> None:
    return None


class Alarms:
    def __init__(self, board: AlarmBoard, now: Callable[[], datetime], send: Send,
                 react: React = _no_reaction) -> None:
        self.board = board
        self.now = now
        self.send = send
        self.react = react

    @property
    def active(self) -> dict[str, Alarm]:
        return self.board.active

    def is_active(self, key: str) -> bool:
        return self.board.is_active(key)

    def raise_(self, key: str, lasts_s: float | None = None) -> None:
        """Raise an alarm now (clearing itself after ``lasts_s`` simulated seconds); one already standing stays."""
        alarm = self.board.raise_(key, self.now(), lasts_s)
        if alarm:
            self.changed("raise", alarm)

    def clear(self, key: str) -> None:
        alarm = self.board.clear(key)
        if alarm:
            self.changed("clear", alarm)

    def set_banner(self, key: str, on: bool, now: datetime) -> None:
        change = self.board.set_banner(key, on, now)
        if change:
            self.changed(*change)

    def show_banners(self, states: dict[str, bool], now: datetime) -> None:
        """Raise the banners whose state is on, clear those whose state is off."""
        for key, on in states.items():
            self.set_banner(key, on, now)

    def roll(self, now: datetime, dt_s: float) -> None:
        """Random faults for ``dt_s`` simulated seconds, and the clears that fall due."""
        for action, alarm in self.board.roll(now, dt_s):
            self.changed(action, alarm)

    def changed(self, action: str, alarm: Alarm) -> None:
        self.react(action, alarm)
        body: dict[str, Any] = {"action": action, **alarm.as_dict()}
        if action == "clear":
            body["clearedAt"] = self.now().isoformat(timespec="seconds")
        self.send("alarm", body)
