"""The message centre (/message/*): the caller's own messages, unread or all, mark read, delete.

Every signed-in user has a message centre: the calls need the ``message/index`` page key (every preset holds
it), deleting its ``delete`` button. A message is the acting user's (a shadow reads its owner's).
"""

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.paging import paginate
from cleanfleet.core.routing import ApiRouter
from cleanfleet.messages import service
from cleanfleet.messages.schemas import (
    MessageIdIn,
    MessageOpenOut,
    MessagePage,
    MessageReadIn,
    MessageReadOut,
    MessagesIn,
)

router = ApiRouter(prefix="/message", tags=["messages"])
PAGE = "message/index"


async def _page(db: DbSession, caller: Caller, body: MessagesIn, *, unread: bool) -> JsonResponse:
    query = service.mine(caller.acting_user_id, unread=unread, kind=body.kind)
    page = await paginate(db, query, body, row=service.message_answer)
    return ok({**page, "unread": await service.count_unread(db, caller.acting_user_id)})


@router.call("/findMessageByUnRead", answer=MessagePage)
async def find_unread(body: MessagesIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """The caller's unread messages, newest first (paged); ``unread`` is the header's count."""
    return await _page(db, caller, body, unread=True)


@router.call("/findAllMessage", answer=MessagePage)
async def find_all(body: MessagesIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """All the caller's messages, newest first (paged)."""
    return await _page(db, caller, body, unread=False)


@router.call("/openMessage", answer=MessageOpenOut)
async def open_message(body: MessageIdIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """One of the caller's messages, opened: answered whole and marked read, with the unread count after."""
    return ok(await service.open_message(db, caller.acting_user_id, body.id))


@router.call("/updateMessageRead", answer=MessageReadOut)
async def mark_read(body: MessageReadIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """Marks one message read (``id``), or every unread one when ``id`` is absent."""
    changed = await service.mark_read(db, caller.acting_user_id, body.id)
    return ok({"changed": changed, "unread": await service.count_unread(db, caller.acting_user_id)})


@router.call("/updateMessageDelete", answer=MessageReadOut)
async def delete(body: MessageIdIn, db: DbSession, caller: Caller = require(f"{PAGE}/delete")) -> JsonResponse:
    """Deletes one of the caller's messages."""
    await service.delete_message(db, caller.acting_user_id, body.id)
    return ok({"changed": 1, "unread": await service.count_unread(db, caller.acting_user_id)})
