"""The subscriptions' rules: create, change, rotate, delete, resume, test, replay, and the lists (nothing here
knows HTTP). A subscription belongs to the user the caller acts as; every call sees only that user's own
subscriptions (another user's answers NOT_FOUND naming ``subscriptionId``). Its URL is checked against the rules of
core/outbound.py (with a lookup of the host) when it is created or changed, and again before every delivery.
"""

import math
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete as sql_delete
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core import outbox
from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError
from cleanfleet.core.language import caller_language
from cleanfleet.core.outbound import UnsafeUrl, parse_allowed, resolve_webhook
from cleanfleet.core.outbox_models import SENT, OutboxAttempt, OutboxSend
from cleanfleet.core.paging import paginate
from cleanfleet.core.texts import Text
from cleanfleet.settings import Settings
from cleanfleet.webhooks import catalogue, signing, texts
from cleanfleet.webhooks.delivery import TEST_EVENT
from cleanfleet.webhooks.models import DELIVERED, KIND, PENDING, WebhookDelivery, WebhookSubscription
from cleanfleet.webhooks.outbox import new_event_id, write_deliveries
from cleanfleet.webhooks.schemas import MAX_SUBSCRIPTIONS, TESTS_A_MINUTE, DeliveryListIn, SubscriptionIn


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def subscription_out(sub: WebhookSubscription) -> dict[str, Any]:
    return {"subscriptionId": sub.id, "name": sub.name, "url": sub.url, "events": list(sub.events or []),
            "active": sub.active, "state": "off" if not sub.active else "paused" if sub.paused_at else "active",
            "pausedAt": _iso(sub.paused_at), "failingSince": _iso(sub.failing_since), "lastAt": _iso(sub.last_at),
            "lastCode": sub.last_code, "lastState": sub.last_state, "dropped": sub.dropped or 0,
            "createdAt": sub.created_at.isoformat()}


def _why(reason: str) -> Text:
    if reason.startswith("not http"):
        return texts.WHY_SCHEME
    if "user name" in reason:
        return texts.WHY_CREDENTIALS
    if reason.startswith("port"):
        return texts.WHY_PORT
    if "cannot be found" in reason:
        return texts.WHY_NOT_FOUND
    if reason.startswith(("not a URL", "no host", "longer")):
        return texts.WHY_NOT_URL
    return texts.WHY_ADDRESS


async def check_url(settings: Settings, url: str) -> None:
    """Refuses (naming ``url``, in the caller's language) a URL the server may not post to."""
    try:
        await resolve_webhook(url, parse_allowed(settings.webhook_allow))
    except UnsafeUrl as exc:
        raise ApiError(Code.BAD_PARAMETER, texts.URL_REFUSED, field="url", values={"why": _why(str(exc))}) from exc


def check_events(caller: Caller, events: list[str]) -> list[str]:
    """The names, each once, in the catalogue's order; an unknown one, or one whose key the caller lacks, is refused
    naming ``events.N``."""
    for index, name in enumerate(events):
        if name not in catalogue.EVENTS:
            raise ApiError(Code.BAD_PARAMETER, texts.UNKNOWN_EVENT, field=f"events.{index}", values={"event": name})
        if not caller.holds(catalogue.key_of(name)):
            raise ApiError(Code.BAD_PARAMETER, texts.EVENT_NOT_HELD, field=f"events.{index}",
                           values={"event": name, "key": catalogue.key_of(name)})
    return [name for name in catalogue.EVENTS if name in set(events)]


async def get_own(db: AsyncSession, caller: Caller, subscription_id: int) -> WebhookSubscription:
    sub = await db.get(WebhookSubscription, subscription_id)
    if sub is None or sub.user_id != caller.acting_user_id:
        raise ApiError(Code.NOT_FOUND, texts.SUBSCRIPTION_NOT_FOUND, field="subscriptionId",
                       values={"id": subscription_id})
    return sub


async def listing(db: AsyncSession, caller: Caller) -> list[dict[str, Any]]:
    subs = await db.scalars(select(WebhookSubscription).where(WebhookSubscription.user_id == caller.acting_user_id)
                            .order_by(WebhookSubscription.id))
    return [subscription_out(sub) for sub in subs]


async def create(db: AsyncSession, settings: Settings, caller: Caller, body: SubscriptionIn) -> dict[str, Any]:
    events = check_events(caller, body.events)
    count = await db.scalar(select(func.count()).select_from(WebhookSubscription)
                            .where(WebhookSubscription.user_id == caller.acting_user_id)) or 0
    if count >= MAX_SUBSCRIPTIONS:
        raise ApiError(Code.BAD_PARAMETER, texts.TOO_MANY, field="name", values={"max": MAX_SUBSCRIPTIONS})
    await check_url(settings, body.url)
    now = utcnow()
    sub = WebhookSubscription(user_id=caller.acting_user_id, name=body.name, url=body.url, events=events,
                              secret=signing.new_secret(), active=body.active, created_at=now, updated_at=now)
    db.add(sub)
    await db.commit()
    return {**subscription_out(sub), "secret": sub.secret}


async def edit(db: AsyncSession, settings: Settings, caller: Caller, subscription_id: int,
               body: SubscriptionIn) -> dict[str, Any]:
    sub = await get_own(db, caller, subscription_id)
    events = check_events(caller, body.events)
    if body.url != sub.url:
        await check_url(settings, body.url)
    sub.name, sub.url, sub.events, sub.active, sub.updated_at = body.name, body.url, events, body.active, utcnow()
    if not body.active:
        sub.paused_at = None  # turned off by its owner: no longer "paused by the server"
    await db.commit()
    return subscription_out(sub)


async def rotate(db: AsyncSession, caller: Caller, subscription_id: int) -> dict[str, Any]:
    """A new secret, used from the next attempt on (the old one stops at once)."""
    sub = await get_own(db, caller, subscription_id)
    sub.secret, sub.updated_at = signing.new_secret(), utcnow()
    await db.commit()
    return {**subscription_out(sub), "secret": sub.secret}


async def delete(db: AsyncSession, caller: Caller, subscription_id: int) -> None:
    sub = await get_own(db, caller, subscription_id)
    await db.execute(sql_delete(OutboxSend).where(OutboxSend.kind == KIND, OutboxSend.ref_id.in_(
        select(WebhookDelivery.id).where(WebhookDelivery.subscription_id == sub.id)))
        .execution_options(synchronize_session=False))  # its sends go with its deliveries
    await db.delete(sub)
    await db.commit()


async def resume(db: AsyncSession, caller: Caller, subscription_id: int) -> dict[str, Any]:
    """A paused (or turned off) subscription on again; its waiting deliveries go at the sender's next round."""
    sub = await get_own(db, caller, subscription_id)
    sub.paused_at, sub.failing_since, sub.active, sub.updated_at = None, None, True, utcnow()
    await db.commit()
    return subscription_out(sub)


async def send_test(db: AsyncSession, caller: Caller, subscription_id: int) -> dict[str, Any]:
    """A ``webhook.test`` delivery for this subscription only, sent at once; at most ``TESTS_A_MINUTE`` a minute
    (refused with 429, naming ``subscriptionId``)."""
    sub = await get_own(db, caller, subscription_id)
    now, event_id = utcnow(), new_event_id()
    await _limit_tests(db, sub.id, now)
    body = catalogue.envelope(event_id, TEST_EVENT, now, {
        "subscriptionId": sub.id, "message": texts.TEST_MESSAGE.render(caller.language)})
    [delivery_id] = await write_deliveries(db, [(sub.id, event_id, TEST_EVENT, body)], now)
    await db.commit()
    return {"deliveryId": delivery_id, "eventId": event_id}


async def _limit_tests(db: AsyncSession, subscription_id: int, now: datetime) -> None:
    recent = list(await db.scalars(select(WebhookDelivery.created_at).where(
        WebhookDelivery.subscription_id == subscription_id, WebhookDelivery.event_type == TEST_EVENT,
        WebhookDelivery.created_at > now - timedelta(minutes=1)).order_by(WebhookDelivery.created_at)))
    if len(recent) >= TESTS_A_MINUTE:
        seconds = max(1, math.ceil((recent[-TESTS_A_MINUTE] + timedelta(minutes=1) - now).total_seconds()))
        raise ApiError(Code.RATE_LIMITED, texts.TEST_TOO_OFTEN, status=429, field="subscriptionId",
                       values={"limit": TESTS_A_MINUTE, "seconds": seconds})


async def _own_delivery(db: AsyncSession, caller: Caller, delivery_id: int) -> WebhookDelivery:
    row = (await db.execute(select(WebhookDelivery).join(
        WebhookSubscription, WebhookSubscription.id == WebhookDelivery.subscription_id).where(
        WebhookDelivery.id == delivery_id, WebhookSubscription.user_id == caller.acting_user_id))).scalar()
    if row is None:
        raise ApiError(Code.NOT_FOUND, texts.DELIVERY_NOT_FOUND, field="deliveryId", values={"id": delivery_id})
    return row


async def replay(db: AsyncSession, caller: Caller, delivery_id: int) -> dict[str, Any]:
    """The delivery sent again now (same event id and body, newly signed), as a new attempt; one attempt: a failed
    replay is not retried (the delivery is past its schedule), a replay of a pending one just makes it due now."""
    delivery = await _own_delivery(db, caller, delivery_id)
    await outbox.requeue(db, KIND, delivery.id)
    await db.commit()
    await db.refresh(delivery)
    return (await _deliveries_out(db, [delivery]))[0]


async def _deliveries_out(db: AsyncSession, deliveries: list[WebhookDelivery]) -> list[dict[str, Any]]:
    tries: dict[int, list[dict[str, Any]]] = {d.id: [] for d in deliveries}
    if tries:
        for delivery_id, attempt in await db.execute(
                select(OutboxSend.ref_id, OutboxAttempt).join(OutboxSend, OutboxSend.id == OutboxAttempt.send_id)
                .where(OutboxSend.kind == KIND, OutboxSend.ref_id.in_(tries))
                .order_by(OutboxAttempt.at.desc(), OutboxAttempt.id.desc())):
            tries[delivery_id].append({"at": attempt.at.isoformat(),
                                        "state": DELIVERED if attempt.state == SENT else attempt.state,
                                               "code": attempt.code, "durationMs": attempt.duration_ms,
                                               "error": attempt.error})
    return [{"deliveryId": d.id, "eventId": d.event_id, "eventType": d.event_type, "state": d.state,
             "attempts": d.attempts, "nextAt": _iso(d.next_at) if d.state == PENDING else None,
             "lastCode": d.last_code, "lastError": d.last_error,
             "lastDurationMs": tries[d.id][0]["durationMs"] if tries[d.id] else None,
             "createdAt": d.created_at.isoformat(), "deliveredAt": _iso(d.delivered_at), "tries": tries[d.id]}
            for d in deliveries]


async def deliveries(db: AsyncSession, caller: Caller, body: DeliveryListIn) -> dict[str, Any]:
    """A subscription's deliveries, newest first (paged)."""
    await get_own(db, caller, body.subscriptionId)
    query = select(WebhookDelivery).where(WebhookDelivery.subscription_id == body.subscriptionId)
    if body.state:
        query = query.where(WebhookDelivery.state == body.state)
    page = await paginate(db, query.order_by(WebhookDelivery.created_at.desc(), WebhookDelivery.id.desc()), body)
    page["list"] = await _deliveries_out(db, page["list"])
    return page


def catalogue_out() -> dict[str, Any]:
    language = caller_language()
    return {"version": catalogue.VERSION, "groups": [
        {"name": group, "label": label.render(language)} for group, label in catalogue.GROUPS.items()], "events": [
        {"name": name, "group": group, "key": key, "description": (model.__doc__ or "").strip(),
         "bodySchema": catalogue.schema_of(name), "sample": catalogue.sample(name)}
        for name, (group, key, model, _) in catalogue.EVENTS.items()]}
