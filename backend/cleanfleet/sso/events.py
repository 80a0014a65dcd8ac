"""What sign-ins ask of single sign-on (wired in cleanfleet/events.py): a password sign-in (core/bus.py
``PASSWORD_SIGN_IN``) of an account below a node whose provider turned passwords off is refused, naming the provider
to sign in with; a sign-in that finishes a provider's sign-in after its second step (``SIGN_IN_HAPPENED`` with the
ticket's hash) gets the provider's link, so that its exit goes through the provider's sign-out too."""

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.auth.models import Token
from cleanfleet.auth.service import SignInContext
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError
from cleanfleet.core.scope import ids_on_path
from cleanfleet.sso import texts
from cleanfleet.sso.models import TICKET, SsoFlow, SsoProvider, SsoSession
from cleanfleet.users.models import User


async def password_sign_in(db: AsyncSession, user: User) -> None:
    """Refuses (NO_PERMISSION naming ``password``) when an enabled provider of a node above the account turned
    passwords off: "its people" are the accounts below the node, never the node's own account (so a provider that
    fails cannot lock out the account that configures it)."""
    above = [node_id for node_id in ids_on_path(user.path) if node_id != user.id]
    if not above:
        return
    name = await db.scalar(select(SsoProvider.name).where(
        SsoProvider.node_id.in_(above), SsoProvider.passwords_off.is_(True), SsoProvider.enabled.is_(True))
        .order_by(SsoProvider.id).limit(1))
    if name is not None:
        raise ApiError(Code.NO_PERMISSION, texts.PASSWORDS_OFF, field="password", values={"provider": name})


async def sign_in_happened(db: AsyncSession, *, kind: str, user_id: int | None, method: str | None,
                           context: SignInContext, **_: Any) -> None:
    """A provider's sign-in that owed a second factor (flow.py kept its ID token under the ticket's hash) is
    finished by the factors' second step: the session just issued becomes the provider's (``sso_sessions``), as a
    sign-in without a second step does at once. The link is used once and only within its time."""
    if kind != "sign_in" or method != "oidc" or user_id is None or not context.ticket_hash:
        return
    pending = await db.scalar(select(SsoFlow).where(SsoFlow.kind == TICKET,
                                                    SsoFlow.code_hash == context.ticket_hash))
    if pending is None:
        return
    await db.delete(pending)
    # the session auth issued in this transaction: the newest of the person's rows this unit of work holds
    issued = [row for row in db.identity_map.values() if isinstance(row, Token) and row.user_id == user_id]
    if pending.expires_at < utcnow() or not issued:
        return
    session = max(issued, key=lambda row: row.id)
    db.add(SsoSession(token_hash=session.token_hash, provider_id=pending.provider_id, user_id=user_id,
                      id_token_sealed=pending.verifier_sealed))

