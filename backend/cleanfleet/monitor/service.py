"""Status monitoring: the fleet's counts now (online, working, charging, idle), today's cleaned area, open
alarms, and a card per robot, for the devices under a subtree path (optionally one device group's members).

A robot's state follows ``monitor.states`` (the rules the wall display and the device map share). The
console keeps the cards fresh from the WebSocket's ``devices`` events and asks for the counts again now and
then.
"""

from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.paging import PageIn, paginate_in_one_query
from cleanfleet.devices.access import owned_under
from cleanfleet.devices.groups.models import DeviceGroupMember
from cleanfleet.devices.models import Device, DeviceState
from cleanfleet.monitor.states import OPEN_ALARM, robot_state, state_columns, state_counts
from cleanfleet.reports.models import TaskReport
from cleanfleet.users.models import User
from cleanfleet.warn.models import Alarm


def scope(path: str, group_id: int | None) -> list[ColumnElement[bool]]:
    """The devices a monitoring call covers: under ``path``, and in the group when one is given."""
    where = [owned_under(path)]
    if group_id is not None:
        where.append(Device.id.in_(select(DeviceGroupMember.device_id).where(DeviceGroupMember.group_id == group_id)))
    return where


async def status(db: AsyncSession, path: str, group_id: int | None, day_start: datetime) -> dict[str, Any]:
    where = scope(path, group_id)
    counts = (await db.execute(
        select(*state_columns()).select_from(Device).outerjoin(DeviceState, DeviceState.device_id == Device.id)
        .where(*where))).one()
    area = (await db.execute(
        select(func.coalesce(func.sum(TaskReport.cleaned_area), 0.0), func.count(TaskReport.id))
        .join(Device, Device.id == TaskReport.device_id).where(*where, TaskReport.end_time >= day_start)
    )).one()
    alarms = await db.scalar(select(func.count(Alarm.id)).join(Device, Device.id == Alarm.device_id)
                             .where(*where, OPEN_ALARM)) or 0
    return {**state_counts(*counts), "areaToday": round(float(area[0]), 2), "tasksToday": int(area[1]),
            "openAlarms": int(alarms), "dayStart": day_start.isoformat()}


def _card(row: Any) -> dict[str, Any]:
    return {
        "deviceId": row.id, "deviceName": row.name, "deviceSerialNumber": row.serial_number,
        "protocolVersion": row.protocol_version, "ownerId": row.user_id, "ownerName": row.owner_name or "",
        "online": 1 if row.online else 0, "state": row.state, "battery": row.battery, "charging": bool(row.charging),
        "taskName": row.task_name or "", "progress": row.progress, "mapName": row.map_name or "",
        "mode": row.mode or "", "heartbeatTime": None if row.heartbeat_at is None else row.heartbeat_at.isoformat(),
        "openAlarms": row.open_alarms,
    }


async def robots(db: AsyncSession, path: str, group_id: int | None, page: PageIn) -> dict[str, Any]:
    """A card per robot, online ones first, then by name."""
    open_alarms = (select(func.count(Alarm.id)).where(Alarm.device_id == Device.id, OPEN_ALARM)
                   .correlate(Device).scalar_subquery())
    columns = (Device.id, Device.name, Device.serial_number, Device.protocol_version, Device.user_id,
               func.coalesce(func.nullif(User.name, ""), User.account).label("owner_name"),
               func.coalesce(DeviceState.online, False).label("online"), robot_state().label("state"),
               DeviceState.battery, func.coalesce(DeviceState.charging, False).label("charging"), DeviceState.task_name,
               DeviceState.progress, DeviceState.map_name, DeviceState.mode, DeviceState.heartbeat_at,
               open_alarms.label("open_alarms"))
    query: Select[*tuple[Any, ...]] = (
        select(*columns).select_from(Device).outerjoin(DeviceState, DeviceState.device_id == Device.id)
        .join(User, User.id == Device.user_id).where(*scope(path, group_id))
        .order_by(func.coalesce(DeviceState.online, False).desc(), Device.name, Device.id))
    return await paginate_in_one_query(db, query, page, row=_card)
