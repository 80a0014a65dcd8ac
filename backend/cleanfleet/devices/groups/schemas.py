"""Request and answer shapes of the device group calls (/deviceGroup/*)."""

from pydantic import BaseModel, Field

from cleanfleet.core.bounds import Id
from cleanfleet.core.fields import IdList, Name


class GroupIn(BaseModel):
    name: Name
    kind: int = Field(default=0, ge=0, le=3, description="0 ordinary, 1 same project, 2 same map, 3 same building")
    deviceIds: IdList = []
    userId: Id | None = Field(default=None, description="the group's owner; default the caller")


class GroupUpdate(BaseModel):
    id: Id
    name: Name | None = None
    kind: int | None = Field(default=None, ge=0, le=3)
    deviceIds: IdList | None = None


class GroupId(BaseModel):
    id: Id


class GroupDevice(BaseModel):
    deviceId: int
    deviceSerialNumber: str
    deviceCode: str


class GroupOut(BaseModel):
    id: int
    name: str
    kind: int
    userId: int
    userName: str
    createTime: str
    devices: list[GroupDevice]
