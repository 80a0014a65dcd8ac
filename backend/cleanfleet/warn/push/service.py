"""Subscribing a browser, listing and removing a user's subscriptions, and the subscriptions a notification goes to.

The checks of a subscription name the field the console sent (``endpoint``, ``keys.p256dh``, ``keys.auth``) in the
request's language: an endpoint the server may not call (core/outbound.py ``push_rules``: https on port 443 to a
public host; loopback only with ``CLEANFLEET_PUSH_ALLOW_HTTP_LOOPBACK``), a key that is not a P-256 point or a secret
that is not 16 bytes, more than ``MAX_PER_USER`` browsers for one user, or an endpoint another user registered
(``ALREADY_EXISTS``: it stays theirs while their session goes on; the console then asks its browser for a new
endpoint).
"""

import base64
import binascii
from datetime import datetime
from typing import Any

from cryptography.hazmat.primitives.asymmetric import ec
from sqlalchemy import delete, func, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.auth.models import Token
from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter, not_found
from cleanfleet.core.outbound import UnsafeUrl, check, push_rules
from cleanfleet.settings import Settings
from cleanfleet.warn.push import texts
from cleanfleet.warn.push.models import MAX_PER_USER, PushSubscription
from cleanfleet.warn.push.schemas import SubscribeIn
from cleanfleet.warn.push.send import Gone, PushFailed, push


def _unb64(text: str) -> bytes | None:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return None


def check_subscription(settings: Settings, body: SubscribeIn) -> None:
    try:
        check(body.endpoint, push_rules(settings.push_allow_http_loopback))
    except UnsafeUrl as exc:
        raise bad_parameter("endpoint", texts.ENDPOINT_PORT if exc.reason == "port" else texts.ENDPOINT_UNSAFE) \
            from exc
    point = _unb64(body.keys.p256dh)
    try:
        if point is None or len(point) != 65:
            raise ValueError
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError as exc:
        raise bad_parameter("keys.p256dh", texts.KEY_WRONG) from exc
    secret = _unb64(body.keys.auth)
    if secret is None or len(secret) != 16:
        raise bad_parameter("keys.auth", texts.AUTH_WRONG)


async def _session_id(db: AsyncSession, caller: Caller) -> int | None:
    return await db.scalar(select(Token.id).where(Token.token_hash == caller.token_hash))


def _taken() -> ApiError:
    return ApiError(Code.ALREADY_EXISTS, texts.ENDPOINT_TAKEN, field="endpoint")


async def _session_ended(db: AsyncSession, row: PushSubscription) -> bool:
    """Whether the session that made the row is over (its notifications stopped then: the row is nobody's)."""
    if row.token_id is None:
        return False
    ended = or_(Token.revoked_at.is_not(None), Token.expires_at <= utcnow())
    return await db.scalar(select(Token.id).where(Token.id == row.token_id, ended)) is not None


async def _own_row(db: AsyncSession, caller: Caller, endpoint: str) -> PushSubscription | None:
    """The caller's row of this endpoint, or None; another user's is refused, unless its session ended (then it
    is removed: a browser that changed hands after a session that was never signed out of)."""
    row = await db.scalar(select(PushSubscription).where(PushSubscription.endpoint == endpoint))
    if row is None or row.user_id == caller.user_id:
        return row
    if not await _session_ended(db, row):
        raise _taken()
    await db.delete(row)
    await db.flush()
    return None


async def subscribe(db: AsyncSession, settings: Settings, caller: Caller, body: SubscribeIn) -> int:
    """Stores the browser for the signed-in user (the same user's endpoint again: the row is updated; another
    user's: refused)."""
    check_subscription(settings, body)
    row = await _own_row(db, caller, body.endpoint)
    others = select(func.count()).select_from(PushSubscription).where(PushSubscription.user_id == caller.user_id)
    if row is not None:
        others = others.where(PushSubscription.id != row.id)
    if (await db.scalar(others) or 0) >= MAX_PER_USER:
        raise bad_parameter("endpoint", texts.TOO_MANY, max=MAX_PER_USER)
    session_id = await _session_id(db, caller)
    if row is None:
        row = PushSubscription(endpoint=body.endpoint, user_id=caller.user_id)
        db.add(row)
    row.token_id = session_id
    row.p256dh, row.auth, row.label = body.keys.p256dh, body.keys.auth, body.label
    row.last_failure = None
    try:
        await db.commit()
    except IntegrityError:  # another call stored the same endpoint at the same moment
        await db.rollback()
        stored = await db.scalar(select(PushSubscription).where(PushSubscription.endpoint == body.endpoint))
        if stored is None or stored.user_id != caller.user_id:
            raise _taken() from None
        return stored.id
    return row.id


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


async def listed(db: AsyncSession, caller: Caller, endpoint: str | None) -> list[dict[str, Any]]:
    rows = await db.scalars(select(PushSubscription).where(PushSubscription.user_id == caller.user_id)
                            .order_by(PushSubscription.created_at, PushSubscription.id))
    return [{"id": r.id, "label": r.label, "createdAt": r.created_at.isoformat(), "lastSentAt": _iso(r.last_sent_at),
             "lastFailure": r.last_failure, "current": endpoint is not None and r.endpoint == endpoint} for r in rows]


async def unsubscribe(db: AsyncSession, caller: Caller, endpoint: str | None, subscription_id: int | None) -> None:
    """Removes one of the caller's own subscriptions (by this browser's endpoint or by id)."""
    if endpoint is None and subscription_id is None:
        raise bad_parameter("endpoint", texts.ENDPOINT_OR_ID)
    mine = PushSubscription.user_id == caller.user_id
    which = (PushSubscription.endpoint == endpoint) if endpoint is not None else (
        PushSubscription.id == subscription_id)
    result = await db.execute(delete(PushSubscription).where(mine, which))
    if not result.rowcount:  # type: ignore[attr-defined]
        raise not_found(texts.NOT_SUBSCRIBED, field="endpoint" if endpoint is not None else "id")
    await db.commit()


async def live_subscriptions(db: AsyncSession, user_id: int) -> list[PushSubscription]:
    """The user's subscriptions whose session goes on; those of ended sessions are deleted here (the caller
    commits)."""
    now = utcnow()
    ended = select(Token.id).where(or_(Token.revoked_at.is_not(None), Token.expires_at <= now))
    await db.execute(delete(PushSubscription).where(PushSubscription.user_id == user_id,
                                                    PushSubscription.token_id.in_(ended)))
    return list(await db.scalars(select(PushSubscription).where(PushSubscription.user_id == user_id)
                                 .order_by(PushSubscription.id)))


async def send_test(db: AsyncSession, settings: Settings, user_id: int, payload: dict[str, Any]) -> tuple[int, int]:
    """Sends ``payload`` to every browser the user subscribed; a gone one is deleted, a failure noted on its row;
    commits; answers (sent, failed)."""
    sent = failed = 0
    for subscription in await live_subscriptions(db, user_id):
        try:
            await push(settings, subscription, payload)
        except Gone:
            await db.delete(subscription)
            failed += 1
        except PushFailed as exc:
            subscription.last_failure = exc.failure
            failed += 1
        else:
            subscription.last_sent_at, subscription.last_failure = utcnow(), None
            sent += 1
    await db.commit()
    return sent, failed


async def reachable(db: AsyncSession, user_ids: set[int]) -> set[int]:
    """Which of the users have a subscription (a notification to the others is not written)."""
    if not user_ids:
        return set()
    found = await db.scalars(select(PushSubscription.user_id).where(PushSubscription.user_id.in_(user_ids))
                             .distinct())
    return set(found)
