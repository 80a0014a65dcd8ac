"""Issue 34 benchmark: the incident list and the time-to-resolve chart at 100,000 incidents.

    backend/.venv/bin/python bench/bench_incidents.py [--calls 30] [--database-url postgresql://.../bench]

Seeds a migrated database (SQLite in a temporary folder, or the PostgreSQL database given, emptied first: give it
one of its own): one dealer (``sdealer``) with 200 customers of 5 robots each, one site per customer, and 100,000
incidents over the last year (about 274 a day, spread over the robots and the preset codes; 97% ended, acknowledged
after 1-60 minutes and resolved after 5-240, a few closed as noise, the last days' partly open). Then times, as the
dealer over HTTP through a real server (one worker), one call at a time: the list's first page (every incident of
the branch, newest first, with its total), the list of open ones, one customer's list, the open count (the header),
the chart of a year (by month) and of a month (by day), and the figures of a year per site. Budget (issue 34): the
list and the time-to-resolve chart p95 ≤ 100 ms.
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
from seed_devices import BENCH_PASSWORD, _devices, _insert  # noqa: E402
from harness import answered, seeded_bench, timed  # noqa: E402
from server import login, signed_headers  # noqa: E402

from cleanfleet.core.db import create_engine, utcnow  # noqa: E402
from cleanfleet.devices.models import Device  # noqa: E402
from cleanfleet.incidents import rollup  # noqa: E402
from cleanfleet.incidents.models import Incident  # noqa: E402
from cleanfleet.incidents.policy import PRESET_KEYS, preset  # noqa: E402
from cleanfleet.settings import async_driver  # noqa: E402
from cleanfleet.sites.models import Site, SiteRobot  # noqa: E402

INCIDENTS, ROBOTS_EACH = 100_000, 5
CAUSES = ("obstacle", "stuck", "hardware", "consumable", "other")


def _incidents(devices: list[dict[str, Any]], site_of: dict[int, int], rng: random.Random) -> list[dict[str, Any]]:
    now = utcnow()
    codes = list(PRESET_KEYS)
    rows = []
    for n in range(INCIDENTS):
        device = devices[rng.randrange(len(devices))]
        opened = now - timedelta(seconds=rng.uniform(60, 365 * 86400))
        code = codes[n % len(codes)]
        rule = preset(code)
        active = opened > now - timedelta(days=2) and rng.random() < 0.5
        state = "open" if active else ("closed" if rng.random() < 0.05 else "resolved")
        ack = None if state == "open" else int(rng.uniform(60, 3600))
        resolved = int(rng.uniform(300, 14400)) if state == "resolved" else None
        ended = None if state == "open" else opened + timedelta(seconds=max(ack or 0, resolved or 0))
        rows.append({
            "id": n + 1, "device_id": device["id"], "owner_id": device["user_id"], "owner_path": device["owner_path"],
            "site_id": site_of.get(device["id"]), "key": code, "code": "", "urgency": rule.urgency, "state": state,
            "opened_at": opened, "first_alarm_id": None, "last_alarm_at": opened, "alarm_count": 1 + n % 3,
            "cleared_at": None, "acknowledged_at": opened + timedelta(seconds=ack) if ack else None,
            "acknowledged_by": device["user_id"] if ack else None, "acknowledged_via": "console" if ack else None,
            "ended_at": ended, "ended_by": device["user_id"] if ended else None,
            "cause": CAUSES[n % len(CAUSES)] if state == "resolved" else None, "note": "", "ack_seconds": ack,
            "resolve_seconds": resolved, "policy": rule.snapshot(), "level": 0, "reminders": 0, "level_at": opened,
            "next_step_at": None})
    # one active incident per robot and problem: keep the newest open one of each pair open
    seen: set[tuple[int, str]] = set()
    for row in sorted(rows, key=lambda r: r["opened_at"], reverse=True):
        if row["ended_at"] is None:
            if (row["device_id"], row["key"]) in seen:
                row.update(state="closed", ended_at=row["opened_at"], ended_by=row["owner_id"],
                           acknowledged_at=row["opened_at"], ack_seconds=0, acknowledged_by=row["owner_id"])
            seen.add((row["device_id"], row["key"]))
    return rows


async def seed(database_url: str) -> dict[str, Any]:
    started = time.perf_counter()
    engine = create_engine(async_driver(database_url))
    _dealer, customers, type_id = await _people(engine)
    devices = _devices(await _next_id(engine, Device.id), customers, [type_id])
    await _insert(engine, Device, devices)
    now = utcnow()
    first_site = await _next_id(engine, Site.id)
    sites, stays, site_of = [], [], {}
    for n, customer in enumerate(customers):
        sites.append({"id": first_site + n, "user_id": customer["id"], "name": f"Site {n}", "address": "",
                      "time_zone": "Asia/Shanghai", "created_at": now, "updated_at": now})
    site_by_owner = {s["user_id"]: s["id"] for s in sites}
    for device in devices:
        site_of[device["id"]] = site_by_owner[device["user_id"]]
        stays.append({"site_id": site_of[device["id"]], "device_id": device["id"],
                      "started_at": now - timedelta(days=400), "ended_at": None})
    await _insert(engine, Site, sites)
    await _insert(engine, SiteRobot, stays)
    await _insert(engine, Incident, _incidents(devices, site_of, random.Random(34)))
    async with AsyncSession(engine) as db:  # the month counts the writers keep (bulk-inserted incidents: rebuilt)
        await rollup.rebuild(db)
        await db.commit()
    await _analyze(engine)
    await engine.dispose()
    return {"robots": len(devices), "incidents": INCIDENTS, "seconds": round(time.perf_counter() - started, 1),
            "customer": customers[0]["id"]}


def over_http(url: str, calls: int, customer: int) -> dict[str, dict[str, float]]:
    token = login(url, "sdealer", BENCH_PASSWORD)
    cases = (("list, first page of 100,000 (with total)", "/incident/list", {"pageSize": 20}),
             ("list, open ones", "/incident/list", {"pageSize": 20, "state": ["open"]}),
             ("list, one customer", "/incident/list", {"pageSize": 20, "userId": customer}),
             ("open count (header)", "/incident/count", {}),
             ("time-to-resolve chart, a year by month", "/incident/chart", {"range": "year"}),
             ("time-to-resolve chart, a month by day", "/incident/chart", {"range": "month"}),
             ("figures per site, a year", "/incident/figures", {"range": "year", "by": "site"}))
    times = {}
    pid = server_pid()
    with httpx.Client(base_url=url, timeout=60) as client:
        for label, path, body in cases:
            client.post("/api" + path, json=body, headers=signed_headers(token, "sdealer"))
            times[label], answer = timed(calls, pid, lambda _n, path=path, body=body: answered(client.post(
                "/api" + path, json=body,
                headers={**signed_headers(token, "sdealer"), "timezone": "Asia/Shanghai"})))
            if path.endswith("list") and "state" not in body and "userId" not in body:
                print("list total", answer["total"], file=sys.stderr)
    return times


def main() -> None:
    seeded_bench(__doc__, seed, lambda url, calls, seeded: over_http(url, calls, seeded["customer"]),
                 "call (as the dealer, HTTP)")


if __name__ == "__main__":
    main()
