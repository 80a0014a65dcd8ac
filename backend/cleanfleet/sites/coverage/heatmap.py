"""Heat maps (issue 33 item 4): how many times each coverage cell of a floor's maps (or of one robot's map) was
cleaned over a period of days, and the cells the runs targeted that no run reached, read from the day rows
``store.py`` keeps.

- **Period**: ``startDay`` to ``endDay``, whole days, at most ``MAX_DAYS`` (92: a quarter), ``endDay`` not after
  today (the site's; refused naming ``endDay``); default the 30 days ending today. A floor's days are its site's
  and hold only the runs that started while the robot was at the site (the rows are kept per site and site day of
  the robot's stays); a robot's map reads every row (its site's days while it was at one, else UTC).
- **Layers**: a floor is cleaned on several robots' maps, each its own frame: one layer per map, on the grid of the
  map's record now (the console draws it over that map's picture). The robots of a floor that share one map (the
  same name and the same grid: a map synced from one robot to the others) are summed into one layer. Days stored
  on another grid (the map was resized since) are left out and counted (``skippedDays``). A map with no size on
  record and no day in the period has no layer; a robot's map the server has no record of and no day of answers
  NOT_FOUND naming ``mapName``.
- **Never reached**: plan items carry no area geometry (an area's name is a label), so the floor's area a plan
  targets is what the robots were sent to clean there: the cells the runs' own task plans targeted (the task's
  area on the map's free floor; for a whole-map task the map's free floor the robot can reach), as each run
  reports them, over the period. A cell targeted by some run and cleaned by none is never reached
  (``neverReachedBasis: "run_plans"``). A map no run cleaned in the period has no targeted cells: its missed plan
  windows show in plan against actual.
- **Encoding**: ``counts`` is base64 of zlib (RFC 1950; a browser's ``DecompressionStream("deflate")``) of one
  unsigned 16-bit little-endian number per cell (times cleaned, summed over the days; at most 92 × 255, so never
  clipped), row-major from the south row (row 0 at the map's origin, the bottom of the map picture); ``neverReached``
  base64 of zlib of one bit per cell in the same order, the first cell in the lowest bit of the first byte.

Cost: one indexed range read of the day rows (primary key: robot, map, day) and the merging in a thread.
"""

import asyncio
import base64
import zlib
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from sqlalchemy import select, tuple_
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core import ranges
from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.coverage import Grid, map_grid
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.devices.access import get_device
from cleanfleet.devices.models import Device
from cleanfleet.maps.models import RobotMap
from cleanfleet.sites import days, texts
from cleanfleet.sites.coverage.store import inflate
from cleanfleet.sites.models import SiteCoverageDay, SiteFloor, SiteFloorMap
from cleanfleet.sites.service import get_floor

MAX_DAYS = 92
DEFAULT_DAYS = 30
LEVEL = 6
BASIS = "run_plans"


@dataclass
class Layer:
    """One map's layer: its name and grid, the robots (id, code, serial) whose days it sums, whether the server has
    a record of the map (its picture's size and resolution), and the day rows read for it."""

    map_name: str
    grid: Grid
    record: Any = None
    robots: list[tuple[int, str, str]] = field(default_factory=list)
    rows: list[Any] = field(default_factory=list)


def period(start: date | None, end: date | None, today: date) -> tuple[date, date]:
    """The period asked for (default the ``DEFAULT_DAYS`` ending today), or a refusal naming ``startDay``."""
    end = end or (today if start is None else min(today, start + timedelta(days=DEFAULT_DAYS - 1)))
    start = start or end - timedelta(days=DEFAULT_DAYS - 1)
    if end > today:  # nothing was cleaned after today: a future end would be a silent clip (issue 48 item 4)
        raise bad_parameter("endDay", texts.END_IN_FUTURE)
    return ranges.check_days(start, end, ranges.HEAT_MAP, field="startDay", today_is=today)  # the one rule


async def floor_heatmap(db: AsyncSession, caller: Caller, floor_id: int, start: date | None,
                        end: date | None) -> dict[str, Any]:
    floor, owned = await get_floor(db, caller, floor_id)
    first, last = period(start, end, days.today(days.zone_of(owned.site)))
    return {"siteId": owned.site.id, "floorId": floor.id, "timeZone": owned.site.time_zone, **_period(first, last),
            "neverReachedBasis": BASIS, "layers": await floor_layers(db, floor.id, first, last)}


async def floor_layers(db: AsyncSession, floor_id: int, first: date, last: date) -> list[dict[str, Any]]:
    """A floor's layers over site days ``first`` to ``last`` (the answer's ``layers``; no scope check: the caller
    found the floor in its scope, or is the site report's mailer)."""
    ties = (await db.execute(select(SiteFloorMap.device_id, SiteFloorMap.map_name, Device.name, Device.serial_number)
                             .join(Device, Device.id == SiteFloorMap.device_id)
                             .where(SiteFloorMap.floor_id == floor_id)
                             .order_by(SiteFloorMap.map_name, Device.name, Device.id))).all()
    site_id = await db.scalar(select(SiteFloor.site_id).where(SiteFloor.id == floor_id))
    layers = await _layers(db, [tuple(t) for t in ties], first, last, site_id=site_id or -1)
    return await asyncio.to_thread(_answers, layers)


async def map_heatmap(db: AsyncSession, caller: Caller, device_id: int, map_name: str, start: date | None,
                      end: date | None) -> dict[str, Any]:
    device = await get_device(db, caller, device_id)
    first, last = period(start, end, utcnow().date())
    layers = await _layers(db, [(device.id, map_name, device.name, device.serial_number)], first, last)
    known = await db.scalar(select(RobotMap.id).where(RobotMap.device_id == device.id, RobotMap.name == map_name))
    if not layers and known is None:
        raise ApiError(Code.NOT_FOUND, texts.ROBOT_MAP_NOT_FOUND, field="mapName",
                       values={"mapName": map_name, "deviceId": device_id})
    return {"siteId": None, "floorId": None, "timeZone": None, **_period(first, last), "neverReachedBasis": BASIS,
            "layers": await asyncio.to_thread(_answers, layers)}


def _period(first: date, last: date) -> dict[str, Any]:
    return {"startDay": first.isoformat(), "endDay": last.isoformat(), "days": (last - first).days + 1}


async def _layers(db: AsyncSession, ties: list[tuple[Any, ...]], first: date, last: date,
                  site_id: int | None = None) -> list[Layer]:
    """The layers of the (robot, map name, robot's code, serial) ties, with their day rows in the period (only
    those of runs while the robot was at ``site_id``, when given)."""
    if not ties:
        return []
    pairs = sorted({(t[0], t[1]) for t in ties})
    records = {(r.device_id, r.name): r for r in await db.execute(
        select(RobotMap.device_id, RobotMap.name, RobotMap.resolution, RobotMap.origin_x, RobotMap.origin_y,
               RobotMap.width, RobotMap.height).where(tuple_(RobotMap.device_id, RobotMap.name).in_(pairs)))}
    rows: dict[tuple[int, str], list[Any]] = {}
    days_ = SiteCoverageDay
    for row in await db.execute(
            select(days_.device_id, days_.map_name, days_.day, days_.cell, days_.origin_x, days_.origin_y, days_.width,
                   days_.height, days_.runs, days_.counts, days_.targeted)
            .where(tuple_(days_.device_id, days_.map_name).in_(pairs), days_.day >= first, days_.day <= last,
                   *(() if site_id is None else (days_.site_id == site_id,)))
            .order_by(days_.day, days_.site_id)):
        rows.setdefault((row.device_id, row.map_name), []).append(row)
    layers: list[Layer] = []
    for device_id, map_name, code, serial in ties:
        record = records.get((device_id, map_name))
        grid = _grid_of(record, rows.get((device_id, map_name), []))
        if grid is None:
            continue
        layer = next((one for one in layers if one.map_name == map_name and one.grid.same(grid)), None)
        if layer is None:
            layer = Layer(map_name, grid, record)
            layers.append(layer)
        layer.robots.append((device_id, code, serial))
        layer.rows.extend(rows.get((device_id, map_name), []))
    return layers


def _grid_of(record: Any, rows: list[Any]) -> Grid | None:
    """The map's grid now (its record), else the grid of its latest day row with runs in the period."""
    if record is not None:
        grid = map_grid(record.resolution, record.origin_x, record.origin_y, record.width, record.height)
        if grid is not None:
            return grid
    stored = [row for row in rows if row.width]
    if not stored:
        return None
    row = stored[-1]
    return Grid(row.cell, row.origin_x, row.origin_y, row.width, row.height)


def _answers(layers: list[Layer]) -> list[dict[str, Any]]:
    return [_answer(layer) for layer in layers]


def _answer(layer: Layer) -> dict[str, Any]:
    """A layer summed over its day rows (blocking: run in a thread)."""
    import numpy as np  # here, not in the server's start (coverage/store.py)

    grid = layer.grid
    total = np.zeros(grid.cells, np.uint32)
    targeted = np.zeros(grid.bit_bytes, np.uint8)
    runs, skipped, seen = 0, 0, set()
    for row in layer.rows:
        if not row.width or not grid.same(Grid(row.cell, row.origin_x, row.origin_y, row.width, row.height)):
            skipped += 1 if row.width else 0
            continue
        total += inflate(row.counts, grid.cells)
        np.bitwise_or(targeted, inflate(row.targeted, grid.bit_bytes), out=targeted)
        runs += row.runs
        seen.add(row.day)
    cleaned = total > 0
    never = np.unpackbits(targeted, count=grid.cells, bitorder="little").astype(bool) & ~cleaned
    cell_area = grid.cell * grid.cell
    record = layer.record
    cleaned_cells, never_cells = int(np.count_nonzero(cleaned)), int(np.count_nonzero(never))
    return {
        "mapName": layer.map_name,
        "robots": [{"deviceId": i, "deviceCode": code, "deviceSerialNumber": serial}
                   for i, code, serial in layer.robots],
        "cell": grid.cell, "originX": grid.origin_x, "originY": grid.origin_y, "width": grid.width,
        "height": grid.height,
        "mapResolution": None if record is None else record.resolution,
        "mapWidth": None if record is None else record.width, "mapHeight": None if record is None else record.height,
        "runs": runs, "days": len(seen), "skippedDays": skipped, "maxCount": int(total.max(initial=0)),
        "counts": _packed(np.minimum(total, 0xFFFF).astype("<u2").tobytes()),
        "cleanedCells": cleaned_cells, "cleanedArea": round(cleaned_cells * cell_area, 2),
        "targetedCells": int(np.count_nonzero(np.unpackbits(targeted, count=grid.cells, bitorder="little"))),
        "neverReached": _packed(np.packbits(never, bitorder="little").tobytes()),
        "neverReachedCells": never_cells, "neverReachedArea": round(never_cells * cell_area, 2),
    }


def _packed(raw: bytes) -> str:
    return base64.b64encode(zlib.compress(raw, LEVEL)).decode("ascii")
