"""Windows cleaned by hand (/site/plan/byHand/*, issue 53 item 5; plans/byhand.py).

Key: ``site/index/by_hand`` for both calls. Scoped like every site call: a plan item or mark of another branch
answers NOT_FOUND naming ``planItemId`` or ``markId``."""

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession, utcnow
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter
from cleanfleet.sites.plans import byhand
from cleanfleet.sites.plans.schemas import ByHandId, ByHandIn, ByHandWindow

router = ApiRouter(prefix="/site/plan/byHand", tags=["sites"])


@router.call("/mark", answer=ByHandWindow)
async def by_hand_mark(body: ByHandIn, db: DbSession, caller: Caller = require(byhand.KEY)) -> JsonResponse:
    """Marks a plan item's window of a site day as cleaned by hand, with a note: its planned runs that no robot run
    completed read done, by hand. Refused naming ``day``: a day the item does not apply, a window not opened yet, a
    day more than 31 days back; CONFLICT naming ``planItemId``: the window is already marked (who, when), or the
    robots completed it whole. Answers the window as plan against actual now reads it. Key:
    ``site/index/by_hand``."""
    return ok(await byhand.mark(db, caller, body.planItemId, body.day, body.note, utcnow()))


@router.call("/delete", answer=ByHandWindow)
async def by_hand_delete(body: ByHandId, db: DbSession, caller: Caller = require(byhand.KEY)) -> JsonResponse:
    """Removes a mark: its window reads as the robots left it. Key: ``site/index/by_hand``."""
    return ok(await byhand.unmark(db, caller, body.markId, utcnow()))
