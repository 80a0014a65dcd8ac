"""The second step's tickets and the WebAuthn challenges, and the subscriber that decides a sign-in's second step.

A ticket is what a sign-in whose first factor held gets instead of a session when a second factor is owed (or must
first be enrolled): 32 random bytes, only their SHA-256 kept, five minutes, single use (spent by an update that
only one request can win). Codes tried with it count on the person's own counter and the address's, as passwords
do (auth/throttle.py). A WebAuthn challenge is kept the same way behind a random handle. Expired rows are deleted
whenever a new one is written (no job needed).
"""

import secrets
from datetime import timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.auth import throttle
from cleanfleet.core.auth import hash_token
from cleanfleet.core.bus import SecondStep
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError
from cleanfleet.factors import policy, texts
from cleanfleet.factors.models import PURPOSE_ENROL, PURPOSE_VERIFY, FactorChallenge, FactorTicket
from cleanfleet.settings import Settings

TICKET_SECONDS = 5 * 60
CHALLENGE_SECONDS = 5 * 60
ENROL_METHODS = ("enrol", "totp", "webauthn")
_KEEP_EXPIRED = timedelta(hours=1)


async def second_step(db: AsyncSession, step: SecondStep, settings: Settings) -> None:
    """The in-transaction subscriber of SECOND_STEP_OWED (events.py): a person with a factor owes it (unless a
    provider or a passkey already checked one); a person without one whom the branch's policy or the admin rule
    requires to have one gets an enrolment ticket. Otherwise nothing: auth issues the session."""
    if step.mfa_done:
        return
    have = await policy.held(db, step.user_id)
    if have.any:
        purpose, methods = PURPOSE_VERIFY, have.methods()
    elif (await policy.effective(db, step.user_path)).require_two or await policy.admin_rule(
            db, step.user_id, step.level_depth, settings, use_grace=True):
        purpose, methods = PURPOSE_ENROL, ENROL_METHODS
    else:
        return
    step.ticket = await new_ticket(db, step.user_id, purpose, step.method, step.platform)
    step.methods = methods


async def new_ticket(db: AsyncSession, user_id: int, purpose: str, method: str, platform: str) -> str:
    now = utcnow()
    await db.execute(delete(FactorTicket).where(FactorTicket.expires_at < now - _KEEP_EXPIRED))
    raw = secrets.token_urlsafe(32)
    db.add(FactorTicket(ticket_hash=hash_token(raw), user_id=user_id, purpose=purpose, method=method[:16],
                        platform=platform[:32] or "web", created_at=now,
                        expires_at=now + timedelta(seconds=TICKET_SECONDS)))
    await db.flush()
    return raw


async def live_ticket(db: AsyncSession, raw: str, purpose: str) -> FactorTicket:
    """The unspent, unexpired ticket; CODE_EXPIRED naming ``ticket`` otherwise. A ticket of the other purpose is
    refused (CONFLICT): an enrolment ticket verifies nothing, a verification ticket enrols nothing."""
    ticket = await db.scalar(select(FactorTicket).where(FactorTicket.ticket_hash == hash_token(raw)))
    if ticket is None or ticket.used_at is not None or ticket.expires_at <= utcnow():
        raise ApiError(Code.CODE_EXPIRED, texts.TICKET_GONE, field="ticket")
    if ticket.purpose != purpose:
        reason = texts.ENROL_FIRST if ticket.purpose == PURPOSE_ENROL else texts.ALREADY_ENROLLED
        raise ApiError(Code.CONFLICT, reason, field="ticket")
    return ticket


async def spend_ticket(db: AsyncSession, ticket: FactorTicket) -> None:
    """Marks the ticket used in the caller's transaction; CODE_EXPIRED when another request spent it first."""
    result = await db.execute(update(FactorTicket).where(FactorTicket.id == ticket.id, FactorTicket.used_at.is_(None))
                              .values(used_at=utcnow()))
    if not result.rowcount:  # type: ignore[attr-defined]
        raise ApiError(Code.CODE_EXPIRED, texts.TICKET_GONE, field="ticket")


def counters(user_id: int, address: str, settings: Settings) -> list[throttle.Counter]:
    """A person's code attempts (``factor:<user id>``, as many as wrong passwords lock an account) and the
    address's (shared with its passwords)."""
    return [throttle.address_counter(address, settings), throttle.Counter(f"factor:{user_id}",
                                                                           settings.login_max_failures)]


async def new_challenge(db: AsyncSession, user_id: int | None, purpose: str, challenge: str, rp_id: str) -> str:
    now = utcnow()
    await db.execute(delete(FactorChallenge).where(FactorChallenge.expires_at < now - _KEEP_EXPIRED))
    handle = secrets.token_urlsafe(24)
    db.add(FactorChallenge(handle_hash=hash_token(handle), user_id=user_id, purpose=purpose, challenge=challenge,
                           rp_id=rp_id, expires_at=now + timedelta(seconds=CHALLENGE_SECONDS)))
    await db.flush()
    return handle


async def take_challenge(db: AsyncSession, handle: str, purpose: str, user_id: int | None) -> FactorChallenge:
    """The challenge behind ``handle``, deleted and committed at once (single use, whatever the answer it comes
    with); CODE_EXPIRED naming ``handle`` when it is unknown, expired, of another purpose or another person's."""
    row = await db.scalar(select(FactorChallenge).where(FactorChallenge.handle_hash == hash_token(handle)))
    if row is not None:
        await db.execute(delete(FactorChallenge).where(FactorChallenge.id == row.id))
        await db.commit()
    if row is None or row.expires_at <= utcnow() or row.purpose != purpose or row.user_id != user_id:
        raise ApiError(Code.CODE_EXPIRED, texts.CHALLENGE_GONE, field="handle")
    return row
