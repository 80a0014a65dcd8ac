"""Reports' part of a gateway batch (``core.bus.ROBOT_MESSAGES_ARRIVED``, wired in cleanfleet/events.py): the run
reports stored (a redelivered ``msgId`` is skipped), the new runs' coverage grids handed on to the sites
(``RUNS_COVERED``: the runs it refuses are written back for the gateway to count as dropped for their robot), and
``run.ended`` told to the integrations (``FACTS_HAPPENED``), all in the gateway's transaction."""

from typing import Any

from sqlalchemy import select

from cleanfleet.core.arrivals import Arrived, ArrivedReport
from cleanfleet.core.bus import IN_TRANSACTION, RUNS_COVERED, Fact, tell
from cleanfleet.core.coverage import CoveredRun
from cleanfleet.devices.models import Device
from cleanfleet.reports.service import store_new_reports


async def robot_messages(db: Any, arrived: Arrived) -> None:
    if not arrived.reports:
        return
    messages = [report.message for report in arrived.reports]
    new = await store_new_reports(db, messages)
    arrived.coverage_refused.extend(await _store_coverage(db, arrived.reports, {row.msg_id for row in new}))
    await _tell_runs_ended(db, messages, new)


async def _store_coverage(db: Any, reports: list[ArrivedReport], new: set[str]) -> list[tuple[str, str]]:
    """Hands the new reports' coverage grids to the sites domain (``RUNS_COVERED``, in this transaction); answers
    the runs it refused, (serial number, why)."""
    runs = []
    for report in reports:
        message = report.message
        if report.coverage is not None and message.msg_id in new:
            new.discard(message.msg_id)  # the same message twice in one batch is stored, and counted, once
            runs.append(CoveredRun(message.device_id, report.serial_number, message.fields["map_name"],
                                   message.fields["start_time"], report.coverage))
    if not runs:
        return []
    await IN_TRANSACTION.publish(db, RUNS_COVERED, runs=runs)
    return [(run.serial_number, run.refused) for run in runs if run.refused]


async def _tell_runs_ended(db: Any, reports: list[Any], new: list[Any]) -> None:
    """``run.ended`` for each new report (core.bus ``FACTS_HAPPENED``, in this transaction)."""
    if not new:
        return
    by_msg = {message.msg_id: message for message in reports}
    devices = {row.id: row for row in await db.execute(select(Device.id, Device.serial_number, Device.name,
                                                                Device.owner_path)
                                                         .where(Device.id.in_({row.device_id for row in new})))}
    facts = []
    for row in new:
        device, message = devices.get(row.device_id), by_msg.get(row.msg_id)
        if device is None or message is None:
            continue
        fields = message.fields
        ended = fields.get("end_time") or row.start_time
        facts.append(Fact("run.ended", device.owner_path, {
            "robotId": device.id, "serialNumber": device.serial_number, "name": device.name or "",
            "reportId": row.id, "taskName": fields.get("task_name") or "", "mapName": fields.get("map_name") or "",
            "startedAt": row.start_time, "endedAt": fields.get("end_time"), "durationSeconds": int(row.duration_s or 0),
            "cleanedAreaM2": float(row.cleaned_area or 0)}, ended))
    await tell(db, facts)
