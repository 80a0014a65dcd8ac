"""What a robot keeps about work: tasks, task groups, scheduled tasks and elevator scheduled tasks.

Field names are the robot's own (snake_case). Scheduled times are "HH-MM" with a dash, as robots
store them (the console turns the dash into a colon); `days` are ISO weekdays 1 (Monday) to 7;
`enable` is 0 or 1. Checks follow product-spec 5: a scheduled task needs a name, a start time and a
repeat cycle, a forced end time when it is enabled, and may not list the same task twice.
"""

from __future__ import annotations

import math
import re
from dataclasses import asdict, dataclass, field
from datetime import date, datetime, time, timedelta
from typing import Any

from cleanfleet_sim.errors import Refusal, RobotCode, bad_parameter, not_found
from cleanfleet_sim.geometry import Point, parse_points

CLEAN_MODES = ("clean", "carpet", "quiet")
TASK_MODES = ("normal", "edge")
PATH_TYPES = ("bow", "spiral")
SPEEDS = {"low": 0.3, "middle": 0.5, "high": 0.7}
_TIME = re.compile(r"^(\d{1,2})[-:](\d{2})$")


def parse_hhmm(value: object, field_name: str) -> str:
    """'8:30', '08-30' → '08-30'."""
    match = _TIME.match(str(value or "").strip())
    if not match or int(match[1]) > 23 or int(match[2]) > 59:
        raise bad_parameter(field_name, "must be a time HH-MM", reason="not_a_time")
    return f"{int(match[1]):02d}-{match[2]}"


def hhmm_time(value: str) -> time:
    hours, minutes = value.split("-")
    return time(int(hours), int(minutes))


def parse_days(value: object) -> list[int]:
    if isinstance(value, str):
        value = [v for v in re.split(r"[,\s]+", value.strip("[] ")) if v]
    if not isinstance(value, list | tuple) or not value:
        raise bad_parameter("days", "choose at least one day of the week (1 Monday .. 7 Sunday)", reason="no_days")
    try:
        days = sorted({int(v) for v in value})
    except (TypeError, ValueError) as exc:
        raise bad_parameter("days", "days are numbers 1 (Monday) to 7 (Sunday)") from exc
    if days[0] < 1 or days[-1] > 7:
        raise bad_parameter("days", "days are numbers 1 (Monday) to 7 (Sunday)")
    return days


def parse_names(value: object, field_name: str) -> list[str]:
    if isinstance(value, str):
        value = [v.strip() for v in value.split(",") if v.strip()]
    if not isinstance(value, list | tuple) or not value:
        raise bad_parameter(field_name, "list at least one task", reason="no_tasks")
    names = [str(v) for v in value]
    if len(set(names)) != len(names):
        raise bad_parameter(field_name, "the same task cannot be added twice", reason="task_twice")
    return names


def choice(value: object, allowed: tuple[str, ...], field_name: str, default: str) -> str:
    text = str(value) if value not in (None, "") else default
    if text not in allowed:
        raise bad_parameter(field_name, f"must be one of {', '.join(allowed)}")
    return text


def required_name(value: object, field_name: str) -> str:
    text = str(value or "").strip()
    if not text:
        raise bad_parameter(field_name, "is required", reason="required")
    return text


@dataclass
class Task:
    task_name: str
    map_name: str
    area: list[Point] = field(default_factory=list)
    clean_mode: str = "clean"
    task_mode: str = "normal"
    path_type: str = "bow"
    speed: str = "middle"
    hard_floor: int = 1
    png_size: int = 0
    start_point: Point | None = None  # where a run begins (the console draws it first); None: where the robot stands

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["area"] = [[x, y] for x, y in self.area]
        data["start_point"] = None if self.start_point is None else list(self.start_point)
        return data


@dataclass
class ScheduledTask:
    name: str
    map_name: str
    task_list: list[str]
    start_time: str
    days: list[int]
    enable: int
    end_time: str = ""
    skip_date: date | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "map_name": self.map_name, "task_list": list(self.task_list),
                "start_time": self.start_time, "end_time": self.end_time, "days": list(self.days),
                "enable": self.enable}


@dataclass
class FloorLeg:
    map_name: str
    task_list: list[str]


@dataclass
class ElevatorScheduledTask:
    name: str
    elevator_id: str
    floors: list[FloorLeg]
    start_time: str
    days: list[int]
    enable: int
    end_time: str = ""
    skip_date: date | None = None

    @property
    def map_name(self) -> str:
        return self.floors[0].map_name

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "elevator_id": self.elevator_id, "start_time": self.start_time,
                "end_time": self.end_time, "days": list(self.days), "enable": self.enable,
                "floors": [{"map_name": f.map_name, "task_list": list(f.task_list)} for f in self.floors]}


Schedule = ScheduledTask | ElevatorScheduledTask


def occurrence_between(schedule: Schedule, after: datetime, upto: datetime) -> datetime | None:
    """The start of `schedule` that falls in (after, upto], if any (at most a week back is checked)."""
    day = max(after.date(), upto.date() - timedelta(days=7))
    start = hhmm_time(schedule.start_time)
    while day <= upto.date():
        moment = datetime.combine(day, start, tzinfo=upto.tzinfo)
        if after < moment <= upto and day.isoweekday() in schedule.days and schedule.skip_date != day:
            return moment
        day += timedelta(days=1)
    return None


def forced_end(schedule: Schedule, started: datetime) -> datetime | None:
    """When a run begun at `started` must stop: the next end_time after the start (next day if earlier)."""
    if not schedule.end_time:
        return None
    end = datetime.combine(started.date(), hhmm_time(schedule.end_time), tzinfo=started.tzinfo)
    return end if end > started else end + timedelta(days=1)


def _task_from(params: dict[str, Any], name: str, map_name: str) -> Task:
    try:
        area = parse_points(params.get("area") or [], "area")
    except ValueError as exc:
        raise bad_parameter("area", str(exc)) from exc
    if area and len(area) < 3:
        raise bad_parameter("area", "draw the area (three points or more) first", reason="too_few_points", min=3)
    start = _start_point(params.get("start_point"))
    return Task(
        task_name=name, map_name=map_name, area=area,
        clean_mode=choice(params.get("clean_mode"), CLEAN_MODES, "clean_mode", "clean"),
        task_mode=choice(params.get("task_mode"), TASK_MODES, "task_mode", "normal"),
        path_type=choice(params.get("path_type"), PATH_TYPES, "path_type", "bow"),
        speed=choice(params.get("speed"), tuple(SPEEDS), "speed", "middle"),
        hard_floor=1 if str(params.get("hard_floor", 1)) in ("1", "true", "True") else 0,
        start_point=start,
    )


def _start_point(value: object) -> Point | None:
    """The task's start point, one [x, y] (or {x, y}); absent is allowed. A run drives there first and begins
    its path at the area's free cell nearest to it (a start outside the area is where the path enters it)."""
    if value is None or value == []:
        return None
    try:
        x, y = parse_points([value], "start_point")[0]
    except (ValueError, TypeError) as exc:
        raise bad_parameter("start_point", "start_point must be one point [x, y]") from exc
    if not (math.isfinite(x) and math.isfinite(y)):
        raise bad_parameter("start_point", "start_point must be finite numbers")
    return x, y


ENTRY_KINDS = {"group": ("groups", "task group"), "schedule": ("schedules", "scheduled task"),
               "elevator_schedule": ("elevator_schedules", "elevator scheduled task")}


class TaskBook:
    """Tasks by name, task groups, scheduled tasks and elevator scheduled tasks, in display order."""

    def __init__(self) -> None:
        self.tasks: dict[str, Task] = {}
        self.groups: dict[str, list[str]] = {}
        self.group_types: dict[str, int] = {}  # 0 ordinary, 1 same project, 2 same map, 3 same building
        self.schedules: dict[str, ScheduledTask] = {}
        self.elevator_schedules: dict[str, ElevatorScheduledTask] = {}
        self.paths: dict[str, list[Point]] = {}

    # -- tasks ------------------------------------------------------------------------------------
    def task(self, name: str) -> Task:
        found = self.tasks.get(name)
        if found is None:
            raise not_found(f"task {name}", reason="task_not_found", task=name)
        return found

    def add_task(self, params: dict[str, Any], known_maps: set[str]) -> Task:
        name = required_name(params.get("task_name"), "task_name")
        map_name = required_name(params.get("map_name"), "map_name")
        if map_name not in known_maps:
            raise not_found(f"map {map_name}", reason="map_not_found", map=map_name)
        if name in self.tasks:
            raise Refusal(RobotCode.ALREADY_EXISTS, f"task {name} already exists", reason="name_taken", name=name)
        task = _task_from(params, name, map_name)
        self.tasks[name] = task
        return task

    def rename_task(self, name: str, new_name: str) -> None:
        task = self.task(name)
        new_name = required_name(new_name, "new_name")
        if new_name in self.tasks:
            raise Refusal(RobotCode.ALREADY_EXISTS, f"task {new_name} already exists", reason="name_taken",
                          name=new_name)
        del self.tasks[name]
        task.task_name = new_name
        self.tasks[new_name] = task
        for names in [*self.groups.values(), *(s.task_list for s in self.schedules.values()),
                      *(leg.task_list for e in self.elevator_schedules.values() for leg in e.floors)]:
            names[:] = [new_name if n == name else n for n in names]

    def delete_task(self, name: str) -> None:
        self.task(name)
        users = [s.name for s in self.schedules.values() if name in s.task_list]
        if users:
            raise Refusal(RobotCode.BUSY, f"task {name} is used by scheduled task {users[0]}",
                          reason="task_in_schedule", task=name, schedule=users[0])
        del self.tasks[name]
        for names in self.groups.values():
            names[:] = [n for n in names if n != name]

    def users_of_map(self, map_name: str) -> list[str]:
        """What works on a map, as a user reads it: its tasks, then the scheduled tasks that run there."""
        tasks = sorted(t.task_name for t in self.tasks.values() if t.map_name == map_name)
        schedules = sorted(s.name for s in self.schedules.values() if s.map_name == map_name)
        rides = sorted(e.name for e in self.elevator_schedules.values()
                       if any(leg.map_name == map_name for leg in e.floors))
        return tasks + schedules + rides

    def drop_map(self, map_name: str) -> None:
        """A map deleted by force takes what works on it: its tasks (out of groups too) and the scheduled tasks
        that run there, so nothing is left naming a map that is gone."""
        gone = {name for name, task in self.tasks.items() if task.map_name == map_name}
        for name in gone:
            del self.tasks[name]
        for names in self.groups.values():
            names[:] = [n for n in names if n not in gone]
        for name in [n for n, s in self.schedules.items() if s.map_name == map_name]:
            del self.schedules[name]
        rides = [n for n, e in self.elevator_schedules.items() if any(leg.map_name == map_name for leg in e.floors)]
        for name in rides:
            del self.elevator_schedules[name]

    # -- groups, scheduled tasks and elevator scheduled tasks by name ------------------------------
    def entries(self, kind: str) -> tuple[dict[str, Any], str]:
        attribute, label = ENTRY_KINDS[kind]
        return getattr(self, attribute), label

    def entry(self, kind: str, name: str) -> Any:
        book, label = self.entries(kind)
        if name not in book:
            raise not_found(f"{label} {name}")
        return book[name]

    def fresh_name(self, kind: str, name: object, field_name: str) -> str:
        book, label = self.entries(kind)
        text = required_name(name, field_name)
        if text in book:
            raise Refusal(RobotCode.ALREADY_EXISTS, f"{label} {text} already exists", reason="name_taken", name=text)
        return text

    def rename_entry(self, kind: str, name: str, new_name: object) -> None:
        item = self.entry(kind, name)
        fresh = self.fresh_name(kind, new_name, "new_name")
        if hasattr(item, "name"):
            item.name = fresh
        rename_key(self.entries(kind)[0], name, fresh)
        if kind == "group":
            self.group_types[fresh] = self.group_types.pop(name, 0)

    def delete_entry(self, kind: str, name: str) -> None:
        self.entry(kind, name)
        del self.entries(kind)[0][name]
        if kind == "group":
            self.group_types.pop(name, None)

    def entry_to_top(self, kind: str, name: str) -> None:
        self.entry(kind, name)
        move_to_top(self.entries(kind)[0], name)

    def add_group(self, name: str, task_list: object, group_type: object = 0) -> None:
        """A group runs its tasks in turn on the map the robot stands on, so its tasks must share one map."""
        fresh = self.fresh_name("group", name, "group_name")
        names = parse_names(task_list, "task_list")
        maps = {n: self.task(n).map_name for n in names}
        if len(set(maps.values())) > 1:
            listed = ", ".join(f"{n} ({m})" for n, m in maps.items())
            raise bad_parameter("task_list", f"the tasks of a group must be on one map: {listed}")
        kind = str(group_type if group_type not in (None, "") else 0)
        if kind not in ("0", "1", "2", "3"):
            raise bad_parameter("group_type", "must be 0 ordinary, 1 same project, 2 same map or 3 same building")
        self.groups[fresh] = names
        self.group_types[fresh] = int(kind)

    def group(self, name: str) -> list[str]:
        return self.entry("group", name)  # type: ignore[no-any-return]

    # -- scheduled tasks ----------------------------------------------------------------------------
    def _schedule_fields(self, params: dict[str, Any], current: Schedule | None) -> dict[str, Any]:
        def pick(key: str) -> Any:
            if key in params and params[key] not in (None, ""):
                return params[key]
            return getattr(current, key, None) if current else None

        start_time = parse_hhmm(pick("start_time"), "start_time")
        days = parse_days(pick("days"))
        enable = pick("enable")
        enable_flag = 1 if str(enable if enable is not None else 1) in ("1", "true", "True") else 0
        end = pick("end_time")
        if enable_flag and not end:
            raise bad_parameter("end_time", "a forced end time is needed when the scheduled task is on",
                                reason="end_time_needed")
        end_time = parse_hhmm(end, "end_time") if end else ""
        return {"start_time": start_time, "days": days, "enable": enable_flag, "end_time": end_time}

    def save_schedule(self, params: dict[str, Any], *, edit: bool) -> ScheduledTask:
        name = self._saved_name("schedule", params, edit)
        current = self.schedules.get(name)
        fields = self._schedule_fields(params, current)
        task_list = parse_names(params.get("task_list") or (current.task_list if current else None), "task_list")
        maps = {self.task(n).map_name for n in task_list}
        map_name = str(params.get("map_name") or (current.map_name if current else "") or next(iter(maps)))
        if maps != {map_name}:
            raise bad_parameter("task_list", f"every task must be on map {map_name}")
        schedule = ScheduledTask(name=name, map_name=map_name, task_list=task_list, **fields)
        self.schedules[name] = schedule
        return schedule

    def _saved_name(self, kind: str, params: dict[str, Any], edit: bool) -> str:
        """The name of the entry a save writes: an existing one to edit, a new one to add."""
        if not edit:
            return self.fresh_name(kind, params.get("name"), "name")
        name = required_name(params.get("name"), "name")
        self.entry(kind, name)
        return name

    def schedule(self, name: str) -> ScheduledTask:
        return self.entry("schedule", name)  # type: ignore[no-any-return]

    def save_elevator_schedule(self, params: dict[str, Any], *, edit: bool) -> ElevatorScheduledTask:
        name = self._saved_name("elevator_schedule", params, edit)
        current = self.elevator_schedules.get(name)
        fields = self._schedule_fields(params, current)
        raw = params.get("floors")
        floors = current.floors if current and raw in (None, "") else self._floors(raw)
        elevator_id = str(params.get("elevator_id") or (current.elevator_id if current else "") or "")
        if not elevator_id:
            raise bad_parameter("elevator_id", "is required", reason="required")
        schedule = ElevatorScheduledTask(name=name, elevator_id=elevator_id, floors=floors, **fields)
        self.elevator_schedules[name] = schedule
        return schedule

    def _floors(self, raw: object) -> list[FloorLeg]:
        if not isinstance(raw, list) or not raw:
            raise bad_parameter("floors", "list the floors: [{map_name, task_list}, ...]")
        floors = []
        for item in raw:
            if not isinstance(item, dict):
                raise bad_parameter("floors", "each floor is {map_name, task_list}")
            map_name = required_name(item.get("map_name"), "floors.map_name")
            names = parse_names(item.get("task_list"), "floors.task_list")
            for n in names:
                if self.task(n).map_name != map_name:
                    raise bad_parameter("floors.task_list", f"task {n} is not on map {map_name}")
            floors.append(FloorLeg(map_name, names))
        return floors

    def elevator_schedule(self, name: str) -> ElevatorScheduledTask:
        return self.entry("elevator_schedule", name)  # type: ignore[no-any-return]


def move_to_top(book: dict[str, Any], name: str) -> None:
    """Put one entry first, keeping the others' order (dicts keep insertion order)."""
    item = book.pop(name)
    rest = dict(book)
    book.clear()
    book[name] = item
    book.update(rest)


def rename_key(book: dict[str, Any], name: str, new_name: str) -> None:
    """Rename in place, keeping the entry's position."""
    items = [(new_name if k == name else k, v) for k, v in book.items()]
    book.clear()
    book.update(items)
