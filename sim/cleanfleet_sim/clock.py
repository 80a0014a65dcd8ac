"""A robot's own clock: simulated time runs `speed` times faster than wall time.

Schedules, battery, motion and task reports all read this clock. Times are aware datetimes in the
robot's local zone (the host's, unless a start time with another zone is given), so a scheduled
task set for "08-30" starts at 08:30 on the robot's clock, as on a real robot.
"""

from __future__ import annotations

import time
from datetime import datetime, timedelta
from typing import Protocol


class Clock(Protocol):
    speed: float

    def now(self) -> datetime: ...


class SimClock:
    """Sped-up wall clock: `speed` simulated seconds pass per wall second."""

    def __init__(self, speed: float = 1.0, start: datetime | None = None) -> None:
        if speed <= 0:
            raise ValueError("speed must be above 0")
        self.speed = speed
        self._start = (start or datetime.now()).astimezone()
        self._t0 = time.monotonic()

    def now(self) -> datetime:
        return self._start + timedelta(seconds=(time.monotonic() - self._t0) * self.speed)


class ManualClock:
    """A clock that moves only when told: tests step the fleet through simulated time with it."""

    def __init__(self, start: datetime | None = None, speed: float = 1.0) -> None:
        self.speed = speed
        self._now = (start or datetime(2026, 11, 23, 7, 0)).astimezone()

    def now(self) -> datetime:
        return self._now

    def advance(self, seconds: float) -> datetime:
        self._now += timedelta(seconds=seconds)
        return self._now
