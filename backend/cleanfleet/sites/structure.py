"""A site's buildings and floors: creating, renaming, tying a floor to robots' maps and elevators, and deleting them
(the rules are in service.py's notes; the site itself and the queries of every /site/* call are there)."""

from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.devices.access import get_device
from cleanfleet.elevators import service as elevators
from cleanfleet.maps.models import RobotMap
from cleanfleet.sites import texts
from cleanfleet.sites.models import SiteBuilding, SiteFloor, SiteFloorElevator, SiteFloorMap, SitePlanItem
from cleanfleet.sites.schemas import FloorIn, FloorMapIn, FloorUpdate
from cleanfleet.sites.service import (
    BUILDING_FIELDS,
    FLOOR_FIELDS,
    MAX_BUILDINGS,
    MAX_FLOORS,
    Owned,
    api_fields,
    floors_of,
    get_building,
    get_floor,
    get_site,
    given_columns,
)
from cleanfleet.users.models import User


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
    floor = SiteFloor(building_id=building.id, site_id=owned.site.id, **given_columns(FLOOR_FIELDS, body))
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
        for column, value in given_columns(FLOOR_FIELDS, body).items():
            setattr(floor, column, value)
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
    return {"buildingId": building.id, "siteId": building.site_id, **api_fields(BUILDING_FIELDS, building),
            "floors": floors}
