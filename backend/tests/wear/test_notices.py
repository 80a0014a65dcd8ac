"""The notice of a part coming due: once per part and life, when its forecast date comes within the branch's lead
time, as a message to the robot's owner in its language and as sends through the channels of the owner and the
users above it (event ``wear_due``); another branch gets nothing."""

from datetime import timedelta

from sqlalchemy import delete, select

from cleanfleet.messages.models import Message
from cleanfleet.warn.models import EVENT_WEAR_DUE, NotificationSend
from cleanfleet.wear import forecast, texts
from cleanfleet.wear.models import WearForecast, WearNotice
from cleanfleet.wear.scan import scan
from tests.warn.conftest import paused_notifier  # noqa: F401  - the test's sends stay pending
from tests.warn.helpers import set_user
from tests.wear.conftest import NOW, daily_runs, ok


async def test_the_notice_goes_once_at_the_lead_time_to_the_owner_only(app, branch, db, paused_notifier):  # noqa: F811
    await set_user(db, branch.customer_user, language="en", email="wear-owner@example.com", email_to_warn=1)
    robots = [branch.robots["Scrubber"], branch.robots["Stranger"]]
    await ok(branch.dealer, "/deviceConsumable/consumableEdit", {"deviceSerialNumber": branch.serials["Scrubber"],
                                                                 "consumables": [{"kind": "filter", "lifeHours": 200,
                                                                                  "usedHours": 180}]})
    await ok(branch.other, "/deviceConsumable/consumableEdit", {"deviceSerialNumber": branch.serials["Stranger"],
                                                                "consumables": [{"kind": "filter", "lifeHours": 200,
                                                                                 "usedHours": 180}]})
    for robot in robots:
        await daily_runs(db, robot, [2.0] * 28, forecast.window(NOW.date())[1])
    users = [branch.customer_user.id, branch.dealer_user.id, branch.other_user.id]
    try:
        # 20 hours left at 2 hours a day: due on 12 March, 10 days ahead; the default lead time is 7 days
        async with app.state.db.sessions() as session:
            assert await scan(session, NOW, robots) == 0
        assert (await ok(branch.customer, "/wear/settings", {}))["leadDays"] == 7
        await ok(branch.dealer, "/wear/settings/edit", {"userId": branch.customer_user.id, "leadDays": 10})
        assert (await ok(branch.customer, "/wear/settings", {}))["leadDays"] == 10
        async with app.state.db.sessions() as session:
            assert await scan(session, NOW, robots) == 1
        async with app.state.db.sessions() as session:
            assert await scan(session, NOW + timedelta(hours=1), robots) == 0  # once per part and life
        messages = list(await db.scalars(select(Message).where(Message.user_id.in_(users),
                                                               Message.dedup_key.like("wear:%"))))
        assert [(m.user_id, m.device_id, m.kind) for m in messages] == [
            (branch.customer_user.id, branch.robots["Scrubber"], "consumable_due")]
        assert messages[0].title == texts.DUE_TITLE.render("en", {"device": "Scrubber", "part": "Filter",
                                                                 "day": "2026-03-12"})
        sends = list(await db.scalars(select(NotificationSend).where(NotificationSend.event == EVENT_WEAR_DUE,
                                                                    NotificationSend.user_id.in_(users))))
        assert {(s.user_id, s.channel, s.recipient) for s in sends} >= {
            (branch.customer_user.id, "email", "wear-owner@example.com")}
        assert branch.other_user.id not in {s.user_id for s in sends}
        assert sends[0].values["dueDate"] == "2026-03-12"
        # replacing the filter starts a new life: told again when that one comes due
        await ok(branch.dealer, "/deviceConsumable/consumableUpdate", {"deviceSerialNumber": branch.serials["Scrubber"],
                                                                       "kind": "filter"})
        async with app.state.db.sessions() as session:
            assert await scan(session, NOW, robots) == 0  # 200 hours left: 100 days, beyond the lead time
    finally:
        await db.execute(delete(WearNotice).where(WearNotice.device_id.in_(robots)))
        await db.execute(delete(WearForecast).where(WearForecast.device_id.in_(robots)))
        await db.execute(delete(NotificationSend).where(NotificationSend.event == EVENT_WEAR_DUE))
        await db.execute(delete(Message).where(Message.dedup_key.like("wear:%")))
        await db.commit()
