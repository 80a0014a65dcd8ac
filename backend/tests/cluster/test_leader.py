"""core/leader.py in one process: on PostgreSQL one of several contenders runs a job and another takes it over
when the leader goes; on SQLite (one process by design) the job just runs. Two real workers: test_cluster.py."""

import asyncio
import uuid

import pytest

from cleanfleet.core.db import Database
from cleanfleet.core.leader import LEADING, exclusive, is_clustered, lead
from tests.gateway.helpers import wait_until


def counting_job(runs: list[str], who: str):  # noqa: ANN201
    async def job() -> None:
        runs.append(who)
        await asyncio.Event().wait()  # a periodic job never returns

    return job


async def test_one_contender_leads_and_another_takes_over_when_it_goes(app):
    database: Database = app.state.db
    name = f"test-job-{uuid.uuid4().hex[:8]}"
    runs: list[str] = []
    first = asyncio.create_task(lead(database, name, counting_job(runs, "first"), retry=0.1))
    await wait_until(lambda: runs == ["first"], 20, "the first contender leads")
    if not is_clustered(database):
        assert name in LEADING
        first.cancel()
        return  # SQLite: the job runs, without a lock
    second = asyncio.create_task(lead(database, name, counting_job(runs, "second"), retry=0.1))
    try:
        await asyncio.sleep(0.5)  # several of the second's tries: it must not run while the first leads
        assert runs == ["first"]
        first.cancel()
        await asyncio.gather(first, return_exceptions=True)
        await wait_until(lambda: runs == ["first", "second"], 20, "the second contender takes the job over")
        assert name in LEADING
    finally:
        second.cancel()
        await asyncio.gather(second, return_exceptions=True)
    assert name not in LEADING


async def test_exclusive_blocks_hold_their_lock_one_at_a_time(app):
    database: Database = app.state.db
    inside: list[int] = []
    overlaps: list[int] = []

    async def block(number: int) -> None:
        async with exclusive(database, "test-exclusive"):
            if inside:
                overlaps.append(number)
            inside.append(number)
            await asyncio.sleep(0.05)
            inside.remove(number)

    if not is_clustered(database):
        pytest.skip("SQLite: one process, nothing to exclude")
    await asyncio.gather(*(block(n) for n in range(3)))
    assert overlaps == []
