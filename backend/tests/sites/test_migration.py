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


STAYS = "0047_s3_site_reports"
BEFORE_STAYS = "0046_s3_sbom_advisories"
COVERAGE_ROW = ("INSERT INTO site_coverage_days (device_id, map_name, day, cell, origin_x, origin_y, width, height, "
                "runs, counts, targeted, updated_at) VALUES (7, 'hall', '{day}', 0.5, 0, 0, 1, 1, 1, '', '', "
                "CURRENT_TIMESTAMP)")


async def test_coverage_days_are_kept_per_site_and_back(tmp_path):
    """0047_s3_site_reports: the site the robot was at joins the key; a day of a stay gets its site, another 0."""
    async with migration_database(tmp_path, "staymig") as (conn, _is_pg):
        await conn.run_sync(to(BEFORE_STAYS))
        await conn.execute(text("INSERT INTO sites (id, user_id, name, address, time_zone, created_at, updated_at) "
                                "VALUES (1, 1, 'Mall', '', 'Asia/Shanghai', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"))
        await conn.execute(text("INSERT INTO site_robots (site_id, device_id, started_at, ended_at) VALUES "
                                "(1, 7, '2025-03-10 04:00:00+00:00', NULL)"))  # noon in Shanghai
        for day in ("2025-03-01", "2025-03-10", "2025-03-12"):
            await conn.execute(text(COVERAGE_ROW.format(day=day)))
        await conn.run_sync(to(STAYS))
        assert await conn.run_sync(_coverage_key) == ["device_id", "map_name", "day", "site_id"]
        rows = (await conn.execute(text("SELECT day, site_id FROM site_coverage_days ORDER BY day"))).all()
        assert [(str(day)[:10], site) for day, site in rows] == [("2025-03-01", 0), ("2025-03-10", 1),
                                                                 ("2025-03-12", 1)]
        await conn.execute(text(COVERAGE_ROW.format(day="2025-03-10")))  # at no site, the same day
        await conn.run_sync(to(BEFORE_STAYS, downgrade=True))
        assert await conn.run_sync(_coverage_key) == ["device_id", "map_name", "day"]
        assert (await conn.execute(text("SELECT COUNT(*) FROM site_coverage_days"))).scalar() == 3
