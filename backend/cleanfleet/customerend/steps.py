"""The end's steps, each safe to run again (a worker that dies mid-way leaves a job taken again later): every step
removes "what still belongs" in bounded batches, one short transaction each, so a second run finds less to do and
finishes the same way. The rows are found by walk.py."""

import asyncio
import logging
from collections.abc import Awaitable, Callable

from sqlalchemy import delete, func, select, tuple_, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.audit.models import AuditRecord
from cleanfleet.core.bus import DEVICE_DELETED, IN_TRANSACTION
from cleanfleet.core.db import Database
from cleanfleet.core.scope import path_prefix
from cleanfleet.customerend.walk import CLEARED_PATHS, DEVICES, FILES, ID_LISTS, MENTIONS, USERS, Walk
from cleanfleet.devices import service as devices
from cleanfleet.devices.models import Device
from cleanfleet.storage.backends import Store
from cleanfleet.users.models import User

log = logging.getLogger("cleanfleet.customerend")
BATCH = 500  # rows per transaction
FILE_BATCH = 100  # stored files per transaction (each a delete in the object store first)
STORE_TRIES = 4  # an object-store delete is tried this often, waiting 0.5, 1, 2 s between
Tick = Callable[[int], Awaitable[None]]


async def count(db: AsyncSession, walk: Walk, name: str) -> int:
    table = walk.tables[name]
    return await db.scalar(select(func.count()).select_from(table).where(walk.removable(name))) or 0


async def file_bytes(db: AsyncSession, walk: Walk) -> int:
    table = walk.tables[FILES]
    return int(await db.scalar(select(func.coalesce(func.sum(table.c.size), 0)).where(walk.removable(FILES))) or 0)


async def remove_rows(database: Database, walk: Walk, name: str, tick: Tick) -> int:
    """Removes the table's rows of the customer, ``BATCH`` at a time; answers how many."""
    table = walk.tables[name]
    keys = list(table.primary_key.columns)
    removed = 0
    while True:
        async with database.sessions() as db:
            query = select(*keys).where(walk.removable(name)).limit(BATCH)
            if name == USERS:  # shadows, then the deepest first: nobody is removed before those below it
                query = query.order_by(table.c.shadow_of_id.is_(None), table.c.level_depth.desc())
            rows = (await db.execute(query)).all()
            if not rows:
                return removed
            chosen = keys[0].in_([row[0] for row in rows]) if len(keys) == 1 else \
                tuple_(*keys).in_([tuple(row) for row in rows])
            await db.execute(delete(table).where(chosen).execution_options(synchronize_session=False))
            await db.commit()
        removed += len(rows)
        await tick(len(rows))


async def remove_robots(database: Database, walk: Walk, tick: Tick) -> int:
    """The robots' rows, each told to its neighbours first (certificates revoked, counts), as a device deletion."""
    removed = 0
    while True:
        async with database.sessions() as db:
            robots = list(await db.execute(select(Device.id, Device.user_id).where(walk.removable(DEVICES))
                                           .limit(BATCH)))
            if not robots:
                return removed
            for device_id, owner_id in robots:
                await IN_TRANSACTION.publish(db, DEVICE_DELETED, device_id=device_id, owner_id=owner_id)
            await db.execute(delete(Device).where(Device.id.in_([r[0] for r in robots]))
                             .execution_options(synchronize_session=False))
            await db.commit()
        removed += len(robots)
        await tick(len(robots))


async def hand_over(database: Database, walk: Walk, dealer_id: int, history: list[str], tick: Tick) -> list[int]:
    """Gives the customer's robots to the dealer, each batch with a last sweep of its history (what the robots sent
    since the history step) in the same transaction, so nothing of the customer's use moves with them."""
    handed: list[int] = []
    while True:
        async with database.sessions() as db:
            dealer = await db.get(User, dealer_id)
            assert dealer is not None
            robots = list(await db.scalars(select(Device).where(path_prefix(Device.owner_path, walk.customer.path))
                                           .order_by(Device.id).limit(BATCH)))
            if not robots:
                return handed
            for name in history:
                await db.execute(delete(walk.tables[name]).where(walk.removable(name))
                                 .execution_options(synchronize_session=False))
            for robot in robots:
                await devices.set_owner(db, robot, dealer)
                robot.elevator_id = None  # the customer's elevator goes with the customer
            await db.commit()
        handed += [robot.id for robot in robots]
        await tick(len(robots))


async def remove_files(database: Database, store: Store, walk: Walk, tick: Tick) -> tuple[int, int]:
    """The customer's stored files: the bytes from the object store first (retried), then their records, so a run
    cut short leaves records whose bytes the next run deletes again (a missing object is no error)."""
    table = walk.tables[FILES]
    files = size = 0
    while True:
        async with database.sessions() as db:
            rows = list(await db.execute(select(table.c.id, table.c.key, table.c.size)
                                         .where(walk.removable(FILES)).order_by(table.c.id).limit(FILE_BATCH)))
        if not rows:
            return files, size
        for _, key, _ in rows:
            await delete_object(store, key)
        async with database.sessions() as db:
            await db.execute(delete(table).where(table.c.id.in_([row[0] for row in rows]))
                             .execution_options(synchronize_session=False))
            await db.commit()
        files += len(rows)
        size += sum(int(row[2] or 0) for row in rows)
        await tick(len(rows))


async def delete_object(store: Store, key: str) -> None:
    """One object-store delete, tried ``STORE_TRIES`` times; the last failure stops the step (the job fails and
    is run again, from the files still recorded)."""
    for attempt in range(STORE_TRIES):
        try:
            await store.delete(key)
            return
        except Exception:
            if attempt == STORE_TRIES - 1:
                raise
            log.warning("object %s not deleted (attempt %d); trying again", key, attempt + 1)
            await asyncio.sleep(0.5 * 2 ** attempt)


async def tidy_mentions(database: Database, walk: Walk) -> int:
    """What stays but named the customer: removed robots' ids in other records' robot lists (``ID_LISTS``), the
    tree paths that only said who set something (``CLEARED_PATHS``) and its people as "who set it" (``MENTIONS``)."""
    changed = 0
    async with database.sessions() as db:
        for name, column in sorted(CLEARED_PATHS):
            table = walk.tables[name]
            result = await db.execute(update(table).where(path_prefix(table.c[column], walk.customer.path))
                                      .values({column: None}).execution_options(synchronize_session=False))
            changed += result.rowcount or 0  # type: ignore[attr-defined]
        for name, column in ID_LISTS:
            changed += await _strip_ids(db, walk, name, column)
        people = select(walk.tables[USERS].c.id).where(walk.belongs(USERS))
        for name, column in MENTIONS:
            table = walk.tables[name]
            result = await db.execute(update(table).where(table.c[column].in_(people)).values({column: None})
                                      .execution_options(synchronize_session=False))
            changed += result.rowcount or 0  # type: ignore[attr-defined]
        await db.commit()
    return changed


async def _strip_ids(db: AsyncSession, walk: Walk, name: str, column: str) -> int:
    """Takes out of a robot id list the ids of robots that no longer exist (a small table: versions' ranges)."""
    table = walk.tables[name]
    (key,) = table.primary_key.columns
    rows = [(row_id, list(ids or [])) for row_id, ids in (await db.execute(select(key, table.c[column]))).all()]
    named = {i for _, ids in rows for i in ids if isinstance(i, int)}
    existing = set(await db.scalars(select(Device.id).where(Device.id.in_(named)))) if named else set()
    changed = 0
    for row_id, ids in rows:
        kept = [i for i in ids if i in existing]
        if len(kept) != len(ids):
            await db.execute(update(table).where(key == row_id).values({column: kept}))
            changed += 1
    return changed


async def erase_audit(database: Database, walk: Walk) -> int:
    """The customer's audit rows stay in their chain (the dealer's tenant: removing them would break it) with
    their personal fields erased, as a person's erasure does: name, address and browser replaced, the salt
    dropped, so the digest the hash covers can no longer be checked against anything; and the values a row written
    since the walk began still holds (``pending``, audit/personal.py) dropped."""
    people = select(walk.tables[USERS].c.id).where(walk.belongs(USERS))
    mine = path_prefix(AuditRecord.owner_path, walk.customer.path) | AuditRecord.actor_id.in_(people) & \
        AuditRecord.actor_type.in_(("person", "shadow"))
    erased = 0
    while True:
        async with database.sessions() as db:
            ids = list(await db.scalars(select(AuditRecord.id).where(mine, AuditRecord.erased.is_(False))
                                        .limit(BATCH)))
            if not ids:
                return erased
            await db.execute(update(AuditRecord).where(AuditRecord.id.in_(ids)).values(
                actor_name="", address=None, client=None, salt=None, erased=True, pending=None)
                .execution_options(synchronize_session=False))
            await db.commit()
        erased += len(ids)

