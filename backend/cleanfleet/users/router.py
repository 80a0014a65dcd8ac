"""User calls of api-spec 7.3."""

from datetime import timedelta

from fastapi import Request

from cleanfleet.auth import service as auth_service
from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession, utcnow
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.errors import no_permission
from cleanfleet.core.retention import purge_older_than
from cleanfleet.core.routing import ApiRouter
from cleanfleet.core.scope import user_in_subtree
from cleanfleet.users.schemas import CleanCacheOut, CleanTokenOut, UserTarget

router = ApiRouter(prefix="/user", tags=["users"])

CLEAR_DATA_AGE = timedelta(days=365)


async def _target_user_id(db: DbSession, caller: Caller, body: UserTarget, child_key: str) -> int:
    """The caller itself, or a user of its subtree when the caller holds ``child_key``."""
    if body.userId is None or body.userId in (caller.user_id, caller.acting_user_id):
        return caller.user_id if body.userId is None else body.userId
    if not caller.holds(child_key):
        raise no_permission(child_key)
    user = await user_in_subtree(db, caller, body.userId, field="userId")
    return user.id


@router.call("/cleanToken", answer=CleanTokenOut)
async def clean_token(body: UserTarget, request: Request, db: DbSession,
                      caller: Caller = require("index/clear_token")) -> JsonResponse:
    """Revoke every token of a user (the caller by default): signs it out everywhere."""
    user_id = await _target_user_id(db, caller, body, "user/index/clean_token")
    revoked = await auth_service.revoke_user_tokens(db, user_id)
    await request.app.state.bus.publish("auth.user_changed", {"user_id": user_id})
    return ok(CleanTokenOut(revoked=revoked), language=caller.language)


@router.call("/cleanCache", answer=CleanCacheOut)
async def clean_cache(body: UserTarget, request: Request, db: DbSession,
                      caller: Caller = require("index/clear_data")) -> JsonResponse:
    """Clear data: drop the server's caches for the subtree and its records older than one year."""
    user_id = await _target_user_id(db, caller, body, "user/index/edit")
    user = await user_in_subtree(db, caller, user_id, field="userId")
    before = utcnow() - CLEAR_DATA_AGE
    removed = await purge_older_than(db, user.path, before)
    await db.commit()
    await request.app.state.bus.publish("auth.user_changed", {"user_id": user_id})
    return ok(CleanCacheOut(removed=removed, before=before.isoformat()), language=caller.language)
