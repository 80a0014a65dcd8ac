"""/screen/summary (the wall display, /bigScreen) and /screen/deviceMap (page device/deviceAmap).

The wall display needs only a signed-in user, like the index page every user has (the console opens
/bigScreen outside the layout, with no page key of its own): each user sees the counts of their own
subtree, and a shadow user those of the user it acts as. The device map needs its page key.
"""

from typing import Annotated

from fastapi import Depends

from cleanfleet.core.auth import Caller, current_caller, require
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices.access import scope_path
from cleanfleet.devices.schemas import UserFilter
from cleanfleet.screen import service
from cleanfleet.screen.schemas import MapOut, ScreenIn, ScreenOut

router = ApiRouter(prefix="/screen", tags=["screen"])
MAP_PAGE = "device/deviceAmap"


@router.call("/summary", answer=ScreenOut)
async def screen_summary(body: ScreenIn, db: DbSession,
                         caller: Annotated[Caller, Depends(current_caller)]) -> JsonResponse:
    """The wall display in one answer: counts by state and the online rate, cleaned area today, this week and
    per day (seven local days), active alarms and the latest ones, devices per country and per province of
    China. Scoped to the caller's subtree (or a user's inside it); needs only sign-in."""
    path = await scope_path(db, caller, body.userId)
    answer = await service.screen(db, path, body.utcOffsetMinutes, body.alarms)
    return ok(answer)


@router.call("/deviceMap", answer=MapOut)
async def device_map(body: UserFilter, db: DbSession, caller: Caller = require(MAP_PAGE)) -> JsonResponse:
    """Every device of the subtree (or a user's inside it) with its coordinates, place, owner and live state
    (working, charging, idle, alarm or offline), for the device map; devices without coordinates too."""
    path = await scope_path(db, caller, body.userId)
    return ok(await service.device_map(db, path))
