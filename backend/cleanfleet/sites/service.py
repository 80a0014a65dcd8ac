"""Sites, their buildings and floors: the rules and queries of /site/* (creating and changing buildings and floors:
structure.py; robots: robots.py, plans: plans/items.py).

Scope: a site is its customer's (``sites.user_id``); a caller sees and changes the sites whose customer lies in
its subtree, and everything hanging off them (buildings, floors, plan items, robot stays). A record of another
branch answers NOT_FOUND like a missing one, naming the id's field. A site's name is unique per customer, a
building's per site, a floor's per building.

What a floor may be tied to:

- maps: a robot of the site's customer (or of a user below it) that the caller sees, and one of that robot's
  maps as the server's map list knows it (``maps.models.RobotMap``); a robot's map lies on one floor only;
- elevators: one the caller sees whose owner is on the customer's line (the customer, a user below it, or one
  above it: a dealer's elevator serves its customers' buildings), never another branch's.

A floor or building that still has plan items is not deleted (the refusal names the floor): deleting the items
is a decision of its own. Deleting a site deletes everything it holds, its robot stays and plan items too.
"""

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Select, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.bus import IN_TRANSACTION, SITE_DELETED
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError
from cleanfleet.core.scope import path_prefix
from cleanfleet.devices.models import Device
from cleanfleet.elevators.models import Elevator
from cleanfleet.sites import texts
from cleanfleet.sites.models import (
    Site,
    SiteBuilding,
    SiteFloor,
    SiteFloorElevator,
    SiteFloorMap,
    SitePlanItem,
    SiteRobot,
)
from cleanfleet.sites.schemas import SiteIn, SiteUpdate
from cleanfleet.users.models import User
from cleanfleet.users.removal import register_owned_named_records
from cleanfleet.users.scope import user_in_subtree

MAX_BUILDINGS = 50  # per site
MAX_FLOORS = 200  # per building

# One map per resource: the API's field name -> its table's column. Answers, creates and edits read them, so a
# field is named once (issue 49 item 8).
SITE_FIELDS = {"siteName": "name", "address": "address", "timeZone": "time_zone"}
BUILDING_FIELDS = {"buildingName": "name"}
FLOOR_FIELDS = {"floorName": "name", "level": "level"}


def given_columns(fields: dict[str, str], body: Any) -> dict[str, Any]:
    """The body's fields that were given (not None), under their columns' names."""
    return {column: value for name, column in fields.items() if (value := getattr(body, name, None)) is not None}


def api_fields(fields: dict[str, str], row: Any) -> dict[str, Any]:
    """The row's columns under their API names."""
    return {name: getattr(row, column) for name, column in fields.items()}


@dataclass(frozen=True)
class Owned:
    """A site the caller may see, with its customer's tree path (what its robots and elevators are checked on)."""

    site: Site
    path: str


# --- finding records in the caller's scope --------------------------------------------------------------------------


async def get_site(db: AsyncSession, caller: Caller, site_id: int, *, field: str = "siteId") -> Owned:
    row = (await db.execute(select(Site, User.path).join(User, User.id == Site.user_id)
                            .where(Site.id == site_id))).first()
    if row is None or not caller.owns_path(row[1]):
        raise ApiError(Code.NOT_FOUND, texts.SITE_NOT_FOUND, field=field, values={"siteId": site_id})
    return Owned(row[0], row[1])


async def get_building(db: AsyncSession, caller: Caller, building_id: int,
                       *, field: str = "buildingId") -> tuple[SiteBuilding, Owned]:
    row = (await db.execute(select(SiteBuilding, Site, User.path).join(Site, Site.id == SiteBuilding.site_id)
                            .join(User, User.id == Site.user_id).where(SiteBuilding.id == building_id))).first()
    if row is None or not caller.owns_path(row[2]):
        raise ApiError(Code.NOT_FOUND, texts.BUILDING_NOT_FOUND, field=field, values={"buildingId": building_id})
    return row[0], Owned(row[1], row[2])


async def get_floor(db: AsyncSession, caller: Caller, floor_id: int, *, field: str = "floorId",
                    site_id: int | None = None) -> tuple[SiteFloor, Owned]:
    """The floor if the caller sees its site (and, with ``site_id``, it is that site's); NOT_FOUND otherwise."""
    row = (await db.execute(select(SiteFloor, Site, User.path).join(Site, Site.id == SiteFloor.site_id)
                            .join(User, User.id == Site.user_id).where(SiteFloor.id == floor_id))).first()
    if row is None or not caller.owns_path(row[2]) or (site_id is not None and row[1].id != site_id):
        raise ApiError(Code.NOT_FOUND, texts.FLOOR_NOT_FOUND, field=field, values={"floorId": floor_id})
    return row[0], Owned(row[1], row[2])


# --- sites ---------------------------------------------------------------------------------------------------------


def _count(model: Any, *where: Any) -> Any:
    return select(func.count(model.id)).where(*where).correlate(Site).scalar_subquery()


_BUILDINGS = _count(SiteBuilding, SiteBuilding.site_id == Site.id)
_FLOORS = _count(SiteFloor, SiteFloor.site_id == Site.id)
_ROBOTS = _count(SiteRobot, SiteRobot.site_id == Site.id, SiteRobot.ended_at.is_(None))
_ITEMS = _count(SitePlanItem, SitePlanItem.site_id == Site.id)


def sites_query(path: str, search: str | None = None) -> Select[*tuple[Any, ...]]:
    """The sites whose customer lies under ``path``, with the customer's name and their counts, by name."""
    query: Select[*tuple[Any, ...]] = (
        select(Site, User.name, _BUILDINGS, _FLOORS, _ROBOTS, _ITEMS).join(User, User.id == Site.user_id)
        .where(path_prefix(User.path, path)))
    if search:
        pattern = f"%{search.lower()}%"
        query = query.where(or_(func.lower(Site.name).like(pattern), func.lower(Site.address).like(pattern)))
    return query.order_by(Site.name, Site.id)


def site_answer(row: Any) -> dict[str, Any]:
    site: Site = row[0]
    return {"siteId": site.id, **api_fields(SITE_FIELDS, site),
            "userId": site.user_id, "userName": row[1], "buildingCount": row[2], "floorCount": row[3],
            "robotCount": row[4], "planItemCount": row[5], "createTime": site.created_at.isoformat(),
            "updateTime": site.updated_at.isoformat()}


async def answer_for(db: AsyncSession, site_id: int) -> dict[str, Any]:
    query = sites_query("/").where(Site.id == site_id)
    return site_answer((await db.execute(query)).one())


async def options(db: AsyncSession, caller: Caller) -> list[dict[str, Any]]:
    rows = await db.scalars(select(Site).join(User, User.id == Site.user_id)
                            .where(path_prefix(User.path, caller.acting_path)).order_by(Site.name, Site.id))
    return [{"siteId": s.id, "siteName": s.name, "timeZone": s.time_zone, "userId": s.user_id} for s in rows]


async def sites_in(db: AsyncSession, path: str, site_ids: list[int] | None) -> list[Site]:
    """The sites whose customer lies under ``path`` (only ``site_ids`` when given), by name."""
    query = select(Site).join(User, User.id == Site.user_id).where(path_prefix(User.path, path))
    if site_ids is not None:
        query = query.where(Site.id.in_(site_ids))
    return list(await db.scalars(query.order_by(Site.name, Site.id)))


async def _check_site_name(db: AsyncSession, site: Site) -> None:
    taken = await db.scalar(select(Site.id).where(Site.user_id == site.user_id, Site.name == site.name,
                                                  Site.id != site.id))
    if taken is not None:
        raise ApiError(Code.ALREADY_EXISTS, texts.SITE_NAME_TAKEN, field="siteName", values={"name": site.name})


async def create_site(db: AsyncSession, caller: Caller, body: SiteIn) -> Site:
    customer_id = body.userId or caller.acting_user_id
    if customer_id != caller.acting_user_id:
        await user_in_subtree(db, caller, customer_id)
    site = Site(user_id=customer_id, **given_columns(SITE_FIELDS, body))
    await _check_site_name(db, site)
    db.add(site)
    await db.commit()
    return site


async def edit_site(db: AsyncSession, caller: Caller, body: SiteUpdate) -> Site:
    site = (await get_site(db, caller, body.siteId)).site
    with db.no_autoflush:
        for column, value in given_columns(SITE_FIELDS, body).items():
            setattr(site, column, value)
        await _check_site_name(db, site)
    site.updated_at = utcnow()
    await db.commit()
    return site


async def remove_site(db: AsyncSession, caller: Caller, site_id: int) -> None:
    """Deletes the site and all it holds (the database cascades to buildings, floors, stays, plan items)."""
    site = (await get_site(db, caller, site_id)).site
    await db.delete(site)
    await db.flush()
    await IN_TRANSACTION.publish(db, SITE_DELETED, site_id=site_id)  # its incidents are now at no site
    await db.commit()


async def detail(db: AsyncSession, owned: Owned) -> dict[str, Any]:
    """The site with its buildings, their floors (maps and elevators) and the robots at it now."""
    site = owned.site
    buildings = list(await db.scalars(select(SiteBuilding).where(SiteBuilding.site_id == site.id)
                                      .order_by(SiteBuilding.name, SiteBuilding.id)))
    floors = await floors_of(db, [site.id])
    robots = await db.execute(select(SiteRobot.started_at, Device.id, Device.name, Device.serial_number)
                              .join(Device, Device.id == SiteRobot.device_id)
                              .where(SiteRobot.site_id == site.id, SiteRobot.ended_at.is_(None))
                              .order_by(Device.name, Device.id))
    return {**await answer_for(db, site.id),
            "buildings": [{"buildingId": b.id, "siteId": site.id, **api_fields(BUILDING_FIELDS, b),
                           "floors": [f for f in floors if f["buildingId"] == b.id]} for b in buildings],
            "robots": [{"deviceId": r.id, "deviceCode": r.name, "deviceSerialNumber": r.serial_number,
                        "since": r.started_at.isoformat()} for r in robots]}


async def floors_of(db: AsyncSession, site_ids: list[int]) -> list[dict[str, Any]]:
    """The floors of the sites, each with its maps and elevators, by building, level and name."""
    floors = list(await db.scalars(select(SiteFloor).where(SiteFloor.site_id.in_(site_ids))
                                   .order_by(SiteFloor.level, SiteFloor.name, SiteFloor.id)))
    ids = [f.id for f in floors]
    maps = await db.execute(select(SiteFloorMap.floor_id, SiteFloorMap.map_name, Device.id, Device.name,
                                   Device.serial_number).join(Device, Device.id == SiteFloorMap.device_id)
                            .where(SiteFloorMap.floor_id.in_(ids)).order_by(Device.name, SiteFloorMap.map_name))
    lifts = await db.execute(select(SiteFloorElevator.floor_id, Elevator.id, Elevator.name)
                             .join(Elevator, Elevator.id == SiteFloorElevator.elevator_id)
                             .where(SiteFloorElevator.floor_id.in_(ids)).order_by(Elevator.name))
    by_floor: dict[int, dict[str, Any]] = {
        f.id: {"floorId": f.id, "buildingId": f.building_id, **api_fields(FLOOR_FIELDS, f), "maps": [],
               "elevators": []} for f in floors}
    for row in maps:
        by_floor[row[0]]["maps"].append({"deviceId": row[2], "deviceCode": row[3], "deviceSerialNumber": row[4],
                                         "mapName": row[1]})
    for lift in lifts:
        by_floor[lift[0]]["elevators"].append({"elevatorId": lift[1], "elevatorName": lift[2]})
    return list(by_floor.values())


# --- buildings ------------------------------------------------------------------------------------------------------

# --- a deleted customer's sites go to its heir ---------------------------------------------------------------------

register_owned_named_records("sites", Site)
