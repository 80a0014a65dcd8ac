"""Deliveries end to end against a real receiver on loopback: signed once, retried with backoff, paused and the
owner told, replayed, once with two senders, never to another branch, and a redirect never followed."""

import asyncio
import json
from datetime import timedelta
from typing import Any

from sqlalchemy import select

from cleanfleet.core.bus import Fact, tell
from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.outbox_models import OutboxAttempt, OutboxSend
from cleanfleet.gateway import service as gateway
from cleanfleet.messages.models import Message
from cleanfleet.webhooks import signing
from cleanfleet.webhooks.delivery import SCHEDULE, send_due
from cleanfleet.webhooks.models import WebhookDelivery, WebhookSubscription


async def subscribe(api: Any, url: str, events: list[str], name: str = "Facility system") -> dict[str, Any]:
    answer = await api.call("/integration/webhook/add", {"name": name, "url": url, "events": events})
    assert answer.code == 0, answer.body
    assert answer.data["secret"].startswith("whsec_")
    return answer.data


def verified(secret: str, got: dict[str, Any]) -> dict[str, Any]:
    """The body, after checking the Standard Webhooks signature as a receiver does."""
    headers = got["headers"]
    assert signing.verify(secret, headers["webhook-id"], headers["webhook-timestamp"], got["body"],
                          headers["webhook-signature"])
    assert not signing.verify(secret, headers["webhook-id"], headers["webhook-timestamp"], got["body"] + b" ",
                              headers["webhook-signature"])
    body = json.loads(got["body"])
    assert body["id"] == headers["webhook-id"] and body["version"] == 1
    return body


async def robot_online(app: Any, robot: Any) -> None:
    """The gateway's own publisher: the robot came online (in a transaction of its own)."""
    async with app.state.db.sessions() as db:
        await gateway.presence_facts(db, [robot.id], [], utcnow())
        await db.commit()


async def test_test_event_is_delivered_once_with_a_valid_signature(app, branch, receiver):
    sub = await subscribe(branch["customer_api"], receiver.url(), ["robot.online"])
    answer = await branch["customer_api"].call("/integration/webhook/test", {"subscriptionId": sub["subscriptionId"]})
    assert answer.code == 0, answer.body
    assert await send_due(app.state.db, app.state.settings) == 1
    assert await send_due(app.state.db, app.state.settings) == 0  # delivered: never again
    [got] = receiver.got
    body = verified(sub["secret"], got)
    assert body["type"] == "webhook.test" and body["data"]["subscriptionId"] == sub["subscriptionId"]
    assert got["headers"]["Host"] == f"127.0.0.1:{receiver.port}"
    page = await branch["customer_api"].call("/integration/webhook/deliveries",
                                             {"subscriptionId": sub["subscriptionId"]})
    [delivery] = page.data["list"]
    assert delivery["state"] == "delivered" and delivery["lastCode"] == 204 and delivery["attempts"] == 1
    assert delivery["tries"][0]["state"] == "delivered" and delivery["lastDurationMs"] is not None
    listed = (await branch["customer_api"].call("/integration/webhook/list")).data["list"]
    assert [s["lastCode"] for s in listed] == [204] and "secret" not in listed[0]


async def test_a_robot_event_reaches_its_branch_only(app, branch, receiver):
    mine = await subscribe(branch["customer_api"], receiver.url("/mine"), ["robot.online", "robot.offline"])
    dealer = await subscribe(branch["api"], receiver.url("/dealer"), ["robot.online"])
    await subscribe(branch["other_api"], receiver.url("/other"), ["robot.online"])
    await subscribe(branch["customer_api"], receiver.url("/alarms"), ["alarm.raised"])
    await robot_online(app, branch["robot"])
    await send_due(app.state.db, app.state.settings)
    [got] = receiver.on("/mine")
    body = verified(mine["secret"], got)
    assert body["type"] == "robot.online" and body["data"]["robotId"] == branch["robot"].id
    assert body["data"]["serialNumber"] == branch["robot"].serial_number
    [above] = receiver.on("/dealer")  # the robot lies in the dealer's subtree too
    assert verified(dealer["secret"], above)["id"] == body["id"]  # one event, one id
    assert receiver.on("/other") == [] and receiver.on("/alarms") == []


async def test_failures_are_retried_on_the_schedule_then_delivered(app, branch, receiver):
    sub = await subscribe(branch["customer_api"], receiver.url(), ["robot.online"])
    receiver.answers = [500, 503]
    await robot_online(app, branch["robot"])
    start = utcnow()
    database, settings = app.state.db, app.state.settings
    assert await send_due(database, settings, start) == 0
    assert len(receiver.got) == 1
    assert await send_due(database, settings, start + timedelta(seconds=SCHEDULE[0] - 1)) == 0  # not due yet
    assert len(receiver.got) == 1
    assert await send_due(database, settings, start + timedelta(seconds=SCHEDULE[0] + 1)) == 0
    assert await send_due(database, settings, start + timedelta(seconds=SCHEDULE[0] + SCHEDULE[1] + 2)) == 1
    assert len(receiver.got) == 3
    assert len({g["headers"]["webhook-id"] for g in receiver.got}) == 1  # the same event every time
    page = (await branch["customer_api"].call("/integration/webhook/deliveries",
                                              {"subscriptionId": sub["subscriptionId"]})).data
    [delivery] = page["list"]
    assert delivery["state"] == "delivered" and delivery["attempts"] == 3
    assert [t["code"] for t in delivery["tries"]] == [204, 503, 500]
    assert [t["error"] for t in delivery["tries"]] == [None, "http_5xx", "http_5xx"]  # categories, not texts


async def test_a_subscription_failing_for_a_day_is_paused_its_owner_told_and_resumed(app, branch, receiver, db):
    sub = await subscribe(branch["customer_api"], receiver.url(), ["robot.online"])
    receiver.answers = [500] * 20
    database, settings = app.state.db, app.state.settings
    await robot_online(app, branch["robot"])
    start = utcnow()
    await send_due(database, settings, start)
    assert len(receiver.got) == 1
    await robot_online(app, branch["robot"])  # another event a day later
    later = start + timedelta(hours=25)
    await send_due(database, settings, later)
    listed = (await branch["customer_api"].call("/integration/webhook/list")).data["list"]
    assert listed[0]["state"] == "paused" and listed[0]["pausedAt"]
    told = (await db.scalars(select(Message).where(Message.user_id == branch["customer"].id,
                                                   Message.kind == "webhook_paused"))).all()
    assert len(told) == 1 and sub["url"] in told[0].content
    assert "接收方出错（HTTP 5xx）" in told[0].content  # the last failure's category, in the owner's language
    count = len(receiver.got)
    await robot_online(app, branch["robot"])  # paused: nothing new is written, nothing goes
    assert await send_due(database, settings, later + timedelta(days=1)) == 0
    assert len(receiver.got) == count
    receiver.answers = []
    answer = await branch["customer_api"].call("/integration/webhook/resume",
                                               {"subscriptionId": sub["subscriptionId"]})
    assert answer.code == 0 and answer.data["state"] == "active"
    assert await send_due(database, settings, later + timedelta(days=1)) >= 1  # the waiting ones go


async def test_replay_sends_the_same_event_again_as_a_new_attempt(app, branch, receiver):
    sub = await subscribe(branch["customer_api"], receiver.url(), ["robot.online"])
    await robot_online(app, branch["robot"])
    await send_due(app.state.db, app.state.settings)
    page = (await branch["customer_api"].call("/integration/webhook/deliveries",
                                              {"subscriptionId": sub["subscriptionId"]})).data
    delivery_id = page["list"][0]["deliveryId"]
    assert (await branch["other_api"].call("/integration/webhook/replay", {"deliveryId": delivery_id})).field \
        == "deliveryId"
    answer = await branch["customer_api"].call("/integration/webhook/replay", {"deliveryId": delivery_id})
    assert answer.code == 0 and answer.data["state"] == "pending"
    await send_due(app.state.db, app.state.settings)
    first, second = receiver.got
    assert first["headers"]["webhook-id"] == second["headers"]["webhook-id"] and first["body"] == second["body"]
    verified(sub["secret"], second)
    page = (await branch["customer_api"].call("/integration/webhook/deliveries",
                                              {"subscriptionId": sub["subscriptionId"]})).data
    assert page["list"][0]["attempts"] == 2 and page["list"][0]["state"] == "delivered"


async def test_two_senders_deliver_once(app, branch, receiver):
    await subscribe(branch["customer_api"], receiver.url(), ["robot.online"])
    for _ in range(5):
        await robot_online(app, branch["robot"])
    second = Database(app.state.settings.db_url)  # another worker's own connections
    try:
        counts = await asyncio.gather(send_due(app.state.db, app.state.settings),
                                      send_due(second, app.state.settings))
    finally:
        await second.dispose()
    assert sum(counts) == 5
    assert len(receiver.got) == 5 and len({g["headers"]["webhook-id"] for g in receiver.got}) == 5


async def test_a_redirect_is_never_followed(app, branch, receiver, db):
    sub = await subscribe(branch["customer_api"], receiver.url("/redirect"), ["robot.online"])
    await robot_online(app, branch["robot"])
    await send_due(app.state.db, app.state.settings)
    assert [g["path"] for g in receiver.got] == ["/redirect"]  # /elsewhere never called
    delivery = await db.scalar(select(WebhookDelivery).where(
        WebhookDelivery.subscription_id == sub["subscriptionId"]))
    assert delivery.state == "pending" and delivery.last_code == 302 and delivery.last_error == "redirect"


async def test_a_url_that_stops_being_allowed_is_refused_at_delivery(app, branch, receiver, db):
    sub = await subscribe(branch["customer_api"], receiver.url(), ["robot.online"])
    await robot_online(app, branch["robot"])
    app.state.settings.webhook_allow = ""  # the admin took the entry away
    await send_due(app.state.db, app.state.settings)
    assert receiver.got == []
    attempt = await db.scalar(select(OutboxAttempt).join(OutboxSend).join(
        WebhookDelivery, (OutboxSend.kind == "webhook") & (WebhookDelivery.id == OutboxSend.ref_id)).where(
        WebhookDelivery.subscription_id == sub["subscriptionId"]))
    assert attempt.state == "failed" and attempt.error == "rejected_address"


async def test_an_event_of_another_branch_written_directly_is_not_delivered(app, branch, receiver, db):
    await subscribe(branch["other_api"], receiver.url(), ["robot.offline"])
    async with app.state.db.sessions() as session:
        await tell(session, [Fact("robot.offline", branch["robot"].owner_path, {
            "robotId": branch["robot"].id, "serialNumber": branch["robot"].serial_number, "name": "x",
            "at": utcnow()}, utcnow())])
        await session.commit()
    await send_due(app.state.db, app.state.settings)
    assert receiver.got == []


async def test_deleting_a_subscription_removes_its_deliveries(app, branch, receiver, db):
    sub = await subscribe(branch["customer_api"], receiver.url(), ["robot.online"])
    await robot_online(app, branch["robot"])
    answer = await branch["customer_api"].call("/integration/webhook/delete",
                                               {"subscriptionId": sub["subscriptionId"]})
    assert answer.code == 0
    assert await db.scalar(select(WebhookSubscription).where(
        WebhookSubscription.id == sub["subscriptionId"])) is None
    assert await db.scalar(select(WebhookDelivery).where(
        WebhookDelivery.subscription_id == sub["subscriptionId"])) is None
