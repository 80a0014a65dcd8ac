"""The one place where the robot's task fields meet the console's (api-spec 7.9, "Answer handling").

Robot → console: lists come in ``task_info`` (tasks), ``timetask_info`` (scheduled and elevator scheduled
tasks) and ``task_list`` (groups, single tasks); a scheduled task's ``days`` becomes ``repeat``, ``enable``
becomes ``isActive`` and ``start_time``'s dash becomes a colon ("08-30" → "08:30"). Console → robot the other
way round. Field names: the console's camelCase, the robot's snake_case (``CONSOLE_FIELDS``), so a robot's
refusal that names its field is shown at the console's.
"""

import math
from datetime import datetime, timedelta
from typing import Any

CONSOLE_FIELDS = {
    "task_name": "taskName", "map_name": "mapName", "area": "area", "clean_mode": "cleanMode",
    "task_mode": "taskMode", "path_type": "pathType", "speed": "speed", "hard_floor": "hardFloor",
    "new_name": "newName", "name": "name", "task_list": "taskList", "start_time": "startTime",
    "end_time": "endTime", "days": "repeat", "enable": "isActive", "group_name": "groupName",
    "elevator_id": "elevatorId", "floors": "floors", "floors.task_list": "floors", "start_point": "startPoint",
}


def console_field(robot_field: str) -> str:
    return CONSOLE_FIELDS.get(robot_field, robot_field or "body")


def colon_time(value: object) -> str:
    """'08-30' → '08:30' (a robot's stored time as the console shows it)."""
    return str(value or "").replace("-", ":")


def dash_time(value: str) -> str:
    """'08:30' → '08-30' (as the robot stores it)."""
    return value.replace(":", "-")


def task_from_robot(task: dict[str, Any]) -> dict[str, Any]:
    return {
        "taskName": str(task.get("task_name", "")), "mapName": str(task.get("map_name", "")),
        "area": [[float(p[0]), float(p[1])] for p in task.get("area") or [] if isinstance(p, list | tuple)],
        "cleanMode": str(task.get("clean_mode", "clean")), "taskMode": str(task.get("task_mode", "normal")),
        "pathType": str(task.get("path_type", "bow")), "speed": str(task.get("speed", "middle")),
        "hardFloor": bool(task.get("hard_floor", 0)), "startPoint": _point(task.get("start_point")),
    }


def _point(value: Any) -> list[float] | None:
    """A robot's [x, y], or None for anything else (a robot's answer is never trusted to be well formed)."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        return None
    try:
        x, y = float(value[0]), float(value[1])
    except (TypeError, ValueError):
        return None
    return [x, y] if math.isfinite(x) and math.isfinite(y) else None


def task_to_robot(body: Any, area: list[list[float]]) -> dict[str, Any]:
    return {
        "task_name": body.taskName, "map_name": body.mapName, "area": area, "clean_mode": body.cleanMode,
        "task_mode": body.taskMode, "path_type": body.pathType, "speed": body.speed,
        "hard_floor": int(body.hardFloor), "start_point": list(body.startPoint),
        "speeds": {"low": body.lowSpeed, "middle": body.middleSpeed, "high": body.highSpeed},
    }


def _days(value: object) -> list[int]:
    if isinstance(value, str):
        value = [v for v in value.replace("[", "").replace("]", "").split(",") if v.strip()]
    try:
        return sorted({int(v) for v in value or []})  # type: ignore[attr-defined]
    except (TypeError, ValueError):
        return []


def next_run(start_time: str, repeat: list[int], active: bool, now: datetime) -> str | None:
    """The next start at or after ``now`` (the robot's own clock) on one of the repeat days, or None when off."""
    if not active or not repeat or ":" not in start_time:
        return None
    hours, minutes = (int(part) for part in start_time.split(":")[:2])
    for offset in range(8):
        day = now.date() + timedelta(days=offset)
        moment = datetime.combine(day, datetime.min.time(), tzinfo=now.tzinfo).replace(hour=hours, minute=minutes)
        if moment >= now and day.isoweekday() in repeat:
            return moment.isoformat(timespec="minutes")
    return None


def schedule_from_robot(schedule: dict[str, Any], now: datetime) -> dict[str, Any]:
    repeat, active = _days(schedule.get("days")), bool(int(schedule.get("enable") or 0))
    start = colon_time(schedule.get("start_time"))
    answer = {
        "name": str(schedule.get("name", "")), "mapName": str(schedule.get("map_name", "")),
        "taskList": [str(t) for t in schedule.get("task_list") or []], "startTime": start,
        "endTime": colon_time(schedule.get("end_time")), "repeat": repeat, "isActive": active,
        "nextRun": next_run(start, repeat, active, now), "elevatorId": None, "elevatorName": None, "floors": None,
    }
    if "floors" in schedule:
        floors = [{"mapName": str(f.get("map_name", "")), "taskList": [str(t) for t in f.get("task_list") or []]}
                  for f in schedule.get("floors") or [] if isinstance(f, dict)]
        answer["elevatorId"] = int(schedule["elevator_id"]) if str(schedule.get("elevator_id", "")).isdigit() else None
        answer["floors"] = floors
        answer["mapName"] = floors[0]["mapName"] if floors else ""
        answer["taskList"] = [name for floor in floors for name in floor["taskList"]]
    return answer


def schedule_to_robot(body: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "name": body.name, "start_time": dash_time(body.startTime), "end_time": dash_time(body.endTime or ""),
        "days": sorted(set(body.repeat)), "enable": int(body.isActive),
    }
    if hasattr(body, "floors"):
        fields["elevator_id"] = str(body.elevatorId)
        fields["floors"] = [{"map_name": f.mapName, "task_list": list(f.taskList)} for f in body.floors]
    else:
        fields["map_name"], fields["task_list"] = body.mapName, list(body.taskList)
    return fields


def robot_now(answer: dict[str, Any]) -> datetime | None:
    """The robot's clock, when its answer carries it (``now``, ISO 8601)."""
    try:
        return datetime.fromisoformat(str(answer["now"])) if answer.get("now") else None
    except ValueError:
        return None
