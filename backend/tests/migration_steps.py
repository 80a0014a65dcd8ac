"""A database of its own for a test that walks the migrations with data in it (a round trip: upgrade to the
revision under test and back), on SQLite or, with CLEANFLEET_TEST_DB_URL, in a schema of its own on PostgreSQL."""

import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from alembic import command
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncConnection, create_async_engine

from cleanfleet.core.migrate import alembic_config
from cleanfleet.settings import async_driver


def to(revision: str, downgrade: bool = False) -> Callable[[Any], None]:
    """For ``conn.run_sync``: upgrade (or downgrade) the connection's database to ``revision``."""
    def run(connection: Any) -> None:
        config = alembic_config()
        config.attributes["connection"] = connection
        (command.downgrade if downgrade else command.upgrade)(config, revision)
    return run


@asynccontextmanager
async def migration_database(tmp_path: Path, schema: str) -> AsyncIterator[tuple[AsyncConnection, bool]]:
    """A connection in one transaction to an empty database (a fresh SQLite file, or the PostgreSQL schema
    ``schema`` made for the test, without foreign-key checks so rows need no owners); answers whether it is
    PostgreSQL."""
    pg = os.environ.get("CLEANFLEET_TEST_DB_URL")
    if pg:
        engine = create_async_engine(async_driver(pg), connect_args={"server_settings": {"search_path": schema}})
        async with engine.begin() as conn:
            await conn.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
            await conn.execute(text(f"CREATE SCHEMA {schema}"))
    else:
        engine = create_async_engine(f"sqlite+aiosqlite:///{tmp_path / f'{schema}.db'}")
    try:
        async with engine.begin() as conn:
            if pg:
                await conn.execute(text("SET session_replication_role = replica"))
            yield conn, bool(pg)
    finally:
        if pg:
            async with engine.begin() as conn:
                await conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        await engine.dispose()
