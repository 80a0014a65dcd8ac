"""The migration to channel rows keeps every stored setting, both ways (0024_c1_alarm_channel_rows)."""

from sqlalchemy import text

from tests.migration_steps import migration_database, to

BEFORE = "0023_x1_report_start_figures"
AFTER = "0024_c1_alarm_channel_rows"


async def test_settings_survive_the_move_to_rows_and_back(tmp_path):
    async with migration_database(tmp_path, "chanmig") as (conn, _is_pg):
        await conn.run_sync(to(BEFORE))
        await conn.execute(text(
            "INSERT INTO alarm_settings (owner_id, code, app, cloud, email, official, sms, terminal, offsite, "
            "updated_at) VALUES (:u, 'low_battery', false, true, false, false, true, true, false, CURRENT_TIMESTAMP)"
        ), {"u": 1})
        await conn.run_sync(to(AFTER))
        rows = (await conn.execute(text("SELECT channel FROM alarm_setting_channels ORDER BY channel"))).scalars()
        assert list(rows) == ["cloud", "sms", "terminal"]
        await conn.run_sync(to(BEFORE, downgrade=True))
        back = (await conn.execute(text(
            "SELECT app, cloud, email, official, sms, terminal, offsite FROM alarm_settings"))).one()
        assert [bool(v) for v in back] == [False, True, False, False, True, True, False]
