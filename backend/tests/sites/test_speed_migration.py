"""0063_s6_speed: availability's kept days and the downtime changes its triggers write come, and go again on the way
down with the triggers (a robot's offline span, fault, incident, update or repair is written as before)."""

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection

from tests.migration_steps import migration_database, to

SPEED, BEFORE = "0063_s6_speed", "0062_s6_trail"
TABLES = {"site_availability_days", "site_downtime_changes"}
OFFLINE = "INSERT INTO site_robot_offline (device_id, started_at) VALUES (7, CURRENT_TIMESTAMP)"
FAULT = ("INSERT INTO alarms (device_id, msg_id, robot_alarm_id, key, code, kind, type, level, content, raised_at, "
         "state, created_at) VALUES (7, '{msg}', 'a', 'stuck', 'E7', 'fault', 'alarm', {level}, '', CURRENT_TIMESTAMP, "
         "1, CURRENT_TIMESTAMP)")


def _tables(sync: Connection) -> set[str]:
    return set(inspect(sync).get_table_names()) & TABLES


def _triggers(sync: Connection, is_pg: bool, table: str = "site_downtime_changes") -> int:
    """The triggers that write ``table``."""
    if is_pg:
        query = ("SELECT count(*) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE "
                 f"c.relnamespace = current_schema()::regnamespace AND t.tgname LIKE '{table}_%'")
    else:
        query = f"SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE '{table}_%'"
    return int(sync.execute(text(query)).scalar_one())


async def test_the_kept_days_and_the_change_triggers_come_and_go(tmp_path):
    async with migration_database(tmp_path, "speedmig") as (conn, is_pg):
        await conn.run_sync(to(SPEED))
        assert await conn.run_sync(_tables) == TABLES
        assert await conn.run_sync(lambda sync: _triggers(sync, is_pg)) == 15  # 5 tables: insert, delete, update
        await conn.execute(text(OFFLINE))
        await conn.execute(text(FAULT.format(msg="m1", level=3)))
        await conn.execute(text(FAULT.format(msg="m2", level=2)))  # not a fault: availability does not read it
        if not is_pg:  # (the PostgreSQL test schema runs with triggers off)
            changes = (await conn.execute(text("SELECT device_id, weight FROM site_downtime_changes"))).all()
            assert changes == [(7, 1), (7, 1)]
        await conn.run_sync(to(BEFORE, downgrade=True))
        assert await conn.run_sync(_tables) == set()
        assert await conn.run_sync(lambda sync: _triggers(sync, is_pg)) == 0
        await conn.execute(text(OFFLINE.replace("started_at)", "started_at, ended_at)")
                                .replace("CURRENT_TIMESTAMP)", "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)")))
        await conn.execute(text(FAULT.format(msg="m3", level=3)))


SITE_CHANGES, SEARCH = "0065_s8_site_changes", "0064_s7_search_version"
STAY = ("INSERT INTO site_robots (site_id, device_id, started_at, ended_at) "
        "VALUES (4, 7, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)")


async def test_the_site_change_triggers_come_and_go(tmp_path):
    """0065: a site's records' change triggers (8 tables; the site itself on update only) count a stay, and go on
    the way down with their table."""
    async with migration_database(tmp_path, "sitechanges") as (conn, is_pg):
        await conn.run_sync(to(SITE_CHANGES))
        assert await conn.run_sync(lambda sync: _triggers(sync, is_pg, "site_figure_changes")) == 22
        await conn.execute(text(STAY))
        if not is_pg:  # (the PostgreSQL test schema runs with triggers off)
            changes = (await conn.execute(text("SELECT site_id, weight FROM site_figure_changes"))).all()
            assert changes == [(4, 1)]
        await conn.run_sync(to(SEARCH, downgrade=True))
        assert "site_figure_changes" not in await conn.run_sync(lambda sync: set(inspect(sync).get_table_names()))
        assert await conn.run_sync(lambda sync: _triggers(sync, is_pg, "site_figure_changes")) == 0
        await conn.execute(text(STAY))
