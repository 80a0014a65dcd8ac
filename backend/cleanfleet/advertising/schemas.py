"""Shapes of the advertising calls (/advertising/*) and of /device/selectDeviceAdvertising."""

from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id
from cleanfleet.core.fields import Name
from cleanfleet.core.paging import PageIn

Seconds = Annotated[int, Field(ge=1, le=3600, description="seconds an image shows (1-3600); a clip plays to its end")]


class MediaIn(BaseModel):
    name: Name
    savePath: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=300)] = Field(
        description="an image, video or audio file as /oss/upload answered it")
    isPrivate: bool = True
    seconds: Seconds = 10


class ItemIn(BaseModel):
    mediaId: Id
    seconds: Seconds | None = Field(default=None, description="default the media's own")


class PlaylistIn(BaseModel):
    name: Name
    items: Annotated[list[ItemIn], Field(max_length=100)] = []


class PlaylistUpdate(BaseModel):
    id: Id
    name: Name | None = None
    items: Annotated[list[ItemIn], Field(max_length=100)] | None = Field(
        default=None, description="the whole new order; left out: unchanged")


class AdId(BaseModel):
    id: Id


class AssignIn(BaseModel):
    playlistId: Id
    deviceIds: Annotated[list[Id], Field(min_length=1, max_length=1000)]


class UnassignIn(BaseModel):
    deviceIds: Annotated[list[Id], Field(min_length=1, max_length=1000)]


class AdSearch(PageIn):
    name: Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)] | None = None


class MediaOut(BaseModel):
    id: int
    name: str
    kind: str = Field(description="image, video or audio")
    seconds: int
    savePath: str
    isPrivate: bool
    fileName: str
    size: int
    contentType: str
    userId: int
    createTime: str


class MediaPage(BaseModel):
    list: list[MediaOut]
    total: int
    pageNum: int
    pageSize: int


class ItemOut(BaseModel):
    mediaId: int
    name: str
    kind: str
    seconds: int


class AssignedDevice(BaseModel):
    deviceId: int
    deviceCode: str
    deviceSerialNumber: str


class PlaylistOut(BaseModel):
    id: int
    name: str
    items: list[ItemOut]
    devices: list[AssignedDevice]
    totalSeconds: int
    userId: int
    updateTime: str


class PlaylistPage(BaseModel):
    list: list[PlaylistOut]
    total: int
    pageNum: int
    pageSize: int


class Assigned(BaseModel):
    playlistId: int | None
    deviceIds: list[int]


class SerialIn(BaseModel):
    deviceSerialNumber: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]


class PlayItem(BaseModel):
    sort: int
    mediaId: int
    name: str
    type: str = Field(description="image, video or audio")
    url: str = Field(description="where the pad downloads it (a private file's link expires with expiresAt)")
    expiresAt: int | None
    seconds: int
    contentType: str
    size: int
    sha256: str = Field(description="the pad keeps a copy and downloads again only when this changes")


class AdvertisingOut(BaseModel):
    """What the robot's pad plays, in order (an empty list: no playlist assigned)."""

    deviceSerialNumber: str
    playlistId: int | None
    playlistName: str
    list: list[PlayItem]
