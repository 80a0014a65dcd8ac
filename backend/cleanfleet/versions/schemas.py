"""Shapes of the firmware, publication and rollout calls (/version/*), camelCase as the console sends them."""

from typing import Annotated, Literal

from pydantic import AliasChoices, BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id
from cleanfleet.core.fields import AnySerial, Name
from cleanfleet.core.paging import PageIn

VersionText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
Description = Annotated[str, StringConstraints(strip_whitespace=True, max_length=1024)]
Percent = Annotated[int, Field(ge=0, le=100)]
MAX_TARGETS = 100_000  # a rollout's devices; a white list's: MAX_WHITE_LIST
MAX_WHITE_LIST = 1000
FirmwareIdField = Field(validation_alias=AliasChoices("id", "versionId"), description="the firmware (also `versionId`)")


class FirmwareEdit(BaseModel):
    """``/version/updateVersionFireware``: only the fields sent change (the file stays: a new file is a new
    firmware)."""

    id: Id = FirmwareIdField
    name: Name | None = None
    version: VersionText | None = None
    description: Description | None = None
    enabled: bool | None = None
    deviceTypes: Annotated[list[Id], Field(max_length=200)] | None = Field(
        default=None, description="the device type ids it applies to; empty: every type")


class FirmwareId(BaseModel):
    id: Id = FirmwareIdField


class FirmwareOut(BaseModel):
    id: int
    versionId: int
    name: str
    version: str
    description: str
    enabled: bool
    deviceTypes: list[int]
    fileName: str
    size: int = Field(description="bytes")
    sha256: str
    updating: int = Field(description="robots updating to it now")
    updated: int = Field(description="robots it updated")
    createTime: str
    updateTime: str


class SerialIn(BaseModel):
    deviceSerialNumber: AnySerial


class UpdateOut(BaseModel):
    updateId: int
    deviceId: int
    deviceSerialNumber: str
    deviceName: str
    versionId: int = Field(description="the firmware's id, or the software version's (``target`` soft or pad)")
    target: str = Field(description="what it installs: firmware, soft (navigation software) or pad")
    version: str
    fromVersion: str
    publicId: int | None
    rolloutId: int | None
    groupNumber: int | None
    state: str = Field(description="QUEUED, SENT, DOWNLOADING, DOWNLOADED, VERIFIED, UPDATING, UPDATED, FAILED, "
                                   "CANCELLED")
    progress: int
    reason: str
    updateTime: str


class DeviceFirmware(BaseModel):
    deviceSerialNumber: str
    currentVersion: str
    firmware: FirmwareOut | None = Field(description="the newest enabled firmware for its device type")
    upToDate: bool
    lastUpdate: UpdateOut | None


class PublicIn(BaseModel):
    """Publish a firmware to a white list of robots: each gets the update now."""

    versionId: Id
    deviceSerialNumbers: Annotated[list[AnySerial], Field(min_length=1, max_length=MAX_WHITE_LIST)]
    allowDowngrade: bool = False


class VersionId(BaseModel):
    versionId: Id


class PublicId(BaseModel):
    publicId: Id


class PublicationOut(BaseModel):
    publicId: int
    versionId: int
    name: str
    version: str
    allowDowngrade: bool
    userName: str
    createTime: str
    updates: list[UpdateOut]


class UpdatesIn(PageIn):
    deviceSerialNumber: AnySerial | None = Field(default=None, description="one robot's records")
    versionId: Id | None = None


class UpdatePage(BaseModel):
    list: list[UpdateOut]
    total: int
    pageNum: int
    pageSize: int


class RolloutIn(BaseModel):
    name: Name
    versionId: Id
    deviceIds: Annotated[list[Id], Field(min_length=1, max_length=MAX_TARGETS)] | None = Field(
        default=None, description="the targets; none: every robot of the caller's the firmware applies to")
    groupBy: Literal["percent", "count"] = "percent"
    groupSize: Annotated[int, Field(ge=1, le=MAX_TARGETS)] = Field(
        description="percent: each group is this percentage of the targets; count: this many robots")
    successThreshold: Annotated[int, Field(ge=1, le=100)] = Field(
        default=100, description="percent of a group updated before the next group starts")
    errorThreshold: Percent = Field(default=0, description="percent of a group failed past which the rollout "
                                                           "pauses itself")
    allowDowngrade: bool = False


class RolloutId(BaseModel):
    rolloutId: Id


class GroupOut(BaseModel):
    number: int
    size: int
    state: str = Field(description="WAITING, RUNNING, SUCCEEDED")
    waiting: int = Field(description="not sent yet")
    running: int = Field(description="sent, downloading or installing")
    updated: int
    failed: int
    cancelled: int


class RolloutOut(BaseModel):
    rolloutId: int
    name: str
    versionId: int
    firmwareName: str
    version: str
    state: str = Field(description="RUNNING, PAUSED, FINISHED, CANCELLED")
    reason: str = Field(description="why it paused: error_threshold, success_threshold, by_hand, or empty")
    groupBy: str
    groupSize: int
    successThreshold: int
    errorThreshold: int
    allowDowngrade: bool
    currentGroup: int
    total: int
    groups: list[GroupOut]
    createTime: str


class RolloutPage(BaseModel):
    list: list[RolloutOut]
    total: int
    pageNum: int
    pageSize: int


# --- software versions (page version/soft) ------------------------------------------------------------------

SoftTypeName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=16)]
SoftTypeId = Annotated[int, Field(ge=1, le=2, description="1: the robot's navigation software (soft), 2: its pad")]
Scope = Literal["all", "white"]
SerialList = Annotated[list[AnySerial], Field(max_length=MAX_WHITE_LIST)]
Log = Annotated[str, StringConstraints(strip_whitespace=True, max_length=2048)]


class SoftListIn(PageIn):
    """``/version/selectVersion``: the filters, each optional."""

    name: Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)] | None = Field(
        default=None, description="part of the name or of the version number")
    typeId: SoftTypeId | None = None
    typeName: SoftTypeName | None = None
    published: bool | None = None


class RangeSummary(BaseModel):
    scope: str = Field(description="all: every robot of the range owner's branch; white: the white list only")
    whiteCount: int
    blackCount: int
    testCount: int
    mine: bool = Field(description="the range was set in the caller's branch (the caller may change it)")
    set: bool = Field(description="a range was ever set")


class SoftVersionOut(BaseModel):
    id: int
    versionId: int
    name: str
    typeId: int
    typeName: str
    version: str
    description: str
    allowDowngrade: bool
    published: bool
    publishTime: str
    fileName: str
    size: int = Field(description="bytes")
    sha256: str
    range: RangeSummary
    updating: int = Field(description="robots updating to it now")
    updated: int = Field(description="robots it updated")
    failed: int = Field(description="robots whose update to it failed")
    userName: str
    createTime: str
    updateTime: str


class SoftPage(BaseModel):
    list: list[SoftVersionOut]
    total: int
    pageNum: int
    pageSize: int


class SoftVersionId(BaseModel):
    versionId: Id = Field(validation_alias=AliasChoices("versionId", "id"), description="the software version "
                                                                                        "(also `id`)")


class RangeIn(BaseModel):
    """A device range: every robot of the caller's branch (``all``) or the white list, less the black list; the
    internal test devices get the version even before it is published. Serial numbers of the caller's robots."""

    scope: Scope = "white"
    whiteList: SerialList = []
    blackList: SerialList = []
    testDevices: SerialList = []


class SoftRangeIn(RangeIn):
    versionId: Id


class PublishSoftIn(BaseModel):
    """Publish a software version; with ``range`` its device range is set first (else the current one holds)."""

    versionId: Id
    range: RangeIn | None = None


class HistoryRangeIn(BaseModel):
    versionId: Id
    historyId: Id = Field(description="the range of the history to apply again")


class RangeListIn(PageIn):
    versionId: Id
    keyword: Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)] | None = Field(
        default=None, description="part of a robot's serial number or name")
    onlyInRange: bool = Field(default=False, description="only robots the version reaches (or lists)")


class RangeDevice(BaseModel):
    deviceId: int
    deviceSerialNumber: str
    deviceName: str


class RangeOut(BaseModel):
    scope: str
    whiteList: list[RangeDevice]
    blackList: list[RangeDevice]
    testDevices: list[RangeDevice]
    mine: bool
    set: bool


class RangeDeviceRow(BaseModel):
    deviceId: int
    deviceSerialNumber: str
    deviceName: str
    currentVersion: str = Field(description="what the robot runs of the version's type")
    listed: str = Field(description="white, black, test or empty: the list of the range it is on")
    inRange: bool = Field(description="the version reaches it (published: in range; unpublished: a test device)")
    updateState: str = Field(description="its latest update to this version (empty: none)")
    progress: int
    reason: str


class DeviceRangePage(BaseModel):
    range: RangeOut
    list: list[RangeDeviceRow]
    total: int
    pageNum: int
    pageSize: int


class RangeHistoryOut(BaseModel):
    historyId: int
    scope: str
    whiteList: list[RangeDevice]
    blackList: list[RangeDevice]
    testDevices: list[RangeDevice]
    userName: str
    createTime: str
    current: bool = Field(description="the range the version has now")


class SoftSent(BaseModel):
    version: SoftVersionOut
    sent: int = Field(description="robots sent the update now")
    upToDate: int = Field(description="robots already running it (or updating to it)")
    skipped: int = Field(description="robots running a newer version, left alone (no allow downgrade)")


class TypeNameIn(BaseModel):
    typeName: SoftTypeName
    deviceSerialNumber: AnySerial


class DeviceSoft(BaseModel):
    deviceSerialNumber: str
    typeName: str
    currentVersion: str
    version: SoftVersionOut | None = Field(description="the newest version of this type the robot should run")
    upToDate: bool
    asTestDevice: bool = Field(description="it gets the version as an internal test device")
    lastUpdate: UpdateOut | None


# --- app versions (page version/app) ------------------------------------------------------------------------


class AppListIn(BaseModel):
    name: Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)] | None = None
    published: bool | None = None


class AppId(BaseModel):
    id: Id = Field(validation_alias=AliasChoices("id", "versionId"), description="the app version (also `versionId`)")


class AppPublishIn(AppId):
    published: bool = Field(default=True, description="true: publish; false: cancel the publish")


class AppFile(BaseModel):
    name: str
    size: int
    sha256: str
    url: str = Field(description="a signed download link (expires)")


class AppVersionOut(BaseModel):
    id: int
    name: str
    log: str
    release: AppFile
    debug: AppFile | None
    published: bool
    publishTime: str
    userName: str
    createTime: str
    updateTime: str
