"""PostgreSQL: a pooled connection is checked at checkout without a round trip (core/db.py
``_drop_closed_connection``), and one the server closed meanwhile is replaced, not handed to a call."""

import asyncio
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from sqlalchemy import select, text

from cleanfleet.core.db import Database
from cleanfleet.core.driver import driver_rows
from cleanfleet.settings import async_driver
from tests.conftest import database_url

pytestmark = pytest.mark.skipif(not database_url(Path("unused")).startswith("postgresql"),
                                reason="asyncpg's pool: the PostgreSQL run has it")


def _url() -> str:
    return async_driver(database_url(Path("unused")))


async def _backend_pid(database: Database) -> tuple[int, Any]:
    async with database.sessions() as db:
        connection = await db.connection()
        pid = (await driver_rows(connection, select(text("pg_backend_pid()")), {}))[0][0]
        return int(pid), (await connection.get_raw_connection()).driver_connection


async def test_a_read_sends_the_database_its_statement_only(monkeypatch: pytest.MonkeyPatch) -> None:
    database = Database(_url(), pool_size=1)
    try:
        await _backend_pid(database)  # the connection opened (its set-up statements are not a call's)
        sent: list[str] = []
        for name in ("execute", "fetch", "fetchrow", "fetchval"):
            original = getattr(asyncpg.Connection, name)

            async def recorded(self: Any, query: str, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
                sent.append(query)
                return await _original(self, query, *args, **kwargs)

            monkeypatch.setattr(asyncpg.Connection, name, recorded)
        await _backend_pid(database)
        # SQLAlchemy's pre-ping sent "BEGIN;", ";" and "ROLLBACK;" before it at every checkout
        assert sent == ["SELECT pg_backend_pid()"]
    finally:
        await database.dispose()


async def test_a_connection_the_server_closed_is_replaced_at_checkout() -> None:
    database, other = Database(_url(), pool_size=1), Database(_url(), pool_size=1)
    try:
        pid, pooled = await _backend_pid(database)
        closed = asyncio.Event()
        pooled.add_termination_listener(lambda _connection: closed.set())
        async with other.sessions() as db:
            assert (await db.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})).scalar() is True
        async with asyncio.timeout(10):  # its socket's end reaches the pooled connection
            await closed.wait()
        assert pooled.is_closed()
        again, _ = await _backend_pid(database)
        assert again != pid
    finally:
        await database.dispose()
        await other.dispose()
