"""Sites (/site/*, pages site/index and site/actual; issue 33): sites, their buildings and floors, the robots at
them, their cleaning plans, how the robots' schedules serve the plans, and plan against actual.

Keys: reading sites, plans, schedules' coverage and the calendar needs the page key ``site/index``; the heat maps
(where the runs cleaned) either page's key; adding,
editing and deleting a site its ``add``, ``edit`` and ``delete`` buttons (buildings and floors are a site's edit);
bringing robots to a site and taking them away ``site/index/robots``; writing the plan ``site/index/plan``. Plan
against actual is the page ``site/actual``. The site picker is open to both pages. Everything stays inside the
caller's subtree; another branch's record answers NOT_FOUND naming the id's field.
"""

from fastapi import Request

from cleanfleet.core.auth import Caller, require, require_any
from cleanfleet.core.db import DbSession, utcnow
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.language import caller_language
from cleanfleet.core.paging import paginate
from cleanfleet.core.routing import ApiRouter, Empty
from cleanfleet.devices.access import scope_path
from cleanfleet.sites import robots, service, structure
from cleanfleet.sites.coverage import heatmap
from cleanfleet.sites.coverage.schemas import (
    FloorHeatMapIn,
    HeatMapOut,
    MapHeatMapIn,
)
from cleanfleet.sites.plans import actual_days, schedules
from cleanfleet.sites.plans import items as plans
from cleanfleet.sites.plans.actual_detail import detail as period_detail
from cleanfleet.sites.plans.schemas import (
    ActualIn,
    ActualSummaryIn,
    ActualSummaryOut,
    CalendarIn,
    CalendarOut,
    CoverageOut,
    PlanItemId,
    PlanItemIn,
    PlanItemOut,
    PlanItemUpdate,
    PlanListIn,
    SiteActualDetail,
    SiteDayIn,
)
from cleanfleet.sites.schemas import (
    BuildingId,
    BuildingIn,
    BuildingOut,
    BuildingUpdate,
    FloorId,
    FloorIn,
    FloorOut,
    FloorUpdate,
    RobotHistoryIn,
    RobotHistoryPage,
    SiteDetail,
    SiteId,
    SiteIn,
    SiteOption,
    SiteOut,
    SitePage,
    SitePageIn,
    SiteRobots,
    SiteRobotsOut,
    SiteUpdate,
)

router = ApiRouter(prefix="/site", tags=["sites"])
PAGE = "site/index"
ACTUAL = "site/actual"


def _robots(request: Request) -> schedules.RobotAccess:
    state = request.app.state
    return schedules.RobotAccess(state.db.sessions, state.relay_client, state.settings.relay_timeout)


# --- sites ---------------------------------------------------------------------------------------------------------


@router.call("/list", answer=SitePage)
async def site_list(body: SitePageIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """Sites of the subtree (or of one customer's subtree), by name; ``siteName`` searches name and address.
    Key: ``site/index``."""
    path = await scope_path(db, caller, body.userId)
    return ok(await paginate(db, service.sites_query(path, body.siteName), body, row=service.site_answer,
                             scalars=False))


@router.call("/options", answer=list[SiteOption])
async def site_options(_body: Empty, db: DbSession, caller: Caller = require_any(PAGE, ACTUAL)) -> JsonResponse:
    """Every site the caller may choose, by name (the pickers). Keys: ``site/index`` or ``site/actual``."""
    return ok(await service.options(db, caller))


@router.call("/detail", answer=SiteDetail)
async def site_detail(body: SiteId, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """One site with its buildings, floors (their maps and elevators) and the robots at it now. Key: ``site/index``."""
    return ok(await service.detail(db, await service.get_site(db, caller, body.siteId)))


@router.call("/insert", answer=SiteOut)
async def site_insert(body: SiteIn, db: DbSession, caller: Caller = require(f"{PAGE}/add")) -> JsonResponse:
    """Add a site for a customer of the subtree (default the caller); the name is unique per customer.
    Key: ``site/index/add``."""
    site = await service.create_site(db, caller, body)
    return ok(await service.answer_for(db, site.id))


@router.call("/update", answer=SiteOut)
async def site_update(body: SiteUpdate, db: DbSession, caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Edit a site's name, address or time zone (only the fields sent change). Key: ``site/index/edit``."""
    site = await service.edit_site(db, caller, body)
    return ok(await service.answer_for(db, site.id))


@router.call("/delete", answer=SiteId)
async def site_delete(body: SiteId, db: DbSession, caller: Caller = require(f"{PAGE}/delete")) -> JsonResponse:
    """Delete a site with everything it holds: buildings, floors, plan items and its robots' stays.
    Key: ``site/index/delete``."""
    await service.remove_site(db, caller, body.siteId)
    return ok({"siteId": body.siteId})


# --- buildings and floors --------------------------------------------------------------------------------------------


@router.call("/building/insert", answer=BuildingOut)
async def building_insert(body: BuildingIn, db: DbSession, caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Add a building to a site (at most 50; the name unique in the site). Key: ``site/index/edit``."""
    building = await structure.create_building(db, caller, body.siteId, body.buildingName)
    return ok(await structure.building_answer(db, building))


@router.call("/building/update", answer=BuildingOut)
async def building_update(body: BuildingUpdate, db: DbSession,
                          caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Rename a building. Key: ``site/index/edit``."""
    building = await structure.rename_building(db, caller, body.buildingId, body.buildingName)
    return ok(await structure.building_answer(db, building))


@router.call("/building/delete", answer=BuildingId)
async def building_delete(body: BuildingId, db: DbSession,
                          caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Delete a building and its floors; refused (naming the floor) while a floor of it has plan items.
    Key: ``site/index/edit``."""
    await structure.remove_building(db, caller, body.buildingId)
    return ok({"buildingId": body.buildingId})


@router.call("/floor/insert", answer=FloorOut)
async def floor_insert(body: FloorIn, db: DbSession, caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Add a floor to a building, tied to the maps it is cleaned on and the elevators that serve it.
    Key: ``site/index/edit``."""
    floor = await structure.create_floor(db, caller, body)
    return ok(await structure.floor_answer(db, floor.id))


@router.call("/floor/update", answer=FloorOut)
async def floor_update(body: FloorUpdate, db: DbSession, caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Edit a floor; ``maps`` and ``elevatorIds`` sent replace its lists. Key: ``site/index/edit``."""
    floor = await structure.edit_floor(db, caller, body)
    return ok(await structure.floor_answer(db, floor.id))


@router.call("/floor/delete", answer=FloorId)
async def floor_delete(body: FloorId, db: DbSession, caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Delete a floor; refused while it has plan items. Key: ``site/index/edit``."""
    await structure.remove_floor(db, caller, body.floorId)
    return ok({"floorId": body.floorId})


# --- robots ------------------------------------------------------------------------------------------------------


@router.call("/robot/assign", answer=SiteRobotsOut)
async def robot_assign(body: SiteRobots, db: DbSession,
                       caller: Caller = require(f"{PAGE}/robots")) -> JsonResponse:
    """Bring robots of the site's customer to the site; a robot at another site leaves it now (its past runs
    stay with that site). Answers the robots that moved. Key: ``site/index/robots``."""
    return ok({"siteId": body.siteId, "deviceIds": await robots.assign(db, caller, body.siteId, body.deviceIds)})


@router.call("/robot/unassign", answer=SiteRobotsOut)
async def robot_unassign(body: SiteRobots, db: DbSession,
                         caller: Caller = require(f"{PAGE}/robots")) -> JsonResponse:
    """Take robots away from the site; answers those that were there. Key: ``site/index/robots``."""
    return ok({"siteId": body.siteId, "deviceIds": await robots.unassign(db, caller, body.siteId, body.deviceIds)})


@router.call("/robot/history", answer=RobotHistoryPage)
async def robot_history(body: RobotHistoryIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """The stays at a site (``siteId``) or of a robot at the caller's sites (``deviceId``), latest first.
    Key: ``site/index``."""
    return ok(await robots.history(db, caller, body, body.siteId, body.deviceId))


# --- plans -------------------------------------------------------------------------------------------------------


@router.call("/plan/list", answer=list[PlanItemOut])
async def plan_list(body: PlanListIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """A site's plan items (or one floor's), by building, floor and window. Key: ``site/index``."""
    return ok(await plans.list_items(db, caller, body.siteId, body.floorId))


@router.call("/plan/insert", answer=PlanItemOut)
async def plan_insert(body: PlanItemIn, db: DbSession, caller: Caller = require(f"{PAGE}/plan")) -> JsonResponse:
    """Add a plan item: a floor of the site, the weekdays, a window of the site's day (ends after it starts, never
    past midnight: no overnight windows), runs a day and the targets. Key: ``site/index/plan``."""
    item = await plans.create(db, caller, body)
    return ok(await plans.answer_for(db, item.id))


@router.call("/plan/update", answer=PlanItemOut)
async def plan_update(body: PlanItemUpdate, db: DbSession,
                      caller: Caller = require(f"{PAGE}/plan")) -> JsonResponse:
    """Edit a plan item (only the fields sent change; the same window rules). Key: ``site/index/plan``."""
    item = await plans.edit(db, caller, body)
    return ok(await plans.answer_for(db, item.id))


@router.call("/plan/delete", answer=PlanItemId)
async def plan_delete(body: PlanItemId, db: DbSession, caller: Caller = require(f"{PAGE}/plan")) -> JsonResponse:
    """Delete a plan item. Key: ``site/index/plan``."""
    await plans.remove(db, caller, body.planItemId)
    return ok({"planItemId": body.planItemId})


@router.call("/plan/coverage", answer=CoverageOut)
async def plan_coverage(body: SiteDayIn, request: Request, db: DbSession,
                        caller: Caller = require(PAGE)) -> JsonResponse:
    """A day's plan items, each with the robots' schedules that serve it (flagged when none does); a robot that is
    offline or does not answer is reported as unknown, never an error of the call. Key: ``site/index``."""
    owned = await service.get_site(db, caller, body.siteId)
    return ok(await schedules.coverage(db, _robots(request), caller, owned, body.day))


@router.call("/plan/calendar", answer=CalendarOut)
async def plan_calendar(body: CalendarIn, request: Request, db: DbSession,
                        caller: Caller = require(PAGE)) -> JsonResponse:
    """What is planned (plan items) and scheduled (every robot's schedules) each day of a day or week.
    Key: ``site/index``."""
    owned = await service.get_site(db, caller, body.siteId)
    return ok(await schedules.calendar(db, _robots(request), caller, owned, body.period, body.day))


# --- plan against actual ---------------------------------------------------------------------------------------------


@router.call("/actual/summary", answer=ActualSummaryOut)
async def actual_summary(body: ActualSummaryIn, db: DbSession, caller: Caller = require(ACTUAL)) -> JsonResponse:
    """Per site of the subtree (or of one customer's, or the ones listed), the planned runs of its day, week or
    month by state (done, late, short, missed, failed, pending) and the share done. Key: ``site/actual``."""
    path = await scope_path(db, caller, body.userId)
    sites = await service.sites_in(db, path, body.siteIds)
    return ok(await actual_days.summary(db, sites, body.period, body.day, utcnow()))


@router.call("/actual/detail", answer=SiteActualDetail)
async def actual_detail(body: ActualIn, db: DbSession, caller: Caller = require(ACTUAL)) -> JsonResponse:
    """One site's day, week or month: each plan item's planned runs, the run that fulfilled each, its state and
    the reasons (how the run ended, its alarms, the targets it missed). Key: ``site/actual``."""
    owned = await service.get_site(db, caller, body.siteId)
    return ok(await period_detail(db, owned.site, body.period, body.day, utcnow(), caller_language()))


# --- where was cleaned: heat maps ------------------------------------------------------------------------------------


@router.call("/coverage/floor", answer=HeatMapOut)
async def coverage_floor(body: FloorHeatMapIn, db: DbSession,
                         caller: Caller = require_any(PAGE, ACTUAL)) -> JsonResponse:
    """A floor's heat map for a period of its site's days (at most 92): per map of the floor, how many times each
    coverage cell was cleaned, and the cells the runs' plans targeted that no run reached.
    Keys: ``site/index`` or ``site/actual``."""
    return ok(await heatmap.floor_heatmap(db, caller, body.floorId, body.startDay, body.endDay))


@router.call("/coverage/map", answer=HeatMapOut)
async def coverage_map(body: MapHeatMapIn, db: DbSession,
                       caller: Caller = require_any(PAGE, ACTUAL)) -> JsonResponse:
    """One robot's map's heat map for a period (at most 92 days), as ``coverage/floor`` answers a floor's.
    Keys: ``site/index`` or ``site/actual``."""
    return ok(await heatmap.map_heatmap(db, caller, body.deviceId, body.mapName, body.startDay, body.endDay))
