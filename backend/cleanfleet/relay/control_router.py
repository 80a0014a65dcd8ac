"""Remote control leases: /api/device/control/take, /release and /state.

A user takes a robot's control for 10, 30, 60 or 120 minutes or long term (0); while it is held, other
users' relay POSTs (commands) are refused with CONFLICT naming the holder, their GETs still work. The
holder may extend it by taking it again, and gives it back with release; a user above the holder in the
tree may release it too (someone left for the day with a long-term lease). Expired leases count as free.
A take or a release is pushed at once to every console that sees the robot (``live.leases`` → the WebSocket's
``leases`` event); the state answer says whether the caller may release (``mayRelease``).
Users taking and releasing the same robot at the same instant (two consoles, several workers) are decided by
the database: a take is one conditional upsert and a release deletes only the lease of the holder it was checked
against, so exactly one take wins and the others are told who holds it (CONFLICT), on SQLite and PostgreSQL
alike; a call that keeps losing such races answers CONFLICT "changing hands, try again", never a server error.
"""

from fastapi import Request

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.bus import LIVE_LEASES
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices.access import get_device
from cleanfleet.relay import service
from cleanfleet.relay.schemas import ControlDevice, ControlState, ControlTake

router = ApiRouter(prefix="/device/control", tags=["remote control"])


@router.call("/take", answer=ControlState)
async def take(body: ControlTake, request: Request, db: DbSession,
               caller: Caller = require(service.CONTROL_KEY)) -> JsonResponse:
    """Take (or extend) control of a robot for a while."""
    device = await get_device(db, caller, body.deviceId)
    lease = await service.take_control(db, caller, device, body.minutes)
    await request.app.state.bus.publish(LIVE_LEASES, {"leases": [service.lease_event(device, lease)]})
    return ok(service.lease_answer(device, lease, caller, may_release=True))


@router.call("/release", answer=ControlState)
async def release(body: ControlDevice, request: Request, db: DbSession,
                  caller: Caller = require(service.CONTROL_KEY)) -> JsonResponse:
    """Give a robot's control back."""
    device = await get_device(db, caller, body.deviceId)
    if await service.release_control(db, caller, device):
        await request.app.state.bus.publish(LIVE_LEASES, {"leases": [service.lease_event(device, None)]})
    return ok(service.lease_answer(device, None, caller))


@router.call("/state", answer=ControlState)
async def state(body: ControlDevice, db: DbSession, caller: Caller = require(service.CONTROL_PAGE)) -> JsonResponse:
    """Who holds a robot's control, until when."""
    device = await get_device(db, caller, body.deviceId)
    lease = await service.current_lease(db, device.id)
    return ok(service.lease_answer(device, lease, caller, may_release=await service.may_release(db, caller, lease)))
