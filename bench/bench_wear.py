"""Issue 36 item 2 benchmark: the wear forecast list for 10,000 robots with a year of reports.

    backend/.venv/bin/python bench/bench_wear.py [--calls 30] [--database-url postgresql://.../bench]

Seeds a migrated database (SQLite in a temporary folder, or the PostgreSQL database given, emptied first: give it
one of its own): one dealer (``sdealer``) with 1,000 customers of 10 robots each (10,000 robots), one site per
customer, a year of daily run time per robot in the reports' day roll-up (``task_report_days``: 0 to 4 hours a day,
some days idle; 3.65 million rows), four consumables and one maintenance reminder per robot. Then runs the wear
scan's refresh once (every robot's forecast, timed: it is the leader's periodic job) and times, over HTTP through a
real server (one worker), one call at a time: the list's first page as the admin and as the dealer (every robot,
by date, with the week counts and what to order), filtered by part and "due within 14 days", one site, one
customer's list, and one robot's forecast. Budget (issue 36): the list p95 ≤ 150 ms.
"""

import random
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy.ext.asyncio import AsyncSession

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
from bench_reports import _analyze  # noqa: E402
from bench_sites import _next_id, _people  # noqa: E402
from bench_users import server_pid  # noqa: E402
from harness import answered, seeded_bench, timed  # noqa: E402
from seed_devices import BENCH_PASSWORD, _devices, _insert  # noqa: E402
from server import ADMIN_PASSWORD, login, signed_headers  # noqa: E402

from cleanfleet.consumables.models import Consumable, MaintenanceReminder  # noqa: E402
from cleanfleet.core.db import create_engine, utcnow  # noqa: E402
from cleanfleet.devices.models import Device  # noqa: E402
from cleanfleet.reports.models import TaskReportDay  # noqa: E402
from cleanfleet.settings import async_driver  # noqa: E402
from cleanfleet.sites.models import Site, SiteRobot  # noqa: E402
from cleanfleet.wear import service  # noqa: E402

CUSTOMERS, ROBOTS_EACH, DAYS = 1000, 10, 365
KINDS = ("dust_bag", "filter", "roller_brush", "wheel_rubber")


async def seed(database_url: str) -> dict[str, Any]:
    started = time.perf_counter()
    rng = random.Random(36)
    engine = create_engine(async_driver(database_url))
    _dealer, customers, type_id = await _people(engine, "Wear bench model", CUSTOMERS)
    owners = [c for c in customers for _ in range(ROBOTS_EACH // 5)]  # _devices gives each owner 5 robots
    devices = _devices(await _next_id(engine, Device.id), owners, [type_id])
    for device in devices:
        device["created_at"] = utcnow() - timedelta(days=DAYS + 30)
    await _insert(engine, Device, devices)
    now = utcnow()
    today = now.date()
    first_site = await _next_id(engine, Site.id)
    sites = [{"id": first_site + n, "user_id": c["id"], "name": f"Site {n}", "address": "", "time_zone": "UTC",
              "created_at": now, "updated_at": now} for n, c in enumerate(customers)]
    site_of = {s["user_id"]: s["id"] for s in sites}
    await _insert(engine, Site, sites)
    await _insert(engine, SiteRobot, [{"site_id": site_of[d["user_id"]], "device_id": d["id"],
                                       "started_at": now - timedelta(days=400), "ended_at": None} for d in devices])
    parts, reminders, day_rows = [], [], 0
    for device in devices:
        for kind in KINDS:
            life = rng.choice((300.0, 500.0, 800.0))
            parts.append({"device_id": device["id"], "kind": kind, "name": kind,
                          "replaced_at": now - timedelta(days=60), "used_hours": round(rng.uniform(0, life), 1),
                          "life_hours": life})
        reminders.append({"device_id": device["id"], "name": "Service", "period_hours": rng.choice((720.0, 2160.0)),
                          "maintained_at": now - timedelta(days=rng.randrange(0, 90)), "created_at": now})
    await _insert(engine, Consumable, parts)
    await _insert(engine, MaintenanceReminder, reminders)
    for start in range(0, len(devices), 500):  # a year of day rows, 500 robots at a time
        rows = []
        for device in devices[start:start + 500]:
            busy = rng.uniform(0.5, 4.0)
            for back in range(1, DAYS + 1):
                if rng.random() < 0.15:
                    continue  # idle that day
                seconds = int(busy * 3600 * rng.uniform(0.6, 1.4))
                rows.append({"device_id": device["id"], "day": today - timedelta(days=back), "map_name": "hall",
                             "runs": 1, "duration_s": seconds, "work_area": 500.0, "cleaned_area": 450.0,
                             "coverage_sum": 90.0, "efficiency_sum": 300.0, "alarm_count": 0})
        await _insert(engine, TaskReportDay, rows)
        day_rows += len(rows)
    await _analyze(engine)
    async with AsyncSession(engine) as db:
        refreshed = time.perf_counter()
        written = await service.refresh(db)
        refresh_s = time.perf_counter() - refreshed
        again = time.perf_counter()
        unchanged = await service.refresh(db)
        again_s = time.perf_counter() - again
    await _analyze(engine)
    await engine.dispose()
    print(f"refresh of every robot: {refresh_s:.1f} s ({written} rows written); again, nothing changed: "
          f"{again_s:.1f} s ({unchanged} rows)", file=sys.stderr)
    return {"robots": len(devices), "day_rows": day_rows, "forecast_rows": written, "refresh_s": round(refresh_s, 1),
            "refresh_again_s": round(again_s, 1), "seconds": round(time.perf_counter() - started, 1),
            "customer": customers[0]["id"], "site": sites[0]["id"], "serial": devices[0]["serial_number"]}


def over_http(url: str, calls: int, seeded: dict[str, Any]) -> dict[str, dict[str, float]]:
    tokens = {"admin": login(url, "admin", ADMIN_PASSWORD), "sdealer": login(url, "sdealer", BENCH_PASSWORD)}
    cases = (("list, first page, admin (all 10,000 robots)", "admin", "/wear/list", {"pageSize": 50}),
             ("list, first page, dealer", "sdealer", "/wear/list", {"pageSize": 50}),
             ("list, filters only (dust bags due within 14 days)", "sdealer", "/wear/list",
              {"pageSize": 50, "kind": "dust_bag", "withinDays": 14}),
             ("list, one site", "sdealer", "/wear/list", {"pageSize": 50, "siteId": seeded["site"]}),
             ("list, one customer", "sdealer", "/wear/list", {"pageSize": 50, "userId": seeded["customer"]}),
             ("one robot's forecast (computed live)", "sdealer", "/wear/device",
              {"deviceSerialNumber": seeded["serial"]}))
    times = {}
    pid = server_pid()
    time.sleep(seeded["refresh_again_s"] + 8)  # the server's own first wear scan (5 s after its start) ends first
    with httpx.Client(base_url=url, timeout=60) as client:
        for label, account, path, body in cases:
            headers = signed_headers(tokens[account], account)
            client.post("/api" + path, json=body, headers=headers)
            times[label], answer = timed(calls, pid, lambda _n, path=path, body=body, account=account: answered(
                client.post("/api" + path, json=body, headers=signed_headers(tokens[account], account))))
            if path.endswith("list"):
                print(label, "total", answer["total"], "this week", answer["thisWeek"], file=sys.stderr)
    return times


def main() -> None:
    seeded_bench(__doc__, seed, over_http, "call (HTTP)")


if __name__ == "__main__":
    main()
