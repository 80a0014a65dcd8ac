"""The update rule (issue 36 item 1): when a robot may be told to update, as pure functions of the window, the
robot's live state and the time, so the scan, the publish and the tests judge it the same way.

A window is a time of day on the robot's clock (its site's time zone, else UTC: users keep no time zone) from
``windowStart`` to ``windowEnd`` (an end before the start crosses midnight: 23:00-03:00 closes at 03:00 the next
day); each robot is told no earlier than the window's opening plus its own spread offset (drawn once, stored). With
no window, the busy rules still hold with the defaults below. In order, a robot waits because it is
``outside_window``, within its ``spread``, ``offline``, running a task (``running_task``), in an elevator ride
(``in_elevator``), below the battery threshold and not charging (``low_battery``), or because it refused the
command a moment ago (``robot_refused``, retried after ``REFUSAL_RETRY``). ``run_soon`` is the robot's own reason
(it holds its schedules): the command carries ``quietBeforeRunMinutes`` and the robot refuses inside it.
"""

from dataclasses import dataclass
from datetime import datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.versions import texts

DAY_MINUTES = 24 * 60
DEFAULT_MIN_BATTERY = 20
DEFAULT_MAX_DEFER_DAYS = 7
REFUSAL_RETRY = timedelta(minutes=5)
# what a robot reports as its heartbeat ``state`` while it works, and while it rides an elevator
WORKING = frozenset({"working", "paused", "returning", "docking", "moving", "mapping", "relocating", "manual"})
ELEVATOR = "elevator"
OUTSIDE, SPREAD, OFFLINE, RUNNING_TASK, IN_ELEVATOR, LOW_BATTERY, REFUSED, RUN_SOON = (
    "outside_window", "spread", "offline", "running_task", "in_elevator", "low_battery", "robot_refused", "run_soon")
REASONS = (OUTSIDE, SPREAD, RUNNING_TASK, RUN_SOON, LOW_BATTERY, IN_ELEVATOR, OFFLINE, REFUSED)
MAX_DEFER = "max_defer"


def minutes(clock: str) -> int:
    hours, mins = clock.split(":")
    return int(hours) * 60 + int(mins)


def length(window: dict[str, Any]) -> int:
    """The window's minutes (crossing midnight: up to the end the next day)."""
    return (minutes(window["windowEnd"]) - minutes(window["windowStart"])) % DAY_MINUTES


def checked(window: Any) -> dict[str, Any] | None:
    """The request's window (an UpdateWindow or None) as stored, after the checks pydantic cannot make alone: it
    fits in a day (start and end differ) and the spread is no longer than the window. Refusals name the field."""
    if window is None:
        return None
    values: dict[str, Any] = window.model_dump()
    if values["windowStart"] == values["windowEnd"]:
        raise ApiError(Code.BAD_PARAMETER, texts.WINDOW_NOT_IN_DAY, field="window.windowEnd",
                       values={"start": values["windowStart"], "end": values["windowEnd"]})
    if values["spreadMinutes"] > length(values):
        raise bad_parameter("window.spreadMinutes", texts.SPREAD_TOO_LONG, spread=values["spreadMinutes"],
                            length=length(values))
    return values


def min_battery(window: dict[str, Any] | None) -> int:
    return int(window["minBattery"]) if window else DEFAULT_MIN_BATTERY


def max_defer(window: dict[str, Any] | None) -> timedelta:
    return timedelta(days=int(window["maxDeferDays"]) if window else DEFAULT_MAX_DEFER_DAYS)


def rule_args(window: dict[str, Any] | None) -> dict[str, int]:
    """What the ``ota`` command carries so the robot applies the same rule (docs/robot-contract.md)."""
    return {"minBattery": min_battery(window), "quietBeforeRunMinutes": int(window["quietBeforeRunMinutes"])
            if window else 0}


def _at(day: Any, minute: int, zone: ZoneInfo) -> datetime:
    return datetime.combine(day, time(minute // 60, minute % 60), tzinfo=zone)


def opening(window: dict[str, Any], zone: ZoneInfo, now: datetime) -> tuple[datetime, bool]:
    """The opening of the window that is open now (and True), or of the next one (and False)."""
    local = now.astimezone(zone)
    start, end = minutes(window["windowStart"]), minutes(window["windowEnd"])
    minute = local.hour * 60 + local.minute
    today = local.date()
    if start < end:
        if start <= minute < end:
            return _at(today, start, zone), True
        return _at(today if minute < start else today + timedelta(days=1), start, zone), False
    if minute >= start:
        return _at(today, start, zone), True
    if minute < end:
        return _at(today - timedelta(days=1), start, zone), True
    return _at(today, start, zone), False


@dataclass(frozen=True)
class Robot:
    """What the server knows of a robot now (its ``device_states`` row)."""

    online: bool
    battery: int | None
    charging: bool
    task: str
    activity: str


def busy_reason(robot: Robot, window: dict[str, Any] | None) -> str | None:
    """Why the robot may not be told now, whatever the window says; None: it may. An unknown battery (never
    reported) is not held against it: the robot checks its own."""
    if not robot.online:
        return OFFLINE
    if robot.activity == ELEVATOR:
        return IN_ELEVATOR
    if robot.task or robot.activity in WORKING:
        return RUNNING_TASK
    if robot.battery is not None and robot.battery < min_battery(window) and not robot.charging:
        return LOW_BATTERY
    return None


def judge(window: dict[str, Any] | None, zone: ZoneInfo, robot: Robot, spread_seconds: int, now: datetime,
          refused_until: datetime | None = None) -> tuple[str | None, datetime | None]:
    """(why it waits, its next chance) or (None, None): tell it now. The next chance is the moment the window or
    the spread lets it (a busy robot's is now: the next scan looks again)."""
    if window is not None:
        opens, is_open = opening(window, zone, now)
        chance = opens + timedelta(seconds=spread_seconds)
        if not is_open:
            return OUTSIDE, chance
        if now < chance:
            return SPREAD, chance
    if refused_until is not None and now < refused_until:
        return REFUSED, refused_until
    reason = busy_reason(robot, window)
    return (reason, None) if reason else (None, None)


def shown_reason(reason: str, not_before: datetime | None, spread_seconds: int, now: datetime) -> str:
    """The wait reason as it stands at ``now``: an update stored ``outside_window`` whose window has opened waits
    for its spread (the scan reads it again only at its next chance, ``not_before``: the opening plus its offset)."""
    if reason == OUTSIDE and not_before is not None and not_before - timedelta(seconds=spread_seconds) <= now:
        return SPREAD
    return reason
