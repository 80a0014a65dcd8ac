"""Shapes of the whole-machine version, white/black list, cloud version and configuration calls (camelCase as the
console sends them)."""

from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import MAX_LIST, Id, UtcTime
from cleanfleet.core.fields import AnySerial, Name
from cleanfleet.core.paging import PageIn

VersionText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
OptionalVersion = Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)]
Description = Annotated[str, StringConstraints(strip_whitespace=True, max_length=1024)]
Notes = Annotated[str, StringConstraints(strip_whitespace=True, max_length=4000)]
Search = Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)]
ParamKey = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
ParamValue = Annotated[str, StringConstraints(max_length=1024)]
Remark = Annotated[str, StringConstraints(strip_whitespace=True, max_length=255)]


# --- whole-machine versions ------------------------------------------------------------------------------------


class WholeVersionIn(BaseModel):
    """``/wmWholeVersion/add``: a new whole-machine version (unpublished)."""

    name: Name
    versionNumber: VersionText
    appVersion: OptionalVersion = Field(default="", description="the pad app's version; may be empty")
    firmwareVersion: VersionText
    firmwareId: Id | None = Field(default=None, description="the firmware record chosen: published with the "
                                                             "version to the robots in range")
    softVersion: VersionText
    description: Description = ""


class WholeVersionEdit(BaseModel):
    """``/wmWholeVersion/edit``: only the fields sent change. ``published`` alone publishes (true) or cancels the
    publish (false), with the ``publish`` key; the other fields need ``edit`` and an unpublished version."""

    id: Id
    name: Name | None = None
    versionNumber: VersionText | None = None
    appVersion: OptionalVersion | None = None
    firmwareVersion: VersionText | None = None
    firmwareId: Id | None = None
    softVersion: VersionText | None = None
    description: Description | None = None
    published: bool | None = None


class WholeVersionId(BaseModel):
    id: Id


class WholePageIn(PageIn):
    name: Search = Field(default="", description="part of the name or version number")
    published: bool | None = Field(default=None, description="only published (true) or unpublished (false) ones")


class WholeVersionOut(BaseModel):
    id: int
    name: str
    versionNumber: str
    appVersion: str
    firmwareVersion: str
    firmwareId: int | None
    softVersion: str
    description: str
    published: bool
    publishTime: str = Field(description="when it was last published; empty: never")
    whiteCount: int = Field(description="the caller's robots on its white list")
    blackCount: int = Field(description="the caller's robots on its black list")
    userName: str
    createTime: str
    updateTime: str


class WholeVersionPage(BaseModel):
    list: list[WholeVersionOut]
    total: int
    pageNum: int
    pageSize: int


class SoftVersionOption(BaseModel):
    version: str
    name: str
    source: str = Field(description="software: a software version of page version/soft (id is its id); firmware: a "
                        "firmware record (id is its id); device: reported by robots")
    id: int | None
    devices: int = Field(description="the caller's robots running it")


class AppVersionOption(BaseModel):
    version: str
    devices: int = Field(description="the caller's robots whose pad app reported it (published app versions first)")


class RangeIn(PageIn):
    id: Id = Field(description="the whole-machine version")
    search: Search = Field(default="", description="part of a robot's name or serial number")


class RangeDeviceOut(BaseModel):
    deviceId: int
    deviceSerialNumber: str
    deviceName: str
    softVersion: str
    firmwareVersion: str
    padVersion: str
    white: bool
    black: bool
    inRange: bool = Field(description="the robot would get the version: on the white list (or there is none) and "
                                      "not on the black list")


class RangePage(BaseModel):
    list: list[RangeDeviceOut]
    total: int
    pageNum: int
    pageSize: int


class ListIn(BaseModel):
    """A white or black list: it replaces the caller's share of that list (robots of other branches stay)."""

    wholeVersionId: Id
    deviceSerialNumbers: Annotated[list[AnySerial], Field(max_length=MAX_LIST)]


class SerialIn(BaseModel):
    deviceSerialNumber: AnySerial


class DeviceWholeVersion(BaseModel):
    deviceSerialNumber: str
    version: WholeVersionOut | None = Field(description="the newest published version whose range holds the robot")
    upToDate: bool = Field(description="the robot reports the version's software, firmware and app versions")


# --- cloud versions --------------------------------------------------------------------------------------------


class CloudVersionIn(BaseModel):
    name: Name
    versionNumber: VersionText
    notes: Notes = Field(default="", description="release notes")
    releaseTime: UtcTime | None = Field(default=None, description="default: now")


class CloudVersionEdit(BaseModel):
    id: Id
    name: Name | None = None
    versionNumber: VersionText | None = None
    notes: Notes | None = None
    releaseTime: UtcTime | None = None


class CloudVersionId(BaseModel):
    id: Id


class CloudPageIn(PageIn):
    name: Search = Field(default="", description="part of the name or version number")


class CloudVersionOut(BaseModel):
    id: int
    name: str
    versionNumber: str
    notes: str
    releaseTime: str
    userName: str
    createTime: str
    updateTime: str


class CloudVersionPage(BaseModel):
    list: list[CloudVersionOut]
    total: int
    pageNum: int
    pageSize: int


# --- configuration parameters ----------------------------------------------------------------------------------


class ParameterIn(BaseModel):
    """``/configure/add``: a new parameter, or with ``id`` a change of that one (the ``edit`` key)."""

    id: Id | None = None
    key: ParamKey
    value: ParamValue = ""
    remark: Remark = ""


class ParameterId(BaseModel):
    id: Id


class FindAllIn(BaseModel):
    key: Search = Field(default="", description="part of the key")


class ParameterOut(BaseModel):
    id: int
    key: str
    value: str
    remark: str
    updateTime: str
