"""Shapes of the alarm calls: live (/warn/listUnProcess, now, resumeWarn), the alarm centre (/warn/list, chart,
warnSummary, deleteWarn) and the alarm settings (/wmWarnSet/queryByPage, edit)."""

from typing import Annotated, Literal

from pydantic import AliasChoices, BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id, IdOrZero, UtcTime
from cleanfleet.core.fields import AnySerial
from cleanfleet.core.paging import Page, PageIn

SerialNumber = AnySerial
NOW_LIMIT = 50  # alarms /warn/now answers at most (the pop-ups after a reconnect show a few of them)


class AlarmOut(BaseModel):
    warnId: int
    deviceId: int
    deviceName: str
    deviceSerialNumber: str
    key: str = Field(description="the robot's stable alarm name (docs/robot-contract.md), e.g. lidar_dock_failed")
    code: str = Field(description='api-spec 8.3 code such as "0x0610"; "" for uncoded messages and banners')
    type: str = Field(description="alarm | reminder")
    level: int = Field(description="3 coded fault, 2 robot message, 1 status banner")
    kind: str = Field(description="fault | message | banner")
    content: str = Field(description="the robot's English text")
    time: str = Field(description="when the robot raised it (UTC, ISO 8601)")
    clearedAt: str | None = Field(description="when the robot said it is gone")
    state: str = Field(description="unknown | unresolved | resolved")
    resolvedAt: str | None
    resolvedBy: str | None = Field(description="name of the user who resolved it")
    resolution: str | None = Field(default=None, description="release | dismiss: how it was confirmed")


class UnProcessIn(PageIn):
    userId: Id | None = Field(default=None, description="a user in the caller's subtree; default the caller")
    deviceSerialNumber: SerialNumber | None = Field(default=None, description="one device's alarms")


class NowIn(BaseModel):
    time: UtcTime | None = Field(default=None, description="alarms raised after this time")
    userID: Id | None = Field(default=None, validation_alias=AliasChoices("userID", "userId"),
                               description="a user in the caller's subtree; default the caller")
    warnId: IdOrZero | None = Field(default=None, ge=0, description="alarms stored after this one")


class ResumeIn(BaseModel):
    """One alarm (``warnId``), or every open alarm of a device (``deviceSerialNumber``)."""

    deviceSerialNumber: SerialNumber | None = Field(default=None, description="resolve the device's open alarms")
    warnId: Id | None = Field(default=None, description="resolve this one alarm")
    resolution: Literal["release", "dismiss"] = Field(
        default="release", description="release: the fault is dealt with; dismiss: nothing to do")


class ResumeOut(BaseModel):
    deviceId: int
    deviceSerialNumber: str
    resolved: int = Field(description="how many open alarms were marked resolved")
    resolvedAt: str


State = Literal["unknown", "unresolved", "resolved"]
Key = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
Code = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=16)]


class RangeIn(BaseModel):
    userId: Id | None = Field(default=None, description="a user in the caller's subtree; default the caller")
    deviceId: Id | None = Field(default=None, description="one device's alarms")
    startTime: UtcTime | None = Field(default=None, description="raised at or after (default: 30 days ago)")
    endTime: UtcTime | None = Field(default=None, description="raised before (default: now)")


class ListIn(PageIn, RangeIn):
    deviceSerialNumber: SerialNumber | None = Field(default=None, description="one device's alarms")
    key: Key | None = Field(default=None, description="the robot's alarm name")
    code: Code | None = Field(default=None, description='an api-spec 8.3 code such as "0x0610"')
    type: Literal["alarm", "reminder"] | None = None
    level: int | None = Field(default=None, ge=1, le=3, description="3 coded fault, 2 robot message, 1 banner")
    state: State | None = None


class DeleteIn(BaseModel):
    """One alarm (``warnId``), or a device's alarms raised before ``time`` (``deviceId`` and ``time``)."""

    warnId: Id | None = None
    deviceId: Id | None = None
    time: UtcTime | None = Field(default=None, description="with deviceId: delete the alarms raised before")


class DeleteOut(BaseModel):
    deleted: int


class SummaryDevice(BaseModel):
    deviceId: int
    deviceName: str
    deviceSerialNumber: str
    total: int
    unresolved: int


class SummaryCode(BaseModel):
    key: str
    code: str
    total: int


class SummaryLevel(BaseModel):
    level: int
    total: int


class SummaryOut(BaseModel):
    total: int
    unresolved: int
    resolved: int
    unknown: int
    byDevice: list[SummaryDevice] = Field(description="the 50 devices with most alarms, most first")
    byCode: list[SummaryCode] = Field(description="per alarm name, most first")
    byLevel: list[SummaryLevel]


class ChartDay(BaseModel):
    day: str = Field(description="YYYY-MM-DD in the caller's time zone")
    total: int
    unresolved: int
    resolved: int
    unknown: int
    faults: int = Field(description="level 3 (coded faults)")


class ChartIn(BaseModel):
    userId: Id | None = Field(default=None, description="a user in the caller's subtree; default the caller")
    deviceId: Id | None = Field(default=None, description="one device's alarms")


class WarnSetIn(PageIn):
    userId: Id | None = Field(default=None, description="the branch (a user in the caller's subtree); default "
                              "the caller's own")


class WarnSetOut(BaseModel):
    userId: int = Field(description="the branch these settings are for")
    code: str = Field(description="the alarm's name (docs/robot-contract.md) or an event: alarm_resolved, task_ended")
    alarmCode: str = Field(description='its api-spec 8.3 code, "" when it has none')
    kind: str = Field(description="fault | message | banner | event")
    app: bool
    cloud: bool = Field(description="the console's pop-up and sound")
    email: bool = Field(description="to the branch user when its emailToWarn is on")
    official: bool
    sms: bool
    terminal: bool
    offsite: bool
    custom: bool = Field(description="false: the defaults (cloud platform and e-mail)")


class WarnSetPage(Page[WarnSetOut]):
    mailConfigured: bool = Field(description="whether the server has an SMTP server (CLEANFLEET_SMTP_HOST): without "
                                 "one the e-mail channel sends nothing, and the settings page says so")


class WarnSetEditIn(BaseModel):
    userId: Id | None = Field(default=None, description="the branch; default the caller's own")
    code: Key
    app: bool = False
    cloud: bool = False
    email: bool = False
    official: bool = False
    sms: bool = False
    terminal: bool = False
    offsite: bool = False
