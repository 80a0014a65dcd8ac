"""Shapes of the task calls (/task/*): a robot's tasks, groups, scheduled and elevator scheduled tasks."""

import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id
from cleanfleet.core.fields import Name
from cleanfleet.core.validation import TextError
from cleanfleet.tasks.texts import BAD_TIME

Coordinate = Annotated[float, Field(ge=-100_000, le=100_000, allow_inf_nan=False)]
Point = Annotated[list[Coordinate], Field(min_length=2, max_length=2, description="[x, y] in metres")]
Speed = Annotated[float, Field(ge=0.1, le=1.5, allow_inf_nan=False, description="m/s")]
_HHMM = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)$")


def _hhmm(value: str) -> str:
    match = _HHMM.match(value.replace("-", ":"))
    if value and not match:
        raise TextError(BAD_TIME)
    return f"{int(match[1]):02d}:{match[2]}" if match else ""


Time = Annotated[str, StringConstraints(strip_whitespace=True, max_length=5), AfterValidator(_hhmm)]
Day = Annotated[int, Field(ge=1, le=7, description="1 Monday … 7 Sunday")]


class DeviceIn(BaseModel):
    deviceId: Id


class MapIn(DeviceIn):
    mapName: Name


class TaskListIn(DeviceIn):
    mapName: Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)] | None = None


class TaskDraft(DeviceIn):
    """A task as drawn: one area (a rectangle or polyline, three points or more) and its start point."""

    taskName: Name
    mapName: Name
    area: Annotated[list[Any], Field(max_length=500, description="[[x, y], ...] in metres: one area")] = []
    startPoint: Point | None = Field(default=None, description="where the robot begins, drawn first")
    cleanMode: Literal["clean", "carpet", "quiet"] = "clean"
    taskMode: Literal["normal", "edge"] = Field(default="normal", description="normal or edge-hugging")
    pathType: Literal["bow", "spiral"] = Field(default="bow", description="route shape: bow (U) or spiral (arc)")
    speed: Literal["low", "middle", "high"] = "middle"
    lowSpeed: Speed = 0.3
    middleSpeed: Speed = 0.5
    highSpeed: Speed = 0.7
    hardFloor: bool = True


class TaskName(DeviceIn):
    taskName: Name


class TaskRename(TaskName):
    newName: Name


class TaskStart(DeviceIn):
    """One task (``taskName``), several in turn (``taskList``) or a group (``groupName``)."""

    taskName: Name | None = None
    taskList: Annotated[list[Name], Field(max_length=100)] | None = None
    groupName: Name | None = None


GroupType = Annotated[int, Field(ge=0, le=3, description="0 ordinary, 1 same project, 2 same map, 3 same building "
                                                         "(product-spec 3: the device group types)")]


class GroupIn(DeviceIn):
    """A task group: its tasks run in turn, so they must all be on one map (the robot runs a group on the map it
    stands on, without elevator rides); the type is what the group gathers, kept with it on the robot."""

    groupName: Name
    taskList: Annotated[list[Name], Field(min_length=1, max_length=100)]
    groupType: GroupType = 0


class GroupName(DeviceIn):
    groupName: Name


class GroupRename(GroupName):
    newName: Name


class ScheduleIn(DeviceIn):
    name: Name
    mapName: Name
    taskList: Annotated[list[Name], Field(min_length=1, max_length=100)]
    startTime: Time = Field(description="HH:MM, required")
    endTime: Time = Field(default="", description="forced end time, after the start; required when the schedule is on")
    repeat: Annotated[list[Day], Field(max_length=7)] = []
    isActive: bool = True
    edit: bool = Field(default=False, description="change the schedule of this name instead of adding one: the robot "
                                                  "replaces every field at once (timetask_edit), or changes nothing")


class FloorIn(BaseModel):
    mapName: Name
    taskList: Annotated[list[Name], Field(min_length=1, max_length=100)]


class ElevatorScheduleIn(DeviceIn):
    name: Name
    elevatorId: Id
    floors: Annotated[list[FloorIn], Field(max_length=50)] = []
    startTime: Time
    endTime: Time = ""
    repeat: Annotated[list[Day], Field(max_length=7)] = []
    isActive: bool = True
    edit: bool = False


class ScheduleName(DeviceIn):
    name: Name


class ScheduleEnable(ScheduleName):
    isActive: bool


class ScheduleRename(ScheduleName):
    newName: Name


# --- answers -----------------------------------------------------------------------------------------


class TaskOut(BaseModel):
    taskName: str
    mapName: str
    area: list[list[float]]
    cleanMode: str
    taskMode: str
    pathType: str
    speed: str
    hardFloor: bool
    startPoint: list[float] | None = Field(
        default=None, description="where a run begins (x, y in metres); null: where the robot stands")


class MapOut(BaseModel):
    mapName: str
    current: bool
    resolution: float
    origin: list[float]
    width: int
    height: int
    area: float = 0
    floor: str = ""


class Preview(BaseModel):
    area: float = Field(description="m² the task would cover")
    pathLength: float = Field(description="m")
    durationS: float = Field(description="seconds it would take")
    points: int
    path: list[list[float]] = Field(default=[], description="the planned path, when the robot gives it")


class TaskState(BaseModel):
    state: str
    mode: str = ""
    taskName: str = ""
    mapName: str = ""
    progress: float = 0
    cleanedArea: float = 0
    workArea: float = 0
    elapsedS: float = 0
    queue: list[str] = []
    pausedFor: list[str] = []
    startTime: str = ""
    elevator: str | None = Field(default=None, description="riding an elevator: the ride's state")
    robotTime: str | None = Field(
        default=None, description="the robot's clock (ISO 8601), which its scheduled tasks run by; null: not told")


class RunOut(BaseModel):
    taskName: str
    mapName: str
    result: str
    startTime: str
    endTime: str
    coverage: float
    cleanedArea: float


class History(BaseModel):
    runs: list[RunOut] = Field(description="finished runs, newest first")
    now: str | None = Field(description="the robot's clock (the floor may still be wet after a recent run)")


class GroupOut(BaseModel):
    groupName: str
    taskList: list[str]
    groupType: int = Field(description="0 ordinary, 1 same project, 2 same map, 3 same building")


class FloorOut(BaseModel):
    mapName: str
    taskList: list[str]


class ScheduleOut(BaseModel):
    name: str
    mapName: str
    taskList: list[str]
    startTime: str
    endTime: str
    repeat: list[int]
    isActive: bool
    nextRun: str | None = Field(description="the next start on the robot's clock (ISO 8601), None when off")
    elevatorId: int | None = None
    elevatorName: str | None = None
    floors: list[FloorOut] | None = None


class ElevatorPoint(BaseModel):
    name: str
    x: float
    y: float


class ElevatorPoints(BaseModel):
    mapName: str
    points: list[ElevatorPoint]


class MapImage(BaseModel):
    mapName: str
    png: str = Field(description="the map picture, PNG in base64 (ROS shades; north up; the map's resolution)")


class MapMarks(BaseModel):
    mapName: str
    walls: list[list[list[float]]] = Field(default=[], description="virtual walls: polylines [[x, y], ...] in metres")
    zones: list[list[list[float]]] = Field(default=[], description="forbidden zones: polygons [[x, y], ...] in metres")


class Done(BaseModel):
    deviceId: int
    name: str
