"""The alarm centre's queries with many alarms stored: a branch's list page, summary and 7-day chart.

    backend/.venv/bin/python bench/bench_alarms.py [--alarms 1000000] [--calls 200] [--pg-url postgresql://postgres@127.0.0.1:5432/bench_alarms]
        [--db-path FILE.db] [--seeded --database-url URL] [--at HH:MM]

Seeds a fresh, migrated database (rows straight to the driver in chunks of 20,000): admin → 10 dealers, each owning 100
devices (1,000 devices), and ``--alarms`` alarms spread evenly over the devices and the last 365 days (a
third resolved, a level per kind, 12 alarm names), then their day counts in bulk (``warn.counts.rebuild``: one
INSERT ... SELECT per table, as the migration fills them). Then times the service calls the routers make (the same
queries, in process, without HTTP) for two branches: one dealer (100 devices, a tenth of the alarms) and the
admin (everything): ``/warn/list`` first page (30 rows, default range: the last 30 days, with its total),
``/warn/warnSummary`` (last 30 days) and ``/warn/chart`` (last 7 days, UTC). Prints p50/p95 per call and the
CPU per call, then the cost of storing a gateway batch of 10 new alarms (insert, day counts, messages and
notifications, incidents, commit), which the counts make dearer, and the reference timed the same way in the same
run (a session's ``SELECT 1``), with the load average before and after. The seed goes straight to the driver
(``bulk_insert``: COPY on PostgreSQL), in the order of time, the alarms' indexes built once at its end.
"""

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
from sqlalchemy import func, insert, select, text  # noqa: E402

from cleanfleet.bootstrap import prepare  # noqa: E402
from cleanfleet.core.db import Database, utcnow  # noqa: E402
from cleanfleet.core.paging import PageIn  # noqa: E402
from cleanfleet.core.passwords import hash_password  # noqa: E402
from cleanfleet.devices.models import Device  # noqa: E402
from cleanfleet.devices.types.models import DeviceType  # noqa: E402
from cleanfleet.settings import Settings  # noqa: E402
from cleanfleet.users.models import User  # noqa: E402
from cleanfleet.warn import centre, counts  # noqa: E402
from cleanfleet.warn.models import Alarm, AlarmDay, AlarmNameDay  # noqa: E402
from cleanfleet.warn.service import AlarmMessage, store_alarms  # noqa: E402

DEALERS, DEVICES_PER_DEALER, CHUNK = 10, 100, 20000
KEYS = [("lidar_dock_failed", "0x0610", "fault", 3), ("replan_failed", "0x0205", "fault", 3),
        ("paused_emergency_stop", "0x0535", "fault", 3), ("disinfectant_low_left", "0x0470", "fault", 3),
        ("network_abnormal", "", "message", 2), ("lidar", "", "message", 2), ("map_load_failed", "", "message", 2),
        ("low_localization", "", "message", 2), ("low_battery", "", "banner", 1), ("manual_mode", "", "banner", 1),
        ("brake", "", "banner", 1), ("emergency_stop", "", "banner", 1)]


async def seed(database: Database, alarms: int) -> tuple[list[str], float]:
    started = time.perf_counter()
    async with database.sessions() as db:
        admin = (await db.execute(select(User.id, User.path).where(User.account == "admin"))).one()
        db.add(DeviceType(name="Bench alarm model", url="", description="bench"))
        await db.commit()
        type_id = await db.scalar(select(DeviceType.id).where(DeviceType.name == "Bench alarm model"))
        password = hash_password("Bench12345")
        now = utcnow()
        dealers = [{"id": 100 + i, "account": f"balarm{i}", "name": f"Alarm dealer {i}", "password_hash": password,
                    "level_depth": 2, "parent_id": admin.id, "path": f"{admin.path}{100 + i}/", "created_at": now,
                    "updated_at": now} for i in range(DEALERS)]
        await db.execute(insert(User), dealers)
        devices = [{"id": 1000 + d * DEVICES_PER_DEALER + i, "serial_number": f"BA{d:02d}{i:04d}",
                    "name": f"Bench {d}-{i}", "search_text": f"bench {d}-{i}", "secret_hash": "", "type_id": type_id,
                    "user_id": dealer["id"], "owner_path": dealer["path"],
                    "created_at": now, "updated_at": now}
                   for d, dealer in enumerate(dealers) for i in range(DEVICES_PER_DEALER)]
        await db.execute(insert(Device), devices)
        await db.commit()
    rng = random.Random(7)
    device_ids = [d["id"] for d in devices]
    span = 365 * 86400
    # the same alarms as ever (alarm n: a random time, device n % 1000, ...), stored in the order of time as robots
    # raise them (each index then grows at its end, or at one end per device, and the bulk load stays in the
    # database's cache), their message ids numbered in that order for the same reason
    times = [now - timedelta(seconds=rng.random() * span) for _ in range(alarms)]
    order = sorted(range(alarms), key=times.__getitem__)
    indexes = sorted(Alarm.__table__.indexes, key=lambda index: str(index.name))
    async with database.engine.begin() as conn:  # built once at the end: cheaper than kept up row by row
        await conn.run_sync(lambda sync: [index.drop(sync) for index in indexes])
    async with database.engine.connect() as conn:
        await bulk_connection(conn)
        for start in range(0, alarms, CHUNK):
            rows = []
            for position in range(start, min(alarms, start + CHUNK)):
                n = order[position]
                key, code, kind, level = KEYS[n % len(KEYS)]
                at = times[n]
                state = 2 if n % 3 == 0 else 1
                rows.append((device_ids[n % len(device_ids)], f"bench-{position:09d}", f"b{n}", key, code, None, kind,
                             "reminder" if kind == "banner" else "alarm", level, key, at, None, None, state,
                             at if state == 2 else None, None, None, at))
            async with conn.begin():
                await bulk_insert(conn, "alarms", ALARM_COLUMNS, rows)
        async with conn.begin():
            await conn.run_sync(lambda sync: [index.create(sync) for index in indexes])
    return [dealers[3]["path"], admin.path], time.perf_counter() - started


ALARM_COLUMNS = ("device_id", "msg_id", "robot_alarm_id", "key", "code", "code_num", "kind", "type", "level", "content",
                 "raised_at", "cleared_at", "clear_msg_id", "state", "resolved_at", "resolved_by", "resolution",
                 "created_at")


def _sqlite_time(value: Any) -> Any:
    """A time as UtcDateTime stores it on SQLite (text, UTC)."""
    return value.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S.%f") if isinstance(value, datetime) else value


async def bulk_connection(conn: Any) -> None:
    """SQLite: this connection (outside a transaction) writes a bulk load with a large page cache and without waiting
    for the disk (a bench's throwaway database; the machine's disk was what the seed waited for)."""
    if conn.dialect.name != "postgresql":
        driver = (await conn.get_raw_connection()).driver_connection
        await driver.execute("PRAGMA cache_size = -262144")  # 256 MB
        await driver.execute("PRAGMA synchronous = OFF")


async def bulk_insert(conn: Any, table: str, columns: tuple[str, ...], rows: list[tuple[Any, ...]]) -> None:
    """Rows straight to the driver: PostgreSQL's COPY (asyncpg), SQLite's executemany with the times as it stores
    them. No SQLAlchemy per row (seeding 10⁶ alarms took 415-1,780 s that way)."""
    driver = (await conn.get_raw_connection()).driver_connection
    if conn.dialect.name == "postgresql":
        await driver.copy_records_to_table(table, records=rows, columns=list(columns))
        return
    marks = ", ".join("?" for _ in columns)
    names = ", ".join(f'"{column}"' for column in columns)
    await driver.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})",
                             [tuple(_sqlite_time(value) for value in row) for row in rows])


async def seed_counts(database: Database) -> tuple[int, int, float]:
    """The day counts of the seeded alarms, in bulk; answers their rows (per device, per owner) and the seconds."""
    started = time.perf_counter()
    async with database.sessions() as db:
        await counts.rebuild(db)
        await db.commit()
        days = await db.scalar(select(func.count()).select_from(AlarmDay)) or 0
        names = await db.scalar(select(func.count()).select_from(AlarmNameDay)) or 0
    async with database.engine.connect() as connection:
        conn = await connection.execution_options(isolation_level="AUTOCOMMIT")
        if conn.dialect.name == "postgresql":  # a fresh bulk load has no visibility map: index-only scans read the heap
            await conn.execute(text("VACUUM ANALYZE"))
        else:  # the seed's write-ahead log into the database now, not during the first timed writes
            await conn.execute(text("ANALYZE"))
            await conn.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))
    return days, names, time.perf_counter() - started


def _process_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def database_cpu(database: Database) -> float:
    """CPU seconds spent so far by the PostgreSQL backends serving this database (on this machine); 0 on SQLite,
    whose engine runs in this process and is counted by ``time.process_time``."""
    if database.engine.dialect.name != "postgresql":
        return 0.0
    async with database.sessions() as db:
        pids = list(await db.scalars(text("SELECT pid FROM pg_stat_activity WHERE datname = current_database()")))
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            total += _process_cpu(pid)
    return total


async def timed(database: Database, calls: int, work: Any) -> tuple[float, float, float]:
    """p50 and p95 of ``calls`` calls after 10 warm-up calls (ms), and the CPU per call (ms) of this process
    (the service, the driver and, on SQLite, the database engine) plus PostgreSQL's backends."""
    for _ in range(10):
        await work()
    times = []
    cpu_before = time.process_time() + await database_cpu(database)
    for _ in range(calls):
        started = time.perf_counter()
        await work()
        times.append((time.perf_counter() - started) * 1000)
    cpu = (time.process_time() + await database_cpu(database) - cpu_before) * 1000 / calls
    return statistics.median(times), statistics.quantiles(times, n=20)[18], cpu


async def seeded_paths(database: Database) -> list[str]:
    """The branches of a database seeded by an earlier run (``--seeded``)."""
    async with database.sessions() as db:
        dealer = await db.scalar(select(User.path).where(User.account == "balarm3"))
        admin = await db.scalar(select(User.path).where(User.account == "admin"))
    return [str(dealer), str(admin)]


def summary_range(at: str | None) -> tuple[datetime, datetime | None]:
    """The summary's range: the default last 30 days, or (``--at HH:MM``) 30 days from that UTC time of day, so
    its partial first day is as long as asked (the summary counts the smaller part of that day's alarms)."""
    start, end = centre.time_range(None, None)
    if at is None:
        return start, end
    hour, minute = (int(part) for part in at.split(":"))
    return start.replace(hour=hour, minute=minute, second=0, microsecond=0), end


async def run(database_url: str | None, alarms: int, calls: int, seeded: bool, at: str | None = None,
              db_path: Path | None = None) -> None:
    data = Path(tempfile.mkdtemp(prefix="bench-alarms-"))
    sqlite_file = db_path or data / "bench.db"
    settings = Settings(data_dir=data, database_url=database_url or f"sqlite+aiosqlite:///{sqlite_file}",
                        admin_password="Admin12345", demo=False)
    await prepare(settings)
    database = Database(settings.db_url)
    print(f"load average (1, 5, 15 min) before: {os.getloadavg()}")
    if seeded:
        paths = await seeded_paths(database)
        async with database.sessions() as db:
            alarms = await db.scalar(select(func.count()).select_from(Alarm)) or 0
        print(f"{alarms:,} alarms already in the {database.engine.dialect.name} database")
    else:
        paths, seconds = await seed(database, alarms)
        print(f"seeded {alarms:,} alarms on {database.engine.dialect.name} in {seconds:.0f} s")
        days, names, seconds = await seed_counts(database)
        print(f"counted them in {seconds:.1f} s: {days:,} alarm_days rows, {names:,} alarm_name_days rows")
    for label, path in zip(("dealer (100 devices)", "admin (1,000 devices)"), paths, strict=True):
        async def listing(path: str = path) -> None:
            async with database.sessions() as db:
                start, end = centre.time_range(None, None)
                await centre.list_page(db, path, PageIn(pageSize=30), start=start, end=end, device_id=None,
                                       key=None, code=None, kind_type=None, level=None, state=None)

        async def summary(path: str = path) -> None:
            async with database.sessions() as db:
                await centre.summary(db, path, None, *summary_range(at))

        async def chart(path: str = path) -> None:
            async with database.sessions() as db:
                await centre.chart(db, path, None, None)

        for name, work in (("list", listing), ("summary", summary), ("chart", chart)):
            p50, p95, cpu = await timed(database, calls, work)
            print(f"| {label} | {name} | {p50:.1f} | {p95:.1f} | {cpu:.1f} |")
    p50, p95, cpu = await timed(database, calls, raising(database))
    print(f"| gateway batch | store 10 new alarms | {p50:.1f} | {p95:.1f} | {cpu:.1f} |")
    p50, p95, cpu = await timed(database, calls, no_op(database))
    print(f"| reference, same run | a session's `SELECT 1` | {p50:.1f} | {p95:.1f} | {cpu:.1f} |")
    print(f"load average (1, 5, 15 min) after: {os.getloadavg()}")
    await database.dispose()


def no_op(database: Database) -> Any:
    """The machine's reference, timed like the calls in the same run: a session that runs ``SELECT 1``."""

    async def call() -> None:
        async with database.sessions() as db:
            await db.execute(text("SELECT 1"))

    return call


def raising(database: Database) -> Any:
    """A call that stores a gateway batch of 10 new alarms of random bench devices (raised now)."""
    batches = iter(range(10 ** 9))
    rng = random.Random(11)

    devices: list[Any] = []

    async def store() -> None:
        batch = next(batches)
        async with database.sessions() as db:
            if not devices:  # read once: a gateway knows its robots (the bench read 1,000 rows in every call)
                devices.extend((await db.execute(select(Device.id, Device.serial_number, Device.owner_path)
                                                 .where(Device.serial_number.like("BA%")))).all())
            messages = []
            for n in range(10):
                device = rng.choice(devices)
                key, code, kind, _ = KEYS[n % len(KEYS)]
                messages.append(AlarmMessage(
                    device_id=device.id, serial_number=device.serial_number, owner_path=device.owner_path,
                    msg_id=f"bench-raise-{time.time_ns()}-{batch}-{n}", action="raise", robot_alarm_id=f"r{batch}-{n}",
                    key=key, code=code, code_num=None, kind=kind, type="alarm", content=key, at=utcnow()))
            await store_alarms(db, messages)
            await db.commit()

    return store


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--alarms", type=int, default=1_000_000)
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--pg-url", help="an empty PostgreSQL database to fill (default: a new SQLite file)")
    parser.add_argument("--database-url", help="a database (SQLite or PostgreSQL) to use instead")
    parser.add_argument("--db-path", type=Path,
                        help="the SQLite file to seed (default: a new one in a temporary folder); kept afterwards")
    parser.add_argument("--seeded", action="store_true", help="the database was seeded by an earlier run: time only")
    parser.add_argument("--at", help="UTC time of day (HH:MM) the summary's 30 days start at (default: now's)")
    args = parser.parse_args()
    if args.db_path is not None and args.db_path.exists() and not args.seeded:
        parser.error(f"{args.db_path} exists: seed a new file, or time it with --seeded")
    asyncio.run(run(args.database_url or args.pg_url, args.alarms, args.calls, args.seeded, args.at, args.db_path))


if __name__ == "__main__":
    main()
