"""Issue 53 item 3 benchmark: availability, a dealer with 200 sites and 1,000 robots and a year of history.

    backend/.venv/bin/python bench/bench_availability.py [--calls 30] [--database-url postgresql://.../bench]
        [--beside sqlite|postgresql://.../other]   # the device-list bench's load meanwhile (device_load.py)

Seeds the database as ``bench_sites.py`` does (a dealer with 200 customers of 5 robots, a site each, three daily
plan items of five runs), with the stays and plan items from 400 days ago and a year of runs (about 950,000 rows),
and a year of what availability reads for every robot: about a weekly offline span (10 to 180 minutes), two faults
a month (cleared or resolved within minutes to hours), an incident a month at the robot's site (acknowledged and
resolved, by urgency), an update a quarter and a repair a half-year. Then times, as the dealer over HTTP through a
real server (one worker), one call at a time: the month's table of every site (``/site/availability/table``) and one
site's year (``/site/availability/get``, 365 days ending today, a hundred sites in turn), after one untimed first call
for each (it computes and keeps the plan-against-actual days and the robots' closed days, ``sites/availability/
kept.py``: printed apart), with the no-op reference in the same run. It asserts that the seed's late, short and missed
runs and its offline, fault and waiting time show in the table. Budgets (docs/budgets.md):
`site-actual` the month for all sites p95 ≤ 150 ms, `site-year` one site's year p95 ≤ 300 ms.
"""

import random
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
import bench_sites  # noqa: E402
from bench_reports import _analyze  # noqa: E402
from bench_users import server_pid  # noqa: E402
from harness import answered, seeded_bench, timed  # noqa: E402
from seed_devices import BENCH_PASSWORD, _insert  # noqa: E402
from server import login, signed_headers  # noqa: E402
from sqlalchemy import select  # noqa: E402

from cleanfleet.core.db import create_engine, utcnow  # noqa: E402
from cleanfleet.devices.models import Device  # noqa: E402
from cleanfleet.incidents.models import Incident  # noqa: E402
from cleanfleet.reports.models import TaskReport  # noqa: E402
from cleanfleet.repairs.models import HANDLED, Repair  # noqa: E402
from cleanfleet.settings import async_driver  # noqa: E402
from cleanfleet.sites.availability.models import SiteRobotOffline  # noqa: E402
from cleanfleet.sites.models import Site, SiteRobot  # noqa: E402
from cleanfleet.versions.models import DeviceUpdate  # noqa: E402
from cleanfleet.warn.models import TYPE_ALARM, Alarm  # noqa: E402

YEAR, HISTORY_DAYS, RECENT = 365, 400, 40
ROBOTS_A_BATCH = 50  # a year of runs for 50 robots at a time (the rows of all 1,000 at once would not fit well)


def _history(device_id: int, owner: tuple[int, str], site_id: int, now: datetime,
             rng: random.Random) -> dict[Any, list[dict[str, Any]]]:
    rows: dict[Any, list[dict[str, Any]]] = {SiteRobotOffline: [], Alarm: [], Incident: [], DeviceUpdate: [],
                                             Repair: []}
    for week in range(YEAR // 7):
        began = now - timedelta(days=7 * week, minutes=rng.randrange(0, 7 * 24 * 60))
        rows[SiteRobotOffline].append({"device_id": device_id, "started_at": began,
                                       "ended_at": began + timedelta(minutes=rng.randrange(10, 180))})
    for n in range(24):
        raised = now - timedelta(days=15 * n, minutes=rng.randrange(0, 15 * 24 * 60))
        cleared = raised + timedelta(minutes=rng.randrange(2, 240))
        rows[Alarm].append({"device_id": device_id, "msg_id": f"av-{device_id}-{n}", "robot_alarm_id": f"f{n}",
                            "key": "stuck", "code": "E7", "kind": "fault", "type": TYPE_ALARM, "level": 3,
                            "content": "", "raised_at": raised, "cleared_at": cleared, "state": 2,
                            "resolved_at": cleared, "created_at": raised})
    for n in range(12):
        opened = now - timedelta(days=30 * n, minutes=rng.randrange(0, 30 * 24 * 60))
        ack, resolve = rng.randrange(60, 3600), rng.randrange(600, 6 * 3600)
        rows[Incident].append({"device_id": device_id, "owner_id": owner[0], "owner_path": owner[1],
                               "site_id": site_id, "key": f"stuck-{n}", "code": "E7",
                               "urgency": ("high", "medium", "low")[n % 3], "state": "resolved",
                               "opened_at": opened, "last_alarm_at": opened, "alarm_count": 1,
                               "acknowledged_at": opened + timedelta(seconds=ack),
                               "ended_at": opened + timedelta(seconds=resolve), "ack_seconds": ack,
                               "resolve_seconds": resolve, "note": "", "policy": {}, "level": 0, "reminders": 0})
    for n in range(4):
        created = now - timedelta(days=90 * n + rng.randrange(0, 80))
        rows[DeviceUpdate].append({"device_id": device_id, "cmd_id": f"av-{device_id}-{n}",
                                   "token": f"av{device_id:08d}{n:02d}", "state": "UPDATED", "progress": 100,
                                   "created_at": created, "updated_at": created + timedelta(minutes=25)})
    for n in range(2):
        taken = now - timedelta(days=180 * n + rng.randrange(0, 150))
        rows[Repair].append({"device_id": device_id, "type": "brush", "detail": "", "repair_at": taken,
                             "process_at": taken + timedelta(hours=rng.randrange(1, 8)), "state": HANDLED,
                             "operator": "", "processor": "", "plan": "", "created_at": taken, "updated_at": taken})
    return rows


async def seed(database_url: str) -> dict[str, Any]:
    started = time.perf_counter()
    seeded = await bench_sites.seed(database_url, history_days=HISTORY_DAYS, raw_days=RECENT)
    engine = create_engine(async_driver(database_url))
    async with engine.connect() as conn:
        robots = (await conn.execute(select(SiteRobot.device_id, SiteRobot.site_id, Site.time_zone, Device.user_id,
                                            Device.owner_path).join(Site, Site.id == SiteRobot.site_id)
                                     .join(Device, Device.id == SiteRobot.device_id)
                                     .order_by(SiteRobot.device_id))).all()
    now, rng, counts = utcnow(), random.Random(53), {"older_runs": 0, "history_rows": 0}
    for start in range(0, len(robots), ROBOTS_A_BATCH):
        runs: list[dict[str, Any]] = []
        history: dict[Any, list[dict[str, Any]]] = {}
        for device_id, site_id, zone, owner_id, owner_path in robots[start:start + ROBOTS_A_BATCH]:
            today = datetime.now(ZoneInfo(zone)).date()
            runs += [run for run in bench_sites._runs(device_id, ZoneInfo(zone), today, rng, YEAR)
                     if run["start_time"] < datetime.now(UTC) - timedelta(days=RECENT + 1)]
            for table, rows in _history(device_id, (owner_id, owner_path), site_id, now, rng).items():
                history.setdefault(table, []).extend(rows)
        for table, rows in ((TaskReport, runs), *history.items()):
            await _insert(engine, table, rows)
        counts["older_runs"] += len(runs)
        counts["history_rows"] += sum(len(rows) for rows in history.values())
    await _analyze(engine)
    await engine.dispose()
    return {**seeded, **counts, "seconds": round(time.perf_counter() - started, 1)}


def over_http(url: str, calls: int, first_site: int) -> dict[str, dict[str, float]]:
    token = login(url, "sdealer", BENCH_PASSWORD)
    today = datetime.now(UTC).date()
    year = {"startDay": (today - timedelta(days=YEAR - 1)).isoformat()}
    cases = (("the month's table, every site", "/site/availability/table", lambda _n: {}),
             ("one site's year", "/site/availability/get",
              lambda n: {"siteId": first_site + 2 * (n % 100), **year}))  # the Shanghai sites: their today is UTC's
    times = {}
    pid = server_pid()
    with httpx.Client(base_url=url, timeout=120) as client:
        for label, path, body in cases:
            firsts = []
            for n in range(1 if path.endswith("table") else 100):  # each site's first call keeps its days
                started = time.perf_counter()
                answer = answered(client.post("/api" + path, json=body(n), headers=signed_headers(token, "sdealer")))
                firsts.append((time.perf_counter() - started) * 1000)
            print(f"{label}: the first call p50 {sorted(firsts)[len(firsts) // 2]:.0f} ms, max {max(firsts):.0f} ms "
                  f"({len(firsts)} of them: the plan-against-actual days computed and kept)", file=sys.stderr)
            if path.endswith("table"):
                assert len(answer["rows"]) == bench_sites.CUSTOMERS and answer["rows"][0]["current"]["availability"]
                seeded = {state: sum(row["current"]["runs"][state] for row in answer["rows"])
                          for state in ("done", "late", "short", "missed")}
                print("the table's planned runs", seeded, file=sys.stderr)
                assert all(seeded.values()), "the seed's late, short and missed runs must show in the table"
                assert all(sum(row["current"]["lost"][cause] for row in answer["rows"]) > 0
                           for cause in ("offline", "fault", "waiting")), "the seed's downtime must show"
            else:
                assert answer["current"]["lost"]["offline"] > 0 and answer["current"]["incidents"][-1]["count"] > 0
            times[label], _ = timed(calls, pid, lambda n, path=path, body=body: answered(client.post(
                "/api" + path, json=body(n), headers=signed_headers(token, "sdealer"))))
    return times


def main() -> None:
    seeded_bench(__doc__, seed, lambda url, calls, seeded: over_http(url, calls, seeded["first_site"]),
                 "call (as the dealer, HTTP)")


if __name__ == "__main__":
    main()
