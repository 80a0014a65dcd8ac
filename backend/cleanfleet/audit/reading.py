"""Reading the audit trail: the search (scoped to the caller's branch as everything else) and its export as CSV
(a spreadsheet) or JSON Lines (a SIEM's import). Nothing edits or deletes a row through the API."""

import asyncio
import csv
import io
from collections.abc import Mapping
from typing import Any

import orjson
from sqlalchemy import Select, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.audit import personal
from cleanfleet.audit.models import AuditRecord
from cleanfleet.audit.schemas import EXPORT_ROWS, AuditFilter, AuditPageIn
from cleanfleet.core import ranges
from cleanfleet.core.auth import Caller
from cleanfleet.core.paging import paginate
from cleanfleet.core.scope import path_prefix
from cleanfleet.users.scope import user_in_subtree

COLUMNS = ("id", "at", "kind", "outcome", "actorType", "actorId", "actingId", "actorName", "address", "client",
           "target", "detail", "chain", "seq", "sealed")
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # a spreadsheet would run such a cell (CSV injection)


async def query(db: AsyncSession, caller: Caller, wanted: AuditFilter) -> Select[Any]:
    if wanted.startTime is not None:
        ranges.check_times(wanted.startTime, wanted.endTime, ranges.AUDIT_TRAIL)
    found = select(AuditRecord).where(path_prefix(AuditRecord.owner_path, caller.acting_path))
    if wanted.userId is not None:
        await user_in_subtree(db, caller, wanted.userId)
        found = found.where(or_(AuditRecord.acting_id == wanted.userId, (AuditRecord.actor_id == wanted.userId)
                                & AuditRecord.actor_type.in_(("person", "shadow"))))
    for column, text in ((AuditRecord.actor_name, wanted.actorName), (AuditRecord.target, wanted.target)):
        if text:
            found = found.where(column.icontains(text, autoescape=True))
    if wanted.actorType is not None:
        found = found.where(AuditRecord.actor_type == wanted.actorType)
    if wanted.kind:
        found = found.where(AuditRecord.kind.in_(wanted.kind))
    if wanted.outcome is not None:
        found = found.where(AuditRecord.outcome == wanted.outcome)
    if wanted.startTime is not None:
        found = found.where(AuditRecord.at >= wanted.startTime)
    if wanted.endTime is not None:
        found = found.where(AuditRecord.at <= wanted.endTime)
    return found.order_by(AuditRecord.at.desc(), AuditRecord.id.desc())


def answer(row: AuditRecord, shown: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A row for the page (``detail`` as JSON text: its shape is the event's); ``record`` keeps it structured."""
    found = record(row, shown)
    return {**found, "detail": orjson.dumps(found["detail"]).decode() if found["detail"] is not None else None}


def record(row: AuditRecord, shown: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A row for the export (JSON Lines keep ``detail`` structured): with ``shown`` (personal.values_of) a
    person's values put back in ``target`` and ``detail``; without, both as sealed (references)."""
    target, detail = (row.target, row.detail) if shown is None else (
        personal.resolved(row.target, shown), personal.resolved(row.detail, shown))
    return {"id": row.id, "at": row.at.isoformat(), "kind": row.kind, "outcome": row.outcome,
            "actorType": row.actor_type, "actorId": row.actor_id, "actingId": row.acting_id,
            "actorName": row.actor_name, "address": row.address, "client": row.client, "target": target,
            "detail": detail, "chain": row.chain, "seq": row.seq, "sealed": row.seq is not None}


async def page(db: AsyncSession, caller: Caller, wanted: AuditPageIn) -> dict[str, Any]:
    """One page of the search, a person's values put back."""
    found = await paginate(db, await query(db, caller, wanted), wanted)
    shown = await personal.values_of(db, found["list"])
    return {**found, "list": [answer(row, shown.get(row.id, {})) for row in found["list"]]}


def _cell(value: Any) -> str:
    text = "" if value is None else orjson.dumps(value).decode() if isinstance(value, dict | list) else str(value)
    return "'" + text if text.startswith(FORMULA_START) else text


def as_csv(rows: list[dict[str, Any]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    for row in rows:
        writer.writerow([_cell(row[column]) for column in COLUMNS])
    return ("\ufeff" + out.getvalue()).encode()  # the byte order mark: spreadsheets read the file as UTF-8


def as_json_lines(rows: list[dict[str, Any]]) -> bytes:
    return b"".join(orjson.dumps(row) + b"\n" for row in rows)


async def export(db: AsyncSession, caller: Caller, wanted: AuditFilter, form: str) -> tuple[bytes, bool]:
    """The search's newest EXPORT_ROWS rows as a file (formatted off the event loop); and whether more matched."""
    found = list(await db.scalars((await query(db, caller, wanted)).limit(EXPORT_ROWS + 1)))
    shown = await personal.values_of(db, found[:EXPORT_ROWS])
    rows = [record(row, shown.get(row.id, {})) for row in found]
    more = len(rows) > EXPORT_ROWS
    content = await asyncio.to_thread(as_csv if form == "csv" else as_json_lines, rows[:EXPORT_ROWS])
    return content, more
