"""Demo sites (issue 33 item 6): three sites of the demo customers, each with a building, a floor tied to its
robots' "Level 1" map, two robots at it for a fortnight and a plan of two windows a day; and the runs of the
last week that fulfil most windows and miss a few, so a new user sees every state on the first day: done, late,
short (a run cancelled early), failed (a robot stuck: an emergency stop aborted its run), missed (no run), and
today's windows still pending.

The plan items name their own tasks ("Lobby scrub", "Corridor sweep"), which none of the other demo runs (the wall
display's week of history, screen/demo.py) nor the simulated robots' own runs use: only the runs seeded here count
for the plans, so the states stay as described whenever the demo is started. The runs themselves are the reports
domain's rows (``reports.demo.insert_demo_runs``). A floor is tied to the map by name: the server's record of the
map appears when its robot's map list is first read (the maps domain seeds none), and the heat map reads it then.
"""

from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.db import utcnow
from cleanfleet.devices.models import Device
from cleanfleet.reports.demo import insert_demo_runs
from cleanfleet.sites import days
from cleanfleet.sites.models import Site, SiteBuilding, SiteFloor, SiteFloorMap, SitePlanItem, SiteRobot
from cleanfleet.users.demo import demo_user

DEMO_SERIALS = "CF2026%"
MAP = "Level 1"
PAST_DAYS = 7
# (customer, site, time zone, address, building, floor)
SITES = (
    ("userA1", "City Hospital", "Asia/Shanghai", "1 Wangfujing Street, Beijing", "Ward block", "Level 1"),
    ("userA2", "Airport Terminal 2", "Asia/Shanghai", "Baiyun Airport T2, Guangzhou", "Terminal", "Departures"),
    ("userB1", "Grand Mall", "Europe/Paris", "40 Boulevard Haussmann, Paris", "Main hall", "Ground floor"),
)
# (area, task, window start, window end in minutes of the site's day, minimum area m²)
WINDOWS = (("Lobby", "Lobby scrub", 6 * 60, 9 * 60, 300.0), ("Corridors", "Corridor sweep", 14 * 60, 17 * 60, None))
# the exceptions, by (site number, days back, window number): what happened instead of an on-time run
EXCEPTIONS = {
    (0, 2, 0): "missed", (0, 4, 1): "short", (0, 5, 0): "late",
    (1, 1, 1): "failed", (1, 3, 0): "missed", (1, 6, 1): "late",
    (2, 2, 1): "short", (2, 3, 0): "failed", (2, 5, 1): "missed",
}


def _run(device_id: int, key: str, task: str, start: datetime, minutes: int, **over: Any) -> dict[str, Any]:
    end = start + timedelta(minutes=minutes)
    area = over.pop("area", 420.0)
    return {"device_id": device_id, "msg_id": f"demo-site-{key}", "run_id": f"demo-site-{key}", "task_name": task,
            "map_name": MAP, "source": "schedule", "schedule_name": task, "result": "finished", "reason": "",
            "start_time": start, "end_time": end, "duration_s": minutes * 60, "work_area": 450.0,
            "cleaned_area": area, "coverage": round(area / 450.0 * 100, 1), "efficiency": round(area / minutes * 60, 1),
            "distance_m": round(area / 0.55, 1), "battery_start": 95.0, "battery_end": 62.0, "clean_mode": "clean",
            "path_type": "zigzag", "alarm_count": 0, "alarm_counts": {}, "received_at": end, "manual": False,
            "remark": "", "mailed": True, **over}


def _window_run(device_id: int, key: str, task: str, day: date, start: int, end: int, zone: Any,
                what: str) -> dict[str, Any] | None:
    """The run of one window: on time (done), or the exception's."""
    opened = days.moment(day, start, zone)
    if what == "missed":
        return None
    if what == "late":
        return _run(device_id, key, task, days.moment(day, end, zone) + timedelta(minutes=25), 70)
    if what == "short":
        return _run(device_id, key, task, opened + timedelta(minutes=30), 25, result="cancelled", area=140.0,
                    reason="Stopped from the console")
    if what == "failed":
        return _run(device_id, key, task, opened + timedelta(minutes=15), 12, result="aborted", area=60.0,
                    alarm_count=1, alarm_counts={"paused_emergency_stop": 1}, reason="Stuck at the lift door")
    return _run(device_id, key, task, opened + timedelta(minutes=20), 75)


async def seed_demo_sites(db: AsyncSession) -> None:
    """The three sites, their plans and the week of runs that fulfil them (see the module's docstring)."""
    now = utcnow()
    since = now - timedelta(days=14)
    runs: list[dict[str, Any]] = []
    for number, (account, name, zone_name, address, building_name, floor_name) in enumerate(SITES):
        customer = await demo_user(db, account)
        robots = list(await db.scalars(select(Device.id).where(Device.user_id == customer.id,
                                                               Device.serial_number.like(DEMO_SERIALS))
                                       .order_by(Device.id).limit(2)))
        if not robots:
            continue
        site = Site(user_id=customer.id, name=name, address=address, time_zone=zone_name, created_at=since,
                    updated_at=since)
        db.add(site)
        await db.flush()
        building = SiteBuilding(site_id=site.id, name=building_name, created_at=since)
        db.add(building)
        await db.flush()
        floor = SiteFloor(building_id=building.id, site_id=site.id, name=floor_name, level=1, created_at=since)
        db.add(floor)
        await db.flush()
        db.add_all(SiteFloorMap(floor_id=floor.id, device_id=robot, map_name=MAP) for robot in robots)
        db.add_all(SiteRobot(site_id=site.id, device_id=robot, started_at=since, ended_at=None) for robot in robots)
        zone = days.zone_of(site)
        today = days.today(zone, now)
        first = today - timedelta(days=PAST_DAYS)
        for area, task, start, end, min_area in WINDOWS:
            db.add(SitePlanItem(site_id=site.id, floor_id=floor.id, area_name=area, task_name=task,
                                weekdays=0b1111111, window_start=start, window_end=end, runs_per_day=1,
                                min_area=min_area, min_coverage=None, valid_from=first, valid_until=None,
                                created_at=since, updated_at=since))
        for back in range(PAST_DAYS + 1):
            day = today - timedelta(days=back)
            for window, (_, task, start, end, _) in enumerate(WINDOWS):
                if days.moment(day, end, zone) > now:
                    continue  # still to come (pending), or open now
                robot = robots[(back + window) % len(robots)]
                what = EXCEPTIONS.get((number, back, window), "done")
                run = _window_run(robot, f"{site.id}-{back}-{window}", task, day, start, end, zone, what)
                if run is not None:
                    runs.append(run)
    await insert_demo_runs(db, runs)
