"""The data jobs' runner loop (privacy/jobs.py): a job is claimed once, its progress and answer kept; a runner that
raises fails its job (with a text key) and not the next one; a job whose worker died is taken again."""

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy import select, update

from cleanfleet.core.db import utcnow
from cleanfleet.privacy import jobs, texts
from cleanfleet.privacy.jobs import JobError, JobLoop
from cleanfleet.privacy.models import DONE, FAILED, QUEUED, RUNNING, DataJob

KIND = "test_job"


@pytest.fixture
def runner_calls():  # noqa: ANN201
    calls: list[int] = []

    async def runner(ctx: jobs.JobContext) -> dict:
        calls.append(ctx.subject_id)
        if ctx.subject_id == 2:
            raise RuntimeError("boom")
        if ctx.subject_id == 3:
            raise JobError(texts.JOB_GONE)
        await ctx.progress(50, "privacy.STEPS.files", half=True)
        return {"answer": ctx.subject_id}

    jobs.register_runner(KIND, runner)
    yield calls
    jobs.RUNNERS.pop(KIND)


async def _job(app, subject: int, **fields) -> int:
    async with app.state.db.sessions() as db:
        job = DataJob(**{"kind": KIND, "owner_path": "/1/", "requested_by": 1, "subject_id": subject,
                         "subject_name": f"s{subject}", "state": QUEUED, "progress": 0, "step": "", "detail": {},
                         **fields})
        db.add(job)
        await db.commit()
        return job.id


async def _run_all(app, ids: list[int]) -> None:
    """Rounds of a loop of the test's own beside the app's (both claim; each job runs once) until ``ids`` ended."""
    loop = JobLoop(app.state.db, app.state.store, app.state.settings)
    async with asyncio.timeout(30):
        while True:
            await loop.round()
            if task := loop.running.get(KIND):
                await task
            async with app.state.db.sessions() as db:
                states = set(await db.scalars(select(DataJob.state).where(DataJob.id.in_(ids))))
            if states <= {DONE, FAILED}:
                return
            await asyncio.sleep(0.05)


async def test_jobs_run_in_order_and_a_failure_stops_only_its_own(app, runner_calls):
    ids = [await _job(app, subject) for subject in (1, 2, 3, 4)]
    stale = await _job(app, 5, state=RUNNING, heartbeat_at=utcnow() - timedelta(minutes=6))
    fresh = await _job(app, 6, state=RUNNING, heartbeat_at=utcnow())
    await _run_all(app, [*ids, stale])
    async with app.state.db.sessions() as db:
        rows = {job_id: await db.get(DataJob, job_id) for job_id in [*ids, stale, fresh]}
    assert [rows[i].state for i in ids] == [DONE, FAILED, FAILED, DONE]
    assert rows[ids[0]].detail == {"half": True, "answer": 1} and rows[ids[0]].progress == 100
    assert rows[ids[1]].error == "privacy.JOB_FAILED" and rows[ids[2]].error == "privacy.JOB_GONE"
    assert rows[stale].state == DONE  # its worker died: taken again
    assert rows[fresh].state == RUNNING  # another worker's, still beating: left alone
    assert sorted(runner_calls) == [1, 2, 3, 4, 5]
    async with app.state.db.sessions() as db:
        await db.execute(update(DataJob).where(DataJob.id == fresh).values(state=DONE))
        await db.commit()
