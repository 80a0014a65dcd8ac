"""The data jobs: long work about a person or a customer (a person's export and erasure, a customer's end) run in
the background with progress, one ``data_jobs`` row each (privacy/models.py).

**Writing one.** A domain registers its runner at import (``register_runner(kind, runner)``); a call adds the job
to its own transaction (``new_job``) and commits; the job starts when it commits (``new_job`` wakes the runner
loop after the commit, in this worker; another worker's loop takes it at its next round, within ``ROUND_SECONDS``).

**Running.** The runner loop is the leader's job (core/leader.py, name ``data-jobs``): each round it claims the
oldest queued job of every kind that has no job running here (one job at a time per kind) with one conditional
UPDATE, and runs its runner as a task. A runner gets a ``JobContext``: it reports ``progress`` (its own short
transaction, which is also the job's heartbeat) and keeps a result file (``keep_result``); what it answers is
merged into ``detail`` when it ends. Raising marks the job failed (logged; ``error`` the text key of a
``JobError`` or ``JOB_FAILED``) and stops nothing else. A running job whose heartbeat is older than
``STALE_SECONDS`` (its worker died) is taken again: a runner must be safe to run twice (each step idempotent).
Heavy work belongs off the event loop (``asyncio.to_thread``), database work in bounded batches.

**Results.** A result file is a private stored file (storage/service.py) downloaded through the signed, expiring
link of storage/links.py (``result_link``); the round removes it once ``expires_at`` has passed.

Progress is read by polling ``/privacy/job/get`` (the console's job-progress view every 1.5 s): a job lasts
seconds to minutes, so no live event is published for it.
"""

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import event, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.leader import lead
from cleanfleet.core.texts import Text, text_key
from cleanfleet.privacy import texts
from cleanfleet.privacy.models import DONE, FAILED, QUEUED, RUNNING, DataJob
from cleanfleet.settings import Settings
from cleanfleet.storage import service as storage
from cleanfleet.storage.backends import Store
from cleanfleet.storage.links import signed_link

log = logging.getLogger("cleanfleet.privacy.jobs")
ROUND_SECONDS = 2.0
STALE_SECONDS = 300.0  # a running job without a heartbeat for this long is taken again
HEARTBEAT_SECONDS = 60.0  # a running job's heartbeat while its runner works between progress reports
CLEANUP_BATCH = 50


class JobError(Exception):
    """A runner's failure the person should read (its text's key is stored in ``error``)."""

    def __init__(self, text: Text) -> None:
        super().__init__(text_key(text))
        self.key = text_key(text)


@dataclass
class JobContext:
    database: Database
    store: Store
    settings: Settings
    job_id: int
    kind: str
    subject_id: int
    subject_name: str
    requested_by: int
    owner_path: str
    bus: Any = None  # core/bus.py's Bus: tells every worker of what the job changed (a person's sessions ended)

    async def progress(self, percent: int, step: str, **detail: Any) -> None:
        """The job's progress (0..100), its current step's text key and details to merge (committed at once)."""
        async with self.database.sessions() as db:
            job = await db.get(DataJob, self.job_id)
            if job is None:
                return
            job.progress, job.step, job.heartbeat_at = max(0, min(100, percent)), step[:64], utcnow()
            if detail:
                job.detail = {**(job.detail or {}), **detail}
            await db.commit()

    async def keep_result(self, path: Path, *, kind: str, extension: str, content_type: str, keep: timedelta,
                          owner_user_id: int | None = None) -> None:
        """Stores ``path`` as the job's result file (private), downloadable until ``keep`` from now; a result kept
        before (a job run again) is replaced. The file on disk is left to the caller."""
        async with self.database.sessions() as db:
            stored = await storage.save_file(db, self.store, path, kind=kind, extension=extension,
                                             content_type=content_type, owner_user_id=owner_user_id)
            job = await db.get(DataJob, self.job_id)
            if job is None:
                raise JobError(texts.JOB_GONE)
            old = await _forget_result(db, job)
            job.file_key, job.file_id, job.expires_at = stored.key, stored.id, utcnow() + keep
            await db.commit()
        await storage.delete_bytes(self.store, old)


Runner = Callable[[JobContext], Awaitable[dict[str, Any]]]
RUNNERS: dict[str, Runner] = {}
VIEW_KEYS: dict[str, str] = {}  # the key a caller needs to see another person's jobs of a kind (in its subtree)
WAKERS: set[Callable[[], None]] = set()


def register_runner(kind: str, runner: Runner, view_key: str | None = None) -> None:
    """A domain's runner of ``kind`` (at import; registering the kind again replaces it); with ``view_key``, the
    callers holding it see the jobs of this kind in their subtree (/privacy/job/list, /privacy/job/get)."""
    RUNNERS[kind] = runner
    if view_key is not None:
        VIEW_KEYS[kind] = view_key


def new_job(db: AsyncSession, caller: Caller, kind: str, subject_id: int, subject_name: str,
            owner_path: str) -> DataJob:
    """A queued job in the caller's transaction (the caller commits; the runner wakes when it does)."""
    job = DataJob(kind=kind, owner_path=owner_path, requested_by=caller.user_id, subject_id=subject_id,
                  subject_name=subject_name[:64], state=QUEUED, progress=0, step="", detail={})
    db.add(job)
    sync = db.sync_session
    if not sync.info.get("data_jobs_wake"):
        sync.info["data_jobs_wake"] = True

        def committed(session: Any) -> None:
            session.info.pop("data_jobs_wake", None)
            for waker in list(WAKERS):
                waker()

        event.listen(sync, "after_commit", committed, once=True)
    return job


def result_link(settings: Settings, job: DataJob, name: str) -> tuple[str, int] | None:
    """The signed link of a job's result file (expiring with the result), or None when it has none (any more)."""
    if job.file_id is None or job.expires_at is None or job.expires_at <= utcnow():
        return None
    ttl_ms = int((job.expires_at - utcnow()).total_seconds() * 1000)
    return signed_link(settings, job.file_id, name, ttl_ms)


async def _forget_result(db: AsyncSession, job: DataJob) -> list[str]:
    """Drops the job's result file's record (flushed); answers the keys to delete after the commit."""
    file = await storage.get(db, job.file_id) if job.file_id else None
    job.file_key = job.file_id = None
    return await storage.forget(db, [file]) if file is not None else []


class JobLoop:
    """The runner loop of one worker: claims, runs and finishes jobs; removes expired results."""

    def __init__(self, database: Database, store: Store, settings: Settings, bus: Any = None) -> None:
        self.database, self.store, self.settings, self.bus = database, store, settings, bus
        self.wakeup = asyncio.Event()
        self.running: dict[str, asyncio.Task[None]] = {}

    async def forever(self) -> None:
        try:
            while True:
                try:
                    await self.round()
                except Exception:  # a failed round is logged; the next one tries again
                    log.exception("data jobs round failed")
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.wakeup.wait(), ROUND_SECONDS)
                self.wakeup.clear()
        finally:
            for task in self.running.values():
                task.cancel()

    async def round(self) -> None:
        await self.remove_expired()
        for kind in RUNNERS:
            task = self.running.get(kind)
            if task is not None and not task.done():
                continue
            job = await self.claim(kind)
            if job is not None:
                self.running[kind] = asyncio.create_task(self.run(job), name=f"data-job-{job.id}")

    async def claim(self, kind: str) -> DataJob | None:
        """The oldest queued (or abandoned running) job of ``kind``, marked running by this worker."""
        now = utcnow()
        stale = now - timedelta(seconds=STALE_SECONDS)
        takeable = or_(DataJob.state == QUEUED, (DataJob.state == RUNNING) & (DataJob.heartbeat_at < stale))
        async with self.database.sessions() as db:
            job_id = await db.scalar(select(DataJob.id).where(DataJob.kind == kind, takeable)
                                     .order_by(DataJob.id).limit(1))
            if job_id is None:
                return None
            claimed = await db.execute(update(DataJob).where(DataJob.id == job_id, takeable).values(
                state=RUNNING, heartbeat_at=now, started_at=now).execution_options(synchronize_session=False))
            await db.commit()
            if (claimed.rowcount or 0) != 1:  # type: ignore[attr-defined]
                return None
            return await db.get(DataJob, job_id, populate_existing=True)

    async def run(self, job: DataJob) -> None:
        context = JobContext(self.database, self.store, self.settings, job.id, job.kind, job.subject_id,
                             job.subject_name, job.requested_by, job.owner_path, self.bus)
        beating = asyncio.create_task(self._heartbeat(job.id))
        answer: dict[str, Any] = {}
        error: str | None = None
        try:
            answer = await RUNNERS[job.kind](context) or {}
        except asyncio.CancelledError:
            raise  # the worker stops: the job is taken again once its heartbeat is stale
        except JobError as exc:
            error = exc.key
            log.warning("data job %s (%s) refused: %s", job.id, job.kind, exc.key)
        except Exception:
            error = text_key(texts.JOB_FAILED)
            log.exception("data job %s (%s) failed", job.id, job.kind)
        finally:
            beating.cancel()
        await self._finish(job.id, answer, error)

    async def _heartbeat(self, job_id: int) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            async with self.database.sessions() as db:
                await db.execute(update(DataJob).where(DataJob.id == job_id, DataJob.state == RUNNING)
                                 .values(heartbeat_at=utcnow()).execution_options(synchronize_session=False))
                await db.commit()

    async def _finish(self, job_id: int, answer: dict[str, Any], error: str | None) -> None:
        async with self.database.sessions() as db:
            job = await db.get(DataJob, job_id, populate_existing=True)
            if job is None:
                return
            job.state, job.error, job.finished_at = (FAILED if error else DONE), error, utcnow()
            if not error:
                job.progress = 100
            job.detail = {**(job.detail or {}), **answer}
            await db.commit()

    async def remove_expired(self) -> int:
        """Removes the result files whose time is up (their records, then their bytes)."""
        async with self.database.sessions() as db:
            jobs = list(await db.scalars(select(DataJob).where(
                DataJob.file_id.is_not(None), DataJob.expires_at <= utcnow()).limit(CLEANUP_BATCH)))
            keys: list[str] = []
            for job in jobs:
                keys += await _forget_result(db, job)
            await db.commit()
        for key in keys:
            try:
                await self.store.delete(key)
            except Exception:  # one lost file does not keep the others
                log.exception("data job result %s not removed", key)
        return len(jobs)


def start_data_jobs(database: Database, store: Store, settings: Settings, bus: Any = None) -> asyncio.Task[None]:
    """The leader's runner loop (core/leader.py ``lead``, name ``data-jobs``), woken by new jobs of this worker."""
    loop = JobLoop(database, store, settings, bus)

    def wake() -> None:
        loop.wakeup.set()

    WAKERS.add(wake)
    task = asyncio.create_task(lead(database, "data-jobs", loop.forever), name="data-jobs")
    task.add_done_callback(lambda _: WAKERS.discard(wake))
    return task
