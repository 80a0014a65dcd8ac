"""Passwords of the user tree: hashing off the event loop, a user's own change, the initial password a parent
(re)sets, and the admin account's first password."""

import asyncio
import secrets

from sqlalchemy import update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.auth import throttle
from cleanfleet.auth.models import Token
from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter, no_permission
from cleanfleet.core.passwords import hashed, verify_password
from cleanfleet.settings import Settings
from cleanfleet.users import texts
from cleanfleet.users.models import LEVEL_ADMIN, User
from cleanfleet.users.service import (
    ADMIN_ACCOUNT,
    KEY_RESET_PASSWORD,
    _own_account,
    check_account_matches,
    child_user,
    create,
    get_by_account,
    is_self,
)

# --- passwords ----------------------------------------------------------------------------------------


async def set_password(db: AsyncSession, user: User, password: str) -> None:
    user.password_hash = await hashed(password)
    user.updated_at = utcnow()
    await db.flush()


async def revoke_tokens(db: AsyncSession, user_id: int, *, keep_token_hash: str | None = None) -> int:
    query = update(Token).where(Token.user_id == user_id, Token.revoked_at.is_(None))
    if keep_token_hash is not None:
        query = query.where(Token.token_hash != keep_token_hash)
    result = await db.execute(query.values(revoked_at=utcnow()))
    return result.rowcount or 0  # type: ignore[attr-defined]


async def change_own_password(db: AsyncSession, caller: Caller, *, user_id: int | None, account: str | None,
                              old: str, new: str, settings: Settings) -> int:
    """The caller's own password, after checking the current one (throttled like a sign-in: a stolen token
    must not guess it); signs out its other sessions."""
    if not is_self(caller, user_id):
        raise no_permission(texts.OWN_PASSWORD_ONLY, field="userId")
    user = await _own_account(db, caller)
    check_account_matches(user, account)
    if old == new:
        raise bad_parameter("newPassword", texts.SAME_PASSWORD)
    attempts = throttle.password_counter(user.id, settings)
    await throttle.reserve(db, [attempts], settings)
    if not await asyncio.to_thread(verify_password, user.password_hash, old):
        raise ApiError(Code.WRONG_CREDENTIALS, texts.WRONG_CURRENT_PASSWORD, field="password")
    await throttle.succeeded(db, clear=[attempts])
    await set_password(db, user, new)
    signed_out = await revoke_tokens(db, user.id, keep_token_hash=caller.token_hash)
    await db.commit()
    return signed_out


async def reset_initial_password(db: AsyncSession, caller: Caller, user_id: int, password: str | None) -> tuple[
        User, str]:
    """Give a child user a new initial password (random when none is given) and sign it out."""
    user = await child_user(db, caller, user_id, KEY_RESET_PASSWORD)
    password = password or initial_password()
    await set_password(db, user, password)
    await revoke_tokens(db, user.id)
    await db.commit()
    return user, password


def initial_password() -> str:
    """Ten characters of letters and digits, with at least one of each."""
    alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    while True:
        candidate = "".join(secrets.choice(alphabet) for _ in range(10))
        if any(c.isdigit() for c in candidate) and any(c.isalpha() for c in candidate):
            return candidate


# --- the admin account --------------------------------------------------------------------------------


async def ensure_admin(db: AsyncSession, password: str | None) -> str | None:
    """Create the admin account if missing. Returns the generated password, to be printed once."""
    if await get_by_account(db, ADMIN_ACCOUNT) is not None:
        return None
    generated = None
    if not password:
        generated = password = secrets.token_urlsafe(12)
    await create(db, account=ADMIN_ACCOUNT, name="Administrator", password=password, level_depth=LEVEL_ADMIN,
                 parent=None)
    await db.commit()
    return generated
