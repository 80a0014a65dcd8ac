"""The purge job (issue 51 item 5): one leader's job (``retention``, core/leader.py) that walks the kinds of data and
the parts of the tree (periods.py) and removes what is older than each part's period, in bounded batches.

Each batch is one short transaction of at most ``CLEANFLEET_RETENTION_BATCH`` rows, chosen by id (a subquery with
LIMIT on both databases: no table lock, no long transaction), then the job waits nine times as long as the batch took
(nineteen on SQLite), at least ``CLEANFLEET_RETENTION_PAUSE`` seconds, so the server's calls go first (core.retention
``rest_after``). Stored bytes of the removed records go after each batch's commit (and any a crash left, at the next
round: storage.service ``forget_later``/``delete_forgotten``). Each part that lost rows gets a ``retention_runs`` row
(kind, part, removed, started, finished), each round a summary row (kind "*", part "/"); the rows removed count in
``core.retention.REMOVED`` (metrics/: ``cleanfleet_retention_removed``). Rows of the job's own record older than
RUNS_KEPT go too, and expired sessions and API tokens every round (credentials.py). One failed purge is logged and
the rest go on. The store for the bytes is opened for each round and closed at its end."""

import asyncio
import logging
import time
from datetime import datetime, timedelta

from sqlalchemy import delete

from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.leader import start_scanning
from cleanfleet.core.retention import KINDS, REMOVED, Registered, purges_of, rest_after
from cleanfleet.retention import objects as objects  # the purges with stored bytes register at import
from cleanfleet.retention.credentials import purge_credentials
from cleanfleet.retention.field_actions import purge_field_actions
from cleanfleet.retention.models import RetentionRun
from cleanfleet.retention.periods import ROOT, Part, limits, parts, set_periods
from cleanfleet.settings import Settings
from cleanfleet.storage import service as storage
from cleanfleet.storage.backends import Store, make_store

log = logging.getLogger("cleanfleet.retention")
RUNS_KEPT = timedelta(days=90)
ALL = "*"


async def _drain(database: Database, store: Store, entry: Registered, part: Part, before: datetime,
                 settings: Settings) -> tuple[int, int]:
    """Batches of ``entry``'s purge in ``part`` until one removes fewer than a batch; answers (removed, batches)."""
    removed = batches = 0
    while True:
        started = time.monotonic()
        async with database.sessions() as db:
            done = await entry.purge(db, part.within, before, settings.retention_batch)
            await db.commit()
        removed, batches = removed + done, batches + 1
        if done:
            await forget_bytes(database, store)
            await rest_after(started, settings.retention_pause, database)  # the server's calls go first
        if done < settings.retention_batch:
            return removed, batches


async def forget_bytes(database: Database, store: Store) -> int:
    """Deletes the bytes of every record purged so far (in pages)."""
    total = 0
    while True:
        async with database.sessions() as db:
            done = await storage.delete_forgotten(db, store)
        total += done
        if done < 1_000:
            return total


async def _purge_part(database: Database, store: Store, kind: str, part: Part, now: datetime,
                      settings: Settings) -> int:
    started, removed, batches = utcnow(), 0, 0
    for entry in purges_of(kind):
        try:
            done, rounds = await _drain(database, store, entry, part, now - timedelta(days=part.days), settings)
        except Exception:  # one kind's failure is logged; the other purges go on
            log.exception("retention: purging %s in %s failed", entry.name, part.within.path)
            continue
        removed, batches = removed + done, batches + rounds
    if removed:
        async with database.sessions() as db:
            db.add(RetentionRun(kind=kind, path=part.within.path, days=part.days, removed=removed, batches=batches,
                                started_at=started, finished_at=utcnow()))
            await db.commit()
    return removed


async def purge_round(database: Database, store: Store, settings: Settings, now: datetime | None = None) -> int:
    """One round: every kind, every part; answers how many records went."""
    now, started, total = now or utcnow(), utcnow(), 0
    await forget_bytes(database, store)
    deployment = limits(settings)
    for kind in KINDS:
        async with database.sessions() as db:
            periods = await set_periods(db, kind.name)
        removed = 0
        for part in parts(periods, deployment[kind.name]):
            removed += await _purge_part(database, store, kind.name, part, now, settings)
        REMOVED[kind.name] = REMOVED.get(kind.name, 0) + removed
        total += removed
    ended = await purge_credentials(database, settings, now)  # expired sessions and API tokens (credentials.py)
    total += sum(ended.values())
    total += await purge_field_actions(database, settings, now)  # the field kit's replay records (field_actions.py)
    async with database.sessions() as db:
        await db.execute(delete(RetentionRun).where(RetentionRun.finished_at < now - RUNS_KEPT))
        db.add(RetentionRun(kind=ALL, path=ROOT, removed=total, started_at=started, finished_at=utcnow()))
        await db.commit()
    return total


async def store_round(database: Database, settings: Settings) -> int:
    """One round with a store of its own for the bytes, opened for the round and closed after it, also when the job
    is stopped in the middle (an S3 client left open between hourly rounds, or at stop, leaks its connections)."""
    store = make_store(settings)
    await store.start()
    try:
        return await purge_round(database, store, settings)
    finally:
        await store.close()


def start_retention(database: Database, settings: Settings) -> asyncio.Task[None]:
    """The leader's purge job (a background writer: writers.py)."""
    return start_scanning(database, "retention", lambda db: store_round(db, settings), settings.retention_every,
                          settings.retention_first)
