"""Elevators: the rules and queries of /elevator/* and what the tasks calls ask of an elevator.

Scope: an elevator is its owner's; a caller sees and changes those whose owner lies in its subtree (another
branch's answers NOT_FOUND, like a missing one). The name is unique per owner; the building's name is required
(product-spec 5), and an update may not empty it.

Binding across branches (issue 29 item 5): an elevator may be bound only to robots owned in its owner's
subtree (an admin's elevator to any robot, a dealer's to its customers' robots, never to another dealer's).
A robot may ride an elevator its editor cannot see (an admin bound it): the device dialogs show it as "bound by
another branch", and a save that sends it back as prefilled keeps it untouched instead of refusing it; the
editor may still clear it (the robot is theirs) but may only choose elevators it sees. A robot given to an
owner outside its elevator owner's subtree leaves that elevator. Deleting an elevator unbinds
its robots (they keep working on their floor) but is refused while an elevator-linked scheduled task rides it,
naming those schedules: the operator moves or deletes them first, since the robot would otherwise call an
elevator the server no longer knows.
"""

from typing import Any

from sqlalchemy import Select, delete, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError
from cleanfleet.core.scope import path_prefix
from cleanfleet.devices import service as devices_service
from cleanfleet.devices.access import get_devices, visible
from cleanfleet.devices.models import Device
from cleanfleet.elevators import texts
from cleanfleet.elevators.models import Elevator, ElevatorScheduleUse
from cleanfleet.elevators.schemas import ElevatorFields, ElevatorIn, ElevatorUpdate
from cleanfleet.users.models import User
from cleanfleet.users.removal import register_owned_named_records
from cleanfleet.users.scope import user_in_subtree

# request field -> column
COLUMNS = {
    "elevatorName": "name", "code": "code", "buildingName": "building_name", "buildingAddress": "building_address",
    "contactName": "contact_name", "contactPhone": "contact_phone", "groupId": "group_id", "size": "size",
    "floorMin": "floor_min", "floorMax": "floor_max", "position": "position", "provider": "provider",
    "moduleId": "module_id", "robotId": "robot_id", "server": "server",
}
_device_count = (select(func.count(Device.id)).where(Device.elevator_id == Elevator.id)
                 .correlate(Elevator).scalar_subquery())


async def get_elevator(db: AsyncSession, caller: Caller, elevator_id: int, *, field: str = "elevatorId") -> Elevator:
    """The elevator if its owner lies in the caller's subtree; NOT_FOUND otherwise (missing or another branch's)."""
    row = (await db.execute(select(Elevator, User.path).join(User, User.id == Elevator.user_id)
                            .where(Elevator.id == elevator_id))).first()
    if row is None or not caller.owns_path(row[1]):
        raise ApiError(Code.NOT_FOUND, texts.NOT_FOUND, field=field, values={"elevatorId": elevator_id})
    return row[0]


def elevators_query(path: str, search: str | None = None) -> Select[Any]:
    """The elevators owned under ``path``, with the owner's name and the count of bound robots, by name."""
    query = (select(Elevator, User.name.label("owner"), _device_count.label("devices"))
             .join(User, User.id == Elevator.user_id).where(path_prefix(User.path, path)))
    if search:
        pattern = f"%{search.lower()}%"
        query = query.where(or_(func.lower(Elevator.name).like(pattern), func.lower(Elevator.code).like(pattern),
                                func.lower(Elevator.building_name).like(pattern)))
    return query.order_by(Elevator.name, Elevator.id)


def elevator_answer(row: Any) -> dict[str, Any]:
    elevator: Elevator = row[0]
    return {
        "elevatorId": elevator.id, "id": elevator.id, "elevatorName": elevator.name, "code": elevator.code,
        "buildingName": elevator.building_name, "buildingAddress": elevator.building_address,
        "contactName": elevator.contact_name, "contactPhone": elevator.contact_phone, "groupId": elevator.group_id,
        "size": elevator.size, "floorMin": elevator.floor_min, "floorMax": elevator.floor_max,
        "position": elevator.position, "provider": elevator.provider, "moduleId": elevator.module_id,
        "robotId": elevator.robot_id, "server": elevator.server, "userId": elevator.user_id, "userName": row[1],
        "deviceCount": row[2], "createTime": elevator.created_at.isoformat(),
        "updateTime": elevator.updated_at.isoformat(),
    }


async def answer_for(db: AsyncSession, elevator_id: int) -> dict[str, Any]:
    row = (await db.execute(select(Elevator, User.name, _device_count).join(User, User.id == Elevator.user_id)
                            .where(Elevator.id == elevator_id))).one()
    return elevator_answer(row)


async def detail(db: AsyncSession, elevator: Elevator) -> dict[str, Any]:
    """The elevator with its bound robots and the schedules that ride it."""
    devices = await db.execute(select(Device.id, Device.name, Device.serial_number)
                               .where(Device.elevator_id == elevator.id).order_by(Device.name, Device.id))
    return {**await answer_for(db, elevator.id),
            "devices": [{"deviceId": d.id, "deviceCode": d.name, "deviceSerialNumber": d.serial_number}
                        for d in devices],
            "schedules": await schedules_using(db, elevator.id)}


async def _check(db: AsyncSession, elevator: Elevator) -> None:
    if elevator.floor_max < elevator.floor_min:
        raise ApiError(Code.BAD_PARAMETER, texts.FLOORS_ORDER, field="floorMax",
                       values={"top": elevator.floor_max, "bottom": elevator.floor_min})
    taken = await db.scalar(select(Elevator.id).where(Elevator.user_id == elevator.user_id,
                                                      Elevator.name == elevator.name, Elevator.id != elevator.id))
    if taken is not None:
        raise ApiError(Code.ALREADY_EXISTS, texts.NAME_TAKEN, field="elevatorName", values={"name": elevator.name})


def _apply(elevator: Elevator, body: ElevatorFields) -> None:
    for field, value in body.model_dump(exclude_unset=True).items():
        if field in COLUMNS and (value is not None or field == "groupId"):
            setattr(elevator, COLUMNS[field], value or None if field == "groupId" else value)


async def create(db: AsyncSession, caller: Caller, body: ElevatorIn) -> Elevator:
    owner_id = body.userId or caller.acting_user_id
    if owner_id != caller.acting_user_id:
        await user_in_subtree(db, caller, owner_id)
    elevator = Elevator(user_id=owner_id, name=body.elevatorName, code="", building_name="", building_address="",
                        contact_name="", contact_phone="", size="", floor_min=1, floor_max=1, position="",
                        provider="other", module_id="", robot_id="", server="")
    _apply(elevator, body)
    await _check(db, elevator)
    db.add(elevator)
    await db.commit()
    return elevator


async def edit(db: AsyncSession, caller: Caller, body: ElevatorUpdate) -> Elevator:
    elevator = await get_elevator(db, caller, body.elevatorId)
    with db.no_autoflush:
        _apply(elevator, body)
        await _check(db, elevator)
    elevator.updated_at = utcnow()
    await db.commit()
    return elevator


async def schedules_using(db: AsyncSession, elevator_id: int) -> list[str]:
    """The elevator-linked schedules that ride the elevator, as "robot: schedule"."""
    rows = await db.execute(select(Device.name, ElevatorScheduleUse.schedule_name)
                            .join(Device, Device.id == ElevatorScheduleUse.device_id)
                            .where(ElevatorScheduleUse.elevator_id == elevator_id)
                            .order_by(Device.name, ElevatorScheduleUse.schedule_name))
    return [f"{row[0]}: {row[1]}" for row in rows]


async def remove(db: AsyncSession, caller: Caller, elevator_id: int) -> None:
    """Deletes the elevator and unbinds its robots; refused (naming them) while schedules ride it."""
    elevator = await get_elevator(db, caller, elevator_id)
    using = await schedules_using(db, elevator.id)
    if using:
        raise ApiError(Code.CONFLICT, texts.IN_USE, field="elevatorId",
                       values={"name": elevator.name, "schedules": using})
    await db.execute(update(Device).where(Device.elevator_id == elevator.id).values(elevator_id=None)
                     .execution_options(synchronize_session=False))
    await db.delete(elevator)
    await db.commit()


async def _owner_path(db: AsyncSession, elevator: Elevator) -> str:
    return str(await db.scalar(select(User.path).where(User.id == elevator.user_id)))


def _outside_owner(elevator: Elevator, robot: str, field: str) -> ApiError:
    return ApiError(Code.BAD_PARAMETER, texts.OUTSIDE_OWNER, field=field,
                    values={"name": elevator.name, "robot": robot})


async def bind(db: AsyncSession, caller: Caller, elevator_id: int, device_ids: list[int]) -> list[int]:
    """Binds the caller's robots to the elevator (a robot rides one elevator: binding moves it from another);
    only robots owned in the elevator owner's subtree (refused naming the first other one)."""
    elevator = await get_elevator(db, caller, elevator_id)
    devices = await get_devices(db, caller, device_ids)
    owner_path = await _owner_path(db, elevator)
    for device in devices:
        if not device.owner_path.startswith(owner_path):
            raise _outside_owner(elevator, device.serial_number, "deviceIds")
    for device in devices:
        device.elevator_id = elevator.id
    await db.commit()
    return [d.id for d in devices]


async def unbind(db: AsyncSession, caller: Caller, elevator_id: int, device_ids: list[int]) -> list[int]:
    """Unbinds the caller's robots from the elevator (those bound elsewhere stay as they are)."""
    elevator = await get_elevator(db, caller, elevator_id)
    devices = await get_devices(db, caller, device_ids)
    changed = [d.id for d in devices if d.elevator_id == elevator.id]
    for device in devices:
        if device.elevator_id == elevator.id:
            device.elevator_id = None
    await db.commit()
    return changed


async def options(db: AsyncSession, caller: Caller) -> list[dict[str, Any]]:
    """Every elevator the caller may choose (the device dialogs' and the elevator task's picker)."""
    rows = await db.scalars(select(Elevator).join(User, User.id == Elevator.user_id)
                            .where(path_prefix(User.path, caller.acting_path)).order_by(Elevator.name, Elevator.id))
    return [{"elevatorId": e.id, "elevatorName": e.name, "buildingName": e.building_name,
             "floorMin": e.floor_min, "floorMax": e.floor_max} for e in rows]


async def device_ids_on(db: AsyncSession, caller: Caller, elevator_id: int) -> list[int]:
    return list(await db.scalars(select(Device.id).where(Device.elevator_id == elevator_id, visible(caller))))


# --- what the tasks calls record (no commit: the caller's transaction) --------------------------------


async def record_use(db: AsyncSession, elevator_id: int, device_id: int, schedule_name: str) -> None:
    """Notes that robot ``device_id``'s elevator schedule ``schedule_name`` rides the elevator (replacing any
    earlier note of that schedule)."""
    await drop_use(db, device_id, schedule_name)
    db.add(ElevatorScheduleUse(elevator_id=elevator_id, device_id=device_id, schedule_name=schedule_name))


async def drop_use(db: AsyncSession, device_id: int, schedule_name: str) -> None:
    await db.execute(delete(ElevatorScheduleUse).where(ElevatorScheduleUse.device_id == device_id,
                                                       ElevatorScheduleUse.schedule_name == schedule_name))


async def rename_use(db: AsyncSession, device_id: int, old: str, new: str) -> None:
    await db.execute(update(ElevatorScheduleUse).where(ElevatorScheduleUse.device_id == device_id,
                                                       ElevatorScheduleUse.schedule_name == old)
                     .values(schedule_name=new))


async def uses_of_device(db: AsyncSession, device_id: int) -> dict[str, int]:
    """The device's elevator schedules the server knows of: name -> elevator id."""
    rows = await db.execute(select(ElevatorScheduleUse.schedule_name, ElevatorScheduleUse.elevator_id)
                            .where(ElevatorScheduleUse.device_id == device_id))
    return {row[0]: row[1] for row in rows}


# --- a deleted owner's elevators go to its heir -------------------------------------------------------


register_owned_named_records("elevators", Elevator)


async def elevator_for_device(db: AsyncSession, caller: Caller, elevator_id: int | None, owner_path: str,
                              current: int | None) -> int | None:
    """The elevator a device rides after a device dialog's save (``elevatorId`` as sent, the device's owner
    after the save, the elevator it rides now). The elevator it already rides is kept as it is, even one the
    caller cannot see (an admin's binding survives a dealer's save of the prefilled dialog), unless the robot
    left that elevator owner's subtree (then it is unbound). Another elevator must be one the caller sees
    (NOT_FOUND otherwise) whose owner's subtree holds the robot's owner."""
    if elevator_id is None:
        return None
    row = (await db.execute(select(Elevator, User.path).join(User, User.id == Elevator.user_id)
                            .where(Elevator.id == elevator_id))).first()
    if elevator_id == current:
        return current if row is not None and owner_path.startswith(row[1]) else None
    if row is None or not caller.owns_path(row[1]):
        raise ApiError(Code.NOT_FOUND, texts.NOT_FOUND, field="elevatorId", values={"elevatorId": elevator_id})
    if not owner_path.startswith(row[1]):
        owner = await db.scalar(select(User.account).where(User.path == owner_path))
        raise _outside_owner(row[0], owner or owner_path, "elevatorId")
    return elevator_id


devices_service.register_elevator_check(elevator_for_device)
