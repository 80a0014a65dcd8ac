"""The robot state rules, one definition for every screen that counts or colours robots (the index page's
status monitoring, the wall display and the device map).

A robot's state comes from its live state row (``device_states``, outer-joined: a device that never reported
has none and counts as offline): online when the row says so; among the online robots, charging when it says
so, working when not charging and running a task, idle the rest. An open alarm is an unresolved one (alarm or
reminder); an active alarm is one of type alarm that the robot has not cleared and nobody has resolved.
"""

from typing import Any

from sqlalchemy import ColumnElement, and_, case, func

from cleanfleet.devices.models import Device, DeviceState
from cleanfleet.warn.models import STATE_UNRESOLVED, TYPE_ALARM, Alarm

ONLINE = DeviceState.online.is_(True)
CHARGING = and_(ONLINE, DeviceState.charging.is_(True))
WORKING = and_(ONLINE, DeviceState.charging.isnot(True), func.coalesce(DeviceState.task_name, "") != "")
OPEN_ALARM = Alarm.state == STATE_UNRESOLVED
ACTIVE_ALARM = and_(Alarm.type == TYPE_ALARM, Alarm.cleared_at.is_(None), OPEN_ALARM)


def count_if(condition: ColumnElement[bool]) -> Any:
    """How many rows meet ``condition`` (0 when none: a SUM over no rows is NULL)."""
    return func.coalesce(func.sum(case((condition, 1), else_=0)), 0)


def state_columns() -> tuple[Any, ...]:
    """total, online, working, charging: select them from devices outer-joined to device_states."""
    return (func.count(Device.id).label("total"), count_if(ONLINE).label("online"),
            count_if(WORKING).label("working"), count_if(CHARGING).label("charging"))


def state_counts(total: int, online: int, working: int, charging: int) -> dict[str, int]:
    """The counts of the screens from the four columns: offline and idle are what the others leave."""
    total, online, working, charging = int(total), int(online), int(working), int(charging)
    return {"total": total, "online": online, "offline": total - online, "working": working,
            "charging": charging, "idle": online - working - charging}


def robot_state(in_alarm: ColumnElement[bool] | None = None) -> Any:
    """One robot's state, by precedence: offline, then alarm (when ``in_alarm`` is given), charging, working,
    idle; the same rules as the counts."""
    alarm = [] if in_alarm is None else [(in_alarm, "alarm")]
    return case((DeviceState.online.isnot(True), "offline"), *alarm, (CHARGING, "charging"), (WORKING, "working"),
                else_="idle")
