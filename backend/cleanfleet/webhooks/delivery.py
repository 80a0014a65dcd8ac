"""The sender: the periodic job ``webhook-sender`` (core.leader.start_scanning: one worker of a cluster runs it)
posts the due deliveries, records each attempt, retries, pauses what keeps failing and prunes old deliveries.

**Once.** A delivery is claimed before it goes by one conditional UPDATE (``state = pending AND next_at <= now`` →
``next_at = now + CLAIM_SECONDS``); of two senders (a leadership hand-over) exactly one wins it. A sender that dies
after its claim leaves the row to be tried again after the claim ran out (at least once; the receiver deduplicates
on ``webhook-id``, the Standard Webhooks advice).

**An attempt.** The post goes through the server's one outbound client (core/outbound.py ``OutboundClient`` with
``webhook_rules``): the URL checked again, its host looked up once right before, the post sent to the address that
was checked, no redirect followed, no proxy from the environment. A 2xx within ``webhook_timeout`` seconds is
delivered; anything else (another code, a 3xx, a timeout, a refused address) is a failed attempt, retried after
``SCHEDULE`` (10 s, 1 min, 5 min, 30 min, 2 h, 6 h: seven attempts over about 8.6 hours), then the delivery is
``failed``. Each attempt is a ``webhook_attempts`` row: outcome, code, duration, the failure's category (``error``:
core/outbound.py ``Failure``, never the error's text), time. The answer's body is not read.

**Pausing.** A subscription whose attempts have all failed for ``PAUSE_AFTER`` (24 hours: ``failing_since`` is its
first failed attempt since its last delivered one) is paused: its owner gets a message in the console's message
centre (in the owner's language) and resumes it from the console. A paused or turned-off subscription gets no new
deliveries and its pending ones wait; ``webhook.test`` goes anyway (to check a receiver before resuming).

**Retention.** Delivered and failed deliveries older than ``webhook_retention_days`` go with their attempts, once
an hour.
"""

import asyncio
import time
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, and_, delete, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.leader import start_scanning, stop_task
from cleanfleet.core.outbound import CallFailed, OutboundClient, failure_text, parse_allowed, webhook_rules
from cleanfleet.core.texts import render_value
from cleanfleet.messages.service import insert_messages
from cleanfleet.settings import Settings
from cleanfleet.users.models import User
from cleanfleet.webhooks import signing, texts
from cleanfleet.webhooks.models import DELIVERED, FAILED, PENDING, WebhookAttempt, WebhookDelivery, WebhookSubscription

JOB = "webhook-sender"
SCHEDULE = (10, 60, 300, 1800, 7200, 21600)  # seconds before the 2nd ... 7th attempt
PAUSE_AFTER = timedelta(hours=24)
CLAIM_SECONDS = 120.0
ROUND = 50
PARALLEL = 8
TEST_EVENT = "webhook.test"
_pruned_at: dict[int, float] = {}


@dataclass
class Outcome:
    delivered: bool
    code: int | None
    error: str | None
    ms: int


async def post(client: OutboundClient, url: str, secret: str, event_id: str, body: bytes) -> Outcome:
    """One attempt: the signed body posted to the checked address of the URL."""
    started = time.monotonic()
    headers = signing.headers(secret, event_id, int(time.time()), body)
    try:
        code = await client.post(url, body, headers)
    except CallFailed as exc:
        return Outcome(False, exc.code, exc.failure.value, int((time.monotonic() - started) * 1000))
    return Outcome(True, code, None, int((time.monotonic() - started) * 1000))


async def _claim(db: AsyncSession, delivery_id: int, now: datetime) -> bool:
    result = await db.execute(update(WebhookDelivery).where(
        WebhookDelivery.id == delivery_id, WebhookDelivery.state == PENDING, WebhookDelivery.next_at <= now,
    ).values(next_at=now + timedelta(seconds=CLAIM_SECONDS)).execution_options(synchronize_session=False))
    await db.commit()
    return (result.rowcount or 0) == 1  # type: ignore[attr-defined]


async def _pause(db: AsyncSession, subscription: WebhookSubscription, error: str | None, now: datetime) -> None:
    """Pauses the subscription and tells its owner in the message centre, in the owner's language."""
    subscription.paused_at = now
    owner = await db.get(User, subscription.user_id)
    if owner is None:
        return
    values = {"name": subscription.name, "url": subscription.url[:200], "error": failure_text(error),
              "since": render_value(subscription.failing_since or now, None)}
    await insert_messages(db, [{
        "user_id": owner.id, "device_id": None, "kind": "webhook_paused",
        "title": texts.PAUSED_TITLE.render(owner.language, values)[:128],
        "content": texts.PAUSED_CONTENT.render(owner.language, values)[:1024], "read": False, "deleted": False,
        "created_at": now, "dedup_key": f"webhook-paused:{subscription.id}:{now.isoformat()}"[:160],
        "text_key": None, "text_values": None}])


async def record(db: AsyncSession, delivery: WebhookDelivery, subscription: WebhookSubscription, outcome: Outcome,
                 now: datetime) -> None:
    """The attempt's row, the delivery's next state and the subscription's health (the caller commits)."""
    delivery.attempts += 1
    db.add(WebhookAttempt(delivery_id=delivery.id, at=now, state=DELIVERED if outcome.delivered else FAILED,
                          code=outcome.code, duration_ms=outcome.ms, error=outcome.error))
    delivery.last_code, delivery.last_error = outcome.code, outcome.error
    subscription.last_at, subscription.last_code = now, outcome.code
    subscription.last_state = DELIVERED if outcome.delivered else FAILED
    if outcome.delivered:
        delivery.state, delivery.delivered_at = DELIVERED, now
        subscription.failing_since = None
        return
    if delivery.attempts > len(SCHEDULE):
        delivery.state = FAILED
    else:
        delivery.next_at = now + timedelta(seconds=SCHEDULE[delivery.attempts - 1])
    subscription.failing_since = subscription.failing_since or now
    if subscription.paused_at is None and subscription.active and delivery.event_type != TEST_EVENT \
            and now - subscription.failing_since >= PAUSE_AFTER:
        await _pause(db, subscription, outcome.error, now)


async def _send_one(database: Database, client: OutboundClient, delivery_id: int, now: datetime | None) -> int:
    async with database.sessions() as db:
        if not await _claim(db, delivery_id, now or utcnow()):
            return 0  # another sender has it
        delivery = await db.get(WebhookDelivery, delivery_id)
        subscription = await db.get(WebhookSubscription, delivery.subscription_id) if delivery else None
        if delivery is None or subscription is None:
            return 0
        url, secret, event_id, body = subscription.url, subscription.secret, delivery.event_id, delivery.body
        await db.commit()  # nothing held open while the receiver answers
    outcome = await post(client, url, secret, event_id, body.encode())
    async with database.sessions() as db:
        delivery = await db.get(WebhookDelivery, delivery_id)
        subscription = await db.get(WebhookSubscription, delivery.subscription_id) if delivery else None
        if delivery is None or subscription is None:
            return 0  # deleted meanwhile
        await record(db, delivery, subscription, outcome, now or utcnow())
        await db.commit()
    return 1 if outcome.delivered else 0


def _sendable() -> ColumnElement[bool]:
    return or_(and_(WebhookSubscription.active.is_(True), WebhookSubscription.paused_at.is_(None)),
               WebhookDelivery.event_type == TEST_EVENT)


async def send_due(database: Database, settings: Settings, now: datetime | None = None) -> int:
    """One round: posts the due deliveries (at most ``ROUND``, ``PARALLEL`` at a time); answers how many were
    delivered. ``now`` is the tests' clock (the attempts' times and the schedule follow it)."""
    async with database.sessions() as db:
        due = list(await db.scalars(
            select(WebhookDelivery.id)
            .join(WebhookSubscription, WebhookSubscription.id == WebhookDelivery.subscription_id)
            .where(WebhookDelivery.state == PENDING, WebhookDelivery.next_at <= (now or utcnow()), _sendable())
            .order_by(WebhookDelivery.next_at, WebhookDelivery.id).limit(ROUND)))
    if not due:
        return 0
    gate = asyncio.Semaphore(PARALLEL)
    rules = webhook_rules(parse_allowed(settings.webhook_allow))
    async with OutboundClient(rules, settings.webhook_timeout, "webhook") as client:

        async def one(delivery_id: int) -> int:
            async with gate:
                return await _send_one(database, client, delivery_id, now)

        return sum(await asyncio.gather(*(one(d) for d in due)))


async def prune(database: Database, settings: Settings, now: datetime | None = None) -> int:
    """Removes delivered and failed deliveries (and their attempts) older than the retention."""
    before = (now or utcnow()) - timedelta(days=settings.webhook_retention_days)
    async with database.sessions() as db:
        result = await db.execute(delete(WebhookDelivery).where(
            WebhookDelivery.state != PENDING, WebhookDelivery.created_at < before)
            .execution_options(synchronize_session=False))
        await db.commit()
    return result.rowcount or 0  # type: ignore[attr-defined]


def start_sender(database: Database, settings: Settings) -> asyncio.Task[None]:
    async def scan(db: Database) -> int:
        if time.monotonic() - _pruned_at.get(id(db), 0.0) > 3600:
            _pruned_at[id(db)] = time.monotonic()
            await prune(db, settings)
        return await send_due(db, settings)

    return start_scanning(database, JOB, scan, settings.webhook_every, settings.webhook_every)


async def stop_sender(task: asyncio.Task[None]) -> None:
    await stop_task(task)
