"""Every table comes from the Alembic migrations, which run from an empty database and match the models."""

import os

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text
from sqlalchemy.ext.asyncio import create_async_engine

from cleanfleet.core.migrate import upgrade
from cleanfleet.devices.models import COUNT_CHANGES, SEARCH_INDEX_PG, SEARCH_INDEX_TABLE
from cleanfleet.models import metadata
from cleanfleet.settings import async_driver


def _empty_database(tmp_path):
    pg = os.environ.get("CLEANFLEET_TEST_DB_URL")
    if pg:
        return create_async_engine(async_driver(pg), connect_args={"server_settings": {"search_path": "migtest"}}), True
    return create_async_engine(f"sqlite+aiosqlite:///{tmp_path / 'empty.db'}"), False


def _modelled(item, name, type_, reflected, compare_to):
    """Not the device search index (an FTS5 table and its shadow tables, or a GIN index) nor PostgreSQL's
    pending count changes: raw DDL of migration 0037, written by triggers only."""
    return not (name or "").startswith((SEARCH_INDEX_TABLE, SEARCH_INDEX_PG, COUNT_CHANGES))


async def test_migrations_build_every_table_from_empty(tmp_path):
    engine, is_pg = _empty_database(tmp_path)
    if is_pg:
        async with engine.begin() as conn:
            await conn.execute(text("DROP SCHEMA IF EXISTS migtest CASCADE"))
            await conn.execute(text("CREATE SCHEMA migtest"))
    await upgrade(engine)

    def check(connection):
        tables = set(inspect(connection).get_table_names())
        assert set(metadata.tables) <= tables
        assert "alembic_version" in tables
        context = MigrationContext.configure(connection, opts={"compare_type": True, "include_object": _modelled})
        diff = compare_metadata(context, metadata)
        assert diff == [], f"models and migrations differ: {diff}"

    async with engine.connect() as conn:
        await conn.run_sync(check)
    await upgrade(engine)  # a second run is a no-op
    if is_pg:
        async with engine.begin() as conn:
            await conn.execute(text("DROP SCHEMA migtest CASCADE"))
    await engine.dispose()


def test_the_migrations_are_one_line():
    """One head: a new revision follows the last one, so every database runs the same steps in the same order."""
    from pathlib import Path

    from alembic.config import Config
    from alembic.script import ScriptDirectory

    import cleanfleet

    config = Config()
    config.set_main_option("script_location", str(Path(cleanfleet.__file__).parent / "migrations"))
    assert ScriptDirectory.from_config(config).get_heads() == [ScriptDirectory.from_config(config).get_current_head()]
