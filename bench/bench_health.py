"""Issue 36 item 3 benchmark: robot health for 10,000 robots with a year of reports.

    backend/.venv/bin/python bench/bench_health.py [--calls 30] [--database-url postgresql://.../bench]

Seeds a migrated database (SQLite in a temporary folder, or the PostgreSQL database given, emptied first: give it
one of its own): one dealer (``sdealer``) with 200 customers of 50 robots each (10,000 robots, four types, a map
each of one of three sizes), a year of task report day roll-ups (one run of 40-80 minutes on five days of seven),
the alarm day counts of a year (an alarm or a few on about a third of the days; one robot in fifty with three
times as many in the last 30 days), low-battery alarms of the last 30 days and the online days of the last 60. Then
times the health scan once (the leader's round: every robot graded, the rows written), and, as the dealer over HTTP
through a real server (one worker), one call at a time: the fleet view's first page (10,000 robots, drifting
first, with the counts), the fleet view filtered to grade D, one customer's, and one robot's health. Budget
(issue 36): the health view p95 <= 150 ms.
"""

import random
import sys
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncSession

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
from bench_reports import _analyze  # noqa: E402
from bench_sites import _next_id, _people  # noqa: E402
from bench_users import server_pid  # noqa: E402
from harness import answered, seeded_bench, timed  # noqa: E402
from seed_devices import BENCH_PASSWORD, DEVICES_PER_OWNER, _devices, _insert  # noqa: E402
from server import login, signed_headers  # noqa: E402

from cleanfleet.core.db import create_engine, utcnow  # noqa: E402
from cleanfleet.devices.models import Device, DeviceOnlineDay  # noqa: E402
from cleanfleet.devices.types.models import DeviceType  # noqa: E402
from cleanfleet.health.scan import compute  # noqa: E402
from cleanfleet.maps.models import RobotMap  # noqa: E402
from cleanfleet.reports.models import TaskReportDay  # noqa: E402
from cleanfleet.settings import async_driver  # noqa: E402
from cleanfleet.warn.models import Alarm, AlarmDay  # noqa: E402

ROBOTS_EACH, DAYS, ONLINE_DAYS = 50, 365, 60


def _rows(devices: list[dict[str, Any]], rng: random.Random) -> dict[Any, list[dict[str, Any]]]:
    today = utcnow().date()
    reports, alarm_days, online, alarms, maps = [], [], [], [], []
    now = utcnow()
    for device in devices:
        rising = device["id"] % 50 == 0
        maps.append({"device_id": device["id"], "name": "Floor", "area": rng.choice((300.0, 1200.0, 4000.0)),
                     "width": 100, "height": 100, "resolution": 0.05, "origin_x": 0.0, "origin_y": 0.0, "version": 1,
                     "current": True, "floor": 1, "building": "", "changed_at": now, "refreshed_at": now,
                     "used_by": None})
        for back in range(DAYS):
            day = today - timedelta(days=back)
            if rng.random() < 5 / 7:
                seconds = rng.randint(2400, 4800)
                cleaned = seconds / 3600 * rng.gauss(900, 60)
                coverage = rng.gauss(90, 3)
                reports.append({"device_id": device["id"], "day": day, "map_name": "Floor", "runs": 1,
                                "duration_s": seconds, "work_area": 1000.0, "cleaned_area": cleaned,
                                "coverage_sum": coverage, "efficiency_sum": cleaned / seconds * 3600,
                                "alarm_count": 0})
            if rng.random() < 1 / 3:
                n = rng.randint(1, 3) * (3 if rising and back < 30 else 1)
                alarm_days.append({"device_id": device["id"], "day": day, "unknown": 0, "unresolved": 0,
                                   "resolved": n, "level1": 0, "level2": 0, "level3": n})
            if back < ONLINE_DAYS and rng.random() < 0.9:
                seen = datetime.combine(day, datetime.min.time(), UTC) + timedelta(hours=8)
                online.append({"device_id": device["id"], "day": day, "first_seen": seen, "first_quarter": 32,
                               "last_quarter": 72})
            if back < 30 and rng.random() < 0.05:
                alarms.append({"device_id": device["id"], "msg_id": uuid.uuid4().hex, "robot_alarm_id": "lb",
                               "key": "low_battery", "code": "", "kind": "message", "level": 2,
                               "content": "low battery", "state": 2,
                               "raised_at": datetime.combine(day, datetime.min.time(), UTC) + timedelta(hours=11)})
    return {RobotMap: maps, TaskReportDay: reports, AlarmDay: alarm_days, DeviceOnlineDay: online, Alarm: alarms}


async def seed(database_url: str) -> dict[str, Any]:
    started = time.perf_counter()
    engine = create_engine(async_driver(database_url))
    _dealer, customers, type_id = await _people(engine)
    async with engine.begin() as conn:
        await conn.execute(insert(DeviceType), [{"name": f"Health bench model {n}", "url": "", "description": "bench",
                                                 "created_at": utcnow()} for n in range(3)])
    types = [type_id, *range(type_id + 1, type_id + 4)]
    owners = [c for c in customers for _ in range(ROBOTS_EACH // DEVICES_PER_OWNER)]
    devices = _devices(await _next_id(engine, Device.id), owners, types)
    for device in devices:
        device["created_at"] = utcnow() - timedelta(days=400)
    await _insert(engine, Device, devices)
    rows = 0
    for table, values in _rows(devices, random.Random(36)).items():
        await _insert(engine, table, values)
        rows += len(values)
    await _analyze(engine)
    seeded = round(time.perf_counter() - started, 1)
    scans = []
    for _ in range(2):
        began = time.perf_counter()
        async with AsyncSession(engine) as db:
            graded = await compute(db, utcnow())
        scans.append(round(time.perf_counter() - began, 2))
    await _analyze(engine)
    await engine.dispose()
    return {"robots": len(devices), "rows": rows, "seconds": seeded, "graded": graded, "scan_seconds": scans,
            "customer": customers[0]["id"], "device": devices[0]["id"]}


def over_http(url: str, calls: int, customer: int, device: int) -> dict[str, dict[str, float]]:
    token = login(url, "sdealer", BENCH_PASSWORD)
    cases = (("fleet view, first page of 10,000 (with counts)", "/robothealth/list", {"pageSize": 20}),
             ("fleet view, grade D", "/robothealth/list", {"pageSize": 20, "grade": ["D"]}),
             ("fleet view, page 100", "/robothealth/list", {"pageSize": 20, "currentPage": 100}),
             ("fleet view, one customer", "/robothealth/list", {"pageSize": 20, "userId": customer}),
             ("one robot's health", "/robothealth/device", {"deviceId": device}))
    times = {}
    pid = server_pid()
    with httpx.Client(base_url=url, timeout=60) as client:
        for label, path, body in cases:
            client.post("/api" + path, json=body, headers=signed_headers(token, "sdealer"))
            times[label], answer = timed(calls, pid, lambda _n, path=path, body=body: answered(client.post(
                "/api" + path, json=body, headers=signed_headers(token, "sdealer"))))
            if path.endswith("list") and len(body) == 1:
                print("list total", answer["total"], "counts", answer["counts"], file=sys.stderr)
    return times


def main() -> None:
    seeded = seeded_bench(__doc__, seed, lambda url, calls, seeded: over_http(url, calls, seeded["customer"],
                                                                              seeded["device"]),
                          "call (as the dealer, HTTP)")
    print(f"\nhealth scan of {seeded['graded']} robots: {seeded['scan_seconds']} s (two rounds)")


if __name__ == "__main__":
    main()
