"""The server learns a robot's maps without a person (issue 48 item 5): a run's coverage grid on a map the server
has no record of (its map list was never read: nobody opened the robot's map list yet) is refused as before
(``store.py``: counted as dropped for the robot, reason "not known to the server"), and handed here too. A
background task then reads the robot's map list over its web API, as the map list page does
(``maps.service.refresh``, through the relay's HTTP client), and adds the held runs into their days once their
map has a record; so a new user sees a heat map after the robots' first runs.

- **Off the hot path**: the gateway's transaction only puts the runs in a bounded holding place
  (``MAX_HELD_RUNS`` runs, ``MAX_RUNS_PER_MAP`` per robot and map; beyond that a run stays refused); one task reads
  the map lists, one robot at a time, each bounded by the relay's time limit.
- **Once per robot per map**: a (robot, map) whose list was read (whatever it held) is not asked for again for
  ``RETRY_AFTER``: a robot sending runs on a map it no longer lists does not make the server call it per run.
- **Exactly once**: a held run is added only when its report is stored (its row: a batch the database refused is
  retried, and must not add a run twice), and the same run (robot, map, start) is held once.
- A robot offline or unreachable: its held runs stay refused (logged once a try), and the next run on that map
  after ``RETRY_AFTER`` tries again.
"""

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.audit import not_a_change
from cleanfleet.core.coverage import CoveredRun
from cleanfleet.core.db import Database, engine_key
from cleanfleet.core.errors import ApiError
from cleanfleet.devices.models import Device
from cleanfleet.maps import service as maps
from cleanfleet.maps.robot import RobotHttp
from cleanfleet.reports.models import TaskReport

log = logging.getLogger("cleanfleet.sites.coverage.map_learning")
MAX_HELD_RUNS = 2000
MAX_RUNS_PER_MAP = 100
RETRY_AFTER = 3600.0  # seconds before a robot's map list is read again for the same map

Key = tuple[int, str]  # device id, map name
# device id, serial number, map name: a database may give a deleted robot's id to a new one (SQLite does), whose
# maps were never asked for
Tried = tuple[int, str, str]


@dataclass
class MapLearner:
    """Holds runs on unknown maps and reads their robots' map lists in one background task."""

    database: Database
    http: RobotHttp
    store: Callable[[Any, list[CoveredRun]], Any]  # coverage.store_runs
    retry_after: float = RETRY_AFTER
    held: dict[Key, list[CoveredRun]] = field(default_factory=dict)
    tried: dict[Tried, float] = field(default_factory=dict)  # key -> monotonic time of its last read
    added: int = 0  # runs added after their map list was read
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None
    loop: asyncio.AbstractEventLoop | None = None  # the app's, where the task runs

    def hold(self, runs: list[CoveredRun]) -> None:
        """Called in the gateway's transaction: keeps the runs (bounded) and wakes the task. From the embedded
        broker's loop (gateway/embedded.py) it hands them over to the app's loop first."""
        if self.loop is not None and self.loop is not _running_loop():
            with contextlib.suppress(RuntimeError):  # the app's loop closed: the server is stopping
                self.loop.call_soon_threadsafe(self.hold, list(runs))
            return
        now = time.monotonic()
        total = sum(len(v) for v in self.held.values())
        for run in runs:
            key = (run.device_id, run.map_name)
            last = self.tried.get((run.device_id, run.serial_number, run.map_name))
            if last is not None and now - last < self.retry_after:
                continue
            mine = self.held.setdefault(key, [])
            if total >= MAX_HELD_RUNS or len(mine) >= MAX_RUNS_PER_MAP or any(r.start == run.start for r in mine):
                continue
            mine.append(CoveredRun(run.device_id, run.serial_number, run.map_name, run.start, run.coverage))
            total += 1
        if self.held:
            self.wake.set()

    async def run(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            while self.held:
                device_id = next(iter(self.held))[0]
                mine = {key: self.held.pop(key) for key in [k for k in self.held if k[0] == device_id]}
                try:
                    await self.learn(device_id, mine)
                except asyncio.CancelledError:
                    raise
                except Exception:  # a failure here must not stop the learning of the other robots' maps
                    log.exception("reading robot %s's map list for its coverage failed", device_id)

    async def learn(self, device_id: int, held: dict[Key, list[CoveredRun]]) -> None:
        """Reads one robot's map list, then adds its held runs whose report is stored and whose map is known."""
        now = time.monotonic()
        for (robot, map_name), runs in held.items():
            for run in runs:
                self.tried[(robot, run.serial_number, map_name)] = now
        async with self.database.sessions() as db:
            device = await db.get(Device, device_id)
            if device is None:
                return
            try:
                with not_a_change(db):  # the robot's own maps copied in: no person's change (oplog)
                    await maps.refresh(db, self.http, device)
            except ApiError as exc:
                await db.rollback()
                log.info("robot %s's map list could not be read for its coverage (%s)", device.serial_number,
                         exc.code)
                return
            runs = [run for runs in held.values() for run in runs]
            stored = set((await db.execute(
                select(TaskReport.map_name, TaskReport.start_time)
                .where(TaskReport.device_id == device_id,
                       TaskReport.start_time.in_(sorted({run.start for run in runs}))))).all())
            ready = [run for run in runs if (run.map_name, run.start) in stored]
            if not ready:
                return
            with not_a_change(db):
                await self.store(db, ready)
            await db.commit()
            added = [run for run in ready if not run.refused]
            self.added += len(added)
            if added:
                log.info("robot %s: %d run(s) added to the heat maps once its map list was read",
                         device.serial_number, len(added))


# One learner per app (several apps may share a process, as the tests' servers do): found by the engine of the
# session the coverage subscriber writes in, so a report is learned by its own server's learner.
_learners: dict[int, MapLearner] = {}


def current(db: AsyncSession) -> MapLearner | None:
    """The learner of the app whose database ``db`` belongs to (None when it runs none)."""
    return _learners.get(engine_key(db))


def _engine_key(database: Database) -> int:
    return id(database.engine.sync_engine)


def start_map_learning(database: Database, http: RobotHttp,
                       store: Callable[[Any, list[CoveredRun]], Any]) -> MapLearner:
    """Starts the learner of this app (the coverage subscriber hands it the runs on unknown maps)."""
    learner = MapLearner(database, http, store, loop=asyncio.get_running_loop())
    learner.task = asyncio.create_task(learner.run(), name="site-map-learning")
    _learners[_engine_key(database)] = learner
    return learner


async def stop_map_learning(learner: MapLearner | None) -> None:
    if learner is None:
        return
    if _learners.get(_engine_key(learner.database)) is learner:
        del _learners[_engine_key(learner.database)]
    if learner.task is not None:
        learner.task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await learner.task


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
