"""Database engine, sessions, the declarative base and column types shared by every domain."""

import asyncio
import contextlib
import sqlite3
import weakref
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import Depends, Request
from sqlalchemy import DateTime, MetaData, String, event, text
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.types import TypeDecorator

from cleanfleet.core.sqlite_driver import one_hop_url

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class UtcDateTime(TypeDecorator[datetime]):
    """Stores UTC; SQLite hands values back naive, so the zone is put back on read."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime; use aware UTC times")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is not None and value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value


def TreePath(length: int = 255) -> Any:  # noqa: N802 - reads like a column type
    """A materialized path ('/1/7/42/') compared byte-wise, so a prefix is an indexed range scan."""
    return String(length).with_variant(String(length, collation="C"), "postgresql")


def utcnow() -> datetime:
    return datetime.now(UTC)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    # a writer waits for another's commit rather than failing: 30 s, as the driver's own timeout (a burst of
    # parallel sign-ins on a loaded machine queued past 5 s and answered "database is locked")
    cursor.execute("PRAGMA busy_timeout=30000")
    # read pages through a shared memory map instead of copying each into the connection's 2 MB page cache: a
    # count over many index pages (the alarm centre's 1,000 devices) cost half its CPU in those copies
    cursor.execute("PRAGMA mmap_size=268435456")
    cursor.close()


class ClosingConnection(sqlite3.Connection):
    """A SQLite connection that closes its cursors before itself. Python's sqlite3 (3.11) closes a connection whose
    cursor still holds a statement as a "zombie": SQLite keeps it open, its transaction and write lock with it, until
    that statement is freed. A task cancelled mid-query (a server stopping, a request given up) leaves such a cursor
    in the driver's adapter, and the pool then closes its connection: the whole database stayed locked for every
    writer after it (tests/write_lock.py found it, tests/core/test_db_cancel.py holds it)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._cursors: weakref.WeakSet[sqlite3.Cursor] = weakref.WeakSet()

    def cursor(self, factory: Any = sqlite3.Cursor) -> Any:
        cursor = super().cursor(factory)
        self._cursors.add(cursor)
        return cursor

    def close(self) -> None:
        for cursor in list(self._cursors):
            with contextlib.suppress(sqlite3.Error):
                cursor.close()
        super().close()


def _skip_idle_rollbacks(dialect: Dialect) -> None:
    """aiosqlite: a rollback outside a transaction does nothing (sqlite3 looks first), yet each costs a hop to
    the driver's thread, and a read call made two (the session's close, then the pool's reset). Skip those."""
    rollback = dialect.do_rollback

    def do_rollback(dbapi_connection: Any) -> None:
        try:
            idle = not dbapi_connection.driver_connection.in_transaction
        except Exception:  # closed or unusable: let the real rollback deal with it
            idle = False
        if not idle:
            rollback(dbapi_connection)

    dialect.do_rollback = do_rollback  # type: ignore[method-assign]


SQLITE_POOL_SIZE = 20


def create_engine(url: str, pool_size: int = 10) -> AsyncEngine:
    if url.startswith("sqlite"):
        # connections kept open beyond SQLAlchemy's 5: each one past the kept ones is closed when returned, and
        # opening it again costs a thread and the pragmas: with 16 calls in flight the device list lost 15% of its
        # rate to that churn (bench/history/api.md "Against the real no-op, quiet": the pool's churn)
        engine = create_async_engine(one_hop_url(url), pool_size=SQLITE_POOL_SIZE, max_overflow=10,
                                     connect_args={"timeout": 30, "factory": ClosingConnection})
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        _skip_idle_rollbacks(engine.sync_engine.dialect)
        return engine
    # no parallel workers: a chart's scan of 91,000 day rows was planned with two, which cost the CPU of three
    # processes for no shorter answer on a loaded 2-core machine (EXPLAIN ANALYZE, bench/README.md issue 14)
    asyncpg = url.startswith("postgresql+asyncpg")
    serial = {"server_settings": {"max_parallel_workers_per_gather": "0"}} if asyncpg else {}
    engine = create_async_engine(url, pool_size=pool_size, max_overflow=20, pool_pre_ping=not asyncpg,
                                 connect_args=serial)
    if asyncpg:
        event.listen(engine.sync_engine, "checkout", _drop_closed_connection)
    return engine


def _drop_closed_connection(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
    """asyncpg: a pooled connection the server closed (a restart, a terminated backend) is replaced at checkout.
    SQLAlchemy's pre-ping did it with three round trips a checkout (BEGIN, an empty query, ROLLBACK: four statements
    where a device list needs one); asyncpg marks a connection closed as soon as its socket ends, so asking it costs
    none. A connection cut silently (no end of stream yet) fails its first statement instead, and SQLAlchemy drops it
    then (tests/core/test_db_checkout.py)."""
    if dbapi_connection.driver_connection.is_closed():
        raise DisconnectionError("the database closed this connection")


async def custom_plans(db: AsyncSession) -> None:
    """PostgreSQL: plans the rest of this transaction's statements for their own values. asyncpg prepares every
    statement, and after five runs PostgreSQL may keep one generic plan for any time range and branch; for the
    alarm centre's counts and the report charts that plan cost more than twice the CPU (the admin's alarm summary
    39 against 19 ms per call, bench/README.md issues 14 and 15), far more than planning each call (about 1 ms).
    Only the aggregate reads ask for it: the hot paths' small statements keep their cached plans."""
    if db.get_bind().dialect.name == "postgresql":
        await db.execute(text("SET LOCAL plan_cache_mode = force_custom_plan"))


# a twin's engine -> its app's (ids of their sync engines): the same database, opened for another event loop
TWINS: dict[int, int] = {}


def engine_key(db: AsyncSession) -> int:
    """Which app's database ``db`` writes to: its engine's id, or for a twin's session its app's engine's id."""
    key = id(getattr(db.bind, "sync_engine", None))
    return TWINS.get(key, key)


class Database:
    """Owns the engine and the session factory for one app instance."""

    def __init__(self, url: str, pool_size: int = 10) -> None:
        self.url, self.pool_size = url, pool_size
        self.engine = create_engine(url, pool_size)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)

    def twin(self, twin: "Database | None" = None) -> "Database":
        """The same database with an engine and pool of its own (``twin``, or a new one), for another thread's event
        loop (the embedded broker's: gateway/embedded.py), whose asyncpg connections belong to that loop;
        ``engine_key`` takes its sessions for this app's."""
        twin = twin or Database(self.url, self.pool_size)
        TWINS[id(twin.engine.sync_engine)] = TWINS.get(id(self.engine.sync_engine), id(self.engine.sync_engine))
        return twin

    async def reachable(self) -> bool:
        """True when the database answers a query within two seconds (a worker's readiness check)."""
        try:
            async with asyncio.timeout(2.0), self.engine.connect() as connection:
                await connection.execute(text("SELECT 1"))
            return True
        except Exception:
            return False

    async def dispose(self) -> None:
        TWINS.pop(id(self.engine.sync_engine), None)
        await self.engine.dispose()


async def get_db(request: Request) -> AsyncIterator[AsyncSession]:
    async with request.app.state.db.sessions() as session:
        session.info["request"] = request  # core/audit.py: its writes are recorded in the operation log
        yield session


DbSession = Annotated[AsyncSession, Depends(get_db)]
