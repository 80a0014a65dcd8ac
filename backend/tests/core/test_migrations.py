"""Every table comes from the Alembic migrations, which run from an empty database and match the models."""

import os

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text
from sqlalchemy.ext.asyncio import create_async_engine

from cleanfleet.core.migrate import upgrade
from cleanfleet.devices.models import (
    COUNT_CHANGES,
    SEARCH_INDEX_PG,
    SEARCH_INDEX_TABLE,
    SEARCH_MIRROR,
    SEARCH_MIRROR_INDEX,
)
from cleanfleet.models import metadata
from cleanfleet.settings import async_driver
from tests.migration_steps import migration_database, to


def _empty_database(tmp_path):
    pg = os.environ.get("CLEANFLEET_TEST_DB_URL")
    if pg:
        return create_async_engine(async_driver(pg), connect_args={"server_settings": {"search_path": "migtest"}}), True
    return create_async_engine(f"sqlite+aiosqlite:///{tmp_path / 'empty.db'}"), False


def _modelled(item, name, type_, reflected, compare_to):
    """Not the device search index (an FTS5 table and its shadow tables, or a GIN index), PostgreSQL's pending
    count changes nor its search mirror and the mirror's GIN: raw DDL of migrations 0037 and 0038, written by
    triggers only."""
    return not (name or "").startswith((SEARCH_INDEX_TABLE, SEARCH_INDEX_PG, COUNT_CHANGES, SEARCH_MIRROR,
                                        SEARCH_MIRROR_INDEX))


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


async def test_the_search_mirror_is_filled_and_taken_away(tmp_path):
    """0038 copies every device's (id, search_text) into the mirror on PostgreSQL and does nothing on SQLite; its
    downgrade takes the mirror and its triggers away (a device written afterwards needs none of them)."""
    async with migration_database(tmp_path, "mirrormig") as (conn, is_pg):
        await conn.run_sync(to("0037_h1_device_search"))
        device = ("INSERT INTO devices (id, serial_number, name, type_id, user_id, owner_path, search_text, url, "
                  "address, address1, city, province, country, country_code, area, customer_name, customer_address, "
                  "sim_no, rack_number, frp_host, firmware_version, soft_version, pad_version, hard_disk_info, "
                  "protocol_version, secret_hash, maintenance_password, created_at, updated_at) VALUES (:id, :sn, "
                  "'x', 1, 1, '/1/', :text, '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', 3, "
                  "'', '', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)")
        for id_, text_ in ((1, "lobby 01 bn1"), (2, "ward 02 bn2")):
            await conn.execute(text(device), {"id": id_, "sn": f"BN{id_}", "text": text_})
        await conn.run_sync(to("0038_h1_device_search_mirror"))
        tables = await conn.run_sync(lambda sync: set(inspect(sync).get_table_names()))
        assert (SEARCH_MIRROR in tables) == is_pg
        # the mirror's triggers and functions in this schema (PostgreSQL; this test runs them in replica mode)
        kept = text("SELECT (SELECT count(*) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
                    "WHERE c.relnamespace = current_schema()::regnamespace AND t.tgname LIKE 'device/_search/_%' "
                    "ESCAPE '/'), (SELECT count(*) FROM pg_proc WHERE pronamespace = current_schema()::regnamespace "
                    "AND proname LIKE 'device/_search/_%' ESCAPE '/')")
        if is_pg:
            mirrored = await conn.execute(text(f"SELECT id, search_text FROM {SEARCH_MIRROR} ORDER BY id"))
            assert [tuple(row) for row in mirrored] == [(1, "lobby 01 bn1"), (2, "ward 02 bn2")]
            assert tuple((await conn.execute(kept)).one()) == (3, 3)
        await conn.run_sync(to("0037_h1_device_search", downgrade=True))
        assert SEARCH_MIRROR not in await conn.run_sync(lambda sync: set(inspect(sync).get_table_names()))
        if is_pg:
            assert tuple((await conn.execute(kept)).one()) == (0, 0)
        await conn.execute(text("UPDATE devices SET search_text = 'hall 01 bn1' WHERE id = 1"))
        await conn.execute(text("DELETE FROM devices WHERE id = 2"))
        await conn.execute(text(device), {"id": 3, "sn": "BN3", "text": "gate 03 bn3"})
