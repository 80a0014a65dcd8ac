"""The field kit (/field/*, page ``site/field``; issue 53 items 5-6): the snapshot a phone keeps to read without
signal, and the actions it queued then.

Keys: both calls need the page key ``site/field``; the snapshot's parts follow the caller's other keys (sites
``site/index`` or ``site/actual``, robots ``index`` or ``device/index``, incidents ``incident/index``); an action
needs its own button's key too (acknowledge and note ``incident/index/ack``, by hand ``site/index/by_hand``).
Everything stays inside the caller's subtree: another branch's incident or plan item answers NOT_FOUND."""

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession, utcnow
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.language import caller_language
from cleanfleet.core.routing import ApiRouter, Empty
from cleanfleet.fieldkit import service
from cleanfleet.fieldkit.schemas import ActIn, ActOut, SnapshotOut

router = ApiRouter(prefix="/field", tags=["field kit"])
PAGE = "site/field"


@router.call("/snapshot", answer=SnapshotOut)
async def field_snapshot(_body: Empty, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """What a person on site needs, to keep on the phone and read without signal: the caller's sites with today's
    windows and their states, its robots with their last state, its active incidents; bounded (50 sites, 200
    robots, 200 incidents: each list says how many there are in all). Key: ``site/field``."""
    return ok(await service.snapshot(db, caller, caller_language(), utcnow()))


@router.call("/act", answer=ActOut)
async def field_act(body: ActIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """A queued action (acknowledge an incident, add a note to one, mark a window cleaned by hand) with the id the
    phone made for it: applied once; sent again, it answers the first answer (``replayed``) and changes nothing; the
    same id with other fields is refused (CONFLICT naming ``actionId``). The domain's refusals are the call's
    (CONFLICT naming ``incidentId`` or ``planItemId`` when someone acted first). Keys: ``site/field`` and the
    action's (``incident/index/ack``, ``site/index/by_hand``)."""
    return ok(await service.act(db, caller, body, utcnow()))
