"""The purge job (issue 51 item 5): what is older than its period goes and what is newer stays, a tenant's own
period applies to its branch only, stored bytes go with their records, and batches stay bounded while the server
keeps answering between them."""

import asyncio
import time
from datetime import timedelta
from typing import Any

from sqlalchemy import func, select

from cleanfleet.core import retention
from cleanfleet.core.retention import Within
from cleanfleet.retention import job
from cleanfleet.retention.models import RetentionRun
from cleanfleet.robotdata.models import DataBackup, DeviceLog
from cleanfleet.roles.catalogue import ROLE_DEALER
from cleanfleet.storage.models import ForgottenBytes
from cleanfleet.warn.service import purge_alarms
from tests.metrics.scrape import scrape, value
from tests.retention.helpers import (
    NOW,
    a_robot,
    alarm_ages,
    alarms_aged,
    backup_aged,
    log_aged,
    on_disk,
    stored_count,
)


def settings_for(app: Any, **changes: Any) -> Any:
    return app.state.settings.model_copy(update={"retention_pause": 0.0, **changes})


async def test_old_records_go_new_stay_and_a_tenants_period_is_its_own(app: Any, make_user: Any, signed_in: Any,
                                                                        quiet: Any) -> None:
    mine, password = await make_user(2, roles=[ROLE_DEALER])
    other, _ = await make_user(2, roles=[ROLE_DEALER])
    customer, _ = await make_user(3, parent=mine)
    robot, theirs = await a_robot(app, customer), await a_robot(app, other)
    for device in (robot, theirs):
        await alarms_aged(app, device, 10, 100, 500)
    dealer = await signed_in(mine, password)
    answer = await dealer.call("/retention/set", {"kind": "alarms", "days": 60})
    assert answer.code == 0, answer.body
    assert {k["kind"]: k["days"] for k in answer.data["kinds"]}["alarms"] == 60

    counted = value(await scrape(app), "cleanfleet_retention_removed_total", kind="alarms")
    removed = await job.purge_round(app.state.db, app.state.store, settings_for(app), NOW)

    assert removed >= 3
    assert value(await scrape(app), "cleanfleet_retention_removed_total", kind="alarms") - counted >= 3
    assert await alarm_ages(app, robot) == [10]  # the dealer's 60 days hold for its customer's robot
    assert await alarm_ages(app, theirs) == [10, 100]  # another tenant keeps the default 400
    shown = await dealer.call("/retention/get", {})
    assert shown.code == 0, shown.body
    runs = [run for run in shown.data["runs"] if run["kind"] == "alarms"]
    assert runs and runs[0]["userId"] == mine.id and runs[0]["removed"] == 2 and runs[0]["days"] == 60
    assert shown.data["lastRound"]["removed"] >= 2


async def test_a_customer_keeps_less_than_its_dealer_and_never_more(app: Any, make_user: Any, signed_in: Any,
                                                                   quiet: Any) -> None:
    dealer_user, password = await make_user(2, roles=[ROLE_DEALER])
    customer, _ = await make_user(3, parent=dealer_user)
    sibling, _ = await make_user(3, parent=dealer_user)
    dealer = await signed_in(dealer_user, password)
    assert (await dealer.call("/retention/set", {"kind": "alarms", "days": 300})).code == 0
    set_child = await dealer.call("/retention/set", {"userId": customer.id, "kind": "alarms", "days": 50})
    assert set_child.code == 0, set_child.body
    longer = await dealer.call("/retention/set", {"userId": sibling.id, "kind": "alarms", "days": 301})
    assert (longer.code, longer.field) == (10001, "days")
    assert "300" in longer.message
    near, far = await a_robot(app, customer), await a_robot(app, sibling)
    for device in (near, far):
        await alarms_aged(app, device, 20, 80, 350)
    await job.purge_round(app.state.db, app.state.store, settings_for(app), NOW)
    assert await alarm_ages(app, near) == [20]
    assert await alarm_ages(app, far) == [20, 80]


async def test_a_tenant_cannot_exceed_the_deployments_most(app: Any, make_user: Any, signed_in: Any) -> None:
    user, password = await make_user(2, roles=[ROLE_DEALER])
    dealer = await signed_in(user, password)
    too_long = await dealer.call("/retention/set", {"kind": "logs", "days": 3651})
    assert (too_long.code, too_long.field) == (10001, "days")
    shown = await dealer.call("/retention/get", {})
    most = {k["kind"]: k["most"] for k in shown.data["kinds"]}["messages"]
    over = await dealer.call("/retention/set", {"kind": "messages", "days": most + 1}) if most < 3650 else None
    if over is not None:
        assert (over.code, over.field) == (10001, "days")
    too_short = await dealer.call("/retention/set", {"kind": "audit", "days": 30})
    assert (too_short.code, too_short.field) == (10001, "days")
    refused_root = await signed_in_admin_set(app, signed_in)
    assert (refused_root.code, refused_root.field) == (10001, "userId")


async def signed_in_admin_set(app: Any, signed_in: Any) -> Any:
    from cleanfleet.users import service as users

    async with app.state.db.sessions() as db:
        admin = await users.get_by_account(db, "admin")
    from tests.conftest import ADMIN_PASSWORD

    api = await signed_in(admin, ADMIN_PASSWORD)
    return await api.call("/retention/set", {"kind": "alarms", "days": 100})


async def test_stored_bytes_go_with_their_records(app: Any, make_user: Any, signed_in: Any, quiet: Any) -> None:
    owner, password = await make_user(2, roles=[ROLE_DEALER])
    robot = await a_robot(app, owner)
    old_log, old_log_key = await log_aged(app, robot, 40)
    new_log, new_log_key = await log_aged(app, robot, 5)
    old_backup, old_backup_key = await backup_aged(app, robot, 120)
    new_backup, new_backup_key = await backup_aged(app, robot, 30)
    assert all(on_disk(app, key) for key in (old_log_key, new_log_key, old_backup_key, new_backup_key))
    await job.purge_round(app.state.db, app.state.store, settings_for(app), NOW)  # logs 30 days, backups 90
    async with app.state.db.sessions() as db:
        assert await db.get(DeviceLog, old_log) is None and await db.get(DeviceLog, new_log) is not None
        assert await db.get(DataBackup, old_backup) is None and await db.get(DataBackup, new_backup) is not None
        assert await db.scalar(select(func.count()).select_from(ForgottenBytes)) == 0
    for key in (old_log_key, old_backup_key):
        assert not on_disk(app, key) and await stored_count(app, key) == 0
    for key in (new_log_key, new_backup_key):
        assert on_disk(app, key) and await stored_count(app, key) == 1


async def test_bytes_left_by_a_crash_go_at_the_next_round(app: Any, make_user: Any, quiet: Any) -> None:
    owner, _ = await make_user(2, roles=[ROLE_DEALER])
    robot = await a_robot(app, owner)
    _, key = await log_aged(app, robot, 45)
    from cleanfleet.retention.objects import purge_logs

    async with app.state.db.sessions() as db:  # the purge's transaction commits, then the process "dies"
        assert await purge_logs(db, Within(owner.path), NOW - timedelta(days=30), 100) == 1
        await db.commit()
    assert on_disk(app, key) and await stored_count(app, key) == 0  # the bytes wait, noted
    await job.forget_bytes(app.state.db, app.state.store)
    assert not on_disk(app, key)


async def test_a_purge_bigger_than_a_batch_takes_several_short_transactions_and_the_server_answers_between(
        app: Any, make_user: Any, signed_in: Any, quiet: Any) -> None:
    owner, password = await make_user(2, roles=[ROLE_DEALER])
    robot = await a_robot(app, owner)
    await alarms_aged(app, robot, *[450 + n / 100 for n in range(250)], 5)
    api = await signed_in(owner, password)
    batches: list[int] = []
    real = purge_alarms

    async def counted(db: Any, within: Any, before: Any, limit: Any = None) -> int:
        done = await real(db, within, before, limit)
        batches.append(done)
        return done

    entry = retention._purges["alarms"]
    retention._purges["alarms"] = retention.Registered(entry.name, counted, entry.kind, entry.clear)
    answered_after: list[int] = []  # how many batches had committed when each call was answered

    async def calls() -> None:
        while len(batches) < 3:
            assert (await api.call("/retention/get", {})).code == 0
            answered_after.append(len(batches))

    try:
        part = job.Part(Within(owner.path), 400)
        caller = asyncio.create_task(calls())
        removed, rounds = await job._drain(app.state.db, app.state.store, retention._purges["alarms"], part,
                                           NOW - timedelta(days=400),
                                           settings_for(app, retention_batch=100, retention_pause=0.3))
        await caller
    finally:
        retention._purges["alarms"] = entry
    assert removed == 250 and rounds == 3 and batches == [100, 100, 50]
    assert {1, 2} & set(answered_after), answered_after  # the server answered between two batches
    assert await alarm_ages(app, robot) == [5]


async def test_the_job_rests_as_long_as_a_batch_took(app: Any) -> None:
    """Paced by its own time: after a batch that took 0.05 s the job waits nine times as long on PostgreSQL (busy at
    most a tenth of the time), nineteen times on SQLite (the purge runs in the server's process); after a quick one
    the least pause."""
    database = app.state.db
    per_busy = retention.REST_PER_BUSY[database.engine.dialect.name]
    assert per_busy == (19 if database.engine.dialect.name == "sqlite" else 9)
    rested = time.monotonic()
    await retention.rest_after(rested - 0.05, 0.05, database)
    assert time.monotonic() - rested >= per_busy * 0.05 - 0.01
    rested = time.monotonic()
    await retention.rest_after(rested, 0.05, database)
    assert time.monotonic() - rested >= 0.04


async def test_the_job_records_each_round(app: Any, quiet: Any) -> None:
    await job.purge_round(app.state.db, app.state.store, settings_for(app), NOW)
    async with app.state.db.sessions() as db:
        last = await db.scalar(select(RetentionRun).where(RetentionRun.kind == "*")
                               .order_by(RetentionRun.id.desc()).limit(1))
    assert last is not None and last.path == "/" and last.finished_at >= last.started_at


async def test_the_job_runs_as_a_background_writer(app: Any) -> None:
    task = app.state.retention
    assert not task.done()
    await asyncio.sleep(0)
