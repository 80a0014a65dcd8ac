"""Permission-matrix entries for the task calls (/api/task/*).

The world gets a live simulated robot (``t.device``, owned by the dealer's child ``user``) with tasks
"Matrix A" and "Matrix B", a group, a scheduled task and an elevator scheduled task riding the elevator world's
``e.lift``. The robot's server is stopped by the test (``stop_robots``); the builder is added to the world only for the
task test (``task_world``), so other domains' matrices start no robot.
"""

import contextlib
from collections.abc import AsyncIterator
from typing import Any

from cleanfleet_sim.clock import ManualClock
from cleanfleet_sim.identity import RobotIdentity
from cleanfleet_sim.robot import Robot
from cleanfleet_sim.server import RobotWebServer

from tests.elevators import permission_entries as _elevator_world  # noqa: F401  - the world has elevators
from tests.gateway.helpers import free_ports, robot_device, unique_prefix
from tests.permission_matrix import Entry, World, _world_builders, register, register_world_builder
from tests.tasks.conftest import RECTANGLE, START

_servers: list[RobotWebServer] = []


async def _ok(api: Any, path: str, body: dict[str, Any]) -> Any:
    answer = await api.call(path, body)
    assert answer.code == 0, (path, answer.body)
    return answer.data


async def build_task_world(world: World, app: Any) -> None:
    port = free_ports(1)
    robot = Robot(RobotIdentity(f"{unique_prefix()}M-1", "secret", 3, port, "CF-S3 scrubber"), ManualClock(), seed=7,
                  alarm_rate=0.0, home_map="office-3F")
    server = RobotWebServer()
    await server.start()
    robot.tick()
    await server.add(robot)
    _servers.append(server)
    async with app.state.db.sessions() as db:
        device = await robot_device(db, world.users["user"], robot.sn, port=port, protocol=3, online=True)
    world.ids["t.device"] = device.id
    dealer = world.callers["dealer"]
    for name in ("Matrix A", "Matrix B", "Matrix C"):
        await _ok(dealer, "/task/add", _draft(world, name))
    await _ok(dealer, "/task/groupAdd", {**_device(world), "groupName": "Matrix group", "taskList": ["Matrix A"]})
    await _ok(dealer, "/task/scheduleSave", _schedule(world, "Matrix schedule"))
    await _ok(dealer, "/task/elevatorScheduleSave", _elevator_schedule(world, "Matrix floors"))


async def stop_robots() -> None:
    while _servers:
        await _servers.pop().stop()


@contextlib.asynccontextmanager
async def task_world() -> AsyncIterator[None]:
    """The task world builder for the duration of one test; its robots stopped at the end."""
    register_world_builder(build_task_world)
    try:
        yield
    finally:
        _world_builders.remove(build_task_world)
        await stop_robots()


def _device(w: World) -> dict[str, Any]:
    return {"deviceId": w.ids["t.device"]}


def _draft(w: World, name: str) -> dict[str, Any]:
    return {**_device(w), "taskName": name, "mapName": "office-3F", "area": RECTANGLE, "startPoint": START}


def _schedule(w: World, name: str) -> dict[str, Any]:
    return {**_device(w), "name": name, "mapName": "office-3F", "taskList": ["Matrix A"], "startTime": "08:30",
            "endTime": "10:00", "repeat": [1, 2], "isActive": True}


def _elevator_schedule(w: World, name: str) -> dict[str, Any]:
    return {**_device(w), "name": name, "elevatorId": w.ids["e.lift"], "startTime": "09:00", "endTime": "10:00",
            "floors": [{"mapName": "office-3F", "taskList": ["Matrix A"]}], "repeat": [3], "isActive": True}


def _new(prefix: str) -> str:
    from tests.permission_matrix import fresh_name

    return fresh_name(prefix)


register(
    Entry("/api/task/maps", _device),
    Entry("/api/task/mapImage", lambda w: {**_device(w), "mapName": "office-3F"}),
    Entry("/api/task/mapMarks", lambda w: {**_device(w), "mapName": "office-3F"}),
    Entry("/api/task/list", _device),
    Entry("/api/task/history", _device),
    Entry("/api/task/state", _device),
    Entry("/api/task/groups", _device),
    Entry("/api/task/schedules", _device),
    Entry("/api/task/elevatorSchedules", _device),
    Entry("/api/task/elevatorPoints", lambda w: {**_device(w), "mapName": "office-3F"}),
    Entry("/api/task/preview", lambda w: _draft(w, "Preview")),
    Entry("/api/task/add", lambda w: _draft(w, _new("Task "))),
    Entry("/api/task/groupAdd", lambda w: {**_device(w), "groupName": _new("Group "), "taskList": ["Matrix B"]}),
    Entry("/api/task/scheduleSave", lambda w: _schedule(w, _new("Schedule "))),
    Entry("/api/task/elevatorScheduleSave", lambda w: _elevator_schedule(w, _new("Floors "))),
    Entry("/api/task/scheduleEnable", lambda w: {**_device(w), "name": "Matrix schedule", "isActive": False}),
    Entry("/api/task/scheduleSetTop", lambda w: {**_device(w), "name": "Matrix schedule"}),
    Entry("/api/task/scheduleCancelToday", lambda w: {**_device(w), "name": "Matrix schedule"}),
    Entry("/api/task/groupSetTop", lambda w: {**_device(w), "groupName": "Matrix group"}),
    # running: start, pause, resume, cancel the one, then all
    Entry("/api/task/start", lambda w: {**_device(w), "taskList": ["Matrix B", "Matrix A"]}, last=1),
    Entry("/api/task/pause", _device, last=2),
    Entry("/api/task/resume", _device, last=3),
    Entry("/api/task/cancelOne", _device, last=4),
    Entry("/api/task/cancel", _device, last=5),
    Entry("/api/task/rename", lambda w: {**_device(w), "taskName": "Matrix C", "newName": _new("Renamed ")}, last=6),
    Entry("/api/task/groupRename", lambda w: {**_device(w), "groupName": "Matrix group", "newName": "Matrix team"},
          last=6),
    Entry("/api/task/scheduleRename", lambda w: {**_device(w), "name": "Matrix schedule", "newName": "Matrix plan"},
          last=6),
    Entry("/api/task/elevatorScheduleRename",
          lambda w: {**_device(w), "name": "Matrix floors", "newName": "Matrix levels"}, last=6),
    Entry("/api/task/groupDelete", lambda w: {**_device(w), "groupName": "Matrix team"}, last=7),
    Entry("/api/task/scheduleDelete", lambda w: {**_device(w), "name": "Matrix plan"}, last=7),
    Entry("/api/task/elevatorScheduleDelete", lambda w: {**_device(w), "name": "Matrix levels"}, last=7),
    Entry("/api/task/delete", lambda w: {**_device(w), "taskName": "Matrix B"}, last=8),
)
