"""Shadow user calls (the user/userShadow page), under /user/shadow/. Rules in users/shadows.py. A shadow user is
an account that signs in: creating, changing and deleting one is a console session's call only (issue 45)."""

from fastapi import Request

from cleanfleet.core.auth import Caller, person_only, require
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter
from cleanfleet.storage import service as storage
from cleanfleet.users import search, shadows
from cleanfleet.users.router import user_changed
from cleanfleet.users.schemas import ShadowInsertIn, ShadowListIn, ShadowTarget, ShadowUpdateIn, UserOut, UserPage

router = ApiRouter(prefix="/user/shadow", tags=["shadow users"])


@router.call("/list", answer=UserPage)
async def list_shadows(body: ShadowListIn, db: DbSession, caller: Caller = require(shadows.KEY_LIST)) -> JsonResponse:
    """The shadow users of a user (default the caller), optionally matching account or name text; paged."""
    owner = await shadows.owner_for_list(db, caller, body.userId)
    return ok(await search.shadow_page(db, owner.id, body.keyword, body))


@router.call("/insert", answer=UserOut)
async def insert_shadow(body: ShadowInsertIn, db: DbSession,
                        caller: Caller = person_only(shadows.KEY_ADD)) -> JsonResponse:
    """Create a shadow user of the caller: it acts as the caller, with only the roles given (within the
    caller's keys). A shadow user cannot create shadow users; an API token cannot either."""
    user = await shadows.create_shadow(db, caller, body)
    return ok(await search.user_answer_by_id(db, user.id))


@router.call("/update", answer=UserOut)
async def update_shadow(body: ShadowUpdateIn, request: Request, db: DbSession,
                        caller: Caller = person_only(shadows.KEY_EDIT)) -> JsonResponse:
    """Edit a shadow user's profile and (with roleIds) its roles, never beyond its owner's keys."""
    user = await shadows.update_shadow(db, caller, body)
    await user_changed(request, user.id)
    return ok(await search.user_answer_by_id(db, user.id))


@router.call("/delete", answer=ShadowTarget)
async def delete_shadow(body: ShadowTarget, request: Request, db: DbSession,
                        caller: Caller = person_only(shadows.KEY_DELETE)) -> JsonResponse:
    """Delete a shadow user; its sessions end at once."""
    keys = await shadows.delete_shadow(db, caller, body.userId)
    await storage.delete_bytes(request.app.state.store, keys)
    await user_changed(request, body.userId)
    return ok(ShadowTarget(userId=body.userId))
