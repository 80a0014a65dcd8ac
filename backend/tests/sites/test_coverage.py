"""Where was cleaned (issue 33 item 4): the runs' coverage grids arrive with their reports through the gateway's
ingest, are added into their map's site day, and read back as a floor's (or a robot's map's) heat map: times cleaned
per cell summed over the days, and the cells the runs' plans targeted that none reached. A grid that is too long,
broken or does not fit its map is dropped and counted for its robot, the report stored all the same and nothing of
the grid kept; another branch gets NOT_FOUND; the period is bounded."""

import base64
import zlib
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import numpy as np
import orjson
import pytest
from sqlalchemy import func, select, update

from cleanfleet.core.codes import Code
from cleanfleet.core.coverage import write_bits
from cleanfleet.gateway.directory import Directory
from cleanfleet.gateway.ingest import Ingest
from cleanfleet.maps.models import RobotMap
from cleanfleet.reports.models import TaskReport
from cleanfleet.sites.models import SiteCoverageDay
from tests.gateway.helpers import report, topic
from tests.permission_matrix import fresh_name
from tests.sites.conftest import a_site, ok, stays_since

SHANGHAI = ZoneInfo("Asia/Shanghai")
WIDTH, HEIGHT = 40, 20  # the "hall" map: 400 × 200 px at 0.05 m, so 40 × 20 cells of 0.5 m from (-5, -2)
ORIGIN = (-5.0, -2.0)
Cells = set[tuple[int, int]]


def bits(cells: Cells, width: int = WIDTH, height: int = HEIGHT) -> str:
    flat = np.zeros(width * height, dtype=bool)
    for row, col in cells:
        flat[row * width + col] = True
    return write_bits(np.packbits(flat, bitorder="little").tobytes())


def grid(cleaned: Cells, planned: Cells | None = None, /, **fields: Any) -> dict[str, Any]:
    body = {"cell": 0.5, "origin": list(ORIGIN), "width": WIDTH, "height": HEIGHT, "cleaned": bits(cleaned)}
    if planned is not None:
        body["planned"] = bits(planned)
    return {**body, **fields}


def block(rows: range, cols: range) -> Cells:
    return {(r, c) for r in rows for c in cols}


def run_report(sn: str, start: datetime, coverage: dict[str, Any] | None, *, map_name: str = "hall",
               msg_id: str | None = None) -> bytes:
    body = orjson.loads(report(sn, msg_id or fresh_name(f"{sn}-cov-")))
    body.update(map=map_name, startTime=start.isoformat(), endTime=(start + timedelta(minutes=40)).isoformat())
    if coverage is not None:
        body["coverageGrid"] = coverage
    return orjson.dumps(body)


def site_day(days_ago: int, hour: int, minute: int = 0) -> datetime:
    """A moment of a past day on Shanghai's clock."""
    today = datetime.now(SHANGHAI).date()
    return datetime.combine(today - timedelta(days=days_ago), datetime.min.time(), SHANGHAI).replace(
        hour=hour, minute=minute)


def counts_of(layer: dict[str, Any]) -> np.ndarray:
    raw = zlib.decompress(base64.b64decode(layer["counts"]))
    return np.frombuffer(raw, dtype="<u2").reshape(layer["height"], layer["width"])


def never_of(layer: dict[str, Any]) -> Cells:
    packed = np.frombuffer(zlib.decompress(base64.b64decode(layer["neverReached"])), dtype=np.uint8)
    flat = np.unpackbits(packed, count=layer["width"] * layer["height"], bitorder="little")
    return {(int(i) // layer["width"], int(i) % layer["width"]) for i in np.flatnonzero(flat)}


@pytest.fixture
async def covered(app, branch, db):
    """The branch's site in Shanghai with its robot there for weeks, its maps' records sized, and an ingest."""
    made = await a_site(branch.dealer, branch)
    await stays_since(db, made["siteId"], datetime.now(UTC) - timedelta(days=60))
    await db.execute(update(RobotMap).where(RobotMap.device_id.in_(list(branch.robots.values())))
                     .values(width=WIDTH * 10, height=HEIGHT * 10, resolution=0.05, origin_x=ORIGIN[0],
                             origin_y=ORIGIN[1]))
    await db.commit()
    directory = Directory(app.state.db)
    await directory.load()
    return made, Ingest(app.state.db, app.state.bus, directory)


async def send(ingest: Ingest, sn: str, *payloads: bytes) -> None:
    for payload in payloads:
        await ingest.receive(topic(sn, "report"), payload)
    await ingest.flush()


async def reports_of(db, device_id: int) -> int:
    return int(await db.scalar(select(func.count(TaskReport.id)).where(TaskReport.device_id == device_id)) or 0)


async def coverage_rows(db, device_id: int) -> list[SiteCoverageDay]:
    db.expire_all()
    return list(await db.scalars(select(SiteCoverageDay).where(SiteCoverageDay.device_id == device_id)))


async def test_a_floors_heat_map_sums_the_runs_of_two_site_days(branch, covered, db):
    made, ingest = covered
    sn, robot = branch.serials["Scrubber"], branch.robots["Scrubber"]
    plan = block(range(0, 10), range(0, 20))  # the task's area: 200 cells
    first, second, third = block(range(0, 10), range(0, 10)), block(range(0, 5), range(0, 20)), block(range(0, 2),
                                                                                                       range(0, 4))
    await send(ingest, sn,
               run_report(sn, site_day(2, 6), grid(first, plan)),
               run_report(sn, site_day(2, 23, 30), grid(second, plan)),  # 15:30 UTC: still the site's day
               run_report(sn, site_day(1, 7), grid(third, plan)))
    assert ingest.counters.coverage_dropped == 0 and await reports_of(db, robot) == 3
    rows = await coverage_rows(db, robot)
    assert sorted((r.day, r.runs) for r in rows) == [(site_day(2, 0).date(), 2), (site_day(1, 0).date(), 1)]

    body = {"floorId": made["floorId"], "startDay": site_day(2, 0).date().isoformat(),
            "endDay": site_day(1, 0).date().isoformat()}
    heat = await ok(branch.customer, "/site/coverage/floor", body)
    assert (heat["siteId"], heat["timeZone"], heat["days"], heat["neverReachedBasis"]) == (
        made["siteId"], "Asia/Shanghai", 2, "run_plans")
    [layer] = heat["layers"]
    assert layer["mapName"] == "hall" and [r["deviceId"] for r in layer["robots"]] == [robot]
    assert (layer["width"], layer["height"], layer["cell"], layer["originX"], layer["originY"]) == (
        WIDTH, HEIGHT, 0.5, -5.0, -2.0)
    assert (layer["mapWidth"], layer["mapHeight"], layer["mapResolution"]) == (400, 200, 0.05)
    assert (layer["runs"], layer["days"], layer["skippedDays"], layer["maxCount"]) == (3, 2, 0, 3)
    counts = counts_of(layer)
    expected = np.zeros((HEIGHT, WIDTH), dtype=int)
    for cells in (first, second, third):
        for cell in cells:
            expected[cell] += 1
    assert (counts == expected).all()
    cleaned = first | second | third
    assert layer["cleanedCells"] == len(cleaned) and layer["cleanedArea"] == len(cleaned) * 0.25
    assert layer["targetedCells"] == len(plan)
    assert never_of(layer) == plan - cleaned and layer["neverReachedCells"] == len(plan - cleaned)

    # one day only: the late run of the 2nd day counts there (its site day), not on the UTC day it fell on
    one = await ok(branch.dealer, "/site/coverage/floor", {**body, "startDay": body["endDay"]})
    assert one["layers"][0]["runs"] == 1 and one["layers"][0]["maxCount"] == 1
    # the robot's own map, with the dealer's other key
    mine = await ok(branch.dealer, "/site/coverage/map", {"deviceId": robot, "mapName": "hall", **body})
    assert mine["floorId"] is None and mine["layers"][0]["runs"] == 3


async def test_a_report_sent_again_adds_its_cells_once(branch, covered, db):
    _, ingest = covered
    sn, robot = branch.serials["Scrubber"], branch.robots["Scrubber"]
    payload = run_report(sn, site_day(1, 9), grid(block(range(3), range(3))), msg_id=fresh_name(f"{sn}-again-"))
    await send(ingest, sn, payload, payload)
    await send(ingest, sn, payload)
    [row] = await coverage_rows(db, robot)
    assert row.runs == 1 and await reports_of(db, robot) == 1


@pytest.mark.parametrize(("grid_fields", "why"), [
    ({"cleaned": "A" * 24_001}, "coverageGrid.cleaned: longer than 24000 characters"),
    ({"cleaned": "not base64!"}, "coverageGrid.cleaned: not base64"),
    ({"cleaned": write_bits(bytes(1_000_000))}, "coverageGrid.cleaned: does not hold 100 bytes of bits"),
    ({"width": 2000, "height": 1000}, "coverageGrid.width: more than 1000000 cells"),
    ({"origin": [1.0]}, "coverageGrid.origin: not two numbers"),
    ({"cell": "half"}, "coverageGrid.cell: not a number"),
    ({"width": WIDTH + 1, "cleaned": bits(set(), WIDTH + 1)}, "coverageGrid: does not fit map 'hall': 41 × 20"),
    ({"cell": 0.25}, "coverageGrid: does not fit map 'hall'"),
    ({"origin": [0.0, 0.0]}, "coverageGrid: does not fit map 'hall'"),
])
async def test_a_bad_or_misfitting_grid_is_dropped_and_counted_the_report_stored(branch, covered, db, grid_fields,
                                                                                 why):
    _, ingest = covered
    sn, robot = branch.serials["Scrubber"], branch.robots["Scrubber"]
    await send(ingest, sn, run_report(sn, site_day(1, 9), grid(block(range(2), range(2)), **grid_fields)))
    assert await reports_of(db, robot) == 1  # the report itself is kept
    drops = ingest.coverage_drops_of(sn)
    assert drops.count == 1 and drops.reason.startswith(why), drops.reason
    assert ingest.drops_of(sn).count == 0 and ingest.counters.dropped == 0
    assert await coverage_rows(db, robot) == []  # nothing of the grid


async def test_a_grid_on_a_map_the_server_does_not_know_is_dropped(branch, covered, db):
    _, ingest = covered
    sn, robot = branch.serials["Scrubber"], branch.robots["Scrubber"]
    await send(ingest, sn, run_report(sn, site_day(1, 9), grid({(0, 0)}), map_name="cellar"),
               run_report(sn, site_day(1, 10), grid({(0, 0)})))  # the next one, on its known map, is kept
    assert ingest.coverage_drops_of(sn).reason.startswith("coverageGrid: map 'cellar' is not known to the server")
    assert [r.map_name for r in await coverage_rows(db, robot)] == ["hall"]
    assert await reports_of(db, robot) == 2


async def test_a_map_resized_starts_its_day_anew_and_older_days_are_left_out(branch, covered, db):
    made, ingest = covered
    sn, robot = branch.serials["Scrubber"], branch.robots["Scrubber"]
    await send(ingest, sn, run_report(sn, site_day(2, 9), grid({(0, 0)})),
               run_report(sn, site_day(1, 9), grid({(0, 0)})))
    await db.execute(update(RobotMap).where(RobotMap.device_id == robot, RobotMap.name == "hall")
                     .values(width=WIDTH * 10 + 10))  # one cell wider now
    await db.commit()
    wider = grid({(0, 1)}, width=WIDTH + 1, cleaned=bits({(0, 1)}, WIDTH + 1))
    await send(ingest, sn, run_report(sn, site_day(1, 11), wider))
    rows = {r.day: r for r in await coverage_rows(db, robot)}
    assert (rows[site_day(1, 0).date()].runs, rows[site_day(1, 0).date()].width) == (1, WIDTH + 1)
    heat = await ok(branch.customer, "/site/coverage/floor", {
        "floorId": made["floorId"], "startDay": site_day(2, 0).date().isoformat(),
        "endDay": site_day(1, 0).date().isoformat()})
    [layer] = heat["layers"]
    assert (layer["width"], layer["runs"], layer["skippedDays"]) == (WIDTH + 1, 1, 1)
    assert counts_of(layer)[0, 1] == 1 and counts_of(layer)[0, 0] == 0


async def test_another_branch_gets_not_found(branch, covered):
    made, _ = covered
    floor = await branch.other.call("/site/coverage/floor", {"floorId": made["floorId"]})
    assert (floor.code, floor.field) == (Code.NOT_FOUND, "floorId")
    robot = await branch.other.call("/site/coverage/map", {"deviceId": branch.robots["Scrubber"], "mapName": "hall"})
    assert (robot.code, robot.field) == (Code.NOT_FOUND, "deviceId")
    stranger = await branch.dealer.call("/site/coverage/map", {"deviceId": branch.robots["Stranger"],
                                                               "mapName": "hall"})
    assert (stranger.code, stranger.field) == (Code.NOT_FOUND, "deviceId")
    nameless = await branch.dealer.call("/site/coverage/map", {"deviceId": branch.robots["Scrubber"],
                                                               "mapName": "no such map"})
    assert (nameless.code, nameless.field) == (Code.NOT_FOUND, "mapName")


async def test_the_period_is_bounded(branch, covered):
    made, _ = covered
    floor = made["floorId"]
    too_long = await branch.dealer.call("/site/coverage/floor", {"floorId": floor, "startDay": "2025-01-01",
                                                                 "endDay": "2025-04-03"}, headers={"language": "en"})
    assert (too_long.code, too_long.field) == (Code.BAD_PARAMETER, "startDay")
    assert "92 days" in too_long.message
    backwards = await branch.dealer.call("/site/coverage/floor", {"floorId": floor, "startDay": "2025-02-02",
                                                                  "endDay": "2025-02-01"})
    assert (backwards.code, backwards.field) == (Code.BAD_PARAMETER, "startDay")
    quarter = await ok(branch.dealer, "/site/coverage/floor", {"floorId": floor, "startDay": "2025-01-01",
                                                               "endDay": "2025-04-02"})
    assert quarter["days"] == 92 and quarter["layers"][0]["runs"] == 0  # the map's grid, nothing cleaned
    default = await ok(branch.dealer, "/site/coverage/floor", {"floorId": floor})
    assert default["days"] == 30 and default["endDay"] == datetime.now(SHANGHAI).date().isoformat()
    year = await branch.dealer.call("/site/coverage/floor", {"floorId": floor, "startDay": "1999-12-31"})
    assert (year.code, year.field) == (Code.BAD_PARAMETER, "startDay")


async def test_a_run_started_in_the_second_its_robot_came_is_counted_on_the_sites_day(app, branch, db):
    """Robots report their runs' times to the second: a run started in the same second as its robot's assignment
    is the site's, on the site's clock (the stay used to start a fraction of a second later, so such a run fell back
    to its UTC day: the heat-map journey found it on the day before near the site's midnight)."""
    utc_today = datetime.now(UTC).date()
    zone = next(z for z in ("Pacific/Kiritimati", "Pacific/Pago_Pago") if datetime.now(ZoneInfo(z)).date() != utc_today)
    made = await a_site(branch.dealer, branch, zone=zone)
    started = datetime.now(UTC).replace(microsecond=0)
    [stay] = (await ok(branch.dealer, "/site/robot/history", {"siteId": made["siteId"]}))["list"]
    assert datetime.fromisoformat(stay["fromTime"]).microsecond == 0
    await db.execute(update(RobotMap).where(RobotMap.device_id == branch.robots["Scrubber"])
                     .values(width=WIDTH * 10, height=HEIGHT * 10, resolution=0.05, origin_x=ORIGIN[0],
                             origin_y=ORIGIN[1]))
    await db.commit()
    directory = Directory(app.state.db)
    await directory.load()
    sn = branch.serials["Scrubber"]
    await send(Ingest(app.state.db, app.state.bus, directory), sn, run_report(sn, started, grid({(0, 0)})))
    [row] = await coverage_rows(db, branch.robots["Scrubber"])
    assert row.day == started.astimezone(ZoneInfo(zone)).date() != utc_today
