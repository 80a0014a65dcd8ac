"""Sign-in, tokens and the caller behind a token."""

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.auth import texts, throttle
from cleanfleet.auth.models import Token
from cleanfleet.core.auth import Caller, hash_token
from cleanfleet.core.bus import IN_TRANSACTION, PASSWORD_SIGN_IN, SECOND_STEP_OWED, SIGN_IN_HAPPENED, SecondStep
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter, no_permission
from cleanfleet.core.i18n import LANGUAGES
from cleanfleet.core.passwords import hash_password, needs_rehash, verify_password
from cleanfleet.core.retention import Within, register_purge
from cleanfleet.roles.service import effective_keys
from cleanfleet.settings import Settings
from cleanfleet.users import service as users
from cleanfleet.users.models import User


@dataclass(frozen=True)
class SignInContext:
    """Where a sign-in comes from: kept on its session (the person's sessions page) and in its events."""

    address: str
    user_agent: str = ""
    platform: str = "web"
    browser: str = ""  # the console's random id of this browser (header ``browser-id``): a new one is told of
    ticket_hash: str = ""  # the second step's ticket this sign-in finishes (factors/): sso links its session


@dataclass(frozen=True)
class SignInResult:
    """A finished sign-in: a session (``caller`` and ``token``), or, when a second factor is still owed, a short-lived
    ``ticket`` the second step redeems (factors/, issue 50 items 5-7) and the factors the person may use."""

    user: User
    caller: Caller | None = None
    token: str | None = None
    ticket: str | None = None
    methods: tuple[str, ...] = ()


async def login(db: AsyncSession, *, account: str, password: str, context: SignInContext, settings: Settings,
                signed_in: Callable[[Caller], None] = lambda caller: None) -> SignInResult:
    """Count the attempt, check the password and finish the sign-in. Raises LOGIN_LOCKED or WRONG_CREDENTIALS.
    ``signed_in`` learns the new caller before the token commits: the router makes it the request's caller, so
    the operation log records the sign-in under the account that signed in (a failed one is not logged)."""
    by_address = throttle.address_counter(context.address, settings)
    by_account = throttle.account_counter(account, settings)
    try:
        await throttle.reserve(db, [by_address, by_account], settings)
    except ApiError:
        await sign_in_refused(db, "sign_in_locked", account, context)
        raise
    user = await users.get_by_account(db, account)
    await db.commit()  # no connection held while argon2 works
    if not await password_matches(user, password):
        await sign_in_refused(db, "sign_in_failed", account, context, user)
        raise ApiError(Code.WRONG_CREDENTIALS)  # the attempt stays counted
    assert user is not None
    await IN_TRANSACTION.publish(db, PASSWORD_SIGN_IN, user=user)  # e.g. passwords off for the tenant (sso/)
    await upgrade_password_hash(db, user, password)
    await throttle.succeeded(db, clear=[by_account], give_back=[by_address])
    return await finish_sign_in(db, user, method="password", context=context, settings=settings,
                                signed_in=signed_in)


async def finish_sign_in(db: AsyncSession, user: User, *, method: str, context: SignInContext, settings: Settings,
                         mfa_done: bool = False, signed_in: Callable[[Caller], None] = lambda caller: None,
                         ) -> SignInResult:
    """Every way in ends here once the first factor holds (a password, an OpenID provider's answer, a passkey):
    a session is issued and committed. ``method`` is one of SIGN_IN_METHODS; ``mfa_done`` says a second factor
    was already checked (a provider's ``amr``, a passkey). When a second factor is owed (or must first be enrolled:
    factors/ decides, on SECOND_STEP_OWED), no session is issued: the result carries a short-lived ticket instead."""
    step = SecondStep(user_id=user.id, user_path=user.path, level_depth=user.level_depth, method=method,
                      platform=context.platform, mfa_done=mfa_done)
    await IN_TRANSACTION.publish(db, SECOND_STEP_OWED, step=step, settings=settings)
    if step.ticket is not None:
        await db.commit()
        return SignInResult(user=user, ticket=step.ticket, methods=step.methods)
    row, token = await issue_token(db, user, context.platform, settings.token_ttl, method=method, context=context)
    caller = await caller_for(db, user, row)
    signed_in(caller)
    await IN_TRANSACTION.publish(db, SIGN_IN_HAPPENED, kind="sign_in", user_id=user.id, account=user.account,
                                 method=method, context=context)  # the audit's event, a new browser's notice
    await db.commit()
    return SignInResult(user=user, caller=caller, token=token)


async def sign_in_refused(db: AsyncSession, kind: str, account: str, context: SignInContext,
                          user: User | None = None) -> None:
    """Records a refused sign-in (``sign_in_failed``: a wrong password or no such account, the account as typed;
    ``sign_in_locked``: the throttle's refusal) and commits it, since the refusal raised next rolls nothing back."""
    if user is None and kind == "sign_in_locked":
        user = await users.get_by_account(db, account)
    await IN_TRANSACTION.publish(db, SIGN_IN_HAPPENED, kind=kind, user_id=user.id if user else None,
                                 account=account, method="password", context=context)
    await db.commit()


async def sign_out(db: AsyncSession, caller: Caller, context: SignInContext) -> None:
    """/logout: the session's token revoked, and the sign-out recorded (sessions/), in one commit."""
    await db.execute(update(Token).where(Token.token_hash == caller.token_hash, Token.revoked_at.is_(None))
                     .values(revoked_at=utcnow()))
    await IN_TRANSACTION.publish(db, SIGN_IN_HAPPENED, kind="sign_out", user_id=caller.user_id,
                                 account=caller.account, method=None, context=context)
    await db.commit()


async def set_language(db: AsyncSession, caller: Caller, user_id: int | None, language: str) -> None:
    """Keep the caller's own interface language (one of LANGUAGES)."""
    if language not in LANGUAGES:
        raise bad_parameter("language", texts.UNKNOWN_LANGUAGE, languages=LANGUAGES)
    if user_id is not None and user_id != caller.user_id:
        raise no_permission(texts.OWN_LANGUAGE_ONLY, field="userId")
    await db.execute(update(User).where(User.id == caller.user_id).values(language=language))
    await db.commit()


async def password_matches(user: User | None, password: str) -> bool:
    """argon2 takes about 25 ms of CPU (core/passwords.py): in a worker thread, so other calls go on meanwhile.
    An unknown account costs the same check."""
    return await asyncio.to_thread(verify_password, user.password_hash if user else None, password) \
        and user is not None


async def upgrade_password_hash(db: AsyncSession, user: User, password: str) -> None:
    """A password hash made with older parameters is made again with today's (core/passwords.py), now that the
    password is known to match; the caller commits it with the sign-in."""
    if user.password_hash and needs_rehash(user.password_hash):
        renewed = await asyncio.to_thread(hash_password, password)
        await db.execute(update(User).where(User.id == user.id).values(password_hash=renewed))


async def issue_token(db: AsyncSession, user: User, platform: str, ttl_seconds: int, *, method: str = "password",
                      context: SignInContext | None = None) -> tuple[Token, str]:
    """A new random token; only its hash is stored, with how and from where the session began."""
    token = secrets.token_urlsafe(32)
    now = utcnow()
    row = Token(token_hash=hash_token(token), user_id=user.id, platform=platform[:32] or "web",
                created_at=now, expires_at=now + timedelta(seconds=ttl_seconds), method=method,
                address=context.address[:64] if context else None,
                user_agent=context.user_agent[:256] if context and context.user_agent else None)
    db.add(row)
    await db.flush()
    return row, token


async def revoke_token(db: AsyncSession, token_hash: str) -> None:
    await db.execute(update(Token).where(Token.token_hash == token_hash, Token.revoked_at.is_(None))
                     .values(revoked_at=utcnow()))
    await db.commit()


async def revoke_user_tokens(db: AsyncSession, user_id: int) -> int:
    result = await db.execute(update(Token).where(Token.user_id == user_id, Token.revoked_at.is_(None))
                              .values(revoked_at=utcnow()))
    await db.commit()
    return result.rowcount or 0  # type: ignore[attr-defined]


async def caller_for(db: AsyncSession, user: User, token: Token) -> Caller:
    owner = await users.get(db, user.shadow_of_id) if user.shadow_of_id else None
    acting = owner or user
    return Caller(
        user_id=user.id,
        account=user.account,
        name=user.name,
        level_depth=user.level_depth,
        acting_user_id=acting.id,
        acting_path=acting.path,
        acting_level=acting.level_depth,
        is_shadow=owner is not None,
        keys=await effective_keys(db, user, owner),
        language=user.language,
        token_hash=token.token_hash,
        expires_at=token.expires_at,
    )


async def resolve_caller(db: AsyncSession, token_hash: str) -> Caller | None:
    """The caller for a live session token, or None when it is unknown, expired or revoked (an integration's API
    token is resolved after it: ``apitokens.service.with_api_tokens``, wired in app.py)."""
    row = (await db.execute(
        select(Token, User).join(User, User.id == Token.user_id).where(
            Token.token_hash == token_hash, Token.revoked_at.is_(None), Token.expires_at > utcnow())
    )).first()
    if row is None:
        return None
    token, user = row
    return await caller_for(db, user, token)


async def purge_old_tokens(db: AsyncSession, within: Within, before: datetime, limit: int | None = None) -> int:
    """Clear data: tokens of the part's users that expired or were revoked before the cut-off."""
    users_below = select(User.id).where(within.holds(User.path))
    result = await db.execute(delete(Token).where(
        Token.user_id.in_(users_below),
        or_(Token.expires_at < before, Token.revoked_at < before),
    ))
    return result.rowcount or 0  # type: ignore[attr-defined]


register_purge("tokens", purge_old_tokens)
