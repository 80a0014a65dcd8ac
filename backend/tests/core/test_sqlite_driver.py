"""core/sqlite_driver.py: SQLAlchemy over aiosqlite with one hand-over to the driver's thread a statement, answering
what the stock adapter answers (rows, counts, the new row's id, errors)."""

import aiosqlite
import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from cleanfleet.core.db import create_engine

pytestmark = pytest.mark.database_free  # a SQLite file of its own


@pytest.fixture
async def engine(tmp_path):
    engine = create_engine(f"sqlite+aiosqlite:///{tmp_path / 'driver.db'}")
    async with engine.begin() as conn:
        await conn.execute(text("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL)"))
    yield engine
    await engine.dispose()


def count_hops(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    hops: list[str] = []
    real = aiosqlite.Connection._execute

    async def counted(self, fn, *args, **kwargs):  # type: ignore[no-untyped-def]
        hops.append(getattr(fn, "__name__", repr(fn)))
        return await real(self, fn, *args, **kwargs)

    monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
    return hops


async def test_the_engine_answers_rows_counts_and_ids_as_sqlite_does(engine) -> None:
    assert engine.dialect.driver == "cleanfleet"
    async with engine.begin() as conn:
        first = await conn.execute(text("INSERT INTO t (name) VALUES ('a')"))
        assert first.rowcount == 1 and first.lastrowid == 1
        many = await conn.execute(text("INSERT INTO t (name) VALUES (:name)"), [{"name": "b"}, {"name": "c"}])
        assert many.rowcount == 2
        changed = await conn.execute(text("UPDATE t SET name = name || '!' WHERE id > 1"))
        assert changed.rowcount == 2
        rows = (await conn.execute(text("SELECT id, name FROM t ORDER BY id"))).all()
        assert [tuple(row) for row in rows] == [(1, "a"), (2, "b!"), (3, "c!")]
        assert (await conn.execute(text("SELECT name FROM t WHERE id = 2"))).scalar_one() == "b!"
        assert (await conn.execute(text("SELECT name FROM t WHERE id = 9"))).first() is None
    async with engine.connect() as conn:
        streamed = await conn.stream(text("SELECT id FROM t ORDER BY id"))  # a server-side cursor: the stock one
        assert [row[0] async for row in streamed] == [1, 2, 3]


async def test_a_refused_statement_raises_and_changes_nothing(engine) -> None:
    async with engine.begin() as conn:
        await conn.execute(text("INSERT INTO t (name) VALUES ('a')"))
    with pytest.raises(IntegrityError):
        async with engine.begin() as conn:
            await conn.execute(text("INSERT INTO t (name) VALUES ('b')"))
            await conn.execute(text("INSERT INTO t (name) VALUES ('a')"))
    async with engine.connect() as conn:
        assert (await conn.execute(text("SELECT count(*) FROM t"))).scalar_one() == 1


async def test_a_statement_is_one_hand_over_to_the_drivers_thread(engine, monkeypatch) -> None:
    async with engine.connect() as conn:
        await conn.execute(text("SELECT 1"))  # the connection made and its pragmas run before counting
        hops = count_hops(monkeypatch)
        rows = (await conn.execute(text("SELECT id, name FROM t"))).all()
        assert rows == []
        assert len(hops) == 1  # SQLAlchemy's stock adapter: cursor, execute, fetch and close, four
