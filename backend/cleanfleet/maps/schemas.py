"""Shapes of the map calls (/map/*): the map list, deleting, download and import, sync."""

from typing import Annotated, Literal

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id

MapName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=128)]
MAX_TARGETS = 100


class DeviceIn(BaseModel):
    deviceId: Id


class MapUsers(BaseModel):
    """What works on a map, by the robot's own lists (names)."""

    tasks: list[str]
    schedules: list[str] = Field(description="scheduled tasks whose map it is")
    elevatorSchedules: list[str] = Field(description="elevator scheduled tasks with a floor on it")


class MapOut(BaseModel):
    id: int
    deviceId: int
    mapName: str
    area: float = Field(description="m² of free floor")
    width: int = Field(description="pixels")
    height: int = Field(description="pixels")
    resolution: float = Field(description="metres per pixel")
    origin: list[float] = Field(description="[x, y] in metres of the lower-left pixel")
    sizeM: list[float] = Field(description="[width, height] in metres")
    version: int = Field(description="the robot's edit counter: the picture at one version never changes")
    current: bool = Field(description="the map the robot is on now")
    inUse: list[str] = Field(description="tasks, scheduled tasks and elevator scheduled tasks that use this map "
                                         "(usedBy's names in that order)")
    usedBy: MapUsers = Field(description="the robot's tasks and schedules on this map, as last read from it")
    floor: int
    building: str
    imagePath: str = Field(description="the picture's robot path for /relay (m), with ?v=version to cache it")
    changedAt: str
    refreshedAt: str


class MapListOut(BaseModel):
    deviceId: int
    online: Literal[0, 1] = Field(description="1 online, 0 offline (the device's ``online``)")
    refreshed: bool = Field(description="true when the list was read from the robot just now; false: the record")
    usageRefreshed: bool = Field(description="true when inUse was read from the robot's task and schedule lists "
                                             "just now; false: as last read (the robot is offline or did not answer)")
    list: list[MapOut]


class DeleteByIdIn(BaseModel):
    id: Id = Field(description="the map record's id (from /map/selectMap)")
    force: bool = Field(default=False, description="delete even when tasks or scheduled tasks use it (they go too)")


class DeletedOut(BaseModel):
    deviceId: int
    mapName: str


class MapRef(BaseModel):
    deviceId: Id
    mapName: MapName


class ImportedOut(BaseModel):
    deviceId: int
    mapName: str
    map: MapOut | None


class SyncIn(BaseModel):
    deviceId: Id = Field(description="the source robot")
    mapName: MapName
    targetDeviceIds: list[Id] = Field(min_length=1, max_length=MAX_TARGETS)
    replaceInUse: bool = Field(default=False, description="replace a same-named map that a target's tasks or "
                                                          "schedules use (without it the call is refused naming them)")


class TargetInUse(BaseModel):
    deviceId: int
    deviceName: str
    serialNumber: str
    fromRecord: bool = Field(description="the robot is offline or did not answer: what it last told")
    usedBy: MapUsers


class MapInUseOut(BaseModel):
    """The data of an import's or a sync's CONFLICT: the robots whose same-named map is in use (empty when the
    conflict is another one, such as a task running on that map)."""

    mapName: str
    targets: list[TargetInUse]


class SyncOut(BaseModel):
    id: int
    sourceDeviceId: int
    sourceName: str
    targetDeviceId: int
    targetName: str
    targetSerialNumber: str
    mapName: str
    sendState: str = Field(description="pending | running | success | failed: the source's map read and sent")
    receiveState: str = Field(description="pending | running | success | failed: the target's map_sync job")
    progress: int = Field(description="percent of the target's job")
    message: str = Field(description="the last failure's reason: the server's in the caller's language, a robot's "
                         "as it gave it")
    attempts: int
    createdAt: str
    updatedAt: str
    waitingSince: str | None = Field(description="while the target has not taken the map (sent, receive pending "
                                     "or running): since when it is waited for; else null")
    expiresAt: str | None = Field(description="while waiting: when the row fails if the target has not taken the "
                                  "map (settings map_sync_expiry_hours); else null")


class SyncIdIn(BaseModel):
    id: Id = Field(description="a sync row's id (one target)")
