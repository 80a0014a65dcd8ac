"""Background jobs that run once in a cluster: PostgreSQL advisory-lock leadership, one lock per job.

Every worker starts every periodic job through ``lead(database, name, job)``. On PostgreSQL the job runs only
in the worker that holds the session-level advisory lock of its name, taken on a connection of its own (not
from the request pool). The others try again every ``retry`` seconds. The lock lives as long as that
connection: a worker that dies, is killed or loses the database loses its connection, PostgreSQL releases
the lock, and another worker takes the job over at its next try. The leader checks its connection every
``retry`` seconds and stops the job at once when the connection is gone, so two leaders overlap for a few
seconds at most, and the jobs that send something claim each send with a conditional UPDATE (or a unique
row) first: an overlap can never send twice. On SQLite (one process by design) the job simply runs.

Why not a job queue (arq, Celery, Dramatiq): the jobs are scans of the database's own state ("which sends
are due", "which devices went silent"), not messages handed from one part to another; a queue would add a
producer per job and a second store of truth beside PostgreSQL, while the lock needs nothing the cluster
does not already run. backend/README.md ("Running as a cluster") has the whole argument.
"""

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.pool import NullPool

from cleanfleet.core.db import Database

log = logging.getLogger("cleanfleet.leader")
RETRY_SECONDS = 5.0

Job = Callable[[], Awaitable[None]]
LEADING: set[str] = set()  # the jobs this process runs now (its readiness answer lists them)
ROUNDS: dict[tuple[str, str], int] = {}  # the periodic scans' rounds by (job, "ok" or "failed"), read by metrics/


def lock_key(name: str) -> int:
    """The job's advisory lock key: a stable signed 64-bit number drawn from its name."""
    return int.from_bytes(hashlib.sha256(f"cleanfleet:{name}".encode()).digest()[:8], "big", signed=True)


def is_clustered(database: Database) -> bool:
    """True on PostgreSQL: several workers may share the database, so jobs need a leader."""
    return database.engine.dialect.name == "postgresql"


async def lead(database: Database, name: str, job: Job, *, retry: float = RETRY_SECONDS) -> None:
    """Runs ``job`` (a loop that never returns) only while this worker holds the job's lock; until cancelled."""
    if not is_clustered(database):
        LEADING.add(name)
        try:
            await job()
        finally:
            LEADING.discard(name)
        return
    engine = create_async_engine(database.engine.url, poolclass=NullPool)
    try:
        while True:
            await _lead_once(engine, name, job, retry)
            await asyncio.sleep(retry)
    finally:
        await engine.dispose()


async def _lead_once(engine: AsyncEngine, name: str, job: Job, retry: float) -> None:
    """One try: take the lock, and when taken run the job while the lock's connection answers."""
    try:
        async with engine.connect() as connection:
            if not await _try_lock(connection, name):
                return
            log.info("leading %s", name, extra={"fields": {"job": name}})
            LEADING.add(name)
            try:
                await _run_while_connected(connection, job, retry)
            finally:
                LEADING.discard(name)
                await connection.invalidate()  # closes the connection: the lock goes with it
    except asyncio.CancelledError:
        raise
    except Exception:
        log.warning("leadership of %s lost or not reachable; trying again in %s s", name, retry, exc_info=True)


async def _try_lock(connection: AsyncConnection, name: str) -> bool:
    taken = await connection.scalar(text("SELECT pg_try_advisory_lock(:key)"), {"key": lock_key(name)})
    await connection.commit()  # the lock is the session's, not the transaction's: no transaction stays open
    return bool(taken)


async def _run_while_connected(connection: AsyncConnection, job: Job, retry: float) -> None:
    """The job, stopped as soon as the lock's connection no longer answers (the lock may be someone else's)."""
    task = asyncio.ensure_future(job())
    try:
        while not task.done():
            await asyncio.wait([task], timeout=retry)
            if not task.done():
                await connection.scalar(text("SELECT 1"))
                await connection.commit()
        task.result()  # a job that returned or raised: its error is logged by the caller, then tried again
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


@contextlib.asynccontextmanager
async def exclusive(database: Database, name: str) -> AsyncIterator[None]:
    """Waits for the lock ``name`` and holds it for the block (one worker at a time: the first start's
    migrations and seeding); nothing on SQLite."""
    if not is_clustered(database):
        yield
        return
    engine = create_async_engine(database.engine.url, poolclass=NullPool)
    try:
        async with engine.connect() as connection:
            await connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": lock_key(name)})
            await connection.commit()
            try:
                yield
            finally:
                await connection.invalidate()
    finally:
        await engine.dispose()


Scan = Callable[[Database], Awaitable[int]]


async def _scan_forever(database: Database, name: str, scan: Scan, every: float, first_after: float) -> None:
    await asyncio.sleep(first_after)
    while True:
        outcome = "ok"
        try:
            done = await scan(database)
            if done:
                log.info("%s: %d done", name, done, extra={"fields": {"job": name, "done": done}})
        except Exception:  # one failed round is logged; the next round tries again
            outcome = "failed"
            log.exception("%s failed", name)
        ROUNDS[name, outcome] = ROUNDS.get((name, outcome), 0) + 1
        await asyncio.sleep(every)


def start_scanning(database: Database, name: str, scan: Scan, every: float, first_after: float) -> asyncio.Task[None]:
    """A periodic scan of the database's state, run by one worker of a cluster (``lead``): ``scan`` every ``every``
    seconds after a first wait, answering how many things it did (logged when any)."""
    job = lead(database, name, lambda: _scan_forever(database, name, scan, every, first_after))
    return asyncio.create_task(job, name=name)


async def stop_task(task: asyncio.Task[None]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
