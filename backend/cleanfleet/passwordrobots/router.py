"""The password switch (/api/passwordRobots/get and /set, key device/index/password_robots to change it) and the
product CA's certificate for robots (GET /api/robot/ca: public, robots verify the broker with it)."""

from fastapi import APIRouter, Request
from fastapi.responses import Response
from sqlalchemy import select

from cleanfleet.core.auth import Caller, person_only, require
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices.access import DEVICE_PAGE, scope_path
from cleanfleet.passwordrobots import service
from cleanfleet.passwordrobots.schemas import SwitchIn, SwitchOut, SwitchQuery
from cleanfleet.users.models import User

router = ApiRouter(prefix="/passwordRobots", tags=["devices"])
ca_router = APIRouter(include_in_schema=False)
SWITCH_KEY = "device/index/password_robots"


async def _answer(db: DbSession, path: str) -> SwitchOut:
    user = await db.scalar(select(User).where(User.path == path))
    assert user is not None  # scope_path answered this user's path
    own, allowed = await service.switch_of(db, user)
    counts = await service.robots_by_method(db, path)
    return SwitchOut(userId=user.id, own=own, allowed=allowed, passwordRobots=counts[service.PASSWORD],
                     certificateRobots=counts[service.CERTIFICATE], unknownRobots=counts[""])


@router.call("/get", answer=SwitchOut)
async def get_switch(body: SwitchQuery, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """Whether the robots of a user's subtree may sign in by password, and how many do."""
    return ok(await _answer(db, await scope_path(db, caller, body.userId)))


@router.call("/set", answer=SwitchOut)
async def set_switch(body: SwitchIn, db: DbSession, caller: Caller = person_only(SWITCH_KEY)) -> JsonResponse:
    """Allow or forbid password robots in a user's subtree (the brokers refuse them within seconds)."""
    path = await scope_path(db, caller, body.userId)
    user = await db.scalar(select(User).where(User.path == path))
    assert user is not None
    await service.set_switch(db, caller, user, body.allowed)
    return ok(await _answer(db, path))


@ca_router.get("/api/robot/ca")
async def robot_ca(request: Request) -> Response:
    """The product CA's certificate(s), PEM: a robot verifies the broker's TLS certificate with it."""
    from cleanfleet.certificates.ca import load_ca

    return Response(load_ca(request.app.state.settings).certificate_pem, media_type="application/x-pem-file",
                    headers={"Cache-Control": "public, max-age=300"})
