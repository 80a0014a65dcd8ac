"""Sign-in events: one row per sign-in, failure, throttle, sign-out, session end and factor change (kind, who,
when, from where). Written in the caller's transaction; issue 51's audit log reads them.

Other domains (sso/, factors/) call ``record`` for their kinds; auth/ tells its sign-ins, failures and sign-outs on
the bus (core/bus.py ``SIGN_IN_HAPPENED``, handled by sessions/signins.py), so it imports no sessions module."""

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.audit import service as audit
from cleanfleet.audit.personal import Personal
from cleanfleet.sessions.models import EVENT_KINDS, SignInEvent

REFUSED = frozenset({"sign_in_failed", "sign_in_locked", "second_factor_failed", "provider_refused"})

__all__ = ["EVENT_KINDS", "SignInEvent", "record"]


def record(db: AsyncSession, kind: str, *, user_id: int | None, account: str = "", method: str | None = None,
           address: str | None = None, user_agent: str | None = None, by_user_id: int | None = None,
           detail: dict[str, Any] | None = None, owner_path: str | None = None) -> SignInEvent:
    """Adds one event to the caller's transaction (committed with what it records); answers the row (its id once
    flushed). Never a secret in ``detail``. With ``owner_path`` (the person's tree path; the root's for an account
    nobody has) the event also goes to the audit trail (issue 51), in the same transaction."""
    assert kind in EVENT_KINDS, kind
    row = SignInEvent(kind=kind, user_id=user_id, account=account[:128], method=method,
                      address=(address or None) and address[:64],
                      user_agent=(user_agent or None) and user_agent[:256], by_user_id=by_user_id, detail=detail)
    db.add(row)
    if owner_path is not None:
        audit.record(db, kind, actor_type="person", actor_id=by_user_id or user_id, acting_id=user_id,
                     actor_name=account, owner_path=owner_path,
                     target=f"user#{user_id}" if user_id else Personal(account, "account"),  # typed: a person's
                     outcome="refused" if kind in REFUSED else "ok", address=address, client=user_agent,
                     detail={**(detail or {}), **({"method": method} if method else {})} or None)
    return row
