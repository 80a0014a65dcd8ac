"""Shapes of the alarm calls: live (/warn/listUnProcess, now, resumeWarn), the alarm centre (/warn/list, chart,
warnSummary, deleteWarn) and the alarm settings (/wmWarnSet/queryByPage, edit)."""

from typing import Annotated, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, StringConstraints

from cleanfleet.core.bounds import Id, IdOrZero, UtcTime
from cleanfleet.core.errors import bad_parameter
from cleanfleet.core.fields import AnySerial
from cleanfleet.core.paging import Page, PageIn
from cleanfleet.core.validation import NOT_BOOLEAN
from cleanfleet.warn.channels import channel_keys

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
ChannelKey = Annotated[str, StringConstraints(min_length=1, max_length=16)]
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
    """A branch's channels for one alarm name or event: every registered channel (warn/channels/) in ``channels``,
    and, for the spec's clients, the same as a flat field per key (the spec's seven: app, cloud, email, official,
    sms, terminal, offsite; a channel registered later also appears in both)."""

    model_config = ConfigDict(extra="allow")

    userId: int = Field(description="the branch these settings are for")
    code: str = Field(description="the alarm's name (docs/robot-contract.md) or an event: alarm_resolved, task_ended")
    alarmCode: str = Field(description='its api-spec 8.3 code, "" when it has none')
    kind: str = Field(description="fault | message | banner | event")
    channels: dict[str, bool] = Field(description="channel key (as served by /wmWarnSet/channels) → on")
    custom: bool = Field(description="false: the defaults (the channels registered on by default: cloud, e-mail)")


class WarnChannelOut(BaseModel):
    key: str = Field(description="the channel's key, as in an alarm setting's ``channels``")
    label: str = Field(description="its name in the request's language")
    available: bool = Field(description="false: the server lacks what the channel needs (no mail server, no gateway)")
    reason: str = Field(description='why not, in the request\'s language; "" when available')


class WarnSetPage(Page[WarnSetOut]):
    mailConfigured: bool = Field(description="whether the server has an SMTP server (CLEANFLEET_SMTP_HOST): without "
                                 "one the e-mail channel sends nothing, and the settings page says so")


class WarnSetEditIn(BaseModel):
    """The branch's channels for one name: ``channels`` (key → on; a registered channel left out is off), or the
    spec's flat fields (``app``, ``cloud``, ... as booleans) when ``channels`` is absent. An unknown key is refused
    naming it."""

    model_config = ConfigDict(extra="allow")

    userId: Id | None = Field(default=None, description="the branch; default the caller's own")
    code: Key
    channels: dict[ChannelKey, bool] | None = Field(default=None, max_length=32,
                                                    description="channel key → on; wins over flat fields")

    def chosen(self) -> dict[str, bool]:
        if self.channels is not None:
            return dict(self.channels)
        flat = self.model_extra or {}
        chosen = {}
        for key in channel_keys():  # other extra fields are ignored, as before channels were data
            value = flat.get(key, False)
            if not isinstance(value, bool):
                raise bad_parameter(key, NOT_BOOLEAN)
            chosen[key] = value
        return chosen
