"""Shapes of the map calls (/map/*): the map list, deleting, download and import, sync."""

from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id

MapName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=128)]
MAX_TARGETS = 100


class DeviceIn(BaseModel):
    deviceId: Id


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
    inUse: list[str] = Field(description="tasks and scheduled tasks that use this map")
    floor: int
    building: str
    imagePath: str = Field(description="the picture's robot path for /relay (m), with ?v=version to cache it")
    changedAt: str
    refreshedAt: str


class MapListOut(BaseModel):
    deviceId: int
    online: bool
    refreshed: bool = Field(description="true when the list was read from the robot just now; false: the record")
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
    message: str = Field(description="the last failure's reason, as the robot or the link gave it")
    attempts: int
    createdAt: str
    updatedAt: str


class SyncIdIn(BaseModel):
    id: Id = Field(description="a sync row's id (one target)")
