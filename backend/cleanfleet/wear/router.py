"""The wear forecast (/wear/*, page ``wear/index``; issue 36 item 2).

Keys: every read (a robot's forecast, the fleet list, the lead time) needs the page key ``wear/index``; changing a
branch's lead time its ``settings`` button. Everything stays inside the caller's subtree: another branch's robot
answers NOT_FOUND naming ``deviceSerialNumber``, its site ``siteId``, a ``userId`` outside it is refused naming
``userId``.
"""

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices.access import get_device_by_serial, scope_path
from cleanfleet.devices.schemas import SerialIn
from cleanfleet.users.scope import user_in_subtree
from cleanfleet.wear import service
from cleanfleet.wear.schemas import DeviceWearOut, SettingsEditIn, SettingsIn, SettingsOut, WearListIn, WearPage

router = ApiRouter(prefix="/wear", tags=["wear"])
PAGE = "wear/index"


@router.call("/device", answer=DeviceWearOut)
async def wear_device(body: SerialIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """A robot's forecast, computed now: its usage rate (run hours per day over the last 28 days, with its range)
    and, for each consumable and maintenance reminder, the date it falls due, earliest..latest and how sure."""
    device = await get_device_by_serial(db, caller, body.deviceSerialNumber)
    return ok(await service.device_forecast(db, device))


@router.call("/list", answer=WearPage)
async def wear_list(body: WearListIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """The branch's forecasts by date (then robot and part), paged, filtered by site, kind and "due within N
    days"; with the counts of this week, next week, later and undated, and what to order per site and part.
    Refreshed by the wear scan every 10 minutes."""
    path = await scope_path(db, caller, body.userId)
    return ok(await service.fleet_list(db, path, site_id=body.siteId, kind=body.kind, within=body.withinDays,
                                       page_size=body.pageSize, page=body.currentPage))


@router.call("/settings", answer=SettingsOut)
async def wear_settings(body: SettingsIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """The branch's lead time: its own, else the nearest one above it, else 7 days."""
    user = await user_in_subtree(db, caller, body.userId if body.userId is not None else caller.acting_user_id)
    return ok(await service.settings_of(db, user.id, user.path))


@router.call("/settings/edit", answer=SettingsOut)
async def wear_settings_edit(body: SettingsEditIn, db: DbSession,
                             caller: Caller = require(f"{PAGE}/settings")) -> JsonResponse:
    """Sets the branch's lead time (0..60 days): its robots' owners are told that many days before a date."""
    user = await user_in_subtree(db, caller, body.userId if body.userId is not None else caller.acting_user_id)
    return ok(await service.edit_settings(db, user.id, user.path, body.leadDays))
