"""Shapes of the plan calls (/site/plan/*: the items, how the robots' schedules serve them, the calendar; and
/site/actual/*: plan against actual), camelCase as the console sends them; units and clocks as ``sites/schemas.py``
says."""

from typing import Annotated, Literal

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import MAX_LIST, Day, Id
from cleanfleet.core.fields import Short
from cleanfleet.sites.schemas import (
    Area,
    ClockTime,
    Percent,
    Period,
    RunsPerDay,
    ScheduleOut,
    StateCounts,
    Weekday,
)

# --- plans -------------------------------------------------------------------------------------------------------


class PlanItemFields(BaseModel):
    areaName: Short | None = Field(default=None, description="the area's name on the floor, a label (\"Lobby\")")
    taskName: Annotated[str, StringConstraints(strip_whitespace=True, max_length=128)] | None = Field(
        default=None, description="the robot task that cleans it; empty: any task on the floor's maps")
    weekdays: Annotated[list[Weekday], Field(min_length=1, max_length=7)] | None = None
    windowStart: ClockTime | None = Field(default=None, description="the window opens (site's clock)")
    windowEnd: ClockTime | None = Field(
        default=None, description="the window closes: after windowStart on the same day (no overnight windows: "
                                  "a night's cleaning is two items, before and after midnight); 24:00 is midnight")
    runsPerDay: RunsPerDay | None = None
    minArea: Area | None = Field(default=None, description="a run cleaning less is short; null: no target")
    minCoverage: Percent | None = Field(default=None, description="a run covering less is short; null: no target")
    validFrom: Day | None = Field(default=None, description="the first site day it applies; default today")
    validUntil: Day | None = Field(default=None, description="the last site day it applies; null: open")


class PlanItemIn(PlanItemFields):
    """A plan item: a floor to clean on given weekdays within a window, with targets."""

    siteId: Id
    floorId: Id = Field(description="a floor of the site")
    weekdays: Annotated[list[Weekday], Field(min_length=1, max_length=7)]
    windowStart: ClockTime = Field(description="the window opens (site's clock)")
    windowEnd: ClockTime = Field(description="the window closes: after windowStart on the same day (no overnight "
                                             "windows); 24:00 is midnight")
    runsPerDay: RunsPerDay = 1


class PlanItemUpdate(PlanItemFields):
    """Only the fields sent change (``minArea``/``minCoverage`` sent as null remove the target)."""

    planItemId: Id
    floorId: Id | None = Field(default=None, description="a floor of the same site")


class PlanItemId(BaseModel):
    planItemId: Id


class PlanListIn(BaseModel):
    siteId: Id
    floorId: Id | None = Field(default=None, description="only this floor's items")


class PlanItemOut(BaseModel):
    planItemId: int
    siteId: int
    floorId: int
    floorName: str
    buildingName: str
    areaName: str
    taskName: str = Field(description="empty: any task on the floor's maps")
    weekdays: list[int]
    windowStart: str
    windowEnd: str
    runsPerDay: int
    minArea: float | None
    minCoverage: float | None
    validFrom: str
    validUntil: str | None
    createTime: str
    updateTime: str


# --- what the robots' schedules do for the plan ------------------------------------------------------------------


class SiteDayIn(BaseModel):
    siteId: Id
    day: Day | None = Field(default=None, description="a day of the site; default today on the site's clock")


class CalendarIn(SiteDayIn):
    period: Literal["day", "week"] = Field(default="day", description="the day, or its week (Monday to Sunday)")


RobotAnswer = Literal["ok", "unknown"]


class RobotSchedulesState(BaseModel):
    deviceId: int
    deviceCode: str
    deviceSerialNumber: str
    state: RobotAnswer = Field(description="unknown: the robot is offline or did not answer; its schedules are not "
                                           "known, which is no error of the call")
    reason: str | None = Field(description="why unknown, in the caller's language")


ServiceState = Literal["served", "partly", "unserved", "unknown"]


class ItemService(BaseModel):
    planItem: PlanItemOut
    state: ServiceState = Field(description="served: as many schedules start in the window as runs are planned; "
                                            "partly: fewer; unserved: none and every robot of the floor answered; "
                                            "unknown: not enough found while a robot of the floor did not answer")
    schedules: list[ScheduleOut] = Field(description="the schedules that serve it: same robot and map, the task (when "
                                                     "named) in their list, on, starting inside the window that "
                                                     "weekday")


class CoverageOut(BaseModel):
    siteId: int
    timeZone: str
    day: str
    items: list[ItemService] = Field(description="the plan items of that day")
    robots: list[RobotSchedulesState]


class PlannedWindow(BaseModel):
    planItemId: int
    buildingName: str
    floorName: str
    areaName: str
    taskName: str
    windowStart: str
    windowEnd: str
    runsPerDay: int


class CalendarDay(BaseModel):
    day: str
    planned: list[PlannedWindow]
    scheduled: list[ScheduleOut] = Field(description="the robots' schedules that run that weekday, by start time")


class CalendarOut(BaseModel):
    siteId: int
    timeZone: str
    start: str
    end: str
    days: list[CalendarDay]
    robots: list[RobotSchedulesState]


# --- plan against actual -------------------------------------------------------------------------------------------

RunState = Literal["done", "late", "short", "missed", "failed", "pending"]


class ActualIn(BaseModel):
    siteId: Id
    period: Period = Field(default="day", description="the site's day, its week (Monday to Sunday) or its month")
    day: Day | None = Field(default=None, description="a day in the period; default today on the site's clock")


class ActualSummaryIn(BaseModel):
    period: Period = Field(default="day", description="each site's day, week or month, in its own time zone")
    day: Day | None = Field(default=None, description="a day in the period; default today on each site's clock")
    userId: Id | None = Field(default=None, description="only the sites of this customer's subtree")
    siteIds: Annotated[list[Id], Field(max_length=MAX_LIST)] | None = Field(default=None,
                                                                             description="only these sites")


class SiteActual(BaseModel):
    siteId: int
    siteName: str
    timeZone: str
    start: str = Field(description="the period's first day")
    end: str = Field(description="the period's last day")
    counts: StateCounts


class DayActual(BaseModel):
    day: str = Field(description="a site day (each site's own clock)")
    counts: StateCounts = Field(description="the planned runs of that day at every site of the answer")


class ActualSummaryOut(BaseModel):
    period: Period
    sites: list[SiteActual]
    total: StateCounts
    days: list[DayActual] = Field(description="every day of the sites' periods, with the planned runs of them all")


ReasonKind = Literal["result", "reason", "alarm", "area", "coverage", "late", "robot", "offline", "task", "byHand"]


class Reason(BaseModel):
    kind: ReasonKind = Field(description="result: how the run ended; reason: the robot's own words; alarm: an alarm "
                                         "of the run or of the floor's robots in the window; area, coverage: under "
                                         "the target; late: started or ended after the window; a missed "
                                         "one's robot: no robot of the floor at the site in the window, offline: "
                                         "none heard from then, task: runs of another task in the window; "
                                         "byHand: the window was cleaned by hand (who, when, the note)")
    key: str = Field(description="the result, alarm key or empty")
    text: str = Field(description="in the caller's language (reason: the robot's words quoted as its own)")
    count: int | None
    words: str | None = Field(default=None, description="reason: the robot's own words as it sent them, in no "
                                                         "language of ours (the text quotes them)")


class ByHandMark(BaseModel):
    """A window marked cleaned by hand (plans/byhand.py)."""

    markId: int
    markedBy: str | None = Field(description="who marked it (null once that account is deleted)")
    markedAt: str
    note: str


class MatchedRun(BaseModel):
    taskReportId: int
    deviceId: int
    deviceCode: str
    mapName: str
    taskName: str
    startTime: str
    endTime: str
    result: str
    cleanedArea: float
    coverage: float = Field(description="percent")


class PlannedRun(BaseModel):
    day: str = Field(description="the site's day")
    slot: int = Field(description="1 … runsPerDay")
    windowStart: str = Field(description="UTC")
    windowEnd: str = Field(description="UTC")
    state: RunState
    run: MatchedRun | None
    reasons: list[Reason]
    byHand: ByHandMark | None = Field(default=None, description="the window's mark when it made this planned "
                                                                   "run done (cleaned by hand)")


class ItemActual(BaseModel):
    planItem: PlanItemOut
    counts: StateCounts
    runs: list[PlannedRun]


class SiteActualDetail(SiteActual):
    period: Period
    items: list[ItemActual]


# --- windows cleaned by hand (plans/byhand.py) -----------------------------------------------------------------------

ByHandNote = Annotated[str, StringConstraints(strip_whitespace=True, max_length=500)]


class ByHandIn(BaseModel):
    """A plan item's window of a site day, cleaned by hand."""

    planItemId: Id
    day: Day = Field(description="the site's day of the window")
    note: ByHandNote = Field(default="", description="what was done (up to 500 characters)")


class ByHandId(BaseModel):
    markId: Id


class ByHandWindow(BaseModel):
    """The window as plan against actual reads it now."""

    siteId: int
    siteName: str
    planItemId: int
    day: str
    mark: ByHandMark | None
    states: list[RunState] = Field(description="its planned runs' states, slot by slot")

