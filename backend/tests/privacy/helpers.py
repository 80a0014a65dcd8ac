"""Waiting for data jobs as the console does: asking /privacy/job/get until the job has ended."""

import asyncio
from typing import Any

from sqlalchemy import func, select

from cleanfleet.privacy.models import QUEUED, RUNNING, DataJob
from tests.conftest import Api

WAIT_SECONDS = 60.0


async def finished(api: Api, job_id: int) -> dict[str, Any]:
    """The job's answer once it is done or failed (polled every 0.1 s, failing after WAIT_SECONDS)."""
    async with asyncio.timeout(WAIT_SECONDS):
        while True:
            answer = await api.call("/privacy/job/get", {"id": job_id})
            assert answer.code == 0, answer.body
            if answer.data["state"] in ("done", "failed"):
                return answer.data
            await asyncio.sleep(0.1)


async def no_jobs_running(app: Any) -> None:
    """Until every queued or running job has ended (another test's snapshots must not see them move)."""
    async with asyncio.timeout(WAIT_SECONDS):
        while True:
            async with app.state.db.sessions() as db:
                busy = await db.scalar(select(func.count()).select_from(DataJob).where(
                    DataJob.state.in_((QUEUED, RUNNING))))
            if not busy:
                return
            await asyncio.sleep(0.1)
