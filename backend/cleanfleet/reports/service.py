"""Storing the task reports robots send when a task run ends; the report screens come later.

``store_reports`` takes the parsed ``report`` messages of one gateway batch: each is inserted once
(keyed by ``msgId``), and for each new one the device's work counters (time, area, task count in
``device_states``) grow by the run's figures.
"""

from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, bindparam, delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.idempotent import insert_new
from cleanfleet.core.retention import register_purge
from cleanfleet.core.scope import path_prefix
from cleanfleet.devices.models import Device, DeviceState
from cleanfleet.reports.models import TaskReport


@dataclass(frozen=True)
class ReportMessage:
    """One ``cf/<sn>/up/report`` message, checked and parsed by the gateway (``fields`` are column values)."""

    device_id: int
    msg_id: str
    fields: dict[str, Any]


async def store_reports(db: AsyncSession, messages: list[ReportMessage]) -> int:
    """Stores a batch; answers how many reports are new (redeliveries are skipped)."""
    rows = {m.msg_id: {**m.fields, "device_id": m.device_id, "msg_id": m.msg_id} for m in messages}
    new = await insert_new(db, TaskReport, list(rows.values()), key="msg_id",
                           returning=[TaskReport.device_id, TaskReport.duration_s, TaskReport.cleaned_area])
    if new:
        await db.execute(
            update(cast(Table, DeviceState.__table__)).where(DeviceState.device_id == bindparam("d_id")).values(
                work_seconds=DeviceState.work_seconds + bindparam("d_seconds"),
                work_area=DeviceState.work_area + bindparam("d_area"),
                task_count=DeviceState.task_count + 1,
            ),
            [{"d_id": r.device_id, "d_seconds": r.duration_s, "d_area": r.cleaned_area} for r in new],
        )
    return len(new)


async def purge_reports(db: AsyncSession, subtree_path: str, before: datetime) -> int:
    devices = select(Device.id).where(path_prefix(Device.owner_path, subtree_path))
    result = await db.execute(delete(TaskReport).where(TaskReport.end_time < before, TaskReport.device_id.in_(devices))
                              .execution_options(synchronize_session=False))
    return result.rowcount or 0  # type: ignore[attr-defined]


register_purge("task_reports", purge_reports)
