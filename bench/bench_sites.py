"""Issue 33 benchmark: plan against actual for a month, a dealer with 200 sites and 1,000 robots.

    backend/.venv/bin/python bench/bench_sites.py [--calls 30] [--database-url postgresql://.../bench]
        [--beside sqlite|postgresql://.../other]   # the device-list bench's load meanwhile (device_load.py)

Seeds a migrated database (SQLite in a temporary folder, or the PostgreSQL database given, emptied first: give it
one of its own): one dealer (``sdealer``) with 200 customers of 5 robots each; per customer one site (half in
Asia/Shanghai, half in Europe/Paris) with one building and one floor tied to its five robots' "Level 1" map, the
five robots assigned since 60 days ago, and three plan items (06:00-09:00, 13:00-15:00, 20:00-23:00, every day,
five runs a day each, one per robot, at least 85% coverage: a window with one run of five would pass with one a
day, so the seed's late and missed runs showed as none, issue 52 item 2). The raw runs of the last 40 days: per robot and day one to three runs,
mostly inside a window (some late, some short, some missing): about 105,000 rows (a year's older runs would lie
outside the month's range of the (device, start) index the query reads). Then times, as the dealer over HTTP through a real server
(one worker), one call at a time: the month's summary of every site (``/site/actual/summary``), one site's month
(``/site/actual/detail``) and one site's day, after one untimed first call each (printed: the summary's first call
computes and keeps every site day, ``sites/plans/actual_days.py``). Budget (docs/budgets.md `site-actual`): a month, 200 sites, p95 ≤ 150 ms.
"""

import json
import random
import sys
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
from bench_reports import _analyze, _user  # noqa: E402
from bench_users import server_pid  # noqa: E402
from seed_devices import BENCH_PASSWORD, _devices, _insert  # noqa: E402
from harness import answered, seeded_bench, timed  # noqa: E402
from server import login, signed_headers  # noqa: E402
from sqlalchemy import func, insert, select  # noqa: E402

from cleanfleet.core.db import create_engine, utcnow  # noqa: E402
from cleanfleet.core.passwords import hash_password  # noqa: E402
from cleanfleet.devices.models import Device, DeviceState  # noqa: E402
from cleanfleet.devices.types.models import DeviceType  # noqa: E402
from cleanfleet.reports.models import TaskReport  # noqa: E402
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER  # noqa: E402
from cleanfleet.roles.models import UserRole  # noqa: E402
from cleanfleet.settings import async_driver  # noqa: E402
from cleanfleet.sites.models import Site, SiteBuilding, SiteFloor, SiteFloorMap, SitePlanItem, SiteRobot  # noqa: E402
from cleanfleet.users.models import User  # noqa: E402

CUSTOMERS, ROBOTS_EACH, RAW_DAYS = 200, 5, 40
ZONES = ("Asia/Shanghai", "Europe/Paris")
WINDOWS = ((6 * 60, 9 * 60), (13 * 60, 15 * 60), (20 * 60, 23 * 60))
EVERY_DAY = 0b1111111


async def _next_id(engine: Any, column: Any) -> int:
    async with engine.connect() as conn:
        return int(await conn.scalar(select(func.max(column))) or 0) + 1


async def _people(engine: Any, model: str = "Site bench model",
                  count: int = CUSTOMERS) -> tuple[dict[str, Any], list[dict[str, Any]], int]:
    """A dealer under the admin with ``count`` customers (the benches' password), and a device type ``model``."""
    async with engine.begin() as conn:
        admin = (await conn.execute(select(User.id, User.path).where(User.account == "admin"))).one()
        await conn.execute(insert(DeviceType), [{"name": model, "url": "", "description": "bench",
                                                 "created_at": utcnow()}])
        type_id = int(await conn.scalar(select(DeviceType.id).where(DeviceType.name == model)))
    first = await _next_id(engine, User.id)
    password = hash_password(BENCH_PASSWORD)
    dealer = _user(first, "sdealer", 2, admin.id, admin.path, password)
    customers = [_user(first + i, f"scustomer{i}", 3, dealer["id"], dealer["path"], password)
                 for i in range(1, count + 1)]
    await _insert(engine, User, [dealer, *customers])
    await _insert(engine, UserRole, [{"user_id": dealer["id"], "role_id": ROLE_DEALER},
                                     *({"user_id": c["id"], "role_id": ROLE_USER} for c in customers)])
    return dealer, customers, type_id


def _runs(device_id: int, zone: ZoneInfo, today: date, rng: random.Random,
          raw_days: int = RAW_DAYS) -> list[dict[str, Any]]:
    """One to three runs a day: mostly in a window and complete, some late or short, a window now and then left."""
    runs = []
    for back in range(raw_days):
        day = today - timedelta(days=back)
        for n, (start, end) in enumerate(WINDOWS):
            if rng.random() < 0.12:
                continue  # missed
            late = rng.random() < 0.08
            begin = start + (end - start + rng.randrange(5, 60) if late else rng.randrange(0, end - start - 30))
            local = datetime.combine(day, datetime.min.time(), tzinfo=zone) + timedelta(minutes=begin)
            started = local.astimezone(UTC)
            seconds = rng.randrange(15 * 60, 25 * 60)
            planned = rng.uniform(400, 2000)
            coverage = rng.uniform(70, 84) if rng.random() < 0.1 else rng.uniform(88, 99.5)
            cleaned = planned * coverage / 100
            runs.append({"device_id": device_id, "msg_id": f"site-bench-{device_id}-{back}-{n}", "run_id": f"s{back}{n}",
                         "task_name": "Night sweep", "map_name": "Level 1", "source": "schedule", "schedule_name": "",
                         "result": "finished", "reason": "", "start_time": started,
                         "end_time": started + timedelta(seconds=seconds), "duration_s": seconds, "work_area": planned,
                         "cleaned_area": cleaned, "coverage": coverage, "efficiency": cleaned / seconds * 3600,
                         "distance_m": 0.0, "battery_start": 90.0, "battery_end": 60.0, "clean_mode": "clean",
                         "path_type": "bow", "alarm_count": 0, "alarm_counts": {}, "received_at": started,
                         "manual": False, "remark": "", "mailed": True})
    return runs


async def seed(database_url: str, history_days: int = 60, raw_days: int = RAW_DAYS) -> dict[str, Any]:
    """The sites, robots, stays and plan items since ``history_days`` ago, the runs of the last ``raw_days``."""
    started = time.perf_counter()
    engine = create_engine(async_driver(database_url))
    dealer, customers, type_id = await _people(engine)
    devices = _devices(await _next_id(engine, Device.id), customers, [type_id])
    await _insert(engine, Device, devices)
    await _insert(engine, DeviceState, [{"device_id": d["id"], "online": True, "charging": False, "mode": "",
                                         "map_name": "", "task_name": "", "work_seconds": 0, "work_area": 0.0,
                                         "task_count": 0} for d in devices])
    by_owner: dict[int, list[int]] = {}
    for d in devices:
        by_owner.setdefault(d["user_id"], []).append(d["id"])
    now, rng = utcnow(), random.Random(33)
    since = now - timedelta(days=history_days)
    site_id, building_id, floor_id = (await _next_id(engine, Site.id), await _next_id(engine, SiteBuilding.id),
                                      await _next_id(engine, SiteFloor.id))
    sites, buildings, floors, maps, stays, items, runs = [], [], [], [], [], [], []
    for n, customer in enumerate(customers):
        zone = ZONES[n % len(ZONES)]
        today = datetime.now(ZoneInfo(zone)).date()
        sid, bid, fid = site_id + n, building_id + n, floor_id + n
        sites.append({"id": sid, "user_id": customer["id"], "name": f"Site {n}", "address": "", "time_zone": zone,
                      "created_at": since, "updated_at": since})
        buildings.append({"id": bid, "site_id": sid, "name": "Main", "created_at": since})
        floors.append({"id": fid, "building_id": bid, "site_id": sid, "name": "Ground", "level": 1,
                       "created_at": since})
        for window_start, window_end in WINDOWS:
            items.append({"site_id": sid, "floor_id": fid, "area_name": "", "task_name": "", "weekdays": EVERY_DAY,
                          "window_start": window_start, "window_end": window_end, "runs_per_day": ROBOTS_EACH,
                          "min_area": None, "min_coverage": 85.0, "valid_from": (since.date()), "valid_until": None,
                          "created_at": since, "updated_at": since})
        for device_id in by_owner.get(customer["id"], [])[:ROBOTS_EACH]:
            maps.append({"floor_id": fid, "device_id": device_id, "map_name": "Level 1"})
            stays.append({"site_id": sid, "device_id": device_id, "started_at": since, "ended_at": None})
            runs.extend(_runs(device_id, ZoneInfo(zone), today, rng, raw_days))
    for table, rows in ((Site, sites), (SiteBuilding, buildings), (SiteFloor, floors), (SiteFloorMap, maps),
                        (SiteRobot, stays), (SitePlanItem, items), (TaskReport, runs)):
        await _insert(engine, table, rows)
    await _analyze(engine)
    await engine.dispose()
    return {"sites": len(sites), "robots": len(stays), "plan_items": len(items), "raw_reports": len(runs),
            "seconds": round(time.perf_counter() - started, 1), "first_site": site_id}


def over_http(url: str, calls: int, first_site: int) -> dict[str, dict[str, float]]:
    token = login(url, "sdealer", BENCH_PASSWORD)
    cases = (("summary, every site, a month", "/site/actual/summary", lambda _n: {"period": "month"}),
             ("one site's month", "/site/actual/detail",
              lambda n: {"siteId": first_site + n % CUSTOMERS, "period": "month"}),
             ("one site's day", "/site/actual/detail", lambda n: {"siteId": first_site + n % CUSTOMERS, "period": "day"}))
    times = {}
    pid = server_pid()
    with httpx.Client(base_url=url, timeout=60) as client:
        for label, path, body in cases:
            started = time.perf_counter()
            client.post("/api" + path, json=body(0), headers=signed_headers(token, "sdealer"))
            print(f"{label}: the first call {(time.perf_counter() - started) * 1000:.0f} ms (the summary keeps "
                  "every site day it computed: later calls read them)", file=sys.stderr)
            times[label], answer = timed(calls, pid, lambda n, path=path, body=body: answered(client.post(
                "/api" + path, json=body(n), headers=signed_headers(token, "sdealer"))))
            if path.endswith("summary"):
                print("summary total", json.dumps(answer["total"]), file=sys.stderr)
                assert all(answer["total"][state] > 0 for state in ("done", "late", "short", "missed")), \
                    "the seed's late, short and missed runs must show in the summary"
    return times


def main() -> None:
    seeded_bench(__doc__, seed, lambda url, calls, seeded: over_http(url, calls, seeded["first_site"]),
                 "call (as the dealer, HTTP)")


if __name__ == "__main__":
    main()
