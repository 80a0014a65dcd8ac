"""Web Push, the "Mobile app" channel (issue 32 item 3), end to end against a push service on loopback that checks
each message's VAPID signature and decrypts it with the browser's keys (tests/warn/push_service.py): a user
subscribes a browser, an alarm or an ended run reaches it through the same settings, outbox and retries as the
other channels, a dropped subscription is deleted, and bad subscriptions are refused naming the field."""

from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select

from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.reports.service import ReportMessage
from cleanfleet.warn.models import SEND_FAILED, SEND_PENDING, SEND_SENT, NotificationSend
from cleanfleet.warn.notify import deliver_due
from cleanfleet.warn.push.models import MAX_PER_USER, PushSubscription
from cleanfleet.warn.service import tell_task_ended
from tests.warn.helpers import raise_alarms

pytestmark = pytest.mark.usefixtures("paused_notifier")


async def _app_channel_on(branch: dict[str, Any], *codes: str) -> None:
    for code in codes:
        edited = await branch["api"].call("/wmWarnSet/edit", {"userId": branch["customer"].id, "code": code,
                                                              "app": True, "cloud": True})
        assert edited.code == 0, edited.body


async def _app_sends(db: Any, device: Any) -> list[NotificationSend]:
    return list(await db.scalars(select(NotificationSend).where(NotificationSend.device_id == device.id,
                                                                NotificationSend.channel == "app")
                                 .order_by(NotificationSend.id).execution_options(populate_existing=True)))


async def test_an_alarm_and_an_ended_run_reach_the_subscribed_phone(app, db, branch, push_service):
    phone = branch["customer_api"]
    key = await phone.call("/push/key")
    assert key.code == 0 and key.data == {"publicKey": push_service.server_key, "limit": MAX_PER_USER}
    subscribed = await phone.call("/push/subscribe", push_service.subscription("phone", "Chrome on Android"))
    assert subscribed.code == 0, subscribed.body
    await _app_channel_on(branch, "lidar_dock_failed", "task_ended")
    robot = branch["robot"]

    await raise_alarms(app, robot)
    [send] = await _app_sends(db, robot)
    assert (send.user_id, send.status) == (branch["customer"].id, SEND_PENDING)  # only the subscribed user
    await deliver_due(app.state.db, app.state.settings)
    [told] = push_service.received["phone"]
    assert "上部ライダー故障" in told["body"] and robot.serial_number in told["body"]  # the customer reads Japanese
    assert told["kind"] == "alarm" and told["url"] == f"/device/warn?deviceId={robot.id}&alarmId={told['id']}"
    assert told["tag"] == f"alarm-{told['id']}"

    report = ReportMessage(robot.id, f"{robot.serial_number}-push-1",
                           {"task_name": "Lobby", "end_time": utcnow(), "cleaned_area": 42.5})
    async with app.state.db.sessions() as session:
        await tell_task_ended(session, [report])
        await session.commit()
    await deliver_due(app.state.db, app.state.settings)
    run = push_service.received["phone"][-1]
    assert run["kind"] == "run" and "Lobby" in run["title"] and run["url"] == f"/device/report?deviceId={robot.id}"
    assert all(s.status == SEND_SENT for s in await _app_sends(db, robot))

    listed = await phone.call("/push/list", {"endpoint": push_service.endpoint("phone")})
    [row] = listed.data
    assert (row["label"], row["current"], row["lastFailure"]) == ("Chrome on Android", True, None)
    assert row["lastSentAt"] and "endpoint" not in row


async def test_a_dropped_subscription_is_deleted_and_a_failing_push_service_is_retried(app, db, branch,
                                                                                      push_service):
    phone = branch["customer_api"]
    await phone.call("/push/subscribe", push_service.subscription("old"))
    await phone.call("/push/subscribe", push_service.subscription("new"))
    await _app_channel_on(branch, "lidar_dock_failed")
    push_service.answers = {"old": 410, "new": 500}
    events = await raise_alarms(app, branch["robot"])
    assert events, "the alarm is stored whatever the push service does"
    assert (await deliver_due(app.state.db, app.state.settings))["retried"] == 1
    [send] = await _app_sends(db, branch["robot"])
    assert (send.status, send.attempts) == (SEND_PENDING, 1) and "http_5xx" in (send.last_error or "")
    left = list(await db.scalars(select(PushSubscription.endpoint).where(
        PushSubscription.user_id == branch["customer"].id).execution_options(populate_existing=True)))
    assert left == [push_service.endpoint("new")]  # 410: the push service forgot "old"
    [listed] = (await phone.call("/push/list")).data
    assert listed["lastFailure"] == "http_5xx"  # the category, not the answer's text
    push_service.answers = {}
    later = utcnow() + timedelta(seconds=app.state.settings.notify_backoff + 1)
    assert (await deliver_due(app.state.db, app.state.settings, later))["sent"] == 1
    assert len(push_service.received["new"]) == 1


async def test_a_user_whose_only_browser_is_gone_gets_a_failed_send_not_a_retry(app, db, branch, push_service):
    await branch["customer_api"].call("/push/subscribe", push_service.subscription("gone"))
    await _app_channel_on(branch, "lidar_dock_failed")
    push_service.answers = {"gone": 404}
    await raise_alarms(app, branch["robot"])
    await deliver_due(app.state.db, app.state.settings)
    [send] = await _app_sends(db, branch["robot"])
    assert (send.status, send.attempts) == (SEND_FAILED, 1)  # nothing left to retry
    assert await db.scalar(select(PushSubscription.id).where(PushSubscription.user_id == branch["customer"].id)
                           .execution_options(populate_existing=True)) is None


async def test_signing_out_ends_the_browsers_subscription(app, db, branch, push_service, signed_in):
    phone = branch["customer_api"]
    await phone.call("/push/subscribe", push_service.subscription("phone"))
    await _app_channel_on(branch, "lidar_dock_failed")
    assert (await phone.call("/logout")).code == 0
    await raise_alarms(app, branch["robot"])  # written while the row is there: the notifier finds the session over
    await deliver_due(app.state.db, app.state.settings)
    assert "phone" not in push_service.received
    remaining = await db.scalar(select(PushSubscription.id).where(PushSubscription.user_id == branch["customer"].id)
                                .execution_options(populate_existing=True))
    assert remaining is None


async def test_bad_subscriptions_are_refused_naming_the_field(branch, push_service, monkeypatch, app):
    phone = branch["customer_api"]
    good = push_service.subscription("phone")
    cases = [
        ({**good, "endpoint": "ftp://push.example.com/x"}, "endpoint"),
        ({**good, "endpoint": "https://10.0.0.7/push"}, "endpoint"),
        ({**good, "endpoint": "https://push.example.com/" + "x" * 2100}, "endpoint"),
        ({**good, "keys": {**good["keys"], "p256dh": "AAAA"}}, "keys.p256dh"),
        ({**good, "keys": {**good["keys"], "p256dh": "B" * 87}}, "keys.p256dh"),  # 65 bytes, not on the curve
        ({**good, "keys": {**good["keys"], "auth": "c2hvcnQ"}}, "keys.auth"),
        ({**good, "label": "L" * 65}, "label"),
    ]
    for body, field in cases:
        refused = await phone.call("/push/subscribe", body, headers={"Accept-Language": "en"})
        assert (refused.code, refused.field) == (Code.BAD_PARAMETER, field), (field, refused.body)
    in_chinese = await phone.call("/push/subscribe", cases[0][0], headers={"Accept-Language": "zh-CN"})
    assert in_chinese.message == "推送地址必须是公网 https 地址"
    monkeypatch.setattr(app.state.settings, "push_allow_http_loopback", False)
    loopback = await phone.call("/push/subscribe", good, headers={"Accept-Language": "en"})
    assert loopback.field == "endpoint"  # plain http to loopback only when the setting allows it


async def test_a_user_sees_and_removes_only_their_own_browsers_up_to_the_limit(branch, push_service):
    customer, dealer = branch["customer_api"], branch["api"]
    for n in range(MAX_PER_USER):
        assert (await customer.call("/push/subscribe", push_service.subscription(f"b{n}"))).code == 0
    again = await customer.call("/push/subscribe", push_service.subscription("b0", "renamed"))
    assert again.code == 0  # the same browser again: updated, not one more
    over = await customer.call("/push/subscribe", push_service.subscription("one-more"))
    assert (over.code, over.field) == (Code.BAD_PARAMETER, "endpoint")
    mine = (await customer.call("/push/list")).data
    assert len(mine) == MAX_PER_USER and mine[0]["label"] == "renamed"
    assert (await dealer.call("/push/list")).data == []
    theirs = await dealer.call("/push/unsubscribe", {"id": mine[0]["id"]})
    assert theirs.code == Code.NOT_FOUND
    assert (await customer.call("/push/unsubscribe", {"endpoint": push_service.endpoint("b1")})).code == 0
    assert len((await customer.call("/push/list")).data) == MAX_PER_USER - 1
    nothing = await customer.call("/push/unsubscribe", {})
    assert (nothing.code, nothing.field) == (Code.BAD_PARAMETER, "endpoint")
