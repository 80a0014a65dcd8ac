"""The sites' migrations (0027_s1_sites, 0028_s2_site_coverage) go up and back down with rows in their tables, and a
robot has one open stay at a time in the database itself (a partial unique index), whatever a call does."""

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from tests.migration_steps import migration_database, to

BEFORE = "0026_p1_push_subscriptions"
AFTER = "0027_s1_sites"
COVERAGE = "0028_s2_site_coverage"
STAY = "INSERT INTO site_robots (site_id, device_id, started_at, ended_at) VALUES (1, 7, CURRENT_TIMESTAMP, {})"


def _second_open_stay_refused(sync: Connection) -> bool:
    sync.execute(text(STAY.format("NULL")))
    sync.execute(text(STAY.format("CURRENT_TIMESTAMP")))  # a closed stay is history: any number of them
    savepoint = sync.begin_nested()
    try:
        sync.execute(text(STAY.format("NULL")))
    except IntegrityError:
        return True
    finally:
        savepoint.rollback()
    return False


def _site_tables(sync: Connection) -> set[str]:
    return {name for name in inspect(sync).get_table_names() if name.startswith("site")}


async def test_the_sites_tables_come_and_go(tmp_path):
    async with migration_database(tmp_path, "sitemig") as (conn, _is_pg):
        await conn.run_sync(to(AFTER))
        await conn.execute(text("INSERT INTO sites (id, user_id, name, address, time_zone, created_at, updated_at) "
                                "VALUES (1, 1, 'Mall', '', 'UTC', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"))
        assert await conn.run_sync(_second_open_stay_refused)
        assert len(await conn.run_sync(_site_tables)) == 8
        await conn.run_sync(to(BEFORE, downgrade=True))
        assert await conn.run_sync(_site_tables) == set()


def _coverage_key(sync: Connection) -> list[str]:
    return list(inspect(sync).get_pk_constraint("site_coverage_days")["constrained_columns"])


async def test_the_coverage_days_table_comes_and_goes(tmp_path):
    """0028_s2_site_coverage: one row per robot, map and day (the primary key), dropped again on the way down."""
    async with migration_database(tmp_path, "covmig") as (conn, _is_pg):
        await conn.run_sync(to(COVERAGE))
        assert await conn.run_sync(_coverage_key) == ["device_id", "map_name", "day"]
        await conn.run_sync(to(AFTER, downgrade=True))
        assert "site_coverage_days" not in await conn.run_sync(_site_tables)
        assert len(await conn.run_sync(_site_tables)) == 8
