"""Robot health reads: the fleet view of a branch (the worst first) and one robot's indicators against its peers.
Both read the rows the scan wrote (health/scan.py), scoped to the caller's subtree through the robot's owner path."""

from typing import Any

from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.paging import ALL, PageIn
from cleanfleet.devices.access import owned_under
from cleanfleet.devices.models import Device
from cleanfleet.devices.types.models import DeviceType
from cleanfleet.health.models import RobotHealth

GRADES = ("A", "B", "C", "D")
_ROW = (RobotHealth.device_id, Device.name, Device.serial_number, DeviceType.name.label("type_name"),
        RobotHealth.grade, RobotHealth.drifts, RobotHealth.watches, RobotHealth.peer_basis, RobotHealth.peers,
        RobotHealth.reasons)


def _joined(query: Select[*tuple[Any, ...]], path: str) -> Select[*tuple[Any, ...]]:
    return query.join(Device, Device.id == RobotHealth.device_id).where(owned_under(path))


def _row(row: Any) -> dict[str, Any]:
    return {"deviceId": row.device_id, "deviceCode": row.name, "deviceSerialNumber": row.serial_number,
            "typeName": row.type_name, "grade": row.grade, "drifts": row.drifts, "watches": row.watches,
            "peerBasis": row.peer_basis, "peers": row.peers, "reasons": row.reasons}


async def page(db: AsyncSession, path: str, grades: list[str], paging: PageIn) -> dict[str, Any]:
    """The branch's robots, drifting first (most drifts, then most watches), optionally of some grades only.

    Three short reads instead of one sorted join: the robots per grade (which give the total), the page's robot
    ids in order (ids and severities only: sorting 10,000 rows with their JSON was most of the call's time), then
    those robots' rows."""
    counts = dict.fromkeys(GRADES, 0)
    for grade, n in (await db.execute(_joined(select(RobotHealth.grade, func.count()), path)
                                      .group_by(RobotHealth.grade))).all():
        counts[str(grade)] = int(n)
    wanted = sorted(set(grades))
    total = sum(n for grade, n in counts.items() if not wanted or grade in wanted)
    ids_query = _joined(select(RobotHealth.device_id), path)
    if wanted:
        ids_query = ids_query.where(RobotHealth.grade.in_(wanted))
    ids_query = ids_query.order_by(RobotHealth.severity.desc(), RobotHealth.device_id)
    if paging.pageSize < ALL:
        ids_query = ids_query.limit(paging.pageSize).offset((paging.currentPage - 1) * paging.pageSize)
    ids = list((await db.scalars(ids_query)).all())
    rows = {} if not ids else {row.device_id: row for row in await db.execute(
        select(*_ROW).join(Device, Device.id == RobotHealth.device_id).join(DeviceType, DeviceType.id == Device.type_id)
        .where(RobotHealth.device_id.in_(ids)))}
    when = (await db.execute(select(RobotHealth.window_start, RobotHealth.window_end, RobotHealth.computed_at)
                             .limit(1))).first()
    return {"list": [_row(rows[i]) for i in ids if i in rows], "total": total, "pageNum": paging.currentPage,
            "pageSize": paging.pageSize, "counts": counts, "windowStart": when[0].isoformat() if when else None,
            "windowEnd": when[1].isoformat() if when else None, "computedAt": when[2].isoformat() if when else None}


async def device(db: AsyncSession, device: Device) -> dict[str, Any]:
    """One robot's health (the caller may see the robot: ``devices.access.get_device`` checked it)."""
    row = (await db.execute(select(*_ROW, RobotHealth.area_bucket, RobotHealth.indicators, RobotHealth.window_start,
                                   RobotHealth.window_end, RobotHealth.computed_at)
                            .join(Device, Device.id == RobotHealth.device_id)
                            .join(DeviceType, DeviceType.id == Device.type_id)
                            .where(RobotHealth.device_id == device.id))).first()
    if row is None:
        return {"computed": False, "health": None}
    return {"computed": True, "health": {
        **_row(row), "areaBucket": row.area_bucket, "indicators": row.indicators,
        "windowStart": row.window_start.isoformat(), "windowEnd": row.window_end.isoformat(),
        "computedAt": row.computed_at.isoformat()}}
