"""SIEM streaming (/audit/siem/*; the audit trail page's "SIEM streaming" tab, issue 51 item 3): a node's syslog
destinations, their health, and a test message.

Every call needs the page key ``audit`` and its button ``audit/siem``, person-only (roles/catalogue.py
``PERSON_ONLY_KEYS``): a destination decides where the branch's security events go, so an API token never manages
one. A destination belongs to a node of the caller's subtree; another branch's answers NOT_FOUND naming
``destinationId``."""

from fastapi import Request

from cleanfleet.core.auth import Caller, person_only
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter, Empty
from cleanfleet.siem import service
from cleanfleet.siem.schemas import (
    DestinationEditIn,
    DestinationIdIn,
    DestinationIn,
    DestinationList,
    DestinationOut,
    TestOut,
)

router = ApiRouter(prefix="/audit/siem", tags=["audit trail"])
KEYS = ("audit/siem",)  # a button of the audit page, person-only (PERSON_ONLY_KEYS): no token manages one


@router.call("/list", answer=DestinationList)
async def siem_list(_: Empty, db: DbSession, caller: Caller = person_only(*KEYS)) -> JsonResponse:
    """The syslog destinations of the caller's subtree, with their health (last sent, backlog, last error)."""
    return ok(await service.listing(db, caller))


@router.call("/add", answer=DestinationOut)
async def siem_add(body: DestinationIn, request: Request, db: DbSession,
                   caller: Caller = person_only(*KEYS)) -> JsonResponse:
    """Adds a node's destination; it streams the events sealed from now on. Refused naming the field: a node outside
    the subtree (``nodeId``), a host or port the server may not connect to (``host``, ``port``), an authority that
    is not a PEM certificate (``caPem``), a node's sixth (``name``)."""
    return ok(await service.create(db, request.app.state.settings, caller, body))


@router.call("/edit", answer=DestinationOut)
async def siem_edit(body: DestinationEditIn, request: Request, db: DbSession,
                    caller: Caller = person_only(*KEYS)) -> JsonResponse:
    """Changes a destination (its node stays); the next round connects anew. Refusals as ``add``'s."""
    return ok(await service.edit(db, request.app.state.settings, caller, body.destinationId, body))


@router.call("/delete", answer=None)
async def siem_delete(body: DestinationIdIn, db: DbSession, caller: Caller = person_only(*KEYS)) -> JsonResponse:
    """Deletes a destination (nothing more is sent to it)."""
    await service.delete(db, caller, body.destinationId)
    return ok(None)


@router.call("/test", answer=TestOut)
async def siem_test(body: DestinationIdIn, request: Request, db: DbSession,
                    caller: Caller = person_only(*KEYS)) -> JsonResponse:
    """Sends one test message (MSGID ``test``) over a new connection and answers whether it went; a failure's
    category is also the destination's last error."""
    return ok(await service.send_test(db, request.app.state.settings, caller, body.destinationId))
