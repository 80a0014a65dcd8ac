"""Sites, their buildings and floors: the rules and queries of /site/* (robots: robots.py, plans: plans.py).

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

from sqlalchemy import Select, delete, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.bus import IN_TRANSACTION, SITE_DELETED
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.core.scope import path_prefix
from cleanfleet.devices.access import get_device
from cleanfleet.devices.models import Device
from cleanfleet.elevators import service as elevators
from cleanfleet.elevators.models import Elevator
from cleanfleet.maps.models import RobotMap
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
from cleanfleet.sites.schemas import FloorIn, FloorMapIn, FloorUpdate, SiteIn, SiteUpdate
from cleanfleet.users.models import User
from cleanfleet.users.removal import register_owned_named_records
from cleanfleet.users.scope import user_in_subtree

MAX_BUILDINGS = 50  # per site
MAX_FLOORS = 200  # per building


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
    return {"siteId": site.id, "siteName": site.name, "address": site.address, "timeZone": site.time_zone,
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
    site = Site(user_id=customer_id, name=body.siteName, address=body.address, time_zone=body.timeZone)
    await _check_site_name(db, site)
    db.add(site)
    await db.commit()
    return site


async def edit_site(db: AsyncSession, caller: Caller, body: SiteUpdate) -> Site:
    site = (await get_site(db, caller, body.siteId)).site
    with db.no_autoflush:
        if body.siteName is not None:
            site.name = body.siteName
        if body.address is not None:
            site.address = body.address
        if body.timeZone is not None:
            site.time_zone = body.timeZone
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
            "buildings": [{"buildingId": b.id, "siteId": site.id, "buildingName": b.name,
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
        f.id: {"floorId": f.id, "buildingId": f.building_id, "floorName": f.name, "level": f.level, "maps": [],
               "elevators": []} for f in floors}
    for row in maps:
        by_floor[row[0]]["maps"].append({"deviceId": row[2], "deviceCode": row[3], "deviceSerialNumber": row[4],
                                         "mapName": row[1]})
    for lift in lifts:
        by_floor[lift[0]]["elevators"].append({"elevatorId": lift[1], "elevatorName": lift[2]})
    return list(by_floor.values())


# --- buildings ------------------------------------------------------------------------------------------------------


async def _check_building_name(db: AsyncSession, building: SiteBuilding) -> None:
    taken = await db.scalar(select(SiteBuilding.id).where(SiteBuilding.site_id == building.site_id,
                                                          SiteBuilding.name == building.name,
                                                          SiteBuilding.id != building.id))
    if taken is not None:
        raise ApiError(Code.ALREADY_EXISTS, texts.BUILDING_NAME_TAKEN, field="buildingName",
                       values={"name": building.name})


async def create_building(db: AsyncSession, caller: Caller, site_id: int, name: str) -> SiteBuilding:
    site = (await get_site(db, caller, site_id)).site
    count = await db.scalar(select(func.count(SiteBuilding.id)).where(SiteBuilding.site_id == site.id)) or 0
    if count >= MAX_BUILDINGS:
        raise ApiError(Code.CONFLICT, texts.TOO_MANY_BUILDINGS, field="siteId", values={"max": MAX_BUILDINGS})
    building = SiteBuilding(site_id=site.id, name=name)
    await _check_building_name(db, building)
    db.add(building)
    site.updated_at = utcnow()
    await db.commit()
    return building


async def rename_building(db: AsyncSession, caller: Caller, building_id: int, name: str) -> SiteBuilding:
    building, _ = await get_building(db, caller, building_id)
    with db.no_autoflush:
        building.name = name
        await _check_building_name(db, building)
    await db.commit()
    return building


async def _refuse_planned(db: AsyncSession, where: Any) -> None:
    """Refuses (naming the floor) while plan items lie on the floors ``where`` selects."""
    row = (await db.execute(select(SiteFloor.name, func.count(SitePlanItem.id))
                            .join(SitePlanItem, SitePlanItem.floor_id == SiteFloor.id).where(where)
                            .group_by(SiteFloor.id, SiteFloor.name).order_by(SiteFloor.name).limit(1))).first()
    if row is not None:
        raise ApiError(Code.CONFLICT, texts.FLOOR_HAS_PLANS, field="floorId", values={"floor": row[0],
                                                                                      "count": row[1]})


async def remove_building(db: AsyncSession, caller: Caller, building_id: int) -> None:
    building, _ = await get_building(db, caller, building_id)
    await _refuse_planned(db, SiteFloor.building_id == building.id)
    await db.delete(building)
    await db.commit()


# --- floors ---------------------------------------------------------------------------------------------------------


async def _check_floor_name(db: AsyncSession, floor: SiteFloor) -> None:
    taken = await db.scalar(select(SiteFloor.id).where(SiteFloor.building_id == floor.building_id,
                                                       SiteFloor.name == floor.name, SiteFloor.id != floor.id))
    if taken is not None:
        raise ApiError(Code.ALREADY_EXISTS, texts.FLOOR_NAME_TAKEN, field="floorName", values={"name": floor.name})


async def _checked_maps(db: AsyncSession, caller: Caller, owned: Owned, maps: list[FloorMapIn],
                        floor_id: int | None) -> list[tuple[int, str]]:
    """The (robot, map) pairs after every check, each refusal naming the list entry's field."""
    pairs: list[tuple[int, str]] = []
    customer = await db.scalar(select(User.account).where(User.id == owned.site.user_id))
    for index, entry in enumerate(maps):
        pair = (entry.deviceId, entry.mapName)
        if pair in pairs:
            raise bad_parameter(f"maps.{index}.mapName", texts.LISTED_TWICE, value=entry.mapName)
        device = await get_device(db, caller, entry.deviceId, field=f"maps.{index}.deviceId")
        if not device.owner_path.startswith(owned.path):
            raise bad_parameter(f"maps.{index}.deviceId", texts.ROBOT_OUTSIDE_CUSTOMER, robot=device.serial_number,
                                customer=customer)
        held = await db.scalar(select(RobotMap.id).where(RobotMap.device_id == device.id,
                                                         RobotMap.name == entry.mapName))
        if held is None:
            raise bad_parameter(f"maps.{index}.mapName", texts.MAP_NOT_ON_ROBOT, robot=device.serial_number,
                                map=entry.mapName)
        elsewhere = await db.scalar(select(SiteFloor.name).join(SiteFloorMap, SiteFloorMap.floor_id == SiteFloor.id)
                                    .where(SiteFloorMap.device_id == device.id, SiteFloorMap.map_name == entry.mapName,
                                           SiteFloor.id != (floor_id or 0)))
        if elsewhere is not None:
            raise bad_parameter(f"maps.{index}.mapName", texts.MAP_ON_OTHER_FLOOR, robot=device.serial_number,
                                map=entry.mapName, floor=elsewhere)
        pairs.append(pair)
    return pairs


async def _checked_elevators(db: AsyncSession, caller: Caller, owned: Owned, elevator_ids: list[int],
                             floor_id: int | None) -> list[int]:
    """The elevators after every check: the caller sees each, and its owner is on the customer's line. One the
    floor is already tied to stays as it is (a customer re-saving its floor keeps its dealer's elevator, which it
    cannot see)."""
    kept = set() if floor_id is None else set(await db.scalars(
        select(SiteFloorElevator.elevator_id).where(SiteFloorElevator.floor_id == floor_id)))
    for index, elevator_id in enumerate(elevator_ids):
        field = f"elevatorIds.{index}"
        if elevator_id in elevator_ids[:index]:
            raise bad_parameter(field, texts.LISTED_TWICE, value=elevator_id)
        if elevator_id in kept:
            continue
        elevator = await elevators.get_elevator(db, caller, elevator_id, field=field)
        owner_path = str(await db.scalar(select(User.path).where(User.id == elevator.user_id)))
        if not (owned.path.startswith(owner_path) or owner_path.startswith(owned.path)):
            raise bad_parameter(field, texts.ELEVATOR_OTHER_BRANCH, elevator=elevator.name)
    return list(elevator_ids)


async def _replace_ties(db: AsyncSession, floor_id: int, pairs: list[tuple[int, str]] | None,
                        elevator_ids: list[int] | None) -> None:
    if pairs is not None:
        await db.execute(delete(SiteFloorMap).where(SiteFloorMap.floor_id == floor_id))
        db.add_all(SiteFloorMap(floor_id=floor_id, device_id=device, map_name=name) for device, name in pairs)
    if elevator_ids is not None:
        await db.execute(delete(SiteFloorElevator).where(SiteFloorElevator.floor_id == floor_id))
        db.add_all(SiteFloorElevator(floor_id=floor_id, elevator_id=e) for e in elevator_ids)


async def create_floor(db: AsyncSession, caller: Caller, body: FloorIn) -> SiteFloor:
    building, owned = await get_building(db, caller, body.buildingId)
    count = await db.scalar(select(func.count(SiteFloor.id)).where(SiteFloor.building_id == building.id)) or 0
    if count >= MAX_FLOORS:
        raise ApiError(Code.CONFLICT, texts.TOO_MANY_FLOORS, field="buildingId", values={"max": MAX_FLOORS})
    floor = SiteFloor(building_id=building.id, site_id=owned.site.id, name=body.floorName, level=body.level)
    await _check_floor_name(db, floor)
    pairs = await _checked_maps(db, caller, owned, body.maps, None)
    elevator_ids = await _checked_elevators(db, caller, owned, body.elevatorIds, None)
    db.add(floor)
    await db.flush()
    await _replace_ties(db, floor.id, pairs, elevator_ids)
    await db.commit()
    return floor


async def edit_floor(db: AsyncSession, caller: Caller, body: FloorUpdate) -> SiteFloor:
    floor, owned = await get_floor(db, caller, body.floorId)
    with db.no_autoflush:
        if body.floorName is not None:
            floor.name = body.floorName
        if body.level is not None:
            floor.level = body.level
        await _check_floor_name(db, floor)
        pairs = None if body.maps is None else await _checked_maps(db, caller, owned, body.maps, floor.id)
        elevator_ids = None if body.elevatorIds is None else await _checked_elevators(db, caller, owned,
                                                                                      body.elevatorIds, floor.id)
    await _replace_ties(db, floor.id, pairs, elevator_ids)
    await db.commit()
    return floor


async def remove_floor(db: AsyncSession, caller: Caller, floor_id: int) -> None:
    floor, _ = await get_floor(db, caller, floor_id)
    await _refuse_planned(db, SiteFloor.id == floor.id)
    await db.delete(floor)
    await db.commit()


async def floor_answer(db: AsyncSession, floor_id: int) -> dict[str, Any]:
    site_id = await db.scalar(select(SiteFloor.site_id).where(SiteFloor.id == floor_id))
    floor = next((f for f in await floors_of(db, [int(site_id or 0)]) if f["floorId"] == floor_id), None)
    if floor is None:  # deleted by another call since this one's change
        raise ApiError(Code.NOT_FOUND, texts.FLOOR_NOT_FOUND, field="floorId", values={"floorId": floor_id})
    return floor


async def building_answer(db: AsyncSession, building: SiteBuilding) -> dict[str, Any]:
    floors = [f for f in await floors_of(db, [building.site_id]) if f["buildingId"] == building.id]
    return {"buildingId": building.id, "siteId": building.site_id, "buildingName": building.name, "floors": floors}


# --- a deleted customer's sites go to its heir ---------------------------------------------------------------------

register_owned_named_records("sites", Site)
