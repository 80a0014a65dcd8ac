"""The sign-in's second step: a ticket (from /login, or the OpenID callback's redirect) redeemed with a code or a
passkey, or used to enrol a first factor when the branch requires one; and a passkey alone as the whole sign-in
where the person's branch allows it. Each ends in ``auth.service.finish_sign_in`` with ``mfa_done``, which issues
the session (and records the sign-in) in the same commit that spends the ticket."""

from collections.abc import Callable

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.auth import service as auth
from cleanfleet.auth import throttle
from cleanfleet.auth.service import SignInContext, SignInResult
from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter, no_permission
from cleanfleet.factors import passkeys, policy, service, texts, tickets
from cleanfleet.factors.models import (
    CHALLENGE_ALONE,
    CHALLENGE_ASSERT,
    PURPOSE_ENROL,
    PURPOSE_VERIFY,
    FactorTicket,
    Passkey,
)
from cleanfleet.factors.schemas import Options, TotpStart
from cleanfleet.settings import Settings
from cleanfleet.users import service as users
from cleanfleet.users.models import User

SignedIn = Callable[[Caller], None]


async def _ticket_user(db: AsyncSession, raw: str, purpose: str) -> tuple[FactorTicket, User]:
    ticket = await tickets.live_ticket(db, raw, purpose)
    user = await users.get(db, ticket.user_id)
    if user is None:
        raise ApiError(Code.CODE_EXPIRED, texts.TICKET_GONE, field="ticket")
    return ticket, user


async def _finish(db: AsyncSession, ticket: FactorTicket, user: User, context: SignInContext, settings: Settings,
                  signed_in: SignedIn) -> SignInResult:
    await tickets.spend_ticket(db, ticket)
    return await auth.finish_sign_in(db, user, method=ticket.method, mfa_done=True, settings=settings,
                                     context=SignInContext(address=context.address, user_agent=context.user_agent,
                                                           platform=ticket.platform, browser=context.browser,
                                                           ticket_hash=ticket.ticket_hash),
                                     signed_in=signed_in)


async def verify(db: AsyncSession, raw: str, *, code: str | None, handle: str | None, credential: str | None,
                 party: passkeys.Party, context: SignInContext, settings: Settings,
                 signed_in: SignedIn) -> SignInResult:
    """The ticket's second factor: a code (the app's or a recovery code) or a passkey's assertion."""
    ticket, user = await _ticket_user(db, raw, PURPOSE_VERIFY)
    have = await policy.held(db, user.id)
    if credential:
        if not have.passkeys:
            raise bad_parameter("credential", texts.METHOD_NOT_OFFERED)
        if not handle:
            raise bad_parameter("handle", texts.CHALLENGE_GONE)
        await _assert_passkey(db, user, handle, credential, party, context, settings)
    elif code:
        await service.check_code(db, user, code, context, settings)
    else:
        raise bad_parameter("code", texts.CODE_FORMAT)
    return await _finish(db, ticket, user, context, settings, signed_in)


async def ticket_options(db: AsyncSession, raw: str, party: passkeys.Party) -> Options:
    """Assertion options for the ticket's person's passkeys (the second step with a passkey)."""
    ticket, user = await _ticket_user(db, raw, PURPOSE_VERIFY)
    mine = list(await db.scalars(select(Passkey).where(Passkey.user_id == user.id)))
    if not mine:
        raise bad_parameter("ticket", texts.METHOD_NOT_OFFERED)
    options, challenge = passkeys.assertion_options(party, mine, alone=False)
    handle = await tickets.new_challenge(db, user.id, CHALLENGE_ASSERT, challenge, party.rp_id)
    await db.commit()
    return Options(handle=handle, options=options)


async def _assert_passkey(db: AsyncSession, user: User, handle: str, credential: str, party: passkeys.Party,
                          context: SignInContext, settings: Settings) -> None:
    """The person's passkey signed the challenge (throttled like codes); its counter and last use are kept."""
    challenge = await tickets.take_challenge(db, handle, CHALLENGE_ASSERT, user.id)
    credential_id = passkeys.credential_id_of(credential)
    row = await db.scalar(select(Passkey).where(Passkey.credential_id == credential_id, Passkey.user_id == user.id))
    counted = tickets.counters(user.id, context.address, settings)
    await throttle.reserve(db, counted, settings)  # commits: the challenge is spent either way
    try:
        if row is None:
            raise ApiError(Code.WRONG_CREDENTIALS, texts.PASSKEY_UNKNOWN, field="credential")
        row.sign_count = passkeys.verify_assertion(party, credential, challenge.challenge, row, alone=False)
    except ApiError:
        service.record_event(db, "second_factor_failed", user, context, "webauthn")
        await db.commit()
        raise
    row.last_used_at = utcnow()
    await throttle.succeeded(db, clear=counted[1:], give_back=counted[:1])


# -- enrolling a first factor with an enrolment ticket --------------------------------------------------------------

async def enrol_totp_start(db: AsyncSession, raw: str, settings: Settings) -> TotpStart:
    _ticket, user = await _ticket_user(db, raw, PURPOSE_ENROL)
    return await service.start_totp(db, user, settings)


async def enrol_totp_confirm(db: AsyncSession, raw: str, code: str, *, context: SignInContext, settings: Settings,
                             signed_in: SignedIn) -> tuple[SignInResult, list[str] | None]:
    ticket, user = await _ticket_user(db, raw, PURPOSE_ENROL)
    made = await service.confirm_totp(db, user, code, context, settings)
    return await _finish(db, ticket, user, context, settings, signed_in), made


async def enrol_passkey_options(db: AsyncSession, raw: str, party: passkeys.Party) -> Options:
    _ticket, user = await _ticket_user(db, raw, PURPOSE_ENROL)
    return await service.passkey_options(db, user, party)


async def enrol_passkey_add(db: AsyncSession, raw: str, *, name: str, handle: str, credential: str,
                            party: passkeys.Party, context: SignInContext, settings: Settings,
                            signed_in: SignedIn) -> tuple[SignInResult, list[str] | None]:
    ticket, user = await _ticket_user(db, raw, PURPOSE_ENROL)
    _row, made = await service.add_passkey(db, user, party, name=name, handle=handle, credential=credential,
                                           context=context)
    return await _finish(db, ticket, user, context, settings, signed_in), made



# -- a passkey alone -----------------------------------------------------------------------------------------------

async def alone_options(db: AsyncSession, party: passkeys.Party) -> Options:
    """Options for any passkey of this site: the browser offers the discoverable ones it holds."""
    options, challenge = passkeys.assertion_options(party, None, alone=True)
    handle = await tickets.new_challenge(db, None, CHALLENGE_ALONE, challenge, party.rp_id)
    await db.commit()
    return Options(handle=handle, options=options)


async def alone(db: AsyncSession, handle: str, credential: str, *, party: passkeys.Party, context: SignInContext,
                settings: Settings, signed_in: SignedIn) -> SignInResult:
    """A passkey alone signs its person in when the person's branch allows it (policy.effective); its user must
    have been verified by the authenticator (a PIN, a fingerprint). Throttled by the address, and by the person
    once known."""
    challenge = await tickets.take_challenge(db, handle, CHALLENGE_ALONE, None)
    credential_id = passkeys.credential_id_of(credential)
    by_address = [throttle.address_counter(context.address, settings)]
    await throttle.reserve(db, by_address, settings)  # commits: the challenge is spent either way
    row = await db.scalar(select(Passkey).where(Passkey.credential_id == credential_id))
    if row is None:
        raise ApiError(Code.WRONG_CREDENTIALS, texts.PASSKEY_UNKNOWN, field="credential")
    user = await users.get(db, row.user_id)
    assert user is not None
    if challenge.rp_id != party.rp_id:
        raise ApiError(Code.CODE_EXPIRED, texts.CHALLENGE_GONE, field="handle")
    try:
        row.sign_count = passkeys.verify_assertion(party, credential, challenge.challenge, row, alone=True)
    except ApiError:
        service.record_event(db, "second_factor_failed", user, context, "passkey")
        await db.commit()
        raise
    if not (await policy.effective(db, user.path)).passkey_alone:
        await db.rollback()
        raise no_permission(texts.PASSKEY_ALONE_OFF, field="credential")
    row.last_used_at = utcnow()
    await throttle.succeeded(db, clear=[], give_back=by_address)
    return await auth.finish_sign_in(db, user, method="passkey", mfa_done=True, context=context, settings=settings,
                                     signed_in=signed_in)
