"""Shapes of the firmware, publication and rollout calls (/version/*), camelCase as the console sends them."""

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, AliasChoices, BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id
from cleanfleet.core.fields import AnySerial, Name
from cleanfleet.core.paging import PageIn
from cleanfleet.core.validation import TextError
from cleanfleet.versions import texts

VersionText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
Description = Annotated[str, StringConstraints(strip_whitespace=True, max_length=1024)]
Percent = Annotated[int, Field(ge=0, le=100)]
MAX_TARGETS = 100_000  # a rollout's devices; a white list's: MAX_WHITE_LIST
MAX_WHITE_LIST = 1000
FirmwareIdField = Field(validation_alias=AliasChoices("id", "versionId"), description="the firmware (also `versionId`)")


_CLOCK = re.compile(r"^([01][0-9]|2[0-3]):[0-5][0-9]$")


def _clock(value: str) -> str:
    if not _CLOCK.match(value):
        raise TextError(texts.BAD_CLOCK)
    return value


WindowClock = Annotated[str, StringConstraints(strip_whitespace=True, max_length=5), AfterValidator(_clock),
                        Field(description="a time of day on the robot's site clock (else its owner's, else UTC), "
                                          "HH:MM", json_schema_extra={"pattern": _CLOCK.pattern}, examples=["01:00"])]


class UpdateWindow(BaseModel):
    """A maintenance window: robots are told to update only inside it, each after its own random offset within
    the spread, and only when not busy (versions/waits.py). A window may cross midnight (23:00-03:00)."""

    windowStart: WindowClock
    windowEnd: WindowClock = Field(description="the window closes (before windowStart: the next day); not equal to "
                                               "windowStart")
    spreadMinutes: Annotated[int, Field(ge=0, le=1439)] = Field(
        default=0, description="each robot starts at a random offset of up to this many minutes after the window "
                               "opens (at most the window's length)")
    quietBeforeRunMinutes: Annotated[int, Field(ge=0, le=720)] = Field(
        default=0, description="never told within this many minutes before its next scheduled run (the robot's "
                               "own schedules: the robot applies it)")
    minBattery: Annotated[int, Field(ge=0, le=100)] = Field(
        default=20, description="never told below this battery percentage unless charging")
    maxDeferDays: Annotated[int, Field(ge=1, le=30)] = Field(
        default=7, description="days after its group's start (or the publish) a robot may wait; then its update "
                               "fails with reason max_defer")


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
    allowUnsigned: bool | None = Field(default=None, description="the switch for older robots: an unsigned package "
                                       "may be published (robots that trust the publisher's root refuse it still)")


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
    signed: bool = Field(description="the publisher's targets key signed it (TUF, docs/operations.md)")
    signedBy: str = Field(description="the publisher's name as signed; empty when unsigned")
    signedKeys: list[str] = Field(description="the ids of the targets keys that signed it")
    signedAt: str = Field(description="when the publisher signed it (ISO 8601); empty when unsigned")
    targetPath: str = Field(description="its path in the signed targets metadata; empty when unsigned")
    allowUnsigned: bool = Field(description="the switch for older robots: published although unsigned")


class TufRoleState(BaseModel):
    version: int = Field(description="the role's newest version (0: none yet)")
    expires: str = Field(description="when that version expires (ISO 8601), empty when there is none")


class TufPublicKey(BaseModel):
    keytype: str
    scheme: str
    keyval: dict[str, str] = Field(description="the public part, as TUF writes a key (public: the key)")


class TufOnlineKey(BaseModel):
    keyid: str
    key: TufPublicKey


class TufStatusOut(BaseModel):
    roles: dict[str, TufRoleState] = Field(description="each role's newest version and its expiry")
    rootKeyIds: list[str]
    targetsKeyIds: list[str]
    onlineKeys: dict[str, TufOnlineKey] = Field(description="the console's snapshot and timestamp public keys, "
                                                "as the publisher puts them in the root")


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
    reason: str = Field(description="why it failed, or (waiting, waitReason robot_refused) the robot's reason")
    updateTime: str
    waitReason: str = Field(default="", description="why a QUEUED update waits: outside_window, spread, "
                                                    "running_task, run_soon, low_battery, in_elevator, offline, "
                                                    "robot_refused; empty when it does not wait")
    notBefore: str = Field(default="", description="its next chance (ISO time, UTC); empty when none")
    notBeforeLocal: str = Field(default="", description="the same on the robot's site clock, YYYY-MM-DD HH:MM")
    timeZone: str = Field(default="UTC", description="the robot's clock its window is read in (site, else UTC)")


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
    window: UpdateWindow | None = Field(default=None, description="a maintenance window; none: told at once when "
                                                                  "not busy")


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
    window: UpdateWindow | None = None


class UpdatesIn(PageIn):
    deviceSerialNumber: AnySerial | None = Field(default=None, description="one robot's records")
    versionId: Id | None = None
    rolloutId: Id | None = Field(default=None, description="one rollout's records (by group, then serial number)")


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
    window: UpdateWindow | None = Field(default=None, description="a maintenance window; none: told at once when "
                                                                  "not busy")


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
    window: UpdateWindow | None = None
    waiting: int = Field(default=0, description="updates of started groups waiting for their chance")
    deferred: int = Field(default=0, description="updates failed past their maximum defer (reason max_defer)")


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
