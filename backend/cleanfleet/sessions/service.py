"""A person's console sessions and API tokens, seen and ended (issue 50 item 8).

Decisions (docs/domains/sessions.md):
- Every call needs a console session (an API token neither lists nor ends sessions). Without ``userId`` a person
  acts on their own; with another user's id (or on another user's session or token) the caller needs the key
  ``user/index/sessions`` (person-only) and that user in its subtree: another branch's answers NOT_FOUND naming the
  field, as a missing one.
- The session of the call itself is not ended here (THIS_SESSION naming ``id``): signing out does that.
- Ending a session revokes its token (the row stays, revoked, like a sign-out), records ``session_ended`` with who
  ended it, and the router tells every worker's session cache (TOKEN_REVOKED), so the session is refused at once.
- ``last_used_at`` moves at most once a minute per session (gate.py, ``note_use``).
"""

import asyncio
from datetime import timedelta
from typing import Any

from sqlalchemy import func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.apitokens import service as api_tokens
from cleanfleet.apitokens.models import ApiToken
from cleanfleet.auth.models import Token
from cleanfleet.auth.service import SignInContext
from cleanfleet.core.auth import Caller
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import bad_parameter, no_permission, not_found
from cleanfleet.core.texts import LACKS_KEYS
from cleanfleet.sessions import events, texts
from cleanfleet.sessions.agents import describe
from cleanfleet.users.models import User
from cleanfleet.users.scope import user_in_subtree

KEY = "user/index/sessions"  # another user's sessions and tokens (roles/catalogue.py, person-only)
LAST_USE_EVERY = timedelta(seconds=60)  # last_used_at moves at most this often


async def _target(db: AsyncSession, caller: Caller, user_id: int | None, field: str = "userId") -> User:
    """The user whose sessions the call is about: the caller, or one of its subtree with the key."""
    if user_id is None or user_id == caller.user_id:
        user = await db.get(User, caller.user_id)
        assert user is not None
        return user
    _hold_key(caller)
    return await user_in_subtree(db, caller, user_id, field=field)


def _hold_key(caller: Caller) -> None:
    if not caller.holds(KEY):
        raise no_permission(LACKS_KEYS, keys=[KEY])


def _live() -> Any:
    return (Token.revoked_at.is_(None)) & (Token.expires_at > utcnow())


async def sessions_of(db: AsyncSession, caller: Caller, user_id: int | None) -> dict[str, Any]:
    """The user's live console sessions (the last used first) and API tokens."""
    user = await _target(db, caller, user_id)
    rows = list(await db.scalars(select(Token).where(Token.user_id == user.id, _live()).order_by(
        func.coalesce(Token.last_used_at, Token.created_at).desc(), Token.id.desc())))
    agents = await asyncio.to_thread(lambda: [describe(row.user_agent) for row in rows])  # rules load off the loop
    sessions = [{
        "id": row.id, "method": row.method, "browser": agent.browser, "system": agent.system, "device": agent.device,
        "platform": row.platform, "address": row.address, "createdAt": row.created_at.isoformat(),
        "lastUsedAt": row.last_used_at.isoformat() if row.last_used_at else None,
        "expiresAt": row.expires_at.isoformat(), "current": row.token_hash == caller.token_hash,
    } for row, agent in zip(rows, agents, strict=True)]
    tokens = list((await db.execute(
        select(ApiToken, User).join(User, User.id == ApiToken.user_id).where(ApiToken.user_id == user.id)
        .order_by(ApiToken.created_at.desc(), ApiToken.id.desc()))).all())
    return {"userId": user.id, "account": user.account, "name": user.name, "own": user.id == caller.user_id,
            "sessions": sessions, "tokens": await api_tokens.answers(db, tokens)}


async def _owned(db: AsyncSession, caller: Caller, owner_id: int, path: str) -> bool:
    """True when the record's owner may be acted on by the caller: itself, or (with the key) its subtree's."""
    if owner_id == caller.user_id:
        return True
    _hold_key(caller)
    return caller.owns_path(path)


async def end(db: AsyncSession, caller: Caller, session_id: int, context: SignInContext) -> str:
    """Ends one live session (the caller's, or with the key one of its subtree's); answers its token's hash."""
    found = (await db.execute(select(Token, User.path).join(User, User.id == Token.user_id)
                              .where(Token.id == session_id, _live()))).first()
    if found is None or not await _owned(db, caller, found.Token.user_id, found.path):
        raise not_found(texts.SESSION_NOT_FOUND, field="id", id=session_id)
    token = found.Token
    if token.token_hash == caller.token_hash:
        raise bad_parameter("id", texts.THIS_SESSION, id=session_id)
    await _revoke(db, caller, [token], context, found.path)
    await db.commit()
    return token.token_hash


async def end_others(db: AsyncSession, caller: Caller, user_id: int | None, context: SignInContext) -> list[str]:
    """Ends every live session of the user but the call's own; answers their tokens' hashes."""
    user = await _target(db, caller, user_id)
    tokens = list(await db.scalars(select(Token).where(Token.user_id == user.id, _live(),
                                                       Token.token_hash != caller.token_hash)))
    await _revoke(db, caller, tokens, context, user.path)
    await db.commit()
    return [token.token_hash for token in tokens]


async def _revoke(db: AsyncSession, caller: Caller, tokens: list[Token], context: SignInContext,
                  owner_path: str) -> None:
    if not tokens:
        return
    await db.execute(update(Token).where(Token.id.in_([t.id for t in tokens]), Token.revoked_at.is_(None))
                     .values(revoked_at=utcnow()).execution_options(synchronize_session=False))
    for token in tokens:
        events.record(db, "session_ended", user_id=token.user_id, method=token.method, address=context.address,
                      user_agent=context.user_agent, by_user_id=caller.user_id, detail={"session": token.id},
                      account=caller.account, owner_path=owner_path)


async def revoke_token(db: AsyncSession, caller: Caller, token_id: int, context: SignInContext) -> str:
    """Revokes one API token (the caller's, or with the key one of its subtree's: apitokens' revoke); answers its
    hash."""
    found = (await db.execute(select(ApiToken, User.path).join(User, User.id == ApiToken.user_id)
                              .where(ApiToken.id == token_id))).first()
    if found is None or not await _owned(db, caller, found.ApiToken.user_id, found.path):
        raise not_found(texts.TOKEN_NOT_FOUND, field="id", id=token_id)
    token = found.ApiToken
    events.record(db, "session_ended", user_id=token.user_id, method="api_token", address=context.address,
                  user_agent=context.user_agent, by_user_id=caller.user_id,
                  detail={"apiToken": token.id, "name": token.name}, account=caller.account, owner_path=found.path)
    return await api_tokens.revoke(db, caller, token_id)  # it commits, with the event


async def note_use(db: AsyncSession, token_hash: str) -> None:
    """Moves a session's last_used_at when it is older than LAST_USE_EVERY (one conditional UPDATE: several workers
    write it at most about once a minute between them)."""
    now = utcnow()
    await db.execute(update(Token).where(
        Token.token_hash == token_hash,
        or_(Token.last_used_at.is_(None), Token.last_used_at < now - LAST_USE_EVERY),
    ).values(last_used_at=now).execution_options(synchronize_session=False))
    await db.commit()
