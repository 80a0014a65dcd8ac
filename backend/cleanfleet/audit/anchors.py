"""The anchors: each chain's head (seq, hash) written where the database cannot change it, once a day (the job
``audit-anchor``) and whenever an operator asks (``python -m cleanfleet audit anchor``): a file per day in the
object store (``audit-anchors/<date>.json``, a list of anchors). ``verify`` reads the files back: a chain rewritten in
the database no longer holds the anchored hash at the anchored seq.

The object store should itself refuse deletes and overwrites of that prefix (an S3 bucket with object lock or a
write-only policy for the server's key: docs/operations.md "Audit trail")."""

from datetime import UTC, date, datetime, timedelta
from typing import Any

import orjson

from cleanfleet.audit.chain import heads
from cleanfleet.core.db import Database, utcnow
from cleanfleet.storage.backends import NotStored, Store

PREFIX = "audit-anchors/"


def anchor_key(day: date) -> str:
    return f"{PREFIX}{day.isoformat()}.json"


async def read_day(store: Store, day: date) -> list[dict[str, Any]]:
    try:
        return list(orjson.loads(await store.get(anchor_key(day))))
    except NotStored:
        return []


async def write_anchor(database: Database, store: Store) -> dict[str, Any]:
    """Anchors every chain's head now (added to today's file); answers the anchor."""
    async with database.sessions() as db:
        found = await heads(db)
    now = utcnow()
    anchor = {"at": now.isoformat(), "chains": found}
    today = now.astimezone(UTC).date()
    anchors = await read_day(store, today)
    anchors.append(anchor)
    await store.put(anchor_key(today), orjson.dumps(anchors, option=orjson.OPT_INDENT_2), "application/json")
    return anchor


async def anchor_daily(database: Database, store: Store) -> int:
    """The job's round: an anchor when today has none yet (1), else nothing (0)."""
    if await read_day(store, utcnow().astimezone(UTC).date()):
        return 0
    await write_anchor(database, store)
    return 1


async def all_anchors(store: Store, first: date, last: date) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    day = first
    while day <= last:
        found += await read_day(store, day)
        day += timedelta(days=1)
    return found


def read_anchors(path: str) -> list[dict[str, Any]]:
    """The anchors of a file kept elsewhere (a day's file, as mailed: a list; or one anchor)."""
    with open(path, "rb") as file:
        found = orjson.loads(file.read())
    return found if isinstance(found, list) else [found]


def anchored_at(anchor: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(anchor["at"])
