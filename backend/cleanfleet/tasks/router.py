"""A robot's tasks (/task/*, page device/taskList): tasks drawn on its maps, their runs, task groups, scheduled
and elevator-linked scheduled tasks. Everything lives on the robot; the server checks the caller, the robot
(the caller's, online, reachable, not under another user's remote control for a command) and the input, then
asks the robot (tasks/robot.py) and answers in the console's shape (tasks/mapping.py).

Keys: reading needs ``device/taskList``; creating ``…/add``, renaming, pinning, switching and editing
schedules ``…/edit`` (an edit is a save, so it needs ``…/add`` too), deleting ``…/delete``, starting, pausing,
resuming, cancelling and skipping today ``…/run``.
The running task's progress and path reach the consoles over the live WebSocket (the robot's heartbeats:
``task``, ``progress``, ``cleanedArea``, ``pose``), so no console polls the robot.
"""

import base64
from typing import Any

from fastapi import Request

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.codes import Code
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.errors import ApiError
from cleanfleet.core.routing import ApiRouter
from cleanfleet.core.texts import LACKS_KEYS
from cleanfleet.devices.access import get_device
from cleanfleet.tasks import service
from cleanfleet.tasks.robot import RobotLink
from cleanfleet.tasks.schemas import (
    DeviceIn,
    Done,
    ElevatorPoints,
    ElevatorScheduleIn,
    GroupIn,
    GroupName,
    GroupOut,
    GroupRename,
    History,
    MapImage,
    MapIn,
    MapMarks,
    MapOut,
    Preview,
    ScheduleEnable,
    ScheduleIn,
    ScheduleName,
    ScheduleOut,
    ScheduleRename,
    TaskDraft,
    TaskListIn,
    TaskName,
    TaskOut,
    TaskRename,
    TaskStart,
    TaskState,
)

router = ApiRouter(prefix="/task", tags=["tasks"])
PAGE = "device/taskList"


async def _robot(request: Request, db: DbSession, caller: Caller, device_id: int) -> RobotLink:
    device = await get_device(db, caller, device_id)
    state = request.app.state
    return RobotLink(db, caller, device, state.relay_client, state.settings.relay_timeout)


def _may_edit(caller: Caller, edit: bool) -> None:
    """Saving a new schedule needs ``…/add``; changing an existing one (``edit``) needs ``…/edit`` as well."""
    if edit and not caller.holds(f"{PAGE}/edit"):
        raise ApiError(Code.NO_PERMISSION, LACKS_KEYS, values={"keys": [f"{PAGE}/edit"]})


def _done(body: DeviceIn, name: str) -> JsonResponse:
    return ok({"deviceId": body.deviceId, "name": name})


async def _command(request: Request, db: DbSession, caller: Caller, body: DeviceIn, call: str,
                   params: dict[str, Any], name: str) -> JsonResponse:
    """One robot command whose answer is only "done" (rename, delete, pin, skip today)."""
    robot = await _robot(request, db, caller, body.deviceId)
    await robot.call(call, params, command=True)
    return _done(body, name)


# --- maps and tasks ------------------------------------------------------------------------------------


@router.call("/maps", answer=list[MapOut])
async def robot_maps(body: DeviceIn, request: Request, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """The robot's maps (api2/map_list) with their frames; ``current`` is the one it stands on."""
    return ok(await service.maps(await _robot(request, db, caller, body.deviceId)))


@router.call("/mapImage", answer=MapImage)
async def map_image(body: MapIn, request: Request, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """One of the robot's map pictures (api2/image/<map>.png), to draw a task's area on."""
    robot = await _robot(request, db, caller, body.deviceId)
    data = await robot.map_picture(body.mapName)
    return ok({"mapName": body.mapName, "png": base64.b64encode(data).decode()})


@router.call("/mapMarks", answer=MapMarks)
async def map_marks(body: MapIn, request: Request, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """A map's saved virtual walls and forbidden zones, drawn under a task's area (which may not run into a zone)."""
    return ok(await service.map_marks(await _robot(request, db, caller, body.deviceId), body.mapName))


@router.call("/list", answer=list[TaskOut])
async def task_list(body: TaskListIn, request: Request, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """The robot's tasks (on one map when ``mapName`` is given)."""
    return ok(await service.tasks(await _robot(request, db, caller, body.deviceId), body.mapName))


@router.call("/preview", answer=Preview)
async def preview(body: TaskDraft, request: Request, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """What a drawn task would cover before it is saved (clean_area_pre): area, path length, duration."""
    return ok(await service.preview(await _robot(request, db, caller, body.deviceId), body))


@router.call("/add", answer=TaskOut)
async def add(body: TaskDraft, request: Request, db: DbSession,
              caller: Caller = require(f"{PAGE}/add")) -> JsonResponse:
    """Save a drawn task on the robot: one area and its start point, inside the map; speeds in order."""
    return ok(await service.add_task(await _robot(request, db, caller, body.deviceId), body))


@router.call("/rename", answer=Done)
async def rename(body: TaskRename, request: Request, db: DbSession,
                 caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Rename a task."""
    return await _command(request, db, caller, body,
                          "task_rename", {"task_name": body.taskName, "new_name": body.newName}, body.newName)


@router.call("/delete", answer=Done)
async def delete(body: TaskName, request: Request, db: DbSession,
                 caller: Caller = require(f"{PAGE}/delete")) -> JsonResponse:
    """Delete a task (the robot refuses while it runs or a schedule uses it)."""
    return await _command(request, db, caller, body, "task_del", {"task_name": body.taskName}, body.taskName)


@router.call("/history", answer=History)
async def history(body: TaskListIn, request: Request, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """The robot's finished runs, newest first, and its clock (the console warns before a run while the floor
    may still be wet)."""
    robot = await _robot(request, db, caller, body.deviceId)
    return ok(await service.history(robot, body.mapName))


# --- running ----------------------------------------------------------------------------------------------


@router.call("/state", answer=TaskState)
async def state(body: DeviceIn, request: Request, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """The robot's work now (task_state): running task, progress, queue, pause reasons."""
    robot = await _robot(request, db, caller, body.deviceId)
    return ok(service.state_answer(await robot.call("task_state")))


@router.call("/start", answer=TaskState)
async def start(body: TaskStart, request: Request, db: DbSession,
                caller: Caller = require(f"{PAGE}/run")) -> JsonResponse:
    """Start a task, several in turn, or a group."""
    return ok(await service.start(await _robot(request, db, caller, body.deviceId), body))


@router.call("/pause", answer=TaskState)
async def pause(body: DeviceIn, request: Request, db: DbSession,
                caller: Caller = require(f"{PAGE}/run")) -> JsonResponse:
    """Pause the running task."""
    return ok(await service.control(await _robot(request, db, caller, body.deviceId), "task_pause"))


@router.call("/resume", answer=TaskState)
async def resume(body: DeviceIn, request: Request, db: DbSession,
                 caller: Caller = require(f"{PAGE}/run")) -> JsonResponse:
    """Resume the paused task."""
    return ok(await service.control(await _robot(request, db, caller, body.deviceId), "task_resume"))


@router.call("/cancel", answer=TaskState)
async def cancel(body: DeviceIn, request: Request, db: DbSession,
                 caller: Caller = require(f"{PAGE}/run")) -> JsonResponse:
    """Cancel every task (the running one and those queued)."""
    return ok(await service.control(await _robot(request, db, caller, body.deviceId), "task_cancel"))


@router.call("/cancelOne", answer=TaskState)
async def cancel_one(body: DeviceIn, request: Request, db: DbSession,
                     caller: Caller = require(f"{PAGE}/run")) -> JsonResponse:
    """Cancel the running task; the next queued one starts."""
    return ok(await service.control(await _robot(request, db, caller, body.deviceId), "task_cancel_one"))


# --- task units and groups --------------------------------------------------------------------------------


@router.call("/groups", answer=list[GroupOut])
async def group_list(body: DeviceIn, request: Request, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """The robot's task groups (run with /task/start groupName)."""
    return ok(await service.groups(await _robot(request, db, caller, body.deviceId)))


@router.call("/groupAdd", answer=Done)
async def group_add(body: GroupIn, request: Request, db: DbSession,
                    caller: Caller = require(f"{PAGE}/add")) -> JsonResponse:
    """Add a group of tasks (each task once, all on one map) with its type (ordinary, same project, same map, same
    building)."""
    await service.add_group(await _robot(request, db, caller, body.deviceId), body.groupName, body.taskList,
                            body.groupType)
    return _done(body, body.groupName)


@router.call("/groupDelete", answer=Done)
async def group_delete(body: GroupName, request: Request, db: DbSession,
                       caller: Caller = require(f"{PAGE}/delete")) -> JsonResponse:
    """Delete a group (its tasks stay)."""
    return await _command(request, db, caller, body, "taskgroup_del", {"group_name": body.groupName}, body.groupName)


@router.call("/groupRename", answer=Done)
async def group_rename(body: GroupRename, request: Request, db: DbSession,
                       caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Rename a group."""
    return await _command(request, db, caller, body,
                          "taskgroup_rename", {"group_name": body.groupName, "new_name": body.newName}, body.newName)


@router.call("/groupSetTop", answer=Done)
async def group_set_top(body: GroupName, request: Request, db: DbSession,
                        caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Pin a group to the top of the list."""
    return await _command(request, db, caller, body,
                          "taskgroup_set_top", {"group_name": body.groupName}, body.groupName)


# --- scheduled tasks --------------------------------------------------------------------------------------


@router.call("/schedules", answer=list[ScheduleOut])
async def schedule_list(body: DeviceIn, request: Request, db: DbSession,
                        caller: Caller = require(PAGE)) -> JsonResponse:
    """The robot's scheduled tasks with their next start on the robot's clock."""
    return ok(await service.schedules(await _robot(request, db, caller, body.deviceId)))


@router.call("/scheduleSave", answer=ScheduleOut)
async def schedule_save(body: ScheduleIn, request: Request, db: DbSession,
                        caller: Caller = require(f"{PAGE}/add")) -> JsonResponse:
    """Add (or, with ``edit``, change) a scheduled task: name, map, tasks, start time (required), repeat days, on or
    off, forced end time (after the start; required when on); a task at most once. An edit is one robot call
    (timetask_edit): the robot replaces the schedule whole or, refusing, keeps it as it was."""
    _may_edit(caller, body.edit)
    return ok(await service.save_schedule(await _robot(request, db, caller, body.deviceId), body))


@router.call("/scheduleEnable", answer=ScheduleOut)
async def schedule_enable(body: ScheduleEnable, request: Request, db: DbSession,
                          caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Switch a scheduled task on or off."""
    robot = await _robot(request, db, caller, body.deviceId)
    return ok(await service.enable_schedule(robot, body.name, body.isActive))


@router.call("/scheduleCancelToday", answer=Done)
async def schedule_cancel_today(body: ScheduleName, request: Request, db: DbSession,
                                caller: Caller = require(f"{PAGE}/run")) -> JsonResponse:
    """Skip today's run of a scheduled task (it runs again on its next day); refused on a day it does not run (off,
    or today's weekday on the robot's clock not among its repeat days)."""
    await service.skip_today(await _robot(request, db, caller, body.deviceId), body.name)
    return _done(body, body.name)


@router.call("/scheduleRename", answer=Done)
async def schedule_rename(body: ScheduleRename, request: Request, db: DbSession,
                          caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Rename a scheduled task."""
    return await _command(request, db, caller, body,
                          "timetask_rename", {"name": body.name, "new_name": body.newName}, body.newName)


@router.call("/scheduleSetTop", answer=Done)
async def schedule_set_top(body: ScheduleName, request: Request, db: DbSession,
                           caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Pin a scheduled task to the top of the list."""
    return await _command(request, db, caller, body, "timetask_set_top", {"name": body.name}, body.name)


@router.call("/scheduleDelete", answer=Done)
async def schedule_delete(body: ScheduleName, request: Request, db: DbSession,
                          caller: Caller = require(f"{PAGE}/delete")) -> JsonResponse:
    """Delete a scheduled task."""
    return await _command(request, db, caller, body, "timetask_delete", {"name": body.name}, body.name)


# --- elevator-linked scheduled tasks ---------------------------------------------------------------------


@router.call("/elevatorSchedules", answer=list[ScheduleOut])
async def elevator_schedule_list(body: DeviceIn, request: Request, db: DbSession,
                                 caller: Caller = require(PAGE)) -> JsonResponse:
    """The robot's elevator-linked scheduled tasks (floors and the elevator they ride)."""
    return ok(await service.elevator_schedules(await _robot(request, db, caller, body.deviceId)))


@router.call("/elevatorScheduleSave", answer=ScheduleOut)
async def elevator_schedule_save(body: ElevatorScheduleIn, request: Request, db: DbSession,
                                 caller: Caller = require(f"{PAGE}/add")) -> JsonResponse:
    """Add (or, with ``edit``, change) an elevator-linked scheduled task: an elevator of the caller's, the floors
    (a map and its tasks each), start time, repeat days, on or off, forced end time."""
    _may_edit(caller, body.edit)
    return ok(await service.save_elevator_schedule(await _robot(request, db, caller, body.deviceId), body))


@router.call("/elevatorScheduleRename", answer=Done)
async def elevator_schedule_rename(body: ScheduleRename, request: Request, db: DbSession,
                                   caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Rename an elevator-linked scheduled task."""
    await service.rename_elevator_schedule(await _robot(request, db, caller, body.deviceId), body.name, body.newName)
    return _done(body, body.newName)


@router.call("/elevatorScheduleDelete", answer=Done)
async def elevator_schedule_delete(body: ScheduleName, request: Request, db: DbSession,
                                   caller: Caller = require(f"{PAGE}/delete")) -> JsonResponse:
    """Delete an elevator-linked scheduled task (its elevator may then be deleted)."""
    await service.delete_elevator_schedule(await _robot(request, db, caller, body.deviceId), body.name)
    return _done(body, body.name)


@router.call("/elevatorPoints", answer=ElevatorPoints)
async def elevator_points(body: MapIn, request: Request, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """The elevator points (flags of type 3) of one of the robot's maps."""
    robot = await _robot(request, db, caller, body.deviceId)
    return ok(await service.elevator_points(robot, body.mapName))
