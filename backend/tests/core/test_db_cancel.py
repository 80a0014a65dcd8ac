"""A task cancelled mid-query on SQLite does not leave the database locked (core/db.py ``ClosingConnection``).

A server stopping, or a request given up, cancels a session while its driver still runs a statement; the pool then
closes that connection. Without closing the connection's cursors first, Python's sqlite3 left SQLite a "zombie"
connection holding the transaction's write lock, and every later writer waited out its busy timeout (the SQLite test
run's cascade in stop 60's CI). Real SQLAlchemy, aiosqlite and SQLite files here; nothing mocked."""

import asyncio
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import async_sessionmaker

from cleanfleet.core.db import create_engine
from tests.write_lock import write_lock_free

pytestmark = pytest.mark.database_free

# a count over a few hundred thousand generated rows: its first (only) row takes long enough, about 0.1-0.3 s here,
# that a cancel shortly after it started lands while the driver's thread still runs it
SLOW_FIRST_ROW = ("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400000) "
                  "SELECT count(*) FROM n WHERE i % 7 = 3")


async def test_a_session_cancelled_mid_query_leaves_no_write_lock(tmp_path: Path) -> None:
    path = tmp_path / "cancel.db"
    started = asyncio.Event()

    async def write_then_read(sessions: async_sessionmaker) -> None:
        async with sessions() as db:
            await db.execute(text("INSERT INTO t (a) VALUES (1)"))  # the write lock is this transaction's now
            started.set()
            await db.execute(text(SLOW_FIRST_ROW))
            await db.commit()

    engine = create_engine(f"sqlite+aiosqlite:///{path}")
    async with engine.begin() as conn:
        await conn.execute(text("CREATE TABLE t (a INTEGER)"))
    await engine.dispose()
    for attempt in range(3):
        engine = create_engine(f"sqlite+aiosqlite:///{path}")
        started.clear()
        task = asyncio.create_task(write_then_read(async_sessionmaker(engine)))
        await started.wait()
        await asyncio.sleep(0.03)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await engine.dispose()  # as a stopping server does: the cancelled session's connection is closed
        assert await asyncio.to_thread(write_lock_free, path, 2.0), f"attempt {attempt}: the write lock outlived it"
    engine = create_engine(f"sqlite+aiosqlite:///{path}")
    async with engine.connect() as conn:  # what the cancelled transactions wrote is gone with them
        assert await conn.scalar(text("SELECT count(*) FROM t")) == 0
    await engine.dispose()


async def test_sixteen_calls_at_once_reuse_their_connections(tmp_path: Path) -> None:
    """The device list's bench keeps 16 calls in flight: once each has had a connection, another round of 16 opens
    none (SQLAlchemy's default of 5 kept closed the rest as they came back, and each reopening cost a thread)."""
    from sqlalchemy import event

    engine = create_engine(f"sqlite+aiosqlite:///{tmp_path / 'pool.db'}")
    opened: list[object] = []
    event.listen(engine.sync_engine, "connect", lambda connection, record: opened.append(connection))
    sessions = async_sessionmaker(engine)
    gate, holding = asyncio.Event(), asyncio.Event()

    async def read() -> int:
        async with sessions() as session:
            value = (await session.execute(text("SELECT 1"))).scalar_one()
            if engine.pool.checkedout() == 16:
                holding.set()
            await gate.wait()  # all 16 hold their connection at once
            return int(value)

    try:
        async with asyncio.timeout(20):  # a deadline for the test (a pool too small to hold 16 never gets there)
            await _two_rounds_of_sixteen(read, gate, holding)
        assert len(opened) == 16
    finally:
        await engine.dispose()


async def _two_rounds_of_sixteen(read: Any, gate: asyncio.Event, holding: asyncio.Event) -> None:
    for _ in range(2):
        gate.clear()
        holding.clear()
        calls = [asyncio.create_task(read()) for _ in range(16)]
        await holding.wait()
        gate.set()
        assert await asyncio.gather(*calls) == [1] * 16
