"""A site's cleaning plan: its plan items (what must be cleaned, where, when and how well).

A plan item names a floor of the site (and optionally an area's name, a label, and the robot task that cleans
it; without a task any run on the floor's maps counts), the ISO weekdays it applies, a window of the site's day
(``windowStart`` to ``windowEnd`` on the site's clock: the end after the start, never past midnight, 24:00
being the midnight that ends the day; a night's cleaning across midnight is two items), how many runs it needs a
day, and its targets (minimum cleaned m², minimum coverage %; none: a finished run is enough). It applies from
``validFrom`` (default the site's today) to ``validUntil`` (open when null). Each refusal names its field.
"""

from collections import namedtuple
from typing import Any

from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.sites import days, texts
from cleanfleet.sites.models import Site, SiteBuilding, SiteFloor, SitePlanItem
from cleanfleet.sites.plans.schemas import PlanItemFields, PlanItemIn, PlanItemUpdate
from cleanfleet.sites.service import Owned, get_floor, get_site
from cleanfleet.users.models import User

MAX_PLAN_ITEMS = 500  # per site


def items_query() -> Select[*tuple[Any, ...]]:
    """Plan items with their floor's and building's names, by floor and window."""
    return (select(SitePlanItem, SiteFloor.name, SiteBuilding.name)
            .join(SiteFloor, SiteFloor.id == SitePlanItem.floor_id)
            .join(SiteBuilding, SiteBuilding.id == SiteFloor.building_id)
            .order_by(SiteBuilding.name, SiteFloor.level, SiteFloor.name, SitePlanItem.window_start, SitePlanItem.id))


def item_answer(item: SitePlanItem, floor_name: str, building_name: str) -> dict[str, Any]:
    return {
        "planItemId": item.id, "siteId": item.site_id, "floorId": item.floor_id, "floorName": floor_name,
        "buildingName": building_name, "areaName": item.area_name, "taskName": item.task_name,
        "weekdays": days.weekdays_of(item.weekdays), "windowStart": days.clock(item.window_start),
        "windowEnd": days.clock(item.window_end), "runsPerDay": item.runs_per_day, "minArea": item.min_area,
        "minCoverage": item.min_coverage, "validFrom": item.valid_from.isoformat(),
        "validUntil": item.valid_until.isoformat() if item.valid_until else None,
        "createTime": item.created_at.isoformat(), "updateTime": item.updated_at.isoformat(),
    }


# an item's columns as a plain tuple, for the readers of many sites' plans (actual.load: no ORM objects to build and
# no instrumented attributes to read, some 16,000 a dealer's table)
PlanItem = namedtuple("PlanItem", [column.key for column in SitePlanItem.__table__.columns])  # type: ignore[misc]


async def item_rows(db: AsyncSession, site_ids: list[int]) -> list[tuple[Any, str, str]]:
    """``items_of``'s rows with each item a ``PlanItem`` (read only)."""
    width = len(PlanItem._fields)
    query = items_query().with_only_columns(*SitePlanItem.__table__.columns, SiteFloor.name, SiteBuilding.name)
    return [(PlanItem._make(row[:width]), row[width], row[width + 1])
            for row in await db.execute(query.where(SitePlanItem.site_id.in_(site_ids)))]


async def items_of(db: AsyncSession, site_ids: list[int], floor_id: int | None = None) -> list[Any]:
    """(item, floor name, building name) rows of the sites."""
    query = items_query().where(SitePlanItem.site_id.in_(site_ids))
    if floor_id is not None:
        query = query.where(SitePlanItem.floor_id == floor_id)
    return list((await db.execute(query)).all())


async def list_items(db: AsyncSession, caller: Caller, site_id: int, floor_id: int | None) -> list[dict[str, Any]]:
    site = (await get_site(db, caller, site_id)).site
    if floor_id is not None:
        await get_floor(db, caller, floor_id, site_id=site.id)
    return [item_answer(*row) for row in await items_of(db, [site.id], floor_id)]


async def get_item(db: AsyncSession, caller: Caller, item_id: int) -> tuple[SitePlanItem, Owned]:
    row = (await db.execute(select(SitePlanItem, Site, User.path).join(Site, Site.id == SitePlanItem.site_id)
                            .join(User, User.id == Site.user_id).where(SitePlanItem.id == item_id))).first()
    if row is None or not caller.owns_path(row[2]):
        raise ApiError(Code.NOT_FOUND, texts.PLAN_NOT_FOUND, field="planItemId", values={"planItemId": item_id})
    return row[0], Owned(row[1], row[2])


def _apply(item: SitePlanItem, body: PlanItemFields, owned: Owned) -> None:
    """The fields sent, each checked (naming it); the window and the validity as a whole after."""
    sent = body.model_fields_set
    if body.areaName is not None:
        item.area_name = body.areaName
    if body.taskName is not None:
        item.task_name = body.taskName
    if body.weekdays is not None:
        for index, weekday in enumerate(body.weekdays):
            if weekday in body.weekdays[:index]:
                raise bad_parameter(f"weekdays.{index}", texts.LISTED_TWICE, value=weekday)
        item.weekdays = days.weekday_mask(body.weekdays)
    if body.windowStart is not None:
        item.window_start = days.minutes(body.windowStart)
    if body.windowEnd is not None:
        item.window_end = days.minutes(body.windowEnd)
    if body.runsPerDay is not None:
        item.runs_per_day = body.runsPerDay
    if "minArea" in sent:
        item.min_area = body.minArea
    if "minCoverage" in sent:
        item.min_coverage = body.minCoverage
    if body.validFrom is not None:
        item.valid_from = body.validFrom
    elif item.valid_from is None:
        item.valid_from = days.today(days.zone_of(owned.site))
    if "validUntil" in sent:
        item.valid_until = body.validUntil
    if not item.window_start < item.window_end <= days.DAY_MINUTES:
        raise bad_parameter("windowEnd", texts.WINDOW_ORDER, start=days.clock(item.window_start),
                            end=days.clock(item.window_end))
    if item.valid_until is not None and item.valid_until < item.valid_from:
        raise bad_parameter("validUntil", texts.VALID_ORDER, first=item.valid_from.isoformat(),
                            last=item.valid_until.isoformat())


async def create(db: AsyncSession, caller: Caller, body: PlanItemIn) -> SitePlanItem:
    owned = await get_site(db, caller, body.siteId)
    floor, _ = await get_floor(db, caller, body.floorId, site_id=owned.site.id)
    count = await db.scalar(select(func.count(SitePlanItem.id)).where(SitePlanItem.site_id == owned.site.id)) or 0
    if count >= MAX_PLAN_ITEMS:
        raise ApiError(Code.CONFLICT, texts.TOO_MANY_PLAN_ITEMS, field="siteId", values={"max": MAX_PLAN_ITEMS})
    item = SitePlanItem(site_id=owned.site.id, floor_id=floor.id, area_name="", task_name="", runs_per_day=1,
                        min_area=None, min_coverage=None, valid_until=None)
    _apply(item, body, owned)
    db.add(item)
    await db.commit()
    return item


async def edit(db: AsyncSession, caller: Caller, body: PlanItemUpdate) -> SitePlanItem:
    """Changes the fields sent. A changed item reads its whole past with its new terms (plan against actual is
    computed, never stored): a plan that changes from a day on is a new item, the old one ending the day before."""
    item, owned = await get_item(db, caller, body.planItemId)
    with db.no_autoflush:
        if body.floorId is not None:
            item.floor_id = (await get_floor(db, caller, body.floorId, site_id=owned.site.id))[0].id
        _apply(item, body, owned)
    item.updated_at = utcnow()
    await db.commit()
    return item


async def remove(db: AsyncSession, caller: Caller, item_id: int) -> None:
    item, _ = await get_item(db, caller, item_id)
    await db.delete(item)
    await db.commit()


async def answer_for(db: AsyncSession, item_id: int) -> dict[str, Any]:
    return item_answer(*(await db.execute(items_query().where(SitePlanItem.id == item_id))).one())
