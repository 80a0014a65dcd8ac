"""The task calls' rules: what is checked on the server before the robot is asked, and the robot's answers
in the console's shape (mapping.py).

Checked here, each refusal naming the field: a task needs a name and a map, exactly one area (a rectangle or a
polyline of three points or more; several areas are refused), its start point, every point inside the map
(api2/map_info gives the frame), the area clear of the map's forbidden zones and the start point outside them
(tasks/zones.py: a zone wholly inside the area is an island cleaned around), speeds low ≤ middle ≤ high; a
scheduled task needs repeat days, a forced end
time when on, a start time, a forced end after the start on the same day (a run never crosses midnight: an
operator reads "22:00 – 02:00" as a mistake more often than as a night shift, and the robot's day is the schedule's
day), and never the same normal task twice; a task group's tasks all on one map (the robot runs a group on the map
it stands on, so a group across maps could never start: refused when saved, naming the tasks and their maps);
"skip today" only on a day the schedule runs (on, and today's weekday on the robot's clock among its repeat days).
An edited schedule is replaced by the robot in one call (timetask_edit), so a refusal leaves the old one whole.
An elevator scheduled task also needs its floors and an
elevator the caller may see (recorded in the elevators domain, so that elevator cannot be deleted while the
schedule rides it). The robot then checks again by its own rules (map names, existing tasks).
"""

from datetime import UTC, datetime
from typing import Any

from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError
from cleanfleet.elevators import service as elevators
from cleanfleet.tasks import texts, zones
from cleanfleet.tasks.mapping import (
    robot_now,
    schedule_from_robot,
    schedule_to_robot,
    task_from_robot,
    task_to_robot,
)
from cleanfleet.tasks.robot import RobotLink
from cleanfleet.tasks.schemas import ElevatorScheduleIn, ScheduleIn, TaskDraft, TaskStart


def _points(raw: list[Any]) -> list[list[float]]:
    """The one area of a draft as [[x, y], ...]; refuses several areas and shapes of fewer than three points."""
    if raw and all(isinstance(item, list) and item and isinstance(item[0], list) for item in raw):
        if len(raw) > 1:
            raise ApiError(Code.BAD_PARAMETER, texts.TWO_AREAS, field="area")
        raw = raw[0]
    points: list[list[float]] = []
    for item in raw:
        if not (isinstance(item, list | tuple) and len(item) == 2
                and all(isinstance(v, int | float) and not isinstance(v, bool) and abs(v) < 100_000 for v in item)):
            raise ApiError(Code.BAD_PARAMETER, texts.AREA_FIRST, field="area")
        points.append([float(item[0]), float(item[1])])
    if len(points) < 3:
        raise ApiError(Code.BAD_PARAMETER, texts.AREA_FIRST, field="area")
    return points


def _check_speeds(draft: TaskDraft) -> None:
    if draft.lowSpeed > draft.middleSpeed:
        raise ApiError(Code.BAD_PARAMETER, texts.SPEED_ORDER, field="middleSpeed")
    if draft.middleSpeed > draft.highSpeed:
        raise ApiError(Code.BAD_PARAMETER, texts.SPEED_ORDER, field="highSpeed")


def _inside(frame: dict[str, Any], point: list[float]) -> bool:
    resolution = float(frame.get("resolution") or 0.05)
    origin = frame.get("origin") or [0.0, 0.0]
    x0, y0 = float(origin[0]), float(origin[1])
    x1, y1 = x0 + int(frame.get("width") or 0) * resolution, y0 + int(frame.get("height") or 0) * resolution
    return x0 <= point[0] <= x1 and y0 <= point[1] <= y1


async def checked_draft(robot: RobotLink, draft: TaskDraft) -> dict[str, Any]:
    """The robot's fields of a drawn task, after every check (the map's frame comes from the robot)."""
    area = _points(draft.area)
    if draft.startPoint is None:
        raise ApiError(Code.BAD_PARAMETER, texts.START_FIRST, field="startPoint")
    _check_speeds(draft)
    frame = await robot.call("map_info", {"map_name": draft.mapName}, maps=True)
    for field, points in (("startPoint", [list(draft.startPoint)]), ("area", area)):
        for point in points:
            if not _inside(frame, point):
                raise ApiError(Code.BAD_PARAMETER, texts.OFF_MAP, field=field,
                               values={"x": round(point[0], 2), "y": round(point[1], 2)})
    _check_zones(zones.forbidden_zones(frame), area, list(draft.startPoint))
    return task_to_robot(draft, area)


def _check_zones(forbidden: list[list[list[float]]], area: list[list[float]], start: list[float]) -> None:
    """Refuses an area that runs into a forbidden zone and a start point inside one (zones numbered from 1, as the
    map editor names them)."""
    for number, zone in enumerate(forbidden, start=1):
        if len(zone) >= 3 and zones.inside_polygon(start, zone):
            raise ApiError(Code.BAD_PARAMETER, texts.START_IN_ZONE, field="startPoint", values={"n": number})
        if zones.area_hits_zone(area, zone):
            raise ApiError(Code.BAD_PARAMETER, texts.AREA_IN_ZONE, field="area", values={"n": number})


async def map_marks(robot: RobotLink, map_name: str) -> dict[str, Any]:
    """A map's saved virtual walls and forbidden zones (api2/virlines_info), drawn under a task being drawn."""
    answer = await robot.call("virlines_info", {"map_name": map_name}, maps=True)
    return {"mapName": map_name, "walls": zones.shapes(answer.get("virlines_wall")),
            "zones": zones.forbidden_zones(answer)}


async def maps(robot: RobotLink) -> list[dict[str, Any]]:
    answer = await robot.call("map_list", maps=True, method="GET")
    return [{"mapName": str(m.get("map_name", "")), "current": bool(m.get("current")),
             "resolution": float(m.get("resolution") or 0.05), "origin": [float(v) for v in m.get("origin") or [0, 0]],
             "width": int(m.get("width") or 0), "height": int(m.get("height") or 0), "area": float(m.get("area") or 0),
             "floor": str(m.get("floor") or "")} for m in answer.get("map_list") or [] if isinstance(m, dict)]


async def tasks(robot: RobotLink, map_name: str | None) -> list[dict[str, Any]]:
    answer = await robot.call("task_list", {"map_name": map_name} if map_name else {})
    return [task_from_robot(t) for t in answer.get("task_info") or [] if isinstance(t, dict)]


async def add_task(robot: RobotLink, draft: TaskDraft) -> dict[str, Any]:
    fields = await checked_draft(robot, draft)
    answer = await robot.call("task_add", fields, command=True)
    saved = (answer.get("task_info") or [fields])[0]
    return task_from_robot(saved)


async def preview(robot: RobotLink, draft: TaskDraft) -> dict[str, Any]:
    fields = await checked_draft(robot, draft)
    answer = await robot.call("clean_area_pre", fields)
    return {"area": float(answer.get("area") or 0), "pathLength": float(answer.get("path_length") or 0),
            "durationS": float(answer.get("duration_s") or 0), "points": int(answer.get("points") or 0),
            "path": [[float(p[0]), float(p[1])] for p in answer.get("path") or [] if isinstance(p, list | tuple)]}


def state_answer(answer: dict[str, Any]) -> dict[str, Any]:
    return {
        "state": str(answer.get("state", "")), "mode": str(answer.get("mode", "")),
        "taskName": str(answer.get("task_name", "")), "mapName": str(answer.get("map_name", "")),
        "progress": float(answer.get("progress") or 0), "cleanedArea": float(answer.get("cleaned_area") or 0),
        "workArea": float(answer.get("work_area") or 0), "elapsedS": float(answer.get("elapsed_s") or 0),
        "queue": [str(q) for q in answer.get("queue") or []],
        "pausedFor": [str(p) for p in answer.get("paused_for") or []],
        "startTime": str(answer.get("start_time") or ""),
        "elevator": answer.get("elevator") if isinstance(answer.get("elevator"), str) else None,
        "robotTime": _robot_time(answer),
    }


def _robot_time(answer: dict[str, Any]) -> str | None:
    now = robot_now(answer)
    return now.isoformat(timespec="seconds") if now else None


async def start(robot: RobotLink, body: TaskStart) -> dict[str, Any]:
    if body.groupName:
        params: dict[str, Any] = {"group_name": body.groupName}
    elif body.taskList:
        names = body.taskList
        if len(set(names)) != len(names):
            duplicate = next(n for n in names if names.count(n) > 1)
            raise ApiError(Code.BAD_PARAMETER, texts.DUPLICATE_TASK, field="taskList", values={"name": duplicate})
        params = {"task_list": names}
    elif body.taskName:
        params = {"task_name": body.taskName}
    else:
        raise ApiError(Code.BAD_PARAMETER, texts.ROBOT_REFUSED, field="taskName", values={"reason": "task_name"})
    return state_answer(await robot.call("task_start", params, command=True))


async def control(robot: RobotLink, call: str) -> dict[str, Any]:
    """task_pause, task_resume, task_cancel (all), task_cancel_one: the robot's state after it."""
    return state_answer(await robot.call(call, command=True))


async def history(robot: RobotLink, task_name: str | None) -> dict[str, Any]:
    answer = await robot.call("taskinfo_query", {"task_name": task_name} if task_name else {})
    state = await robot.call("task_state")
    runs = [{"taskName": str(r.get("taskName", "")), "mapName": str(r.get("map", "")),
             "result": str(r.get("result", "")), "startTime": str(r.get("startTime", "")),
             "endTime": str(r.get("endTime", "")), "coverage": float(r.get("coverage") or 0),
             "cleanedArea": float(r.get("cleanedArea") or 0)}
            for r in (answer.get("task_info") or [])[:50] if isinstance(r, dict)]
    now = robot_now(state)
    return {"runs": runs, "now": now.isoformat(timespec="seconds") if now else None}


# --- groups ------------------------------------------------------------------------------------------


async def groups(robot: RobotLink) -> list[dict[str, Any]]:
    answer = await robot.call("taskgroup_list")
    return [{"groupName": str(g.get("group_name", "")), "taskList": [str(t) for t in g.get("task_list") or []],
             "groupType": _group_type(g.get("group_type"))}
            for g in answer.get("task_list") or [] if isinstance(g, dict)]


def _group_type(value: object) -> int:
    """A robot that keeps no type (older firmware) has ordinary groups."""
    return int(value) if isinstance(value, int) and 0 <= value <= 3 else 0


async def _check_one_map(robot: RobotLink, task_list: list[str]) -> None:
    """Tasks the robot knows must all be on one map; unknown names are left to the robot (not found)."""
    maps = {t["taskName"]: t["mapName"] for t in await tasks(robot, None)}
    on = {name: maps[name] for name in task_list if name in maps}
    if len(set(on.values())) > 1:
        listed = ", ".join(f"{name} ({map_name})" for name, map_name in on.items())
        raise ApiError(Code.BAD_PARAMETER, texts.MIXED_MAPS, field="taskList", values={"tasks": listed[:400]})


async def add_group(robot: RobotLink, name: str, task_list: list[str], group_type: int) -> None:
    if len(set(task_list)) != len(task_list):
        duplicate = next(n for n in task_list if task_list.count(n) > 1)
        raise ApiError(Code.BAD_PARAMETER, texts.DUPLICATE_TASK, field="taskList", values={"name": duplicate})
    await _check_one_map(robot, task_list)
    await robot.call("taskgroup_add", {"group_name": name, "task_list": task_list, "group_type": group_type},
                     command=True)


# --- scheduled tasks ---------------------------------------------------------------------------------


def _check_schedule(body: ScheduleIn | ElevatorScheduleIn, task_lists: list[list[str]]) -> None:
    if not body.startTime:
        raise ApiError(Code.BAD_PARAMETER, texts.START_REQUIRED, field="startTime")
    if not body.repeat:
        raise ApiError(Code.BAD_PARAMETER, texts.DAYS_REQUIRED, field="repeat")
    if body.isActive and not body.endTime:
        raise ApiError(Code.BAD_PARAMETER, texts.END_REQUIRED, field="endTime")
    if body.endTime and body.endTime <= body.startTime:  # both zero-padded HH:MM, so text order is time order
        raise ApiError(Code.BAD_PARAMETER, texts.END_BEFORE_START, field="endTime",
                       values={"start": body.startTime, "end": body.endTime})
    for names in task_lists:
        seen: set[str] = set()
        for name in names:
            if name in seen:
                field = "taskList" if isinstance(body, ScheduleIn) else "floors"
                raise ApiError(Code.BAD_PARAMETER, texts.DUPLICATE_TASK, field=field, values={"name": name})
            seen.add(name)


def _now(answer: dict[str, Any]) -> datetime:
    return robot_now(answer) or datetime.now(UTC)


async def schedules(robot: RobotLink) -> list[dict[str, Any]]:
    answer = await robot.call("timetask_list")
    now = _now(answer)
    return [schedule_from_robot(s, now) for s in answer.get("timetask_info") or [] if isinstance(s, dict)]


async def save_schedule(robot: RobotLink, body: ScheduleIn) -> dict[str, Any]:
    _check_schedule(body, [body.taskList])
    answer = await robot.call("timetask_edit" if body.edit else "timetask_save", schedule_to_robot(body),
                              command=True)
    saved = (answer.get("timetask_info") or [schedule_to_robot(body)])[0]
    return schedule_from_robot(saved, _now(answer))


async def skip_today(robot: RobotLink, name: str) -> None:
    """timetask_cancel, only when the schedule runs today on the robot's clock (its day, not the server's)."""
    answer = await robot.call("timetask_list")
    found = next((s for s in answer.get("timetask_info") or [] if isinstance(s, dict) and s.get("name") == name), None)
    if found is None:
        raise ApiError(Code.NOT_FOUND, texts.SCHEDULE_NOT_FOUND, field="name", values={"name": name})
    now = _now(answer)
    schedule, today = schedule_from_robot(found, now), now.date()
    if not schedule["isActive"]:
        raise ApiError(Code.CONFLICT, texts.SCHEDULE_OFF, field="name", values={"name": name})
    if today.isoweekday() not in schedule["repeat"]:
        raise ApiError(Code.CONFLICT, texts.NOT_A_RUN_DAY, field="name",
                       values={"name": name, "date": today.isoformat()})
    await robot.call("timetask_cancel", {"name": name}, command=True)


async def enable_schedule(robot: RobotLink, name: str, on: bool) -> dict[str, Any]:
    answer = await robot.call("timetask_enable", {"name": name, "enable": int(on)}, command=True)
    return schedule_from_robot((answer.get("timetask_info") or [{}])[0], _now(answer))


# --- elevator scheduled tasks --------------------------------------------------------------------------


async def elevator_schedules(robot: RobotLink) -> list[dict[str, Any]]:
    answer = await robot.call("elevator_timetask_list")
    now = _now(answer)
    known = {o["elevatorId"]: o["elevatorName"] for o in await elevators.options(robot.db, robot.caller)}
    out = []
    for raw in answer.get("timetask_info") or []:
        if isinstance(raw, dict):
            schedule = schedule_from_robot({**raw, "floors": raw.get("floors") or []}, now)
            schedule["elevatorName"] = known.get(schedule.get("elevatorId") or 0)
            out.append(schedule)
    return out


async def save_elevator_schedule(robot: RobotLink, body: ElevatorScheduleIn) -> dict[str, Any]:
    elevator = await elevators.get_elevator(robot.db, robot.caller, body.elevatorId)
    if not body.floors:
        raise ApiError(Code.BAD_PARAMETER, texts.FLOORS_REQUIRED, field="floors")
    _check_schedule(body, [f.taskList for f in body.floors])
    call = "elevator_timetask_modofied" if body.edit else "elevator_timetask_add"
    answer = await robot.call(call, schedule_to_robot(body), command=True)
    await elevators.record_use(robot.db, elevator.id, robot.device.id, body.name)
    await robot.db.commit()
    saved = (answer.get("timetask_info") or [schedule_to_robot(body)])[0]
    schedule = schedule_from_robot({**saved, "floors": saved.get("floors") or []}, _now(answer))
    return {**schedule, "elevatorName": elevator.name}


async def delete_elevator_schedule(robot: RobotLink, name: str) -> None:
    await robot.call("elevator_timetask_delete", {"name": name}, command=True)
    await elevators.drop_use(robot.db, robot.device.id, name)
    await robot.db.commit()


async def rename_elevator_schedule(robot: RobotLink, name: str, new_name: str) -> None:
    await robot.call("elevator_timetask_rename", {"name": name, "new_name": new_name}, command=True)
    await elevators.rename_use(robot.db, robot.device.id, name, new_name)
    await robot.db.commit()


async def elevator_points(robot: RobotLink, map_name: str) -> dict[str, Any]:
    answer = await robot.call("elevator_point_list", {"map_name": map_name})
    return {"mapName": str(answer.get("map_name", map_name)),
            "points": [{"name": str(p.get("name", "")), "x": float(p.get("x") or 0), "y": float(p.get("y") or 0)}
                       for p in answer.get("points") or [] if isinstance(p, dict)]}
