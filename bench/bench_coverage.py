"""Issue 33 item 4 benchmark: the server's CPU to ingest a run's coverage grid, a month's heat map of one floor, and
the bytes a map's day takes, on SQLite.

    backend/.venv/bin/python bench/bench_coverage.py [--width 240 --height 160] [--robots 3] [--days 31]
        [--runs-per-day 3] [--reads 20] [--db-path /tmp/coverage.db]

Seeds a migrated SQLite database (a temporary file unless ``--db-path``): a site in Shanghai with one floor tied to
``--robots`` robots' maps (one map each: a layer each), each a map of ``width × height`` coverage cells (0.5 m: 240 × 160 is a 120 × 80 m
floor), the robots at the site. Then, in this process (the gateway's ingest, no broker: what the server's CPU does
per message once it has the bytes):

1. **Ingest**: every robot's runs of the last ``--days`` days (``--runs-per-day`` each), sent through
   ``Ingest.receive`` and written by ``Ingest.flush`` ten at a time, once as reports with a coverage grid and once
   (other runs, same days) as the same reports without one. The process CPU (every thread: the merging runs in one)
   per report, with and without, and the difference: what a run's coverage adds.
2. **Heat map**: the floor's heat map over the month (``sites.coverage.heatmap.floor_heatmap``, the call's service),
   ``--reads`` times: wall time and CPU per read, p50 / p95.
3. **Storage**: the bytes of each (robot, map, day) row's blobs, mean and largest, against ``row_bound_bytes``.

A run's grid is drawn like a robot's: the floor's free cells are a hall with pillars and a few rooms; a run's plan is
a block of rooms, cleaned in bow order to a random share (60 to 100 %).
Budgets (docs/budgets.md `coverage-ingest`, `heat-map`): ingesting a run's coverage adds ≤ 10 ms of server CPU; a
floor's monthly heat map ≤ 300 ms on the server.
"""

import argparse
import asyncio
import base64
import random
import statistics
import sys
import tempfile
import time
import zlib
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import orjson

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
from sqlalchemy import func, select  # noqa: E402

from cleanfleet.bootstrap import prepare  # noqa: E402
from cleanfleet.core.auth import Caller  # noqa: E402
from cleanfleet.core.bus import Bus  # noqa: E402
from cleanfleet.core.coverage import Grid  # noqa: E402
from cleanfleet.core.db import Database  # noqa: E402
from cleanfleet.devices.service import add_device  # noqa: E402
from cleanfleet.devices.types.models import DeviceType  # noqa: E402
from cleanfleet.gateway.directory import Directory  # noqa: E402
from cleanfleet.gateway.ingest import Ingest  # noqa: E402
from cleanfleet.maps.models import RobotMap  # noqa: E402
from cleanfleet.settings import Settings  # noqa: E402
from cleanfleet.sites.coverage import heatmap  # noqa: E402
from cleanfleet.sites.coverage.store import row_bound_bytes  # noqa: E402
from cleanfleet.sites.models import Site, SiteBuilding, SiteCoverageDay, SiteFloor, SiteFloorMap, SiteRobot  # noqa: E402
from cleanfleet.users.models import User  # noqa: E402

ZONE = "Asia/Shanghai"
RESOLUTION, CELL_PX = 0.05, 10
BATCH = 10


def floor_plan(width: int, height: int, rng: random.Random) -> np.ndarray:
    """Free cells (True): a hall with walls round it, pillars every 8 m and a few walled rooms with doors."""
    free = np.ones((height, width), dtype=bool)
    free[0, :] = free[-1, :] = free[:, 0] = free[:, -1] = False
    free[8::16, 8::16] = False
    for _ in range(max(2, width * height // 4000)):
        r, c = rng.randrange(2, height - 20), rng.randrange(2, width - 20)
        h, w = rng.randrange(8, 20), rng.randrange(8, 20)
        free[r, c:c + w] = free[r + h - 1, c:c + w] = False
        free[r:r + h, c] = free[r:r + h, c + w - 1] = False
        free[r + h // 2, c] = True  # a door
    return free


def run_grid(free: np.ndarray, rng: random.Random) -> dict[str, Any]:
    """One run's coverageGrid: a block of the floor planned, cleaned row by row (bow) to 60-100 %."""
    height, width = free.shape
    r0, c0 = rng.randrange(0, height // 2), rng.randrange(0, width // 2)
    planned = np.zeros_like(free)
    planned[r0:r0 + rng.randrange(height // 3, height), c0:c0 + rng.randrange(width // 3, width)] = True
    planned &= free
    order = np.flatnonzero(planned.ravel())
    cleaned = np.zeros(free.size, dtype=bool)
    cleaned[order[: int(len(order) * rng.uniform(0.6, 1.0))]] = True

    def bits(flat: np.ndarray) -> str:
        return base64.b64encode(zlib.compress(np.packbits(flat, bitorder="little").tobytes(), 9)).decode()

    return {"cell": 0.5, "origin": [0.0, 0.0], "width": width, "height": height, "cleaned": bits(cleaned),
            "planned": bits(planned.ravel())}


def map_of(sn: str) -> str:
    """Each robot its own map of the floor (its own frame: a layer each, the heat map's costlier case)."""
    return f"hall {sn[-3:]}"


def report(sn: str, n: int, start: datetime, grid: dict[str, Any] | None) -> bytes:
    body: dict[str, Any] = {
        "v": 2, "msgId": f"{sn}-bench-{n}", "sn": sn, "ts": datetime.now(UTC).isoformat(timespec="milliseconds"),
        "runId": f"{sn}-run-{n}", "taskName": "Hall", "map": map_of(sn), "source": "schedule", "scheduleName": "Night",
        "result": "finished", "reason": "", "startTime": start.isoformat(), "endTime": (start + timedelta(hours=1))
        .isoformat(), "durationS": 3600, "workArea": 1000.0, "cleanedArea": 900.0, "coverage": 90.0,
        "efficiency": 900.0, "distanceM": 1800.0, "batteryStart": 95.0, "batteryEnd": 60.0, "cleanMode": "clean",
        "pathType": "bow", "alarms": {"total": 0, "byKey": {}}}
    if grid is not None:
        body["coverageGrid"] = grid
    return orjson.dumps(body)


async def seed(database: Database, robots: int, width: int, height: int) -> tuple[int, list[str]]:
    """The site, its floor and twice ``robots`` robots (owned by the admin), the first half tied to the floor (the
    second half's runs are the reports without a grid: as many raw reports a robot and day for both); answers the
    floor id and the serials."""
    now = datetime.now(UTC)
    async with database.sessions() as db:
        admin = await db.scalar(select(User).where(User.account == "admin"))
        kind = DeviceType(name="Coverage bench model")
        db.add(kind)
        await db.flush()
        site = Site(user_id=admin.id, name="Bench mall", time_zone=ZONE)
        db.add(site)
        await db.flush()
        building = SiteBuilding(site_id=site.id, name="Tower")
        db.add(building)
        await db.flush()
        floor = SiteFloor(building_id=building.id, site_id=site.id, name="Ground")
        db.add(floor)
        await db.flush()
        serials = []
        for i in range(2 * robots):
            sn = f"COV-BENCH-{i:03d}"
            device, _ = await add_device(db, admin, sn, f"Scrubber {i}", kind.id, {})
            db.add_all([RobotMap(device_id=device.id, name=map_of(sn), width=width * CELL_PX,
                                 height=height * CELL_PX, resolution=RESOLUTION),
                        SiteRobot(site_id=site.id, device_id=device.id, started_at=now - timedelta(days=400))])
            if i < robots:
                db.add(SiteFloorMap(floor_id=floor.id, device_id=device.id, map_name=map_of(sn)))
            serials.append(sn)
        await db.commit()
        return floor.id, serials


async def ingest_cpu(ingest: Ingest, messages: list[tuple[str, bytes]]) -> float:
    """Process CPU seconds to receive and write ``messages``, ten per flush."""
    started = time.process_time()
    for i, (sn, payload) in enumerate(messages):
        await ingest.receive(f"cf/{sn}/up/report", payload)
        if (i + 1) % BATCH == 0:
            await ingest.flush()
    await ingest.flush()
    return time.process_time() - started


def runs_of(serials: list[str], free: np.ndarray, days: int, per_day: int, rng: random.Random, *, covered: bool,
            first: int) -> list[tuple[str, bytes]]:
    """Each robot's runs on each of the ``days`` days before today (site days: 02:00 to 07:00 UTC is Shanghai's
    afternoon)."""
    today = datetime.now(UTC).replace(hour=2, minute=0, second=0, microsecond=0)
    found, n = [], first
    for day in range(1, days + 1):
        for run in range(per_day):
            for sn in serials:
                n += 1
                start = today - timedelta(days=day) + timedelta(hours=run * 5 / max(per_day, 1))
                found.append((sn, report(sn, n, start, run_grid(free, rng) if covered else None)))
    rng.shuffle(found)
    return found


def stats(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"p50 {statistics.median(ordered) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms"


async def main_async(args: argparse.Namespace) -> None:
    path = Path(args.db_path or tempfile.mkdtemp(prefix="coverage-bench-")) / "coverage.db"
    path.unlink(missing_ok=True)
    url = f"sqlite+aiosqlite:///{path}"
    await prepare(Settings(data_dir=path.parent, database_url=url, admin_password="Admin12345", demo=False,
                           mqtt_url="none", log_format="console"))
    database = Database(url)
    floor_id, serials = await seed(database, args.robots, args.width, args.height)
    directory = Directory(database)
    await directory.load()
    ingest = Ingest(database, Bus(), directory, batch_seconds=3600)
    rng = random.Random(33)
    free = floor_plan(args.width, args.height, rng)
    mapped, plain_robots = serials[: args.robots], serials[args.robots:]
    with_grid = runs_of(mapped, free, args.days, args.runs_per_day, rng, covered=True, first=0)
    without = runs_of(plain_robots, free, args.days, args.runs_per_day, rng, covered=False, first=len(with_grid))
    sizes = [len(m) for _, m in with_grid]
    print(f"floor {args.width} × {args.height} cells ({args.width * args.height:,}), {args.robots} robots, "
          f"{args.days} days × {args.runs_per_day} runs: {len(with_grid)} reports with a grid "
          f"(payload mean {statistics.mean(sizes) / 1024:.1f} KiB, largest {max(sizes) / 1024:.1f} KiB)")
    await ingest_cpu(ingest, [(sn, report(sn, 10**6 + i, datetime.now(UTC) - timedelta(days=200), None))
                              for i, sn in enumerate(serials * 4)])  # warm up: first queries, caches
    plain = await ingest_cpu(ingest, without)
    covered = await ingest_cpu(ingest, with_grid)
    assert ingest.counters.coverage_dropped == 0 and ingest.counters.dropped == 0, ingest.coverage_drops
    per_plain, per_covered = plain / len(without), covered / len(with_grid)
    print(f"ingest CPU per report: without a grid {per_plain * 1000:.2f} ms, with one {per_covered * 1000:.2f} ms: "
          f"the grid adds {(per_covered - per_plain) * 1000:.2f} ms")

    caller = Caller(user_id=1, account="admin", name="admin", level_depth=1, acting_user_id=1, acting_path="/1/",
                    acting_level=1, is_shadow=False, keys=frozenset({"site/index"}), language="en", token_hash="",
                    expires_at=datetime.now(UTC) + timedelta(hours=1))
    last = datetime.now(UTC).date() - timedelta(days=1)  # the runs' site days (see runs_of)
    first = last - timedelta(days=args.days - 1)
    walls, cpus = [], []
    answer: dict[str, Any] = {}
    for _ in range(args.reads + 2):
        wall, cpu = time.perf_counter(), time.process_time()
        async with database.sessions() as db:
            answer = await heatmap.floor_heatmap(db, caller, floor_id, first, last)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    answer_bytes = len(orjson.dumps(answer))
    layer = answer["layers"][0]
    print(f"month heat map of the floor ({len(answer['layers'])} layers, {layer['runs']} runs in the first, "
          f"answer {answer_bytes / 1024:.1f} KiB): wall {stats(walls[2:])}; CPU {stats(cpus[2:])}")

    async with database.sessions() as db:
        rows = (await db.execute(select(func.length(SiteCoverageDay.counts) + func.length(SiteCoverageDay.targeted),
                                        SiteCoverageDay.runs))).all()
    grid = Grid(0.5, 0.0, 0.0, args.width, args.height)
    blobs = [r[0] for r in rows]
    print(f"storage: {len(rows)} (robot, map, day) rows of {statistics.mean(r[1] for r in rows):.1f} runs: blobs "
          f"mean {statistics.mean(blobs):,.0f} B, largest {max(blobs):,} B; bound {row_bound_bytes(grid):,} B a row")
    await database.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--width", type=int, default=240)
    parser.add_argument("--height", type=int, default=160)
    parser.add_argument("--robots", type=int, default=3)
    parser.add_argument("--days", type=int, default=31)
    parser.add_argument("--runs-per-day", type=int, default=3)
    parser.add_argument("--reads", type=int, default=20)
    parser.add_argument("--db-path", default="")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
