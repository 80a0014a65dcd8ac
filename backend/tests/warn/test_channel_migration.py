"""The migration to channel rows keeps every stored setting, both ways (0024_c1_alarm_channel_rows)."""

import os

from alembic import command
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from cleanfleet.core.migrate import alembic_config
from cleanfleet.settings import async_driver

BEFORE = "0023_x1_report_start_figures"
AFTER = "0024_c1_alarm_channel_rows"
SCHEMA = "chanmig"


def _engine(tmp_path):
    pg = os.environ.get("CLEANFLEET_TEST_DB_URL")
    if pg:
        return create_async_engine(async_driver(pg), connect_args={"server_settings": {"search_path": SCHEMA}}), True
    return create_async_engine(f"sqlite+aiosqlite:///{tmp_path / 'channels.db'}"), False


def _to(revision: str, downgrade: bool = False):
    def run(connection):
        config = alembic_config()
        config.attributes["connection"] = connection
        (command.downgrade if downgrade else command.upgrade)(config, revision)
    return run


async def test_settings_survive_the_move_to_rows_and_back(tmp_path):
    engine, is_pg = _engine(tmp_path)
    if is_pg:
        async with engine.begin() as conn:
            await conn.execute(text(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE"))
            await conn.execute(text(f"CREATE SCHEMA {SCHEMA}"))
    async with engine.begin() as conn:
        await conn.run_sync(_to(BEFORE))
        if is_pg:  # the setting's owner is not what this test is about: no users table rows needed
            await conn.execute(text("SET session_replication_role = replica"))
        await conn.execute(text(
            "INSERT INTO alarm_settings (owner_id, code, app, cloud, email, official, sms, terminal, offsite, "
            "updated_at) VALUES (:u, 'low_battery', false, true, false, false, true, true, false, CURRENT_TIMESTAMP)"
        ), {"u": 1})
        await conn.run_sync(_to(AFTER))
        rows = (await conn.execute(text("SELECT channel FROM alarm_setting_channels ORDER BY channel"))).scalars()
        assert list(rows) == ["cloud", "sms", "terminal"]
        await conn.run_sync(_to(BEFORE, downgrade=True))
        back = (await conn.execute(text(
            "SELECT app, cloud, email, official, sms, terminal, offsite FROM alarm_settings"))).one()
        assert [bool(v) for v in back] == [False, True, False, False, True, True, False]
    if is_pg:
        async with engine.begin() as conn:
            await conn.execute(text(f"DROP SCHEMA {SCHEMA} CASCADE"))
    await engine.dispose()
