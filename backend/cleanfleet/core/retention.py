"""Retention: the kinds of data the product keeps for a while, and each domain's purge of its old records.

A domain registers how to remove its records dated before a cut-off within a part of the user tree
(``register_purge``; ``purge_rows`` for a plain dated table). Two things run them:

- the user menu's "clear data" (api /user/cleanCache): every purge registered for it, for the caller's subtree,
  with a cut-off of one year, in the caller's transaction (``purge_older_than``);
- the retention job (retention/job.py, issue 51 item 5): every purge of a kind of data (``KINDS``), per part of
  the tree with its own period, in bounded batches (``limit`` rows per call, each in a short transaction).

A purge answers how many records it removed; called with a ``limit`` it removes at most that many (the job calls
it again until it answers fewer).
"""

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, and_, delete, not_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import InstrumentedAttribute

from cleanfleet.core.db import Database
from cleanfleet.core.scope import path_prefix


@dataclass(frozen=True)
class Kind:
    """A kind of data kept for a while: its name (the settings' and the API's key), and in days its default period,
    the least an operator or a tenant may set, and the most the deployment allows (``hard_max``)."""

    name: str
    default: int
    least: int
    hard_max: int


# docs/operations.md "Data retention" has this table in words; the console's texts name each kind
KINDS: tuple[Kind, ...] = (
    Kind("telemetry", 400, 30, 3650),  # heartbeats and presence: the robots' online days
    Kind("reports", 730, 90, 3650),  # run reports (and their roll-ups) and the sites' coverage days
    Kind("alarms", 400, 30, 3650),  # alarms (and their day counts) and closed incidents
    Kind("messages", 180, 7, 3650),  # the message centre
    Kind("logs", 30, 1, 3650),  # device logs pulled from robots, with their files
    Kind("backups", 90, 7, 3650),  # robots' data backups, with their archives
    Kind("videos", 90, 7, 3650),  # video viewing sessions (the clips stay on the robot)
    Kind("files", 3650, 30, 3650),  # files and knowledge-base entries, with their stored files
    Kind("audit", 730, 365, 3650),  # audit rows (a chain's oldest, with a checkpoint) and password views
)
KIND_NAMES: tuple[str, ...] = tuple(kind.name for kind in KINDS)
BY_NAME: dict[str, Kind] = {kind.name: kind for kind in KINDS}


@dataclass(frozen=True)
class Limits:
    """A kind's period in this deployment: ``default`` days where no tenant sets one, ``least`` to ``most`` days a
    tenant may set (CLEANFLEET_RETENTION_DAYS, CLEANFLEET_RETENTION_MAX_DAYS)."""

    kind: str
    default: int
    least: int
    most: int


def check_deployment(days: dict[str, int], max_days: dict[str, int]) -> dict[str, Limits]:
    """The deployment's limits per kind from its settings; refuses (ValueError naming the kind) an unknown kind, a
    most outside the kind's least and hard most, or a default outside the least and the most."""
    found = {}
    for name in (*days, *max_days):
        if name not in BY_NAME:
            raise ValueError(f"retention: no kind of data named {name!r} (kinds: {', '.join(KIND_NAMES)})")
    for kind in KINDS:
        most = max_days.get(kind.name, kind.hard_max)
        if not kind.least <= most <= kind.hard_max:
            raise ValueError(f"retention: {kind.name}'s most must be {kind.least} to {kind.hard_max} days")
        default = days.get(kind.name, min(kind.default, most))
        if not kind.least <= default <= most:
            raise ValueError(f"retention: {kind.name} must be kept {kind.least} to {most} days")
        found[kind.name] = Limits(kind.name, default, kind.least, most)
    return found


@dataclass(frozen=True)
class Within:
    """A part of the user tree: the subtree at ``path`` less the subtrees at ``excluded`` (which keep their records
    longer: the job purges them apart)."""

    path: str
    excluded: tuple[str, ...] = ()

    def holds(self, column: Any) -> ColumnElement[bool]:
        """``column`` (a tree path) lies in this part."""
        return and_(path_prefix(column, self.path), *(not_(path_prefix(column, out)) for out in self.excluded))


Purge = Callable[[AsyncSession, Within, datetime, int | None], Awaitable[int]]


@dataclass(frozen=True)
class Registered:
    name: str
    purge: Purge
    kind: str | None  # the kind of data the retention job purges it as; None: clear data only
    clear: bool  # the user menu's "clear data" runs it


_purges: dict[str, Registered] = {}
REMOVED: dict[str, int] = {}  # rows the retention job removed in this process, by kind (read by metrics/)


def register_purge(name: str, purge: Purge, *, kind: str | None = None, clear: bool = True) -> None:
    assert kind is None or kind in BY_NAME, kind
    _purges[name] = Registered(name, purge, kind, clear)


def purges_of(kind: str) -> list[Registered]:
    return [entry for _, entry in sorted(_purges.items()) if entry.kind == kind]


def first_ids(id_column: Any, *where: Any, limit: int | None) -> Any:
    """The ids of the rows ``where`` says, at most ``limit`` of them (a batch): a subquery to delete by."""
    query = select(id_column).where(*where)
    return query.limit(limit) if limit is not None else query


def purge_rows(name: str, moment: InstrumentedAttribute[Any], owner: InstrumentedAttribute[Any],
               owner_id: InstrumentedAttribute[Any], owner_path: InstrumentedAttribute[Any], *,
               kind: str | None = None, row_id: InstrumentedAttribute[Any] | None = None, clear: bool = True) -> Purge:
    """Registers (and answers) the purge of the rows of ``moment``'s table dated before the cut-off whose
    ``owner`` (a device id, a user id) is one of the part's: ``owner_id`` of the rows whose ``owner_path``
    lies in it, e.g. ``purge_rows("alarms", Alarm.raised_at, Alarm.device_id, Device.id, Device.owner_path)``.
    ``row_id`` (the table's id) lets the retention job remove them in batches."""

    async def purge(db: AsyncSession, within: Within, before: datetime, limit: int | None = None) -> int:
        owners = select(owner_id).where(within.holds(owner_path))
        where: tuple[Any, ...] = (moment < before, owner.in_(owners))
        if limit is not None and row_id is not None:
            where = (row_id.in_(first_ids(row_id, *where, limit=limit)),)
        result = await db.execute(delete(moment.class_).where(*where).execution_options(synchronize_session=False))
        return result.rowcount or 0  # type: ignore[attr-defined]

    register_purge(name, purge, kind=kind, clear=clear)
    return purge


# the job's rest after a batch, as a multiple of the batch's own time, by database. Busy half of the time, the server's
# p95 doubled while a backlog of 10 million alarms went. PostgreSQL busy a tenth of the time: the device list's p95
# 1.17x its own without the purge; SQLite, whose deletes and checkpoints run in the server's own process, 1.32x at a
# tenth and 1.16x at a twentieth (bench/history/api.md "Retention: purging 10 million, quiet"). A first backlog then
# takes hours (SQLite: 9 million in about 10 h); a deployment's hourly round, caught up, is about one batch.
REST_PER_BUSY = {"postgresql": 9, "sqlite": 19}


async def rest_after(started: float, least: float, database: Database) -> None:
    """The job's wait after a batch begun at ``started`` (time.monotonic): ``REST_PER_BUSY`` times as long as the
    batch took on ``database``'s kind, at least ``least`` seconds, however slow its batches are on a loaded machine
    or a large table."""
    per_busy = REST_PER_BUSY.get(database.engine.dialect.name, REST_PER_BUSY["sqlite"])
    await asyncio.sleep(max(least, per_busy * (time.monotonic() - started)))


async def purge_older_than(db: AsyncSession, subtree_path: str, before: datetime) -> dict[str, int]:
    """Clear data: runs every purge registered for it; answers how many records each removed."""
    return {name: await entry.purge(db, Within(subtree_path), before, None)
            for name, entry in sorted(_purges.items()) if entry.clear}
