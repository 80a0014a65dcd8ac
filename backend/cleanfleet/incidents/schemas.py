"""Shapes of the incident calls (/incident/*): requests (bounded, camelCase) and answers."""

from typing import Annotated, Literal

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Day, Id, UtcTime
from cleanfleet.core.paging import PageIn

Code = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
Urgency = Literal["high", "medium", "low"]
State = Literal["open", "acknowledged", "resolved", "closed"]
Cause = Literal["obstacle", "stuck", "hardware", "software", "consumable", "network", "operator", "environment",
                "other"]
Note = Annotated[str, StringConstraints(strip_whitespace=True, max_length=1000)]
Clock = Annotated[str, StringConstraints(strip_whitespace=True, pattern=r"^([01]\d|2[0-3]):[0-5]\d$|^24:00$")]
Zone = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
Token = Annotated[str, StringConstraints(strip_whitespace=True, min_length=16, max_length=128)]


class IncidentIdIn(BaseModel):
    incidentId: Id


class ResolveIn(IncidentIdIn):
    cause: Cause = Field(description="what it was")
    note: Note = Field(default="", description="what was done (up to 1,000 characters)")


class NoteIn(IncidentIdIn):
    note: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=1000)] = Field(
        description="what was found or done (1 to 1,000 characters)")


class NoteOut(BaseModel):
    noteId: int
    incidentId: int
    createdAt: str
    userName: str = Field(description="who wrote it")
    text: str


class CloseIn(IncidentIdIn):
    note: Note = Field(default="", description="why it is noise (up to 1,000 characters)")


class IncidentListIn(PageIn):
    userId: Id | None = Field(default=None, description="a branch of the caller's subtree (default: the caller's)")
    state: list[State] | None = Field(default=None, max_length=4, description="any of these states (default: all)")
    deviceId: Id | None = None
    siteId: Id | None = None
    code: Code | None = Field(default=None, description="the alarm's name (catalogue key)")
    urgency: Urgency | None = None
    warnId: Id | None = Field(default=None, description="the incident this alarm belongs to (the alarm pop-up)")
    startTime: UtcTime | None = Field(default=None, description="opened at or after")
    endTime: UtcTime | None = Field(default=None, description="opened before")


class IncidentOut(BaseModel):
    incidentId: int
    deviceId: int
    deviceName: str
    deviceSerialNumber: str
    ownerId: int = Field(description="the robot's owner when the incident opened (its branch)")
    ownerName: str
    siteId: int | None = Field(description="the site the robot was at when the incident opened")
    siteName: str | None
    code: str = Field(description="the alarm's name (catalogue key): the problem")
    alarmCode: str = Field(description="the api-spec 8.3 code, '' for uncoded alarms")
    urgency: Urgency
    state: State
    openedAt: str
    lastAlarmAt: str
    alarmCount: int = Field(description="alarms attached (repeats while it was active)")
    clearedAt: str | None = Field(description="when the robot last cleared the alarm (closes nothing)")
    acknowledgedAt: str | None
    acknowledgedBy: str | None = Field(description="who acknowledged (name)")
    acknowledgedVia: Literal["console", "link"] | None
    endedAt: str | None = Field(description="resolved or closed at")
    endedBy: str | None
    cause: Cause | None
    note: str
    ackSeconds: int | None = Field(description="open to acknowledged")
    resolveSeconds: int | None = Field(description="open to resolved (noise is not measured)")
    level: int = Field(description="the highest escalation level told (-1: none yet)")
    nextStepAt: str | None = Field(description="when the next notice or reminder is due (null: none)")


class IncidentPage(BaseModel):
    list: list[IncidentOut]
    total: int
    pageNum: int
    pageSize: int


class TimelineItem(BaseModel):
    time: str
    kind: Literal["opened", "alarm", "cleared", "sent", "acknowledged", "note", "resolved", "closed"]
    alarmId: int | None = None
    level: int | None = Field(default=None, description="sent: the escalation level")
    step: int | None = Field(default=None, description="sent: 0 the level's notice, n its n-th reminder")
    userId: int | None = None
    userName: str | None = None
    channel: str | None = None
    channelName: str | None = Field(default=None, description=(
        "sent: the channel's name in the reader's language (warn/channels registry); null for a channel no longer "
        "registered (show ``channel``)"))
    state: Literal["pending", "sent", "failed", "skipped"] | None = None
    error: str | None = None
    text: str | None = Field(default=None, description="note: what the person wrote")


class LevelIO(BaseModel):
    up: int = Field(ge=0, le=10, description="levels above the robot's owner (0: the owner's branch)")
    waitMinutes: int = Field(ge=0, le=10080, description="after the level before was told (level 0: after opening)")


class PolicyOut(BaseModel):
    levels: list[LevelIO]
    reminderMinutes: int
    reminderLimit: int


class IncidentDetail(BaseModel):
    incident: IncidentOut
    policy: PolicyOut = Field(description="the rule as it was when the incident opened")
    timeline: list[TimelineItem] = Field(description="oldest first")


class CountOut(BaseModel):
    open: int = Field(description="not acknowledged yet (the header's badge)")
    acknowledged: int = Field(description="acknowledged, not resolved")


class BranchIn(BaseModel):
    userId: Id | None = Field(default=None, description="a branch of the caller's subtree (default: the caller's)")


class RuleIn(BranchIn):
    code: Code
    opens: bool
    urgency: Urgency = "high"
    levels: list[LevelIO] = Field(default_factory=list, max_length=6)
    reminderMinutes: int = Field(default=15, ge=0, le=1440)
    reminderLimit: int = Field(default=3, ge=0, le=10)


class RuleCodeIn(BranchIn):
    code: Code


class RuleOut(BaseModel):
    userId: int = Field(description="the branch asked about")
    code: str
    alarmCode: str
    kind: str
    type: str = Field(description="alarm | reminder")
    opens: bool
    urgency: Urgency
    levels: list[LevelIO]
    reminderMinutes: int
    reminderLimit: int
    custom: bool = Field(description="the branch's own rule")
    inheritedFrom: int | None = Field(description="the branch above whose rule applies; null with custom or the preset")


class DutyIn(BranchIn):
    personId: Id = Field(description="the person on duty: the branch user or a user of its subtree")
    weekdays: list[Annotated[int, Field(ge=1, le=7)]] = Field(default=[1, 2, 3, 4, 5, 6, 7], min_length=1,
                                                              max_length=7, description="ISO weekdays, Monday = 1")
    startTime: Clock = Field(default="00:00", description="HH:MM of the local day")
    endTime: Clock = Field(default="24:00", description="HH:MM, after startTime (24:00: midnight)")
    timeZone: Zone = Field(default="UTC", description="IANA name")


class DutyIdIn(BaseModel):
    dutyId: Id


class DutyOut(BaseModel):
    dutyId: int
    userId: int = Field(description="the branch")
    personId: int
    personName: str
    weekdays: list[int]
    startTime: str
    endTime: str
    timeZone: str
    onDutyNow: bool


Dimension = Literal["site", "device", "code", "branch"]


class FigureFilter(BaseModel):
    userId: Id | None = Field(default=None, description="a branch of the caller's subtree (default: the caller's)")
    siteId: Id | None = None
    deviceId: Id | None = None
    code: Code | None = None
    range: Literal["week", "month", "quarter", "year"] = Field(
        default="week", description="as the task report charts: last week (7 days), month (30 days), three months "
                                    "(13 weeks) or year (12 months), ending with endDate")
    endDate: Day | None = Field(default=None, description="the reader's day (timezone header); default today")


class FiguresIn(FigureFilter):
    by: Dimension = Field(default="site", description="the table's rows: per site, robot, alarm name or branch")


class FigureRow(BaseModel):
    id: str = Field(description="site id, device id, alarm name or branch user id ('' : robots at no site)")
    name: str
    incidents: int
    acknowledged: int
    resolved: int
    noise: int = Field(description="closed as noise")
    ackAvgSeconds: int | None
    ackMaxSeconds: int | None
    resolveAvgSeconds: int | None
    resolveMaxSeconds: int | None


class FiguresOut(BaseModel):
    startDate: str
    endDate: str
    rows: list[FigureRow]
    total: FigureRow = Field(description="every incident of the filter")


class ChartPoint(BaseModel):
    startDate: str
    endDate: str
    incidents: int
    ackAvgSeconds: int | None
    resolveAvgSeconds: int | None


class ChartOut(BaseModel):
    bucket: Literal["day", "week", "month"]
    points: list[ChartPoint]


class LinkIn(BaseModel):
    token: Token


class LinkAckOut(BaseModel):
    incidentId: int
    acknowledgedAt: str
    acknowledgedBy: str
