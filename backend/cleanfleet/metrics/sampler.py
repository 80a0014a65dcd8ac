"""Each worker's periodic reading of what it holds into the series (series.py), and on every scrape.

The gateway's hot path keeps plain integers (gateway/ingest.py ``Counters``); this adds what they grew by since the
last reading to the Prometheus counters, so a robot message costs no more than before. Per process: consoles on the
live socket, the jobs this worker leads, its database pool. From the database (the same in every worker): robots
online, the outbox's sends due. From the disk: the upload spool (files walked off the event loop,
at most ``SPOOL_WALK_LIMIT`` entries).
"""

import asyncio
import contextlib
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import func, select

from cleanfleet.core.db import utcnow
from cleanfleet.core.leader import LEADING, ROUNDS
from cleanfleet.core.outbox import OUTCOMES, SENDERS, due_count
from cleanfleet.core.retention import REMOVED
from cleanfleet.devices.models import DeviceState
from cleanfleet.metrics.series import (
    CONSOLES_CONNECTED,
    DB_POOL,
    JOB_ROUNDS,
    JOBS_RUNNING,
    OUTBOX_SENDS,
    QUEUE_DUE,
    RETENTION_REMOVED,
    ROBOT_DROPS,
    ROBOT_MESSAGES,
    ROBOT_WRITES,
    ROBOTS_CONNECTED,
    SPOOL_BYTES,
    SPOOL_FILES,
)

log = logging.getLogger(__name__)

SPOOL_WALK_LIMIT = 10_000
CHANNEL_COUNTERS = {"heartbeat": "heartbeats", "status": "statuses", "alarm": "alarms", "report": "reports",
                    "event": "events"}


@dataclass
class Sampler:
    state: Any  # the app's state: gateway (the ingest), hub, db, settings
    seen: dict[Any, int] = field(default_factory=dict)  # the ingest's counts at the last reading
    jobs: set[str] = field(default_factory=set)  # every job this worker has led (0 once it no longer does)

    async def sample(self) -> None:
        self._ingest()
        self._counts()
        self._process()
        await self._database()
        files, size = await asyncio.to_thread(spool_size, Path(self.state.settings.data_dir) / "tmp")
        SPOOL_FILES.set(files)
        SPOOL_BYTES.set(size)

    def _grown(self, key: Any, now: int) -> int:
        grown = now - self.seen.get(key, 0)
        self.seen[key] = now
        return max(grown, 0)

    def _ingest(self) -> None:
        ingest = getattr(self.state, "gateway", None)
        if ingest is None:
            return
        counters = ingest.counters
        for channel, name in CHANNEL_COUNTERS.items():
            if grown := self._grown(channel, getattr(counters, name)):
                ROBOT_MESSAGES.labels(channel).inc(grown)
        for (channel, reason), count in list(counters.drops_by.items()):
            if grown := self._grown((channel, reason), count):
                ROBOT_DROPS.labels(channel, reason).inc(grown)
        if grown := self._grown("written", counters.written):
            ROBOT_WRITES.inc(grown)

    def _counts(self) -> None:
        """The jobs' rounds and the outbox's sends, counted in plain dicts where they happen."""
        for (job, outcome), count in list(ROUNDS.items()):
            if grown := self._grown(("round", job, outcome), count):
                JOB_ROUNDS.labels(job, outcome).inc(grown)
        for (kind, channel, outcome), count in list(OUTCOMES.items()):
            if grown := self._grown(("outbox", kind, channel, outcome), count):
                OUTBOX_SENDS.labels(kind, channel, outcome).inc(grown)
        for kind, count in list(REMOVED.items()):
            if grown := self._grown(("retention", kind), count):
                RETENTION_REMOVED.labels(kind).inc(grown)

    def _process(self) -> None:
        hub = getattr(self.state, "hub", None)
        CONSOLES_CONNECTED.set(len(hub.consoles) if hub is not None else 0)
        self.jobs |= LEADING
        for job in self.jobs:
            JOBS_RUNNING.labels(job).set(1 if job in LEADING else 0)
        pool = self.state.db.engine.pool
        for name, reading in (("in_use", "checkedout"), ("idle", "checkedin"), ("overflow", "overflow")):
            with contextlib.suppress(AttributeError, TypeError):  # SQLite's pools count nothing
                DB_POOL.labels(name).set(max(int(getattr(pool, reading)()), 0))

    async def _database(self) -> None:
        now = utcnow()
        async with self.state.db.sessions() as db:
            online = await db.scalar(select(func.count()).select_from(DeviceState).where(DeviceState.online))
            due = await due_count(db, now)
        ROBOTS_CONNECTED.set(online or 0)
        for kind in set(SENDERS) | set(due):
            QUEUE_DUE.labels(kind).set(due.get(kind, 0))


def spool_size(folder: Path) -> tuple[int, int]:
    """Files and bytes under the spool folder (at most SPOOL_WALK_LIMIT entries read)."""
    files = size = seen = 0
    stack = [folder]
    while stack and seen < SPOOL_WALK_LIMIT:
        with contextlib.suppress(OSError), os.scandir(stack.pop()) as entries:
            for entry in entries:
                seen += 1
                if seen > SPOOL_WALK_LIMIT:
                    break
                with contextlib.suppress(OSError):
                    if entry.is_dir(follow_symlinks=False):
                        stack.append(Path(entry.path))
                    elif entry.is_file(follow_symlinks=False):
                        files += 1
                        size += entry.stat(follow_symlinks=False).st_size
    return files, size


async def _sample_forever(sampler: Sampler, every: float) -> None:
    while True:
        try:
            await sampler.sample()
        except Exception:  # a failed reading (the database away) is logged; the next one tries again
            log.exception("metrics sample failed")
        await asyncio.sleep(every)


def start_sampler(state: Any, every: float) -> tuple[Sampler, asyncio.Task[None]]:
    sampler = Sampler(state)
    return sampler, asyncio.create_task(_sample_forever(sampler, every), name="metrics-sampler")


async def stop_sampler(task: asyncio.Task[None]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
