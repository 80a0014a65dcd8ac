"""The alarm settings calls (/wmWarnSet/queryByPage, /wmWarnSet/edit): a branch's channels per alarm or event.

Reading needs the ``warn/index/warn_set`` page key, changing its ``edit`` button; the branch is the caller's own
(its acting user) or a user of its subtree (``userId``).

The channels are data (warn/channels/): ``/wmWarnSet/channels`` serves them, and a setting answers every
registered channel. The list also says whether the server can send mail at all (``mailConfigured``, issue 30):
the e-mail channel stays on by default (settings_service), and a server without an SMTP server gets a notice on
the page instead of switches that silently do nothing.
"""

from fastapi import Request

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.language import request_language
from cleanfleet.core.paging import ALL
from cleanfleet.core.routing import ApiRouter
from cleanfleet.users.scope import user_in_subtree
from cleanfleet.warn import settings_service as service
from cleanfleet.warn.schemas import WarnChannelOut, WarnSetEditIn, WarnSetIn, WarnSetOut, WarnSetPage

router = ApiRouter(prefix="/wmWarnSet", tags=["alarm settings"])
PAGE = "warn/index/warn_set"


async def _branch(db: DbSession, caller: Caller, user_id: int | None) -> int:
    if user_id is None or user_id == caller.acting_user_id:
        return caller.acting_user_id
    return (await user_in_subtree(db, caller, user_id)).id


@router.call("/queryByPage", answer=WarnSetPage)
async def query_by_page(body: WarnSetIn, request: Request, db: DbSession,
                        caller: Caller = require(PAGE)) -> JsonResponse:
    """The branch's channels for every alarm name and event (paged, catalogue order), and whether mail can go out."""
    rows = await service.branch_settings(db, await _branch(db, caller, body.userId))
    start = 0 if body.pageSize >= ALL else (body.currentPage - 1) * body.pageSize
    shown = rows[start:] if body.pageSize >= ALL else rows[start:start + body.pageSize]
    return ok({"list": shown, "total": len(rows), "pageNum": body.currentPage, "pageSize": body.pageSize,
               "mailConfigured": bool(request.app.state.settings.smtp_host)})


@router.call("/edit", answer=WarnSetOut)
async def edit(body: WarnSetEditIn, db: DbSession, caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Sets the branch's channels for one alarm name or event."""
    user_id = await _branch(db, caller, body.userId)
    return ok(await service.edit(db, user_id, body.code, body.chosen(), caller.user_id))


@router.call("/channels", answer=list[WarnChannelOut])
async def channels(request: Request, _caller: Caller = require(PAGE)) -> JsonResponse:
    """The registered channels in settings order, named in the request's language, with whether the server can
    use each (the settings page draws a switch per channel from this list)."""
    return ok(service.served_channels(request.app.state.settings, request_language(request)))
