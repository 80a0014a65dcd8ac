"""A missed or short window reaches the site's customer and the users above it through the alarm channels their
alarm settings turn on for ``site_plan_missed``: one outbox row per user and channel, written with the watch's
claim (exactly once), e-mailed through a real SMTP server in each reader's language."""

import asyncio
from datetime import UTC, datetime
from email.header import decode_header, make_header
from typing import Any

from sqlalchemy import select

from cleanfleet.sites import texts
from cleanfleet.sites.plans.watch import scan_windows
from cleanfleet.warn.models import EVENT_SITE_PLAN, SEND_SENT, NotificationSend
from cleanfleet.warn.notify import deliver_due
from tests.sites.conftest import a_site, created_at, ok, report, stays_since
from tests.users.conftest import smtp_inbox  # noqa: F401  - the SMTP fixture
from tests.warn.conftest import paused_notifier  # noqa: F401  - a test runs the notifier's rounds itself
from tests.warn.helpers import set_user

PLANNED_SINCE = datetime(2025, 3, 1, tzinfo=UTC)


async def _scan(app: Any, now: datetime) -> int:
    async with app.state.db.sessions() as db:
        return await scan_windows(db, now)


async def _sends(db: Any, user_ids: set[int]) -> list[NotificationSend]:
    return list(await db.scalars(select(NotificationSend).where(NotificationSend.user_id.in_(user_ids),
                                                                NotificationSend.event == EVENT_SITE_PLAN)
                                 .order_by(NotificationSend.id).execution_options(populate_existing=True)))


async def test_a_missed_window_is_mailed_once_to_the_customer_and_the_users_above_it(
        app, branch, db, smtp_inbox, paused_notifier):  # noqa: F811
    dealer, customer = branch.dealer_user, branch.customer_user
    await set_user(db, dealer, email="site-dealer@example.com", email_to_warn=1, language="en")
    await set_user(db, customer, email="site-customer@example.com", email_to_warn=1, language="ja")
    made = await a_site(branch.dealer, branch)
    await stays_since(db, made["siteId"], PLANNED_SINCE)
    item = await ok(branch.dealer, "/site/plan/insert", {
        "siteId": made["siteId"], "floorId": made["floorId"], "areaName": "Lobby", "weekdays": [1, 2, 3, 4, 5, 6, 7],
        "windowStart": "06:00", "windowEnd": "08:00", "minArea": 50, "validFrom": "2025-03-12"})
    await created_at(db, item["planItemId"], PLANNED_SINCE)
    await report(db, branch.robots["Scrubber"], "2025-03-11T22:10Z", "2025-03-11T23:00Z", area=20)  # Wed: short

    # the event is in both users' alarm settings; the dealer turns e-mail off for it on its own branch
    listed = await ok(branch.dealer, "/wmWarnSet/queryByPage", {"userId": dealer.id, "page": 1, "pageSize": 1000})
    rows = listed["list"]
    assert any(row["code"] == EVENT_SITE_PLAN and row["kind"] == "event" and row["email"] for row in rows)
    await ok(branch.dealer, "/wmWarnSet/edit", {"userId": dealer.id, "code": EVENT_SITE_PLAN, "cloud": True,
                                                "email": False})

    wednesday = datetime(2025, 3, 12, 1, 0, tzinfo=UTC)  # 09:00 in Shanghai: Wednesday's window closed short
    assert sorted(await asyncio.gather(_scan(app, wednesday), _scan(app, wednesday))) == [0, 1]
    thursday = datetime(2025, 3, 13, 1, 0, tzinfo=UTC)  # nothing ran on Thursday: missed
    assert await _scan(app, thursday) == 1
    assert await _scan(app, thursday) == 0

    sends = await _sends(db, {dealer.id, customer.id})
    assert [(s.user_id, s.channel, s.recipient) for s in sends] == [
        (customer.id, "email", "site-customer@example.com"), (customer.id, "email", "site-customer@example.com")]
    assert sends[0].device_id is None and sends[0].values["planItemId"] == item["planItemId"]
    assert sends[0].values["url"] == f"/site/actual?siteId={made['siteId']}&day=2025-03-12"

    outcome = await deliver_due(app.state.db, app.state.settings)
    assert outcome["sent"] >= 2
    mails = [mail for to, mail in smtp_inbox.mails if to == ["site-customer@example.com"]]
    site_name = (await ok(branch.dealer, "/site/detail", {"siteId": made["siteId"]}))["siteName"]
    assert sorted(str(make_header(decode_header(mail["Subject"]))) for mail in mails) == sorted([
        texts.SHORT_TITLE.render("ja", {"site": site_name, "item": "Lobby"}),
        texts.MISSED_TITLE.render("ja", {"site": site_name, "item": "Lobby"})])
    text = next(m for m in mails if "2025-03-13" in m.get_payload(decode=True).decode())
    assert "06:00" in text.get_payload(decode=True).decode()  # the window on the site's clock
    assert all(s.status == SEND_SENT for s in await _sends(db, {customer.id}))
    assert not [to for to, _ in smtp_inbox.mails if to == ["site-dealer@example.com"]]
