"""A task cancelled mid-query on SQLite does not leave the database locked (core/db.py ``ClosingConnection``).

A server stopping, or a request given up, cancels a session while its driver still runs a statement; the pool then
closes that connection. Without closing the connection's cursors first, Python's sqlite3 left SQLite a "zombie"
connection holding the transaction's write lock, and every later writer waited out its busy timeout (the SQLite test
run's cascade in stop 60's CI). Real SQLAlchemy, aiosqlite and SQLite files here; nothing mocked."""

import asyncio
from pathlib import Path

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
