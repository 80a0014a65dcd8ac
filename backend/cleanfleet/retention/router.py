"""Data retention (/retention/*, page ``retention``, issue 51 item 5; docs/domains/retention.md): how long each kind
of data is kept at a node of the caller's subtree, the limits it may choose within, and the last purges.

Reading needs the page key ``retention``; setting a period and asking what a shorter one would remove, its ``edit``
button. A node is the caller's own by default, or any node of its subtree (``userId``)."""

from fastapi import Request

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter
from cleanfleet.retention import service
from cleanfleet.retention.schemas import NodeIn, PreviewIn, PreviewOut, RetentionOut, SetIn

router = ApiRouter(prefix="/retention", tags=["data retention"])
PAGE = "retention"


@router.call("/get", answer=RetentionOut)
async def retention_get(body: NodeIn, request: Request, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """A node's periods per kind of data (in force, its own, the nodes above, the deployment's limits) and the last
    purges of its branch."""
    return ok(await service.retention_of(db, caller, body.userId, request.app.state.settings))


@router.call("/set", answer=RetentionOut)
async def retention_set(body: SetIn, request: Request, db: DbSession,
                        caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Sets a node's own period of one kind (``days`` null: removes it, the nodes above decide). Refused outside the
    deployment's least and most, or above what a node above keeps (field ``days``)."""
    return ok(await service.set_period(db, caller, body.userId, body.kind, body.days, request.app.state.settings))


@router.call("/preview", answer=PreviewOut)
async def retention_preview(body: PreviewIn, request: Request, db: DbSession,
                            caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """How many records of a node's branch a period of ``days`` would remove at the next purge (at most 10,000 per
    purge are counted); nothing changes."""
    return ok(await service.preview(db, caller, body.userId, body.kind, body.days, request.app.state.settings))
