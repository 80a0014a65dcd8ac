"""The webhooks' channel of the one outbox (core/outbox.py, issue 49): it posts a delivery, and in the transaction
that records the attempt keeps the subscription's health, pauses what keeps failing; it prunes old deliveries.

**At least once.** The outbox claims a delivery before it goes and records each attempt; a clean stop lets the
posts in flight finish and be recorded. A sender that dies after its claim leaves the row to be tried again after
the claim ran out: at least once, with the same ``webhook-id`` (the receiver deduplicates on it, the Standard
Webhooks advice). Each subscription is a lane of the outbox: one post at a time, backed off alone when it fails, and
every owner's subscriptions taken in turn (core/outbox_sender.py).

**An attempt.** The post goes through the server's one outbound client (core/outbound.py ``OutboundClient`` with
``webhook_rules``): the URL checked again, its host looked up once right before, the post sent to the address that
was checked, no redirect followed, no proxy from the environment. A 2xx within ``webhook_timeout`` seconds is
delivered; anything else (another code, a 3xx, a timeout, a refused address) is a failed attempt, retried after
``SCHEDULE`` (10 s, 1 min, 5 min, 30 min, 2 h, 6 h: seven attempts over about 8.6 hours), then the delivery is
``failed``. Each attempt is an ``outbox_attempts`` row: outcome, code, duration, the failure's category (``error``:
core/outbound.py ``Failure``, never the error's text), time. The answer's body is not read.

**Pausing.** A subscription whose attempts have all failed for ``PAUSE_AFTER`` (24 hours: ``failing_since`` is its
first failed attempt since its last delivered one) is paused: its owner gets a message in the console's message
centre (in the owner's language) and resumes it from the console. A paused or turned-off subscription gets no new
deliveries and its pending ones wait; ``webhook.test`` goes anyway (to check a receiver before resuming).

**Retention.** Delivered and failed deliveries older than ``webhook_retention_days`` go with their attempts, once
an hour.
"""

import time
from datetime import datetime, timedelta

from sqlalchemy import delete, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core import outbox
from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.outbound import CallFailed, OutboundClient, failure_text, parse_allowed, webhook_rules
from cleanfleet.core.outbox_models import PENDING as OUTBOX_PENDING
from cleanfleet.core.outbox_models import OutboxSend
from cleanfleet.core.outbox_sender import run_round
from cleanfleet.core.texts import render_value
from cleanfleet.messages.service import insert_messages
from cleanfleet.settings import Settings
from cleanfleet.users.models import User
from cleanfleet.webhooks import signing, texts
from cleanfleet.webhooks.models import DELIVERED, FAILED, KIND, WebhookDelivery, WebhookSubscription

SCHEDULE = (10, 60, 300, 1800, 7200, 21600)  # seconds before the 2nd ... 7th attempt
PAUSE_AFTER = timedelta(hours=24)
TEST_EVENT = "webhook.test"


def lane(subscription_id: int, event: str = "") -> str:
    """A subscription's lane in the outbox; its test events have their own (they go while it is paused)."""
    return f"webhook:{subscription_id}" + (":test" if event == TEST_EVENT else "")


async def post(client: OutboundClient, url: str, secret: str, event_id: str, body: bytes) -> outbox.Result:
    """One attempt: the signed body posted to the checked address of the URL."""
    headers = signing.headers(secret, event_id, int(time.time()), body)
    try:
        code = await client.post(url, body, headers)
    except CallFailed as exc:
        return outbox.Result(False, exc.code, exc.failure.value)
    return outbox.Result(True, code)


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


async def recorded(db: AsyncSession, item: outbox.Item, result: outbox.Result, now: datetime) -> None:
    """The subscription's health after an attempt (in the outbox's recording transaction)."""
    delivery = await db.get(WebhookDelivery, item.ref_id)
    subscription = await db.get(WebhookSubscription, delivery.subscription_id) if delivery else None
    if delivery is None or subscription is None:
        return
    subscription.last_at, subscription.last_code = now, result.code
    subscription.last_state = DELIVERED if result.ok else FAILED
    if result.ok:
        subscription.failing_since = None
        return
    subscription.failing_since = subscription.failing_since or now
    if subscription.paused_at is None and subscription.active and delivery.event_type != TEST_EVENT \
            and now - subscription.failing_since >= PAUSE_AFTER:
        await _pause(db, subscription, result.error, now)


async def send(database: Database, settings: Settings, item: outbox.Item) -> outbox.Result:
    """Posts one delivery (nothing held open while the receiver answers)."""
    async with database.sessions() as db:
        row = (await db.execute(select(WebhookSubscription.url, WebhookSubscription.secret, WebhookDelivery.event_id,
                                       WebhookDelivery.body).join(
            WebhookSubscription, WebhookSubscription.id == WebhookDelivery.subscription_id).where(
            WebhookDelivery.id == item.ref_id))).first()
    if row is None:
        return outbox.Result(False, gone=True)  # deleted meanwhile
    rules = webhook_rules(parse_allowed(settings.webhook_allow))
    async with OutboundClient(rules, settings.webhook_timeout, "webhook") as client:
        return await post(client, row.url, row.secret, row.event_id, row.body.encode())


async def held(db: AsyncSession) -> set[str]:
    """The lanes of paused or turned-off subscriptions: their deliveries wait (their test events go)."""
    ids = await db.scalars(select(WebhookSubscription.id).where(
        or_(WebhookSubscription.active.is_(False), WebhookSubscription.paused_at.is_not(None))))
    return {lane(sid) for sid in ids}


async def prune(database: Database, settings: Settings, now: datetime | None = None) -> int:
    """Removes delivered and failed deliveries (and their sends and attempts) older than the retention."""
    before = (now or utcnow()) - timedelta(days=settings.webhook_retention_days)
    done = select(OutboxSend.ref_id).where(OutboxSend.kind == KIND, OutboxSend.state != OUTBOX_PENDING,
                                           OutboxSend.created_at < before)
    async with database.sessions() as db:
        result = await db.execute(delete(WebhookDelivery).where(WebhookDelivery.id.in_(done))
                                  .execution_options(synchronize_session=False))
        await db.commit()
    await outbox.drop_orphans(database)
    return result.rowcount or 0  # type: ignore[attr-defined]


async def send_due(database: Database, settings: Settings, now: datetime | None = None) -> int:
    """One round of the webhooks' due deliveries now (tests); answers how many were delivered. ``now`` is the
    tests' clock (the attempts' times and the schedule follow it)."""
    return (await run_round(database, settings, (KIND,), now))["sent"]


outbox.register(outbox.Sender(
    KIND, send, retry=lambda _: tuple(float(s) for s in SCHEDULE), timeout=lambda s: s.webhook_timeout + 5.0,
    per_lane=1, recorded=recorded, prune=prune, held=held, table="webhook_deliveries"))
