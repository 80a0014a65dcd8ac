"""The plan watch: a missed or short window sends the site's customer one message (in the customer's language,
on the site's clock), exactly once per plan item and day, however often and however many scans run."""

import asyncio
from datetime import UTC, datetime

from sqlalchemy import func, select

from cleanfleet.messages.models import Message
from cleanfleet.sites.models import SitePlanAlert
from cleanfleet.sites.plans.watch import scan_windows
from tests.sites.conftest import a_site, created_at, ok, report, stays_since

PLANNED_SINCE = datetime(2025, 3, 1, tzinfo=UTC)


async def _scan(app, now: datetime) -> int:
    async with app.state.db.sessions() as db:
        return await scan_windows(db, now)


async def test_a_missed_or_short_window_is_told_once(app, branch, db):
    await ok(branch.customer, "/setLanguage", {"language": "en"})
    made = await a_site(branch.dealer, branch)
    await stays_since(db, made["siteId"], PLANNED_SINCE)
    item = await ok(branch.dealer, "/site/plan/insert", {
        "siteId": made["siteId"], "floorId": made["floorId"], "areaName": "Lobby", "weekdays": [1, 2, 3, 4, 5, 6, 7],
        "windowStart": "06:00", "windowEnd": "08:00", "minArea": 50, "validFrom": "2025-03-12"})
    await created_at(db, item["planItemId"], PLANNED_SINCE)
    # made today: its windows of 2025 closed before it existed and are never told
    await ok(branch.dealer, "/site/plan/insert", {"siteId": made["siteId"], "floorId": made["floorId"],
                                                  "weekdays": [1, 2, 3, 4, 5, 6, 7], "windowStart": "06:00",
                                                  "windowEnd": "07:00", "validFrom": "2025-03-01"})
    robot = branch.robots["Scrubber"]
    await report(db, robot, "2025-03-11T22:10Z", "2025-03-11T23:00Z", area=20)  # Wed 12th (Shanghai): short
    await report(db, robot, "2025-03-13T22:10Z", "2025-03-13T23:00Z")  # Fri 14th: done

    assert await _scan(app, datetime(2025, 3, 11, 23, 55, tzinfo=UTC)) == 0  # Wed's window still open
    assert await _scan(app, datetime(2025, 3, 12, 0, 5, tzinfo=UTC)) == 0  # closed, the run's report may be coming
    assert await _scan(app, datetime(2025, 3, 12, 1, 0, tzinfo=UTC)) == 1  # Wed 09:00: short
    assert await _scan(app, datetime(2025, 3, 12, 1, 1, tzinfo=UTC)) == 0
    thursday = datetime(2025, 3, 13, 1, 0, tzinfo=UTC)  # nothing ran on Thursday: missed, told once by two scans
    assert sorted(await asyncio.gather(_scan(app, thursday), _scan(app, thursday))) == [0, 1]
    assert await _scan(app, datetime(2025, 3, 14, 1, 0, tzinfo=UTC)) == 0  # Friday was done

    told = await branch.customer.call("/message/findAllMessage", {}, headers={"language": "en"})
    mine = [m for m in told.data["list"] if m["kind"] == "site_plan"]
    site_name = (await ok(branch.dealer, "/site/detail", {"siteId": made["siteId"]}))["siteName"]
    # read on a Chinese screen, the same messages read Chinese (issue 48 item 7: the reader's language, not the one
    # the customer's account had when they were written)
    chinese = await branch.customer.call("/message/findAllMessage", {}, headers={"language": "zh-CN"})
    assert [m["title"] for m in chinese.data["list"] if m["kind"] == "site_plan"] == [
        f"{site_name}：Lobby 的清洁计划未执行", f"{site_name}：Lobby 的清洁未达目标"]
    assert [m["title"] for m in mine] == [f"{site_name}: the cleaning of Lobby was missed",
                                         f"{site_name}: the cleaning of Lobby fell short"]
    assert mine[0]["content"] == ("Plan Lobby on Tower A Ground, window 2025-03-13 06:00–08:00: 1 run planned, "
                                  "0 done, 1 missed, 0 short.")
    assert mine[1]["content"].endswith("1 run planned, 0 done, 0 missed, 1 short.")
    judged = await db.execute(select(SitePlanAlert.day, SitePlanAlert.state)
                              .where(SitePlanAlert.plan_item_id == item["planItemId"]).order_by(SitePlanAlert.day))
    assert [(str(day), state) for day, state in judged] == [("2025-03-12", "short"), ("2025-03-13", "missed"),
                                                            ("2025-03-14", "done")]
    assert await db.scalar(select(func.count(Message.id)).where(Message.user_id == branch.customer_user.id,
                                                               Message.kind == "site_plan")) == 2


async def test_the_watch_is_one_job_of_the_leader(app):
    """The app runs the watch through core/leader.py's ``lead`` (one worker of a cluster scans), and it keeps
    running. (Not read from ``LEADING``: that set is the process's, and other tests' apps stopping their own
    watch take the name out of it.)"""
    task = app.state.plan_watch
    await asyncio.sleep(0.2)
    assert task.get_name() == "site-plan-watch" and not task.done()
    assert task.get_coro().cr_code.co_name == "lead"
