"""Issue 14 benchmark: a year of task report charts for a dealer with 1,000 robots (about 365,000 runs).

    backend/.venv/bin/python bench/bench_reports.py [--calls 40] [--database-url postgresql://.../bench]
        [--db-path /work/bench-data/reports.db] [--seeded]

Seeds a migrated database: one dealer (``rdealer``) with 200 customers of 5 robots each (1,000 devices);
per device and day of the last 365 days one run in the per-device-per-day aggregate (``task_report_days``:
365,000 rows, with its month roll-ups ``task_report_months`` and ``task_report_device_months`` built by the
service's ``refresh_months``) and one online day (``device_online_days``: 365,000 rows, the online rate, and
``device_online_months``), and the owner roll-ups of both (``task_report_owner_days``,
``task_report_owner_months``, by ``reports.owners.rebuild``); the raw reports of the last 7 days only (7,000
rows: the list reads at most 7 days, and the aggregate is what a year of raw reports would produce). Then times
each chart call of the year, in-process (the service, no HTTP: its CPU per call counts this process and, on
PostgreSQL, the database backends) and through a real server over HTTP as the dealer, one call at a time (the
server process's CPU per call).

A PostgreSQL database given here is emptied first (its public schema is dropped): give it one of its own; so is
the SQLite file of ``--db-path`` (default: a temporary file). ``--seeded`` times a database this script seeded
before, as it is (migrated first, so a seed made before a new migration gets its tables filled by it): a re-timing
on a quiet machine without seeding again. The seed ends on the day it was made and the calls end today: re-time on
the same UTC day, or seed again.
Budget (issue 14): p95 ≤ 150 ms for one year of charts on SQLite and PostgreSQL.
"""

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
from bench_alarms import database_cpu  # noqa: E402
from bench_devices import _empty_postgres  # noqa: E402
from bench_users import cpu_seconds, server_pid  # noqa: E402
from seed_devices import BENCH_PASSWORD, _devices, _insert  # noqa: E402
from server import ADMIN_PASSWORD, login, running_server, signed_headers  # noqa: E402
from sqlalchemy import func, insert, select, text  # noqa: E402
from sqlalchemy.ext.asyncio import AsyncSession  # noqa: E402

from cleanfleet.bootstrap import prepare  # noqa: E402
from cleanfleet.core import ranges  # noqa: E402
from cleanfleet.core.db import Database, create_engine, utcnow  # noqa: E402
from cleanfleet.core.passwords import hash_password  # noqa: E402
from cleanfleet.devices.models import Device, DeviceOnlineDay, DeviceState  # noqa: E402
from cleanfleet.devices.presence import recount_months  # noqa: E402
from cleanfleet.devices.types.models import DeviceType  # noqa: E402
from cleanfleet.reports import charts, owners, service  # noqa: E402
from cleanfleet.reports.models import TaskReport, TaskReportDay  # noqa: E402
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER  # noqa: E402
from cleanfleet.roles.models import UserRole  # noqa: E402
from cleanfleet.settings import Settings, async_driver  # noqa: E402
from cleanfleet.users.models import User  # noqa: E402

CUSTOMERS, DAYS, RAW_DAYS = 200, 365, 7
MAPS = ("Level 1", "Level 2", "Car park", "Lobby")
CALLS = (
    ("chart year by device", "/taskReport/chart", {"range": "year", "by": "device"}),
    ("chart year by owner", "/taskReport/chart", {"range": "year", "by": "owner"}),
    ("chart year by map", "/taskReport/chart", {"range": "year", "by": "map"}),
    ("chart 3 months by device", "/taskReport/chart", {"range": "quarter"}),
    ("chart week by device", "/taskReport/chart", {"range": "week"}),
    ("chartSummary year", "/taskReport/chartSummary", {"range": "year"}),
    ("chartMap year", "/taskReport/chartMap", {"range": "year"}),
    ("list, 7 days, page of 30", "/taskReport/list", {}),
)


def _user(user_id: int, account: str, level: int, parent_id: int, parent_path: str,
          password_hash: str) -> dict[str, Any]:
    now = utcnow()
    return {"id": user_id, "account": account, "name": account.title(), "password_hash": password_hash, "phone": "",
            "email": "", "url": "", "level_depth": level, "parent_id": parent_id, "path": f"{parent_path}{user_id}/",
            "type": "user", "remark": "", "email_to_task": 0, "email_to_warn": 0, "email_to_task_report": 0,
            "created_at": now, "updated_at": now}


async def seed(database_url: str) -> dict[str, Any]:
    started = time.perf_counter()
    engine = create_engine(async_driver(database_url))
    async with engine.begin() as conn:
        admin = (await conn.execute(select(User.id, User.path).where(User.account == "admin"))).one()
        first = (await conn.scalar(select(func.max(User.id))) or 0) + 1
        await conn.execute(insert(DeviceType), [{"name": "Report bench model", "url": "", "description": "bench",
                                                 "created_at": utcnow()}])
        type_id = await conn.scalar(select(DeviceType.id).where(DeviceType.name == "Report bench model"))
    password = hash_password(BENCH_PASSWORD)
    dealer = _user(first, "rdealer", 2, admin.id, admin.path, password)
    customers = [_user(first + i, f"rcustomer{i}", 3, dealer["id"], dealer["path"], password)
                 for i in range(1, CUSTOMERS + 1)]
    await _insert(engine, User, [dealer, *customers])
    await _insert(engine, UserRole, [{"user_id": dealer["id"], "role_id": ROLE_DEALER},
                                     *({"user_id": c["id"], "role_id": ROLE_USER} for c in customers)])
    async with engine.connect() as conn:
        first_device = (await conn.scalar(select(func.max(Device.id))) or 0) + 1
    devices = _devices(first_device, customers, [type_id])
    await _insert(engine, Device, devices)
    await _insert(engine, DeviceState, [{"device_id": d["id"], "online": True, "charging": False, "mode": "",
                                         "map_name": "", "task_name": "", "work_seconds": 0, "work_area": 0.0,
                                         "task_count": 0} for d in devices])
    rng = random.Random(14)
    today = datetime.now(UTC).date()
    days, online, raw = [], [], []
    for d in devices:
        for back in range(DAYS):
            day = today - timedelta(days=back)
            seconds, planned = rng.randrange(1800, 9000), rng.uniform(300, 3000)
            cleaned = planned * rng.uniform(0.8, 1.0)
            map_name = MAPS[(d["id"] + back) % len(MAPS)]
            days.append({"device_id": d["id"], "day": day, "map_name": map_name, "runs": 1, "duration_s": seconds,
                         "work_area": planned, "cleaned_area": cleaned, "coverage_sum": cleaned / planned * 100,
                         "efficiency_sum": cleaned / seconds * 3600, "alarm_count": rng.randrange(3)})
            if rng.random() < 0.9:
                online.append({"device_id": d["id"], "day": day,
                               "first_seen": datetime.combine(day, datetime.min.time(), tzinfo=UTC)})
            if back < RAW_DAYS:
                start = datetime.combine(day, datetime.min.time(), tzinfo=UTC) + timedelta(hours=8)
                raw.append({"device_id": d["id"], "msg_id": f"bench-{d['id']}-{back}", "run_id": f"r{back}",
                            "task_name": "Night sweep", "map_name": map_name, "source": "schedule",
                            "schedule_name": "", "result": "finished", "reason": "", "start_time": start,
                            "end_time": start + timedelta(seconds=seconds), "duration_s": seconds,
                            "work_area": planned, "cleaned_area": cleaned, "coverage": cleaned / planned * 100,
                            "efficiency": cleaned / seconds * 3600, "distance_m": 0.0, "battery_start": 90.0,
                            "battery_end": 60.0, "clean_mode": "clean", "path_type": "bow", "alarm_count": 0,
                            "alarm_counts": {}, "received_at": start, "manual": False, "remark": "", "mailed": True})
    await _insert(engine, TaskReportDay, days)
    await _insert(engine, DeviceOnlineDay, online)
    await _insert(engine, TaskReport, raw)
    await _roll_up_months(engine, [d["id"] for d in devices], today)
    async with AsyncSession(engine) as db:
        await owners.rebuild(db)
        await db.commit()
    await _analyze(engine)
    await engine.dispose()
    return {"devices": len(devices), "aggregate_rows": len(days), "online_days": len(online), "raw_reports": len(raw),
            "seconds": round(time.perf_counter() - started, 1), "dealer_path": dealer["path"]}


async def _analyze(engine: Any) -> None:
    """The planner's statistics and (PostgreSQL) the visibility map, as autovacuum keeps them on a live server."""
    if engine.dialect.name == "postgresql":
        async with engine.connect() as conn:
            await conn.execution_options(isolation_level="AUTOCOMMIT")
            await conn.execute(text("VACUUM ANALYZE"))
    else:
        async with engine.begin() as conn:
            await conn.execute(text("ANALYZE"))


async def seeded_dealer_path(url: str) -> str:
    """The dealer's path in a database seeded before (``--seeded``), its statistics brought up to date after the
    migrations (a migration's new tables have none until autovacuum comes by)."""
    engine = create_engine(url)
    async with engine.connect() as conn:
        path = await conn.scalar(select(User.path).where(User.account == "rdealer"))
    if path is None:
        raise SystemExit("--seeded: no seeded dealer (rdealer) in this database; run without --seeded first")
    await _analyze(engine)
    await engine.dispose()
    return str(path)


async def _roll_up_months(engine: Any, device_ids: list[int], today: Any) -> None:
    """The month roll-ups of the seeded days, by the service's own code (as a stored report would keep them)."""
    months = sorted({(today - timedelta(days=back)).replace(day=1) for back in range(DAYS)})
    async with AsyncSession(engine) as db:
        for device_id in device_ids:
            await service.refresh_months(db, device_id, months)
        await recount_months(db, select(Device.id).where(Device.id.in_(device_ids)), months)
        await db.commit()


def _stats(spent: list[float]) -> dict[str, float]:
    spent = sorted(spent)
    return {"p50_ms": round(spent[len(spent) // 2], 1), "p95_ms": round(spent[int(len(spent) * 0.95)], 1),
            "max_ms": round(spent[-1], 1)}


async def in_process(url: str, dealer_path: str, calls: int, zone: str) -> dict[str, dict[str, float]]:
    database = Database(url)
    reader = ZoneInfo(zone)
    ranges.zone = lambda: reader  # as the ``timezone`` header sets it in a request
    today = datetime.now(reader).date()
    times = {}
    async with database.sessions() as db:
        devices = service.devices_in(dealer_path)
        branch = service.owners_in(dealer_path)  # as the router gives it: the dealer's branch, no device list
        for label, path, body in CALLS:
            async def once(path: str = path, body: dict[str, Any] = body) -> None:
                kind = str(body.get("range", "week"))
                if path.endswith("/chart"):
                    await charts.chart(db, devices, kind, today, str(body.get("by", "device")), None, branch)
                elif path.endswith("/chartSummary"):
                    await charts.summary(db, devices, kind, today, None)
                elif path.endswith("/chartMap"):
                    await charts.chart_map(db, devices, kind, today, None, branch)
                else:
                    query = service.reports_query(devices, today - timedelta(days=6), today)
                    rows = (await db.execute(query.limit(30))).all()
                    await service.answer_rows(db, rows)
            await once()
            spent = []
            cpu_before = time.process_time() + await database_cpu(database)
            for _ in range(calls):
                started = time.perf_counter()
                await once()
                spent.append((time.perf_counter() - started) * 1000)
            times[label] = _stats(spent)
            times[label]["cpu_ms"] = round((time.process_time() + await database_cpu(database) - cpu_before) * 1000
                                           / calls, 1)
    await database.dispose()
    return times


def over_http(url: str, calls: int, zone: str) -> dict[str, dict[str, float]]:
    token = login(url, "rdealer", BENCH_PASSWORD)
    times = {}
    pid = server_pid()
    with httpx.Client(base_url=url, timeout=30) as client:
        for label, path, body in CALLS:
            client.post("/api" + path, json=body, headers={**signed_headers(token, "rdealer"), "timezone": zone})
            spent = []
            cpu_before = cpu_seconds(pid)
            for _ in range(calls):
                headers = {**signed_headers(token, "rdealer"), "timezone": zone}
                started = time.perf_counter()
                answer = client.post("/api" + path, json=body, headers=headers).json()
                spent.append((time.perf_counter() - started) * 1000)
                assert answer["message"]["code"] == 0, answer
            times[label] = _stats(spent)
            times[label]["cpu_ms"] = round((cpu_seconds(pid) - cpu_before) * 1000 / calls, 1)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=40)
    parser.add_argument("--database-url", default=None, help="PostgreSQL (emptied unless --seeded)")
    parser.add_argument("--db-path", type=Path, default=None,
                        help="the SQLite file (replaced unless --seeded; default: a temporary one)")
    parser.add_argument("--seeded", action="store_true",
                        help="time the database this script seeded before (migrated first), without seeding")
    parser.add_argument("--timezone", default="UTC",
                        help="the reader's IANA time zone (the console's header): days not UTC days cost more")
    args = parser.parse_args()
    database_url = args.database_url or (f"sqlite:///{args.db_path.resolve()}" if args.db_path else None)
    if args.seeded and database_url is None:
        parser.error("--seeded needs --database-url or --db-path")
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        settings = Settings(data_dir=data, database_url=database_url, admin_password=ADMIN_PASSWORD, demo=False)
        if not args.seeded:
            if settings.db_url.startswith("postgresql"):
                asyncio.run(_empty_postgres(settings.db_url))
            elif args.db_path:
                args.db_path.parent.mkdir(parents=True, exist_ok=True)
                for stale in (args.db_path, *(args.db_path.with_name(args.db_path.name + end)
                                              for end in ("-wal", "-shm"))):
                    stale.unlink(missing_ok=True)
        started = time.perf_counter()
        asyncio.run(prepare(settings))  # migrates a seeded database too
        if args.seeded:
            dealer_path = asyncio.run(seeded_dealer_path(settings.db_url))
            print("migrated", round(time.perf_counter() - started, 1), "s", file=sys.stderr)
        else:
            seeded = asyncio.run(seed(settings.db_url))
            dealer_path = seeded["dealer_path"]
            print("seeded", json.dumps(seeded), file=sys.stderr)
        load_before = os.getloadavg()
        service_times = asyncio.run(in_process(settings.db_url, dealer_path, args.calls, args.timezone))
        with running_server(data, database_url) as url:
            http_times = over_http(url, args.calls, args.timezone)
        print("load average (1, 5, 15 min) before the timed calls", load_before, "after", os.getloadavg(),
              file=sys.stderr)
    print("| call | service p50 / p95 ms | service CPU ms / call | HTTP p50 / p95 / max ms | server CPU ms / call |")
    print("|---|---|---|---|---|")
    for label, _, _ in CALLS:
        s, h = service_times[label], http_times[label]
        print(f"| {label} | {s['p50_ms']} / {s['p95_ms']} | {s['cpu_ms']} | {h['p50_ms']} / **{h['p95_ms']}** / "
              f"{h['max_ms']} | {h['cpu_ms']} |")


if __name__ == "__main__":
    main()
