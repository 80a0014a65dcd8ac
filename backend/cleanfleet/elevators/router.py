"""Elevators (/elevator/*, page elevator/index): list, add, edit, delete, one elevator's details, and binding
robots to it.

Reading needs the page key ``elevator/index``; the changes its ``add``, ``edit`` and ``delete`` buttons
(binding robots is an edit). The picker list is also open to device editors (the device dialogs' elevator
field). Everything stays inside the caller's subtree.
"""

from cleanfleet.core.auth import Caller, require, require_any
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.paging import paginate
from cleanfleet.core.routing import ApiRouter, Empty
from cleanfleet.devices.access import scope_path
from cleanfleet.elevators import service
from cleanfleet.elevators.schemas import (
    BindOut,
    ElevatorDetail,
    ElevatorDevices,
    ElevatorId,
    ElevatorIn,
    ElevatorOption,
    ElevatorOut,
    ElevatorPage,
    ElevatorPageIn,
    ElevatorUpdate,
)

router = ApiRouter(prefix="/elevator", tags=["elevators"])
PAGE = "elevator/index"


@router.call("/list", answer=ElevatorPage)
async def elevator_list(body: ElevatorPageIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """Elevators of the subtree (or of one user in it), by name, paged; ``elevatorName`` searches name, code and
    building."""
    path = await scope_path(db, caller, body.userId)
    query = service.elevators_query(path, body.elevatorName)
    return ok(await paginate(db, query, body, row=service.elevator_answer, scalars=False))


@router.call("/options", answer=list[ElevatorOption])
async def elevator_options(_body: Empty, db: DbSession,
                           caller: Caller = require_any(PAGE, "device/index/edit", "device/index/edit_owner",
                                                        "device/taskList")) -> JsonResponse:
    """Every elevator the caller may choose, by name (the device dialogs' and the elevator task's picker)."""
    return ok(await service.options(db, caller))


@router.call("/selectInfoByElevatorId", answer=ElevatorDetail)
async def select_info(body: ElevatorId, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """One elevator with its bound robots and the elevator-linked schedules that ride it."""
    elevator = await service.get_elevator(db, caller, body.elevatorId)
    return ok(await service.detail(db, elevator))


@router.call("/insertElevator", answer=ElevatorOut)
async def insert_elevator(body: ElevatorIn, db: DbSession, caller: Caller = require(f"{PAGE}/add")) -> JsonResponse:
    """Add an elevator (owner default the caller; name unique per owner; phone 11 digits; lowest floor not above
    the highest)."""
    elevator = await service.create(db, caller, body)
    return ok(await service.answer_for(db, elevator.id))


@router.call("/updateElevator", answer=ElevatorOut)
async def update_elevator(body: ElevatorUpdate, db: DbSession,
                          caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Edit an elevator: only the fields sent change."""
    elevator = await service.edit(db, caller, body)
    return ok(await service.answer_for(db, elevator.id))


@router.call("/deleteElevator", answer=ElevatorId)
async def delete_elevator(body: ElevatorId, db: DbSession,
                          caller: Caller = require(f"{PAGE}/delete")) -> JsonResponse:
    """Delete an elevator (its robots are unbound); refused, naming them, while scheduled tasks ride it."""
    await service.remove(db, caller, body.elevatorId)
    return ok({"elevatorId": body.elevatorId})


@router.call("/bindDevices", answer=BindOut)
async def bind_devices(body: ElevatorDevices, db: DbSession, caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Bind robots of the caller's to the elevator (a robot bound to another elevator moves to this one)."""
    bound = await service.bind(db, caller, body.elevatorId, body.deviceIds)
    return ok({"elevatorId": body.elevatorId, "deviceIds": bound})


@router.call("/unbindDevices", answer=BindOut)
async def unbind_devices(body: ElevatorDevices, db: DbSession,
                         caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Unbind robots from the elevator; answers those that were bound to it."""
    unbound = await service.unbind(db, caller, body.elevatorId, body.deviceIds)
    return ok({"elevatorId": body.elevatorId, "deviceIds": unbound})
