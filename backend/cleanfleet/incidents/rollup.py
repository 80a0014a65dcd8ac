"""The incidents' month counts (``incident_months``): per branch (the incident's ``owner_path``), UTC month of
opening, site (0: none) and alarm name, how many opened, were acknowledged, resolved and closed as noise, with the
summed and longest seconds to acknowledge and to resolve; each (branch, month, site) also has a row of every alarm
name (``key`` ``*``), which what is not filtered or grouped by alarm name reads (a tenth of the rows). The chart and
the figures read them for the whole UTC months of a range (incidents/metrics.py), the list its unfiltered total.

Every writer of incidents changes them in its own transaction: opening (``opened``), acknowledging
(``acknowledged``), resolving or closing (``ended``: with the acknowledgement it implies); what removes incidents or
moves them off a site recounts the months they were in from the incidents (``recount``): a robot deleted
(``device_deleted``, DEVICE_DELETED before its incidents cascade away), a site deleted (``site_deleted``,
SITE_DELETED after its incidents' ``site_id`` became null). A user removed takes its rows with it (foreign key
cascade, as its incidents). A change is one upsert per (branch, month, site, name), in key order (two transactions
meet on a row in the same order); longest times only grow, so they upsert as the greater value. ``rebuild``
recomputes the table (seeding, repair).
"""

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import delete, func, select, tuple_
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.scope import ids_on_path
from cleanfleet.incidents.models import CLOSED, RESOLVED, Incident, IncidentMonth

SUMMED = ("incidents", "acknowledged", "resolved", "noise", "ack_sum", "resolve_sum")
LONGEST = ("ack_max", "resolve_max")
CHUNK = 500
ALL = "*"  # the row of every alarm name (what a read without an alarm name filter or grouping sums: fewer rows)

Cell = tuple[str, date, int, str]  # owner_path, month, site (0: none), alarm name


@dataclass(slots=True)
class Counts:
    """Incidents counted, as a month row holds them (and as metrics.py adds them up)."""

    incidents: int = 0
    acknowledged: int = 0
    resolved: int = 0
    noise: int = 0
    ack_sum: int = 0
    ack_max: int | None = None
    resolve_sum: int = 0
    resolve_max: int | None = None

    def add(self, other: "Counts", sign: int = 1) -> None:
        for name in SUMMED:
            setattr(self, name, getattr(self, name) + sign * getattr(other, name))
        if sign > 0:
            self.ack_max = _greater(self.ack_max, other.ack_max)
            self.resolve_max = _greater(self.resolve_max, other.resolve_max)

    def count(self, state: str, ack_seconds: int | None, resolve_seconds: int | None) -> None:
        """Adds one incident as it is now."""
        self.incidents += 1
        if ack_seconds is not None:
            self.acknowledged += 1
            self.ack_sum += ack_seconds
            self.ack_max = _greater(self.ack_max, ack_seconds)
        if resolve_seconds is not None:
            self.resolved += 1
            self.resolve_sum += resolve_seconds
            self.resolve_max = _greater(self.resolve_max, resolve_seconds)
        if state == CLOSED:
            self.noise += 1


def _greater(a: int | None, b: int | None) -> int | None:
    return b if a is None else a if b is None else max(a, b)


def month_of(moment: datetime) -> date:
    """The UTC month (its first day) an incident opened in."""
    return moment.astimezone(UTC).date().replace(day=1)


def _cell(incident: Any) -> Cell:
    return (incident.owner_path, month_of(incident.opened_at), incident.site_id or 0, incident.key)


def _insert(db: AsyncSession) -> Any:
    return postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert


def _chunks(items: list[Any]) -> Iterable[list[Any]]:
    for start in range(0, len(items), CHUNK):
        yield items[start:start + CHUNK]


def _row(cell: Cell, counts: Counts) -> dict[str, Any]:
    path, month, site_id, key = cell
    return {"owner_path": path, "month": month, "site_id": site_id, "key": key, "owner_id": ids_on_path(path)[-1],
            **{name: getattr(counts, name) for name in SUMMED + LONGEST}}


async def _add(db: AsyncSession, deltas: dict[Cell, Counts]) -> None:
    """Adds ``deltas`` (counts only grow here: an incident opened, acknowledged or ended) to their rows, and to the
    rows of every alarm name (``ALL``) of the same branch, month and site."""
    every: dict[Cell, Counts] = defaultdict(Counts)
    for (path, month, site_id, _key), counts in deltas.items():
        every[(path, month, site_id, ALL)].add(counts)
    rows = [_row(cell, counts) for cell, counts in sorted({**deltas, **every}.items())]
    if not rows:
        return
    statement = _insert(db)(IncidentMonth)
    greatest = func.greatest if db.get_bind().dialect.name == "postgresql" else func.max  # SQLite: max(a, b)
    statement = statement.on_conflict_do_update(
        index_elements=["key", "owner_path", "month", "site_id"],
        set_={**{name: getattr(IncidentMonth, name) + statement.excluded[name] for name in SUMMED},
              **{name: greatest(func.coalesce(getattr(IncidentMonth, name), statement.excluded[name]),
                                func.coalesce(statement.excluded[name], getattr(IncidentMonth, name)))
                 for name in LONGEST}})
    for chunk in _chunks(rows):
        await db.execute(statement, chunk)


async def opened(db: AsyncSession, incident: dict[str, Any]) -> None:
    """An incident just inserted (its row's values)."""
    await _add(db, {(incident["owner_path"], month_of(incident["opened_at"]), incident["site_id"] or 0,
                     incident["key"]): Counts(incidents=1)})


async def acknowledged(db: AsyncSession, incident: Incident, ack_seconds: int) -> None:
    """An incident this transaction acknowledged (its ``ack_seconds``)."""
    await _add(db, {_cell(incident): Counts(acknowledged=1, ack_sum=ack_seconds, ack_max=ack_seconds)})


async def ended(db: AsyncSession, incident: Incident, state: str, resolve_seconds: int | None) -> None:
    """An incident this transaction resolved or closed as noise (its acknowledgement counted apart)."""
    counts = Counts(noise=1 if state == CLOSED else 0)
    if state == RESOLVED and resolve_seconds is not None:
        counts = Counts(resolved=1, resolve_sum=resolve_seconds, resolve_max=resolve_seconds)
    await _add(db, {_cell(incident): counts})


async def recount(db: AsyncSession, pairs: Iterable[tuple[str, date]], *, without_device: int | None = None) -> None:
    """Counts the (branch, month) rows again from the incidents (leaving out a robot about to be deleted)."""
    for chunk in _chunks(sorted(set(pairs))):
        await db.execute(delete(IncidentMonth).where(tuple_(IncidentMonth.owner_path, IncidentMonth.month)
                                                     .in_(chunk)).execution_options(synchronize_session=False))
        counted: dict[Cell, Counts] = defaultdict(Counts)
        wanted = set(chunk)
        for path in sorted({path for path, _month in chunk}):
            months = sorted(month for p, month in chunk if p == path)
            query = select(Incident.owner_path, Incident.opened_at, Incident.site_id, Incident.key, Incident.state,
                           Incident.ack_seconds, Incident.resolve_seconds).where(
                Incident.owner_path == path, Incident.opened_at >= month_start(months[0]),
                Incident.opened_at < month_start(next_month(months[-1])))
            if without_device is not None:
                query = query.where(Incident.device_id != without_device)
            for row in await db.execute(query):
                cell = _cell(row)
                if (cell[0], cell[1]) in wanted:
                    counted[cell].count(row.state, row.ack_seconds, row.resolve_seconds)
        await _add(db, counted)


async def rebuild(db: AsyncSession) -> None:
    """Recomputes the whole table from the incidents (the caller commits)."""
    await db.execute(delete(IncidentMonth))
    counted: dict[Cell, Counts] = defaultdict(Counts)
    for row in await db.execute(select(Incident.owner_path, Incident.opened_at, Incident.site_id, Incident.key,
                                       Incident.state, Incident.ack_seconds, Incident.resolve_seconds)):
        counted[_cell(row)].count(row.state, row.ack_seconds, row.resolve_seconds)
    await _add(db, counted)


async def device_deleted(db: AsyncSession, device_id: int, owner_id: int) -> None:
    """DEVICE_DELETED (before the robot's row goes and its incidents with it): its months counted without it."""
    found = await db.execute(select(Incident.owner_path, Incident.opened_at).where(Incident.device_id == device_id))
    pairs = {(row.owner_path, month_of(row.opened_at)) for row in found}
    if pairs:
        await recount(db, pairs, without_device=device_id)


async def site_deleted(db: AsyncSession, site_id: int) -> None:
    """SITE_DELETED (after the site's row is deleted and flushed: its incidents now at no site): its months
    counted again."""
    pairs = {(row.owner_path, row.month) for row in await db.execute(
        select(IncidentMonth.owner_path, IncidentMonth.month).where(IncidentMonth.site_id == site_id))}
    if pairs:
        await recount(db, pairs)


def month_start(month: date) -> datetime:
    """The instant a UTC month (its first day) begins."""
    return datetime(month.year, month.month, 1, tzinfo=UTC)


def next_month(month: date) -> date:
    """The first day of the month after."""
    return date(month.year + month.month // 12, month.month % 12 + 1, 1)
