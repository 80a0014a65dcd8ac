"""API tokens: create (for the caller itself), list and revoke (its subtree's), and the caller a token stands for.

Decisions (docs/domains/apitokens.md):
- A token is ``cft_<public id>_<secret>``: 12 hex characters of public id (listed, so a user tells its tokens
  apart) and ``secrets.token_urlsafe(32)``; only the sha256 of the whole token is stored (``core.auth.hash_token``).
- It acts as its creator (the account that made it: a shadow account's token acts for the shadow's owner, as
  the shadow's session does) with the keys it was given that the creator still holds, read at every resolution
  (the session cache evicts on user and role changes), so a key taken from the creator is gone from the token.
- It never holds a key only a person may use (roles/catalogue.py ``PERSON_ONLY_KEYS``: accounts, passwords, roles,
  tokens, signing out; issue 45): such keys are refused at creation and dropped at every resolution, so a token
  made before that rule holds none either.
- Revoking deletes the row (the operation log keeps "API token X: deleted"); an expired token stays listed,
  marked expired, until it is revoked, and keeps its name taken. Names are unique per creator.
"""

import secrets
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

from sqlalchemy import Select, delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.apitokens import texts
from cleanfleet.apitokens.models import ApiToken
from cleanfleet.apitokens.schemas import MAX_DAYS, MAX_LIVE_TOKENS, KeyOut
from cleanfleet.core.auth import API_TOKEN_PREFIX, Caller, hash_token
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter, not_found
from cleanfleet.core.scope import path_prefix
from cleanfleet.roles.catalogue import CATALOGUE, PERSON_ONLY_KEYS
from cleanfleet.roles.service import effective_keys
from cleanfleet.users.models import User
from cleanfleet.users.scope import user_in_subtree

LAST_USE_EVERY = timedelta(seconds=60)  # last_used_at moves at most this often


def new_token() -> tuple[str, str]:
    """(public id, whole token)."""
    public_id = secrets.token_hex(6)
    return public_id, f"{API_TOKEN_PREFIX}{public_id}_{secrets.token_urlsafe(32)}"


def held_keys(caller: Caller) -> list[KeyOut]:
    """The catalogue's keys the caller holds, in the catalogue's (menu) order, each saying whether a new token may
    get it (``personOnly``: never)."""
    return [KeyOut(key=p.key, name=p.name, kind=p.kind, group=p.group, page=p.page,
                   personOnly=p.key in PERSON_ONLY_KEYS)
            for p in CATALOGUE if caller.holds(p.key)]


def _check_keys(caller: Caller, keys: list[str]) -> list[str]:
    for n, key in enumerate(keys):
        if key in keys[:n]:
            raise bad_parameter(f"keys.{n}", texts.KEY_TWICE, key=key)
    person_only = [key for key in keys if key in PERSON_ONLY_KEYS]
    if person_only:
        raise ApiError(Code.NO_PERMISSION, texts.KEYS_PERSON_ONLY, field="keys", values={"keys": person_only})
    for n, key in enumerate(keys):
        if not caller.holds(key):
            raise ApiError(Code.NO_PERMISSION, texts.KEY_NOT_HELD, field=f"keys.{n}", values={"key": key})
    return keys


async def create(db: AsyncSession, caller: Caller, *, name: str, expires_at: Any,
                 keys: list[str]) -> tuple[ApiToken, str]:
    """A new token of the caller's own account; answers the row and the whole token (shown once)."""
    now = utcnow()
    if expires_at <= now:
        raise bad_parameter("expiresAt", texts.EXPIRY_PAST)
    if expires_at > now + timedelta(days=MAX_DAYS):
        raise bad_parameter("expiresAt", texts.EXPIRY_TOO_FAR, days=MAX_DAYS)
    _check_keys(caller, keys)
    if await db.scalar(select(ApiToken.id).where(ApiToken.user_id == caller.user_id, ApiToken.name == name)):
        raise ApiError(Code.ALREADY_EXISTS, texts.NAME_TAKEN, field="name", values={"name": name})
    live = await db.scalar(select(func.count()).select_from(ApiToken).where(
        ApiToken.user_id == caller.user_id, ApiToken.expires_at > now)) or 0
    if live >= MAX_LIVE_TOKENS:
        raise ApiError(Code.CONFLICT, texts.TOO_MANY_TOKENS, field="name", values={"max": MAX_LIVE_TOKENS})
    public_id, token = new_token()
    row = ApiToken(public_id=public_id, token_hash=hash_token(token), user_id=caller.user_id, name=name,
                   keys=list(keys), created_at=now, expires_at=expires_at)
    db.add(row)
    try:
        await db.commit()
    except IntegrityError:  # the same name, made at the same moment by another call
        await db.rollback()
        raise ApiError(Code.ALREADY_EXISTS, texts.NAME_TAKEN, field="name", values={"name": name}) from None
    return row, token


async def query(db: AsyncSession, caller: Caller, user_id: int | None) -> Select[Any]:
    """The tokens of the caller's subtree (or of one user of it), newest first, with their creators."""
    found = select(ApiToken, User).join(User, User.id == ApiToken.user_id)
    if user_id is not None:
        await user_in_subtree(db, caller, user_id)
        found = found.where(ApiToken.user_id == user_id)
    else:
        found = found.where(path_prefix(User.path, caller.acting_path))
    return found.order_by(ApiToken.created_at.desc(), ApiToken.id.desc())  # type: ignore[return-value]


async def creator_keys(db: AsyncSession, user: User) -> frozenset[str]:
    """What the creator holds now (a shadow: never more than its owner)."""
    owner = await db.get(User, user.shadow_of_id) if user.shadow_of_id else None
    return await effective_keys(db, user, owner)


async def answers(db: AsyncSession, rows: list[Any]) -> list[dict[str, Any]]:
    now, held_by = utcnow(), dict[int, frozenset[str]]()
    out = []
    for token, user in rows:
        if user.id not in held_by:
            held_by[user.id] = await creator_keys(db, user)
        lost = [k for k in token.keys if k not in held_by[user.id] or k in PERSON_ONLY_KEYS]
        out.append({**answer(token, user.id, user.account), "lostKeys": lost, "expired": token.expires_at <= now})
    return out


def answer(token: ApiToken, user_id: int, account: str) -> dict[str, Any]:
    return {"id": token.id, "name": token.name, "prefix": f"{API_TOKEN_PREFIX}{token.public_id}",
            "keys": list(token.keys), "lostKeys": [], "userId": user_id, "account": account,
            "createdAt": token.created_at.isoformat(), "expiresAt": token.expires_at.isoformat(),
            "lastUsedAt": token.last_used_at.isoformat() if token.last_used_at else None,
            "expired": token.expires_at <= utcnow()}


async def revoke(db: AsyncSession, caller: Caller, token_id: int) -> str:
    """Deletes a token of the caller's subtree; answers its hash (the router tells every worker's cache)."""
    row = (await db.execute(select(ApiToken, User.path).join(User, User.id == ApiToken.user_id)
                            .where(ApiToken.id == token_id))).first()
    if row is None or not caller.owns_path(row.path):
        raise not_found(texts.TOKEN_NOT_FOUND, field="id", id=token_id)
    token = row.ApiToken
    await db.execute(delete(ApiToken).where(ApiToken.id == token.id))
    await db.commit()
    return token.token_hash


async def resolve(db: AsyncSession, token_hash: str) -> Caller | None:
    """The caller a live API token stands for, or None (unknown, revoked: deleted, expired, creator deleted)."""
    row = (await db.execute(select(ApiToken, User).join(User, User.id == ApiToken.user_id).where(
        ApiToken.token_hash == token_hash, ApiToken.expires_at > utcnow()))).first()
    if row is None:
        return None
    token, user = row
    owner = await db.get(User, user.shadow_of_id) if user.shadow_of_id else None
    acting = owner or user
    return Caller(
        user_id=user.id, account=user.account, name=user.name, level_depth=user.level_depth,
        acting_user_id=acting.id, acting_path=acting.path, acting_level=acting.level_depth,
        is_shadow=owner is not None, keys=token_keys(token, await effective_keys(db, user, owner)),
        language=user.language, token_hash=token_hash, expires_at=token.expires_at,
        api_token_id=token.id, api_token_name=token.name)


def token_keys(token: ApiToken, creator_holds: frozenset[str]) -> frozenset[str]:
    """What a token may use: its keys that its creator still holds, never one only a person may use (a token made
    before issue 45 may have been given one)."""
    return (frozenset(token.keys) & creator_holds) - PERSON_ONLY_KEYS


Resolver = Callable[[AsyncSession, str], Awaitable[Caller | None]]


def with_api_tokens(sessions: Resolver) -> Resolver:
    """``app.state.resolve_caller``: a console session's token first (``sessions``), else an API token. Wired in
    app.py, so auth/ and apitokens/ import neither the other."""

    async def resolve_caller(db: AsyncSession, token_hash: str) -> Caller | None:
        return await sessions(db, token_hash) or await resolve(db, token_hash)

    return resolve_caller


async def note_use(db: AsyncSession, token_id: int) -> None:
    """Moves last_used_at when it is older than LAST_USE_EVERY (one conditional UPDATE: several workers write it
    at most about once a minute between them)."""
    now = utcnow()
    await db.execute(update(ApiToken).where(
        ApiToken.id == token_id,
        (ApiToken.last_used_at.is_(None)) | (ApiToken.last_used_at < now - LAST_USE_EVERY),
    ).values(last_used_at=now))
    await db.commit()
