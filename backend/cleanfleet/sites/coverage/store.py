"""Where the robots cleaned (issue 33 item 4): each run's coverage grid added into its robot's map's day
(``site_coverage_days``), read back as heat maps by ``heatmap.py``.

The gateway reads a report's ``coverageGrid`` at the edge (``gateway/coverage.py``: sizes, lengths, bits that
inflate to exactly the grid) and, once the report is stored as a new one, hands it here on ``RUNS_COVERED`` in its
own transaction (``store_runs``, wired in ``events.py``). Here a run is refused (``CoveredRun.refused``: the
gateway counts it as dropped for that robot; the report stays stored) when:

- the server has no record of its map (``maps.models.RobotMap``: the map list was never read), or the record has
  no size: a grid cannot be checked against a map the server does not know, and a robot cannot make up maps (a run
  on a map without a record is also handed to ``map_learning.py``, which reads the robot's map list in the
  background and adds the run then);
- the grid does not fit the map's record: its cell is not the map's ``cell_px(resolution)`` pixels, its origin
  not the map's, or its size not ``ceil(map pixels / cell_px)`` cells each way;
- it started more than ``DAYS_KEPT`` days ago.

A day row is keyed by robot, map name, day and site: the site the robot was at when the run started (its stay, as
plan against actual counts runs; 0 at none) and the run's start day on that site's clock (UTC at none), so a floor's
heat map reads whole site days of its own site's stays only: what a robot cleaned before it came to the site, or
after it left, is not on the site's floors (issue 48 item 4). It holds the day's counts (one byte a cell, saturating
at 255 runs) and the cells the runs' plans targeted (a bitset: the run's ``planned`` cells, and its cleaned ones),
each zlib-compressed, with the grid they are on. A run on a grid other than the day's (the map was edited to another
size that day) starts the day's counts anew: the older cells no longer lie under the same floor. Rows older than
``DAYS_KEPT`` days are deleted as the robot's next runs are stored, so a map holds at most ``DAYS_KEPT`` rows of at
most ``row_bound_bytes(grid)`` each.

Concurrency: the rows a batch touches are first inserted empty if missing ("on conflict do nothing"), then read
``FOR UPDATE`` in key order (PostgreSQL; SQLite writes one transaction at a time), so two workers adding runs of
the same day wait for each other instead of losing one. The merging (inflate, add, deflate) runs in a thread.
"""

import asyncio
import zlib
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING, Any, cast
from zoneinfo import ZoneInfo

from sqlalchemy import Table, bindparam, delete, or_, select, tuple_, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.coverage import CoveredRun, Grid, RunCoverage, map_grid
from cleanfleet.core.db import utcnow
from cleanfleet.core.retention import Within, register_purge
from cleanfleet.devices.models import Device
from cleanfleet.maps.models import RobotMap
from cleanfleet.sites.coverage import map_learning
from cleanfleet.sites.models import Site, SiteCoverageDay, SiteRobot

if TYPE_CHECKING:  # numpy is imported where a grid is counted, not in the server's start (bench/README.md `start`)
    import numpy as np
    import numpy.typing as npt

    Bytes = npt.NDArray[np.uint8]

DAYS_KEPT = 400  # a year and a month of days per map
LEVEL = 6  # zlib's level for the stored rows
SATURATED = 255  # a cell cleaned more often in one day counts 255
FIELD = "coverageGrid"

Key = tuple[int, str, date, int]  # device id, map name, day, site id (0: at no site)
_BLOB_COLUMNS = ("cell", "origin_x", "origin_y", "width", "height", "runs", "counts", "targeted")


def row_bound_bytes(grid: Grid) -> int:
    """The most a day row's two blobs can take for ``grid``: one byte and one bit a cell, plus zlib's worst case
    (5 bytes per 16 KiB stored block and its 11-byte frame, for each blob)."""
    raw = grid.cells + grid.bit_bytes
    return raw + 5 * (raw // 16384 + 2) + 22


# --- a day's counts in memory ----------------------------------------------------------------------------------------


@dataclass
class DayCounts:
    """A day row opened for adding: its grid (None while empty), runs, counts (a byte a cell), targeted (bits)."""

    grid: Grid | None
    runs: int
    counts: "Bytes"
    targeted: "Bytes"

    @classmethod
    def blank(cls, grid: Grid) -> "DayCounts":
        import numpy as np

        return cls(grid, 0, np.zeros(grid.cells, np.uint8), np.zeros(grid.bit_bytes, np.uint8))

    @classmethod
    def opened(cls, row: Any) -> "DayCounts":
        """A stored row (its columns) as counts; a row without a grid yet (or none at all) is empty."""
        import numpy as np

        if row is None or not row.width:
            return cls(None, 0, np.zeros(0, np.uint8), np.zeros(0, np.uint8))
        grid = Grid(row.cell, row.origin_x, row.origin_y, row.width, row.height)
        return cls(grid, row.runs, inflate(row.counts, grid.cells), inflate(row.targeted, grid.bit_bytes))

    def add(self, run: RunCoverage) -> None:
        """Adds one run (a grid other than the day's starts the day anew)."""
        import numpy as np

        if self.grid is None or not self.grid.same(run.grid):
            fresh = DayCounts.blank(run.grid)
            self.grid, self.runs, self.counts, self.targeted = fresh.grid, 0, fresh.counts, fresh.targeted
        cleaned = np.frombuffer(run.cleaned, np.uint8)
        ones = np.unpackbits(cleaned, count=run.grid.cells, bitorder="little")
        np.add(self.counts, ones, out=self.counts, where=self.counts < SATURATED)
        np.bitwise_or(self.targeted, cleaned, out=self.targeted)
        if run.planned is not None:
            np.bitwise_or(self.targeted, np.frombuffer(run.planned, np.uint8), out=self.targeted)
        self.runs += 1

    def columns(self) -> dict[str, Any]:
        grid = self.grid
        assert grid is not None
        return {"cell": grid.cell, "origin_x": grid.origin_x, "origin_y": grid.origin_y, "width": grid.width,
                "height": grid.height, "runs": self.runs, "counts": zlib.compress(self.counts.tobytes(), LEVEL),
                "targeted": zlib.compress(self.targeted.tobytes(), LEVEL)}


def inflate(blob: bytes, size: int) -> "Bytes":
    """A stored blob as a writable array of ``size`` bytes (a damaged or short one reads as zeros)."""
    import numpy as np

    try:
        raw = zlib.decompress(blob)
    except zlib.error:
        raw = b""
    array = np.zeros(size, np.uint8)
    found = np.frombuffer(raw, np.uint8)[:size]
    array[: len(found)] = found
    return array


def _merged(opened: dict[Key, Any], runs: dict[Key, list[RunCoverage]]) -> list[dict[str, Any]]:
    """Every touched row with its runs added, as column values (blocking: run in a thread)."""
    rows = []
    for key in sorted(runs):
        day = DayCounts.opened(opened.get(key))
        for run in runs[key]:
            day.add(run)
        rows.append({"k_device": key[0], "k_map": key[1], "k_day": key[2], "k_site": key[3],
                     **{f"v_{name}": value for name, value in day.columns().items()}})
    return rows


# --- storing the runs ----------------------------------------------------------------------------------------------


async def store_runs(db: AsyncSession, runs: list[CoveredRun]) -> None:
    """``RUNS_COVERED``'s subscriber: adds each run that fits its map into its day; sets ``refused`` on the others."""
    grids = await _map_grids(db, {(run.device_id, run.map_name) for run in runs})
    oldest = utcnow().date() - timedelta(days=DAYS_KEPT)
    fitting = [run for run in runs if _fits(run, grids)]
    unknown = [run for run in runs if (run.device_id, run.map_name) not in grids]
    learner = map_learning.current(db)
    if unknown and learner is not None:
        learner.hold(unknown)  # its map list is read off this transaction, the runs added then (map_learning.py)
    by_key: dict[Key, list[RunCoverage]] = defaultdict(list)
    for run, (day, site_id) in zip(fitting, await _days(db, fitting), strict=True):
        if day < oldest:
            run.refused = f"{FIELD}: the run started more than {DAYS_KEPT} days ago"
            continue
        by_key[(run.device_id, run.map_name, day, site_id)].append(run.coverage)
    if not by_key:
        return
    keys = sorted(by_key)
    await _insert_missing(db, keys)
    day_rows = await db.execute(
        select(SiteCoverageDay.device_id, SiteCoverageDay.map_name, SiteCoverageDay.day, SiteCoverageDay.site_id,
               SiteCoverageDay.cell,
               SiteCoverageDay.origin_x, SiteCoverageDay.origin_y, SiteCoverageDay.width, SiteCoverageDay.height,
               SiteCoverageDay.runs, SiteCoverageDay.counts, SiteCoverageDay.targeted)
        .where(tuple_(SiteCoverageDay.device_id, SiteCoverageDay.map_name, SiteCoverageDay.day,
                      SiteCoverageDay.site_id).in_(keys))
        .order_by(SiteCoverageDay.device_id, SiteCoverageDay.map_name, SiteCoverageDay.day,
                  SiteCoverageDay.site_id).with_for_update())
    opened = {(row.device_id, row.map_name, _as_date(row.day), row.site_id): row for row in day_rows}
    merged = await asyncio.to_thread(_merged, opened, by_key)
    table = cast(Table, SiteCoverageDay.__table__)
    await db.execute(
        update(table).where(table.c.device_id == bindparam("k_device"), table.c.map_name == bindparam("k_map"),
                            table.c.day == bindparam("k_day"), table.c.site_id == bindparam("k_site"))
        .values(updated_at=utcnow(), **{name: bindparam(f"v_{name}") for name in _BLOB_COLUMNS}),
        merged)
    await db.execute(delete(SiteCoverageDay).where(SiteCoverageDay.device_id.in_(sorted({k[0] for k in keys})),
                                                   SiteCoverageDay.day < oldest)
                     .execution_options(synchronize_session=False))


def _fits(run: CoveredRun, grids: dict[tuple[int, str], Grid | None]) -> bool:
    key = (run.device_id, run.map_name)
    if key not in grids:
        run.refused = f"{FIELD}: map {run.map_name[:64]!r} is not known to the server (its map list was never read)"
        return False
    grid, sent = grids[key], run.coverage.grid
    if grid is None:
        run.refused = f"{FIELD}: map {run.map_name[:64]!r} has no size on record"
        return False
    if not grid.same(sent):
        run.refused = (f"{FIELD}: does not fit map {run.map_name[:64]!r}: {sent.width} × {sent.height} cells of "
                       f"{sent.cell:g} m from ({sent.origin_x:g}, {sent.origin_y:g}), the map's are "
                       f"{grid.width} × {grid.height} of {grid.cell:g} m from ({grid.origin_x:g}, {grid.origin_y:g})")
        return False
    return True


async def _map_grids(db: AsyncSession, pairs: set[tuple[int, str]]) -> dict[tuple[int, str], Grid | None]:
    """The coverage grid of each (robot, map name) the server has a record of (None: a record without a size)."""
    rows = await db.execute(select(RobotMap.device_id, RobotMap.name, RobotMap.resolution, RobotMap.origin_x,
                                   RobotMap.origin_y, RobotMap.width, RobotMap.height)
                            .where(tuple_(RobotMap.device_id, RobotMap.name).in_(sorted(pairs))))
    return {(r.device_id, r.name): map_grid(r.resolution, r.origin_x, r.origin_y, r.width, r.height) for r in rows}


async def _days(db: AsyncSession, runs: list[CoveredRun]) -> list[tuple[date, int]]:
    """Each run's day and site: the site its robot was at when the run started and the start on that site's clock,
    else (0 and) UTC."""
    if not runs:
        return []
    starts = [run.start for run in runs]
    stays = await db.execute(
        select(SiteRobot.device_id, SiteRobot.started_at, SiteRobot.ended_at, Site.time_zone, Site.id)
        .join(Site, Site.id == SiteRobot.site_id)
        .where(SiteRobot.device_id.in_(sorted({run.device_id for run in runs})),
               SiteRobot.started_at <= max(starts),
               or_(SiteRobot.ended_at.is_(None), SiteRobot.ended_at > min(starts))))
    zones: dict[int, list[tuple[datetime, datetime | None, str, int]]] = defaultdict(list)
    for device_id, started, ended, zone, site_id in stays:
        zones[device_id].append((started, ended, zone, site_id))
    found = []
    for run in runs:
        zone, site_id = next(((z, s) for started, ended, z, s in zones.get(run.device_id, ())
                              if started <= run.start and (ended is None or run.start < ended)), ("UTC", 0))
        found.append((run.start.astimezone(UTC if zone == "UTC" else ZoneInfo(zone)).date(), site_id))
    return found


async def _insert_missing(db: AsyncSession, keys: list[Key]) -> None:
    """The day rows not there yet, inserted empty (a row another writer inserts meanwhile is kept)."""
    insert = postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert
    now = utcnow()
    await db.execute(insert(SiteCoverageDay).on_conflict_do_nothing(index_elements=["device_id", "map_name", "day",
                                                                                    "site_id"]),
                     [{"device_id": device_id, "map_name": map_name, "day": day, "site_id": site_id, "cell": 0.0,
                       "origin_x": 0.0,
                       "origin_y": 0.0, "width": 0, "height": 0, "runs": 0, "counts": b"", "targeted": b"",
                       "updated_at": now} for device_id, map_name, day, site_id in keys])


def _as_date(value: Any) -> date:
    return value if isinstance(value, date) else date.fromisoformat(str(value))


# --- clear data -------------------------------------------------------------------------------------------------------


async def purge_coverage(db: AsyncSession, within: Within, before: datetime, limit: int | None = None) -> int:
    """Clear data and retention: the part's robots' coverage days before the cut-off's day (at most ``limit``)."""
    owners = select(Device.id).where(within.holds(Device.owner_path))
    t = SiteCoverageDay
    old = select(t.device_id, t.map_name, t.day, t.site_id).where(t.day < before.date(), t.device_id.in_(owners))
    result = await db.execute(delete(t).where(tuple_(t.device_id, t.map_name, t.day, t.site_id).in_(
        old.limit(limit) if limit is not None else old)).execution_options(synchronize_session=False))
    return result.rowcount or 0  # type: ignore[attr-defined]


register_purge("site coverage days", purge_coverage, kind="reports")
