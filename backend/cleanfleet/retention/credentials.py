"""Expired credentials leave with the purge job (issue 51): console sessions ended (expired or signed out) more than
``SESSIONS_KEPT`` ago, and API tokens expired more than ``API_TOKENS_KEPT`` ago (the person's "Sessions and tokens"
page shows a token as expired until then), in the job's bounded batches, each one short transaction.

They are no tenant's data with a period to choose (a session or a token past its end opens nothing), so they are not
a kind of ``core/retention.py`` and go every round, whatever the periods. What they were stays in the audit trail:
each sign-in, token made and session ended has its row there, and each batch adds one: an API token removed is an
``access_change`` of the system naming the token (``api_token#<id>``, its name, its person, when it expired) on its
person's branch; console sessions removed are one ``access_change`` per tenant and batch with their number. A
session's single sign-on record (``sso_sessions``, by the session's token hash) goes with it. The user menu's "clear
data" still removes its subtree's old sessions at once (auth/service.py ``purge_old_tokens``)."""

import time
from collections import Counter
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from sqlalchemy import delete, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.apitokens.models import ApiToken
from cleanfleet.audit import service as audit
from cleanfleet.auth.models import Token
from cleanfleet.core.db import Database
from cleanfleet.core.retention import rest_after
from cleanfleet.core.scope import tenant_path
from cleanfleet.settings import Settings
from cleanfleet.sso.models import SsoSession
from cleanfleet.users.models import User

SESSIONS_KEPT = timedelta(days=7)
API_TOKENS_KEPT = timedelta(days=30)


async def purge_sessions(db: AsyncSession, now: datetime, limit: int) -> int:
    """One batch of console sessions ended before ``now - SESSIONS_KEPT`` (at most ``limit``), with one audit row
    per tenant; answers how many went."""
    before = now - SESSIONS_KEPT
    rows = (await db.execute(select(Token.id, Token.token_hash, User.path).join(User, User.id == Token.user_id)
                             .where(or_(Token.expires_at < before, Token.revoked_at < before))
                             .order_by(Token.id).limit(limit))).all()
    if not rows:
        return 0
    await db.execute(delete(SsoSession).where(SsoSession.token_hash.in_([row.token_hash for row in rows]))
                     .execution_options(synchronize_session=False))
    await db.execute(delete(Token).where(Token.id.in_([row.id for row in rows]))
                     .execution_options(synchronize_session=False))
    for tenant, count in sorted(Counter(tenant_path(row.path) for row in rows).items()):
        audit.record(db, "access_change", actor_type="system", owner_path=tenant, target="sessions",
                     detail={"removed": "sessions", "reason": "ended", "count": count,
                             "endedBefore": before.isoformat()})
    return len(rows)


async def purge_api_tokens(db: AsyncSession, now: datetime, limit: int) -> int:
    """One batch of API tokens expired before ``now - API_TOKENS_KEPT`` (at most ``limit``), each with its audit row;
    answers how many went."""
    rows = (await db.execute(select(ApiToken.id, ApiToken.name, ApiToken.user_id, ApiToken.expires_at, User.path)
                             .join(User, User.id == ApiToken.user_id)
                             .where(ApiToken.expires_at < now - API_TOKENS_KEPT).order_by(ApiToken.id)
                             .limit(limit))).all()
    if not rows:
        return 0
    await db.execute(delete(ApiToken).where(ApiToken.id.in_([row.id for row in rows]))
                     .execution_options(synchronize_session=False))
    for row in rows:
        audit.record(db, "access_change", actor_type="system", owner_path=row.path, target=f"api_token#{row.id}",
                     detail={"removed": "api_token", "reason": "expired", "apiToken": row.id, "name": row.name,
                             "userId": row.user_id, "expiredAt": row.expires_at.isoformat()})
    return len(rows)


async def drain(database: Database, settings: Settings, batch: Callable[[AsyncSession, int], Awaitable[int]]) -> int:
    """``batch`` until it removes fewer than ``CLEANFLEET_RETENTION_BATCH`` rows, one transaction each with the job's
    rest between; answers how many went."""
    removed = 0
    while True:
        started = time.monotonic()
        async with database.sessions() as db:
            done = await batch(db, settings.retention_batch)
            await db.commit()
        removed += done
        if done < settings.retention_batch:
            return removed
        await rest_after(started, settings.retention_pause, database)  # the server's calls go first


async def purge_credentials(database: Database, settings: Settings, now: datetime) -> dict[str, int]:
    """Every batch of both; answers how many of each went."""
    return {"sessions": await drain(database, settings, lambda db, limit: purge_sessions(db, now, limit)),
            "apiTokens": await drain(database, settings, lambda db, limit: purge_api_tokens(db, now, limit))}
