"""A worker dies mid-way through an end: the job is taken again once its heartbeat is stale and finishes, with
nothing of the customer left; and the refusals: not a customer, the caller's own node, another branch."""

import asyncio
import contextlib
from datetime import timedelta

from sqlalchemy import update

from cleanfleet.core.db import utcnow
from cleanfleet.customerend import runner, steps
from cleanfleet.privacy import jobs
from cleanfleet.privacy.jobs import JobLoop
from cleanfleet.privacy.models import CUSTOMER_END, DataJob
from tests.customerend import build
from tests.customerend.conftest import run_jobs


async def test_a_second_run_after_a_crash_mid_way_finishes(end_app, as_account, monkeypatch):
    built = await build.customer(end_app, "userB1")
    dealer = await as_account("dealerB")
    monkeypatch.delitem(jobs.RUNNERS, CUSTOMER_END)  # the app's own loop leaves the end to this test's "worker"
    started = await dealer.call("/customer/end/start", {"userId": built.customer.id, "robots": "remove",
                                                        "confirm": built.customer.name})
    assert started.code == 0, started.body
    monkeypatch.setattr(steps, "BATCH", 20)
    reports = 0
    real = runner.Run.report

    async def dying(self: runner.Run) -> None:
        nonlocal reports
        reports += 1
        await real(self)
        if reports == 15:  # the worker stops here, mid-way through the records
            raise asyncio.CancelledError

    monkeypatch.setattr(runner.Run, "report", dying)
    worker = JobLoop(end_app.state.db, end_app.state.store, end_app.state.settings)
    claimed = await worker.claim(CUSTOMER_END)
    assert claimed is not None and claimed.id == started.data["jobId"]
    jobs.RUNNERS[CUSTOMER_END] = runner.run
    with contextlib.suppress(asyncio.CancelledError):
        await worker.run(claimed)
    async with end_app.state.db.sessions() as db:
        job = await db.get(DataJob, started.data["jobId"])
        assert job is not None and job.state == "running" and job.progress < 100
        assert sum(job.detail["removed"].values()) > 0  # some of it went before the worker stopped
    assert await build.leftovers(end_app, built, robots_kept=False) != []  # half done

    monkeypatch.setattr(runner.Run, "report", real)
    async with end_app.state.db.sessions() as db:  # five minutes without a heartbeat: the job is taken again
        await db.execute(update(DataJob).where(DataJob.id == started.data["jobId"])
                         .values(heartbeat_at=utcnow() - timedelta(minutes=6)))
        await db.commit()
    job = await run_jobs(end_app, started.data["jobId"])
    assert job.state == "done", (job.error, job.detail)
    assert await build.leftovers(end_app, built, robots_kept=False) == []
    receipt = await dealer.call("/customer/end/receipt", {"jobId": started.data["jobId"]})
    assert receipt.data["removed"]["people"] == len(built.people)
    assert receipt.data["removed"]["robots"] == len(built.robots)


async def test_only_a_customer_below_the_caller_can_be_ended(end_app, as_account):
    dealer = await as_account("dealerA")
    me = await dealer.call("/user/selectUserInfo", {})
    own = await dealer.call("/customer/end/preview", {"userId": me.data["user"]["userId"]})
    assert own.code != 0 and own.field == "userId"
    other = await as_account("dealerB")
    listed = await dealer.call("/user/selectUserList", {"pageSize": 1000000})
    ids = {row["account"]: row["userId"] for row in listed.data["list"]}
    foreign = await other.call("/customer/end/preview", {"userId": ids["userA2"]})
    assert foreign.code != 0 and foreign.field == "userId"
    sub = await dealer.call("/customer/end/preview", {"userId": ids["subA1"]})
    assert sub.code != 0 and sub.field == "userId"  # a sub-user is not a customer
    customer = await as_account("userA1")
    below = await customer.call("/customer/end/preview", {"userId": ids["subA1"]})
    assert below.code != 0 and below.field == "userId"
