"""Subscribing a browser, listing and removing a user's subscriptions, and the subscriptions a notification goes to.

The checks of a subscription name the field the console sent (``endpoint``, ``keys.p256dh``, ``keys.auth``) in the
request's language: an endpoint the server may not call (core/outbound.py: https and a public host; loopback over
http only with ``CLEANFLEET_PUSH_ALLOW_HTTP_LOOPBACK``), a key that is not a P-256 point or a secret that is not 16
bytes, or more than ``MAX_PER_USER`` browsers for one user.
"""

import base64
import binascii
from datetime import datetime
from typing import Any

from cryptography.hazmat.primitives.asymmetric import ec
from sqlalchemy import delete, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.auth.models import Token
from cleanfleet.core.auth import Caller
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import bad_parameter, not_found
from cleanfleet.core.outbound import UnsafeUrl, check_url
from cleanfleet.settings import Settings
from cleanfleet.warn.push import texts
from cleanfleet.warn.push.models import MAX_PER_USER, PushSubscription
from cleanfleet.warn.push.schemas import SubscribeIn


def _unb64(text: str) -> bytes | None:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return None


def check_subscription(settings: Settings, body: SubscribeIn) -> None:
    try:
        check_url(body.endpoint, allow_loopback=settings.push_allow_http_loopback)
    except UnsafeUrl as exc:
        raise bad_parameter("endpoint", texts.ENDPOINT_UNSAFE) from exc
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


async def subscribe(db: AsyncSession, settings: Settings, caller: Caller, body: SubscribeIn) -> int:
    """Stores the browser for the signed-in user (the same endpoint again: the row is taken over and updated)."""
    check_subscription(settings, body)
    row = await db.scalar(select(PushSubscription).where(PushSubscription.endpoint == body.endpoint))
    others = select(func.count()).select_from(PushSubscription).where(PushSubscription.user_id == caller.user_id)
    if row is not None:
        others = others.where(PushSubscription.id != row.id)
    if (await db.scalar(others) or 0) >= MAX_PER_USER:
        raise bad_parameter("endpoint", texts.TOO_MANY, max=MAX_PER_USER)
    session_id = await _session_id(db, caller)
    if row is None:
        row = PushSubscription(endpoint=body.endpoint)
        db.add(row)
    row.user_id, row.token_id = caller.user_id, session_id
    row.p256dh, row.auth, row.label = body.keys.p256dh, body.keys.auth, body.label
    row.last_error = None
    await db.commit()
    return row.id


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


async def listed(db: AsyncSession, caller: Caller, endpoint: str | None) -> list[dict[str, Any]]:
    rows = await db.scalars(select(PushSubscription).where(PushSubscription.user_id == caller.user_id)
                            .order_by(PushSubscription.created_at, PushSubscription.id))
    return [{"id": r.id, "label": r.label, "createdAt": r.created_at.isoformat(), "lastSentAt": _iso(r.last_sent_at),
             "lastError": r.last_error, "current": endpoint is not None and r.endpoint == endpoint} for r in rows]


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


async def reachable(db: AsyncSession, user_ids: set[int]) -> set[int]:
    """Which of the users have a subscription (a notification to the others is not written)."""
    if not user_ids:
        return set()
    found = await db.scalars(select(PushSubscription.user_id).where(PushSubscription.user_id.in_(user_ids))
                             .distinct())
    return set(found)
