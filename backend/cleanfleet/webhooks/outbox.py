"""The outbox: the events of the facts just stored become deliveries, in the same transaction (events.py wires
these handlers on ``FACTS_HAPPENED`` and ``ALARMS_STORED``), so an event and its deliveries commit together with
the fact, and a fact stored once (a redelivered robot message is not new) is delivered once whatever the number of
workers: the deliveries are rows, each with its send in the one outbox (core/outbox.py), which claims it before it
goes (webhooks/delivery.py is the webhooks' channel).

A subscription receives an event when it is active and not paused, asks for the event's name, its owner's tree
path is a prefix of the event's (the event lies in the owner's subtree) and its owner holds the event group's key
now (webhooks/catalogue.py's table). An event whose data does not match its model is logged and not written
(a bug of the publisher must not fail the robot message or the call that stored the fact).
"""

import base64
import logging
import secrets
from datetime import datetime
from typing import Any

import orjson
from sqlalchemy import delete, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core import outbox
from cleanfleet.core.bus import Fact
from cleanfleet.core.db import utcnow
from cleanfleet.devices.models import Device
from cleanfleet.roles.service import effective_keys
from cleanfleet.users.models import User
from cleanfleet.webhooks import catalogue
from cleanfleet.webhooks.delivery import TEST_EVENT, lane
from cleanfleet.webhooks.models import KIND, WebhookDelivery, WebhookSubscription

log = logging.getLogger("cleanfleet.webhooks")
MAX_PENDING = 1000  # pending deliveries a subscription holds at most: past it, the oldest are dropped (counted)


def new_event_id() -> str:
    """``evt_`` + 26 characters (base32 of 16 random bytes, lower case)."""
    return "evt_" + base64.b32encode(secrets.token_bytes(16)).decode().rstrip("=").lower()


def _prefixes(path: str) -> list[str]:
    """``/1/7/42/`` → ``/1/``, ``/1/7/``, ``/1/7/42/``: the paths of the users whose subtree holds it."""
    parts = [part for part in path.split("/") if part]
    return ["/" + "/".join(parts[:n]) + "/" for n in range(1, len(parts) + 1)]


def delivery_row(subscription_id: int, event_id: str, event: str, body: bytes, now: datetime) -> dict[str, Any]:
    return {"subscription_id": subscription_id, "event_id": event_id, "event_type": event, "body": body.decode(),
            "created_at": now}


async def _queue(db: AsyncSession, ids: list[int], wanted: list[tuple[int, str, str, dict[str, Any]]],
                 now: datetime) -> None:
    """The deliveries' sends in the outbox, each subscription a lane of its owner; a subscription holding more than
    ``MAX_PENDING`` pending deliveries loses its oldest (counted on it: ``dropped``)."""
    owners = dict((await db.execute(select(WebhookSubscription.id, WebhookSubscription.user_id).where(
        WebhookSubscription.id.in_({sid for sid, _, _, _ in wanted})))).all())
    await outbox.enqueue(db, KIND, [
        outbox.New(delivery_id, "webhook", lane(sid, event), f"u{owners.get(sid, 0)}")
        for delivery_id, (sid, _, event, _) in zip(ids, wanted, strict=True)], now)
    for sid in {sid for sid, _, event, _ in wanted if event != TEST_EVENT}:
        dropped = await outbox.cap_lane(db, lane(sid), MAX_PENDING)
        if dropped:
            await db.execute(delete(WebhookDelivery).where(WebhookDelivery.id.in_(dropped))
                             .execution_options(synchronize_session=False))
            await db.execute(update(WebhookSubscription).where(WebhookSubscription.id == sid).values(
                dropped=WebhookSubscription.dropped + len(dropped)).execution_options(synchronize_session=False))


async def write_deliveries(db: AsyncSession, wanted: list[tuple[int, str, str, dict[str, Any]]],
                           now: datetime) -> list[int]:
    """Writes one delivery per (subscription, event id, event name, envelope), in order, and answers their ids.

    Order is not kept on the way out (issue 48 item 12; docs/integrations.md): each delivery is retried on its own
    schedule, so a receiver that was down gets them in any order. The body says how to restore it: ``timestamp``
    (when it happened) and ``sequence``, the delivery's id: written in this order, so it grows with every event
    of a subscription (and across them: a gap is another subscription's, not a lost event). The body is stored
    with its sequence once, so every retry and replay sends the same bytes."""
    if not wanted:
        return []
    ids = list((await db.execute(
        insert(WebhookDelivery).returning(WebhookDelivery.id, sort_by_parameter_order=True),
        [delivery_row(sid, event_id, event, b"", now) for sid, event_id, event, _ in wanted])).scalars())
    await db.execute(update(WebhookDelivery), [
        {"id": delivery_id, "body": orjson.dumps({**body, "sequence": delivery_id}).decode()}
        for delivery_id, (_, _, _, body) in zip(ids, wanted, strict=True)])
    await _queue(db, ids, wanted, now)
    return ids


async def on_facts(db: AsyncSession, facts: list[Fact]) -> None:
    """Writes the deliveries of ``facts`` (in the publisher's transaction)."""
    prefixes = {prefix for fact in facts for prefix in _prefixes(fact.owner_path)}
    if not prefixes:
        return
    rows = (await db.execute(select(WebhookSubscription.id, WebhookSubscription.events, User)
                             .join(User, User.id == WebhookSubscription.user_id)
                             .where(WebhookSubscription.active.is_(True), WebhookSubscription.paused_at.is_(None),
                                    User.path.in_(prefixes)))).all()
    if not rows:
        return
    keys: dict[int, frozenset[str]] = {}
    for _, _, user in rows:
        if user.id not in keys:
            keys[user.id] = await effective_keys(db, user)
    now = utcnow()
    deliveries: list[tuple[int, str, str, dict[str, Any]]] = []
    for fact in facts:
        wanted = [(sid, user) for sid, events, user in rows
                  if (fact.type in (events or []) or catalogue.implied(fact.type, events or []))
                  and fact.owner_path.startswith(user.path)
                  and catalogue.key_of(fact.type) in keys[user.id]]
        if not wanted:
            continue
        event_id = new_event_id()
        try:
            body = catalogue.envelope(event_id, fact.type, fact.at, fact.data)
        except Exception:
            log.exception("webhook event %s does not match its model; not delivered", fact.type)
            continue
        deliveries.extend((sid, event_id, fact.type, body) for sid, _ in wanted)
    await write_deliveries(db, deliveries, now)


async def on_alarms_stored(db: AsyncSession, raised: list[dict[str, Any]], cleared: list[dict[str, Any]]) -> None:
    """``alarm.raised`` for each new alarm, ``alarm.resolved`` for each clear that changed a raised alarm."""
    ids = {a["device_id"] for a in raised} | {c["device_id"] for c in cleared}
    if not ids or not await db.scalar(select(WebhookSubscription.id).where(
            WebhookSubscription.active.is_(True), WebhookSubscription.paused_at.is_(None)).limit(1)):
        return
    devices = {row.id: row for row in await db.execute(
        select(Device.id, Device.serial_number, Device.name, Device.owner_path).where(Device.id.in_(ids)))}
    facts = []
    for alarm in raised:
        if (device := devices.get(alarm["device_id"])) is not None:
            facts.append(Fact("alarm.raised", device.owner_path, {
                **robot_data(device), "alarmId": alarm["alarm_id"], "key": alarm["key"], "code": alarm["code"],
                "raisedAt": alarm["at"]}, alarm["at"]))
    for clear in cleared:
        if (device := devices.get(clear["device_id"])) is not None:
            facts.append(Fact("alarm.resolved", device.owner_path, {
                **robot_data(device), "key": clear["key"], "resolvedAt": clear["at"]}, clear["at"]))
    await on_facts(db, facts)


def robot_data(device: Any) -> dict[str, Any]:
    return {"robotId": device.id, "serialNumber": device.serial_number, "name": device.name or ""}
