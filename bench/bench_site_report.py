"""Issue 33 item 5 benchmark: a site's monthly report as a PDF (and as an xlsx), for a dealer with 200 sites and
1,000 robots.

    backend/.venv/bin/python bench/bench_site_report.py [--calls 10] [--database-url postgresql://.../bench]

Seeds the database as ``bench_sites.py`` does (a dealer with 200 customers of 5 robots, a site each with a floor
tied to its robots' "Level 1" map, three daily plan items, 40 days of runs: about 105,000 rows), then gives the
first site's floor a month of coverage: per robot and day one row on a 240 × 160 grid (a 120 × 80 m floor at 0.5 m,
the robots' cells drawn as runs over a hall), and the robots' map records. Then times, as the dealer over HTTP
through a real server (one worker), one call at a time: the first site's month as a PDF (``/site/report/pdf``) in
English, in Chinese and in Arabic, and as an xlsx. Budget (issue 33): a site's monthly PDF ≤ 3 s.
"""

import argparse
import random
import sys
import zlib
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
from bench_sites import seed  # noqa: E402
from bench_users import server_pid  # noqa: E402
from seed_devices import BENCH_PASSWORD, _insert  # noqa: E402
from harness import print_table, seeded_server, timed  # noqa: E402
from server import login, signed_headers  # noqa: E402
from sqlalchemy import select  # noqa: E402

from cleanfleet.core.db import create_engine, utcnow  # noqa: E402
from cleanfleet.maps.models import RobotMap  # noqa: E402
from cleanfleet.settings import async_driver  # noqa: E402
from cleanfleet.sites.models import Site, SiteCoverageDay, SiteFloor, SiteFloorMap  # noqa: E402

WIDTH, HEIGHT, CELL = 240, 160, 0.5
MAP = "Level 1"


def _day_row(device_id: int, day: Any, rng: random.Random) -> dict[str, Any]:
    """A day of one robot on the floor: a hall cleaned in bands, a few cells targeted and missed."""
    counts = np.zeros((HEIGHT, WIDTH), np.uint8)
    top = rng.randrange(0, HEIGHT // 2)
    counts[top:top + HEIGHT // 2, 10:WIDTH - 10] = rng.randrange(1, 4)
    targeted = np.zeros((HEIGHT, WIDTH), bool)
    targeted[top:top + HEIGHT // 2 + 6, 5:WIDTH - 5] = True
    return {"device_id": device_id, "map_name": MAP, "day": day, "cell": CELL, "origin_x": 0.0, "origin_y": 0.0,
            "width": WIDTH, "height": HEIGHT, "runs": 3, "counts": zlib.compress(counts.tobytes()),
            "targeted": zlib.compress(np.packbits(targeted.ravel(), bitorder="little").tobytes()),
            "updated_at": utcnow()}


async def seed_coverage(database_url: str, site_id: int) -> dict[str, Any]:
    engine = create_engine(async_driver(database_url))
    async with engine.connect() as conn:
        zone = ZoneInfo(await conn.scalar(select(Site.time_zone).where(Site.id == site_id)))
        robots = list(await conn.scalars(select(SiteFloorMap.device_id)
                                         .join(SiteFloor, SiteFloor.id == SiteFloorMap.floor_id)
                                         .where(SiteFloor.site_id == site_id)))
    today = datetime.now(zone).date()
    first = today.replace(day=1)
    rng = random.Random(5)
    rows = [_day_row(device, first + timedelta(days=n), rng) for device in robots
            for n in range((today - first).days + 1)]
    maps = [{"device_id": device, "name": MAP, "area": 4800.0, "width": 2400, "height": 1600, "resolution": 0.05,
             "origin_x": 0.0, "origin_y": 0.0, "version": 1, "current": True, "floor": 1, "building": "",
             "changed_at": utcnow(), "refreshed_at": utcnow(), "used_by": None} for device in robots]
    await _insert(engine, RobotMap, maps)
    await _insert(engine, SiteCoverageDay, rows)
    await engine.dispose()
    return {"coverage_rows": len(rows), "coverage_robots": len(robots)}


def over_http(url: str, calls: int, site_id: int, keep: Path | None = None) -> dict[str, dict[str, float]]:
    token = login(url, "sdealer", BENCH_PASSWORD)
    cases = (("month PDF, en", "pdf", "en"), ("month PDF, zh-CN", "pdf", "zh-CN"), ("month PDF, ar", "pdf", "ar"),
             ("month xlsx, en", "xlsx", "en"))
    times = {}
    pid = server_pid()
    with httpx.Client(base_url=url, timeout=120) as client:
        for label, kind, language in cases:
            times[label], response = timed(calls, pid, lambda _n, kind=kind, language=language: client.post(
                f"/api/site/report/{kind}", json={"siteId": site_id, "period": "month"},
                headers={**signed_headers(token, "sdealer"), "language": language}))
            assert response.headers["content-type"].startswith("application/"), response.text[:300]
            assert "json" not in response.headers["content-type"], response.text[:300]
            times[label]["kb"] = round(len(response.content) / 1024, 1)
            if keep is not None:
                (keep / f"site-report-{language}.{kind}").write_bytes(response.content)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=10)
    parser.add_argument("--database-url", default=None, help="PostgreSQL (emptied first)")
    parser.add_argument("--keep", type=Path, default=None, help="a folder to keep the last file of each case in")
    args = parser.parse_args()
    with seeded_server(args.database_url, lambda url, _seeded: seed(url),
                       lambda url, seeded: seed_coverage(url, seeded["first_site"])) as (url, seeded):
        times = over_http(url, args.calls, seeded["first_site"], args.keep)
    print_table("report (as the dealer, HTTP)", times, (("size KB", "kb"),))


if __name__ == "__main__":
    main()
