"""Shapes of the site calls (/site/*, issue 33), camelCase as the console sends them.

Units: areas in m² (floats), coverage in percent (floats, 0 to 100), times of day as "HH:MM" on the site's
clock (its ``timeZone``), days as YYYY-MM-DD in the site's zone, moments (a run's start) as ISO 8601 in UTC.
"""

import re
from functools import cache
from typing import Annotated, Literal
from zoneinfo import available_timezones

from pydantic import AfterValidator, BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import MAX_LIST, Day, Id
from cleanfleet.core.fields import LongName, Name, Short, Text
from cleanfleet.core.paging import PageIn
from cleanfleet.core.validation import TextError
from cleanfleet.sites.texts import BAD_CLOCK, UNKNOWN_ZONE

MAX_FLOOR_MAPS = 50  # maps tied to one floor
MAX_FLOOR_ELEVATORS = 20  # elevators serving one floor
MAX_SITE_ROBOTS = 1000  # robots at one site (and in one assign call)
CLOCK_PATTERN = r"^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$"
_CLOCK = re.compile(CLOCK_PATTERN)


@cache
def _zones() -> frozenset[str]:
    return frozenset(available_timezones())


def _zone(value: str) -> str:
    if value not in _zones():
        raise TextError(UNKNOWN_ZONE, {"zone": value})
    return value


def _clock(value: str) -> str:
    if not _CLOCK.match(value):
        raise TextError(BAD_CLOCK)
    return value


TimeZone = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64), AfterValidator(_zone),
                     Field(description="an IANA time zone name (Asia/Shanghai, Europe/Paris): the site's days and "
                                       "plan windows are read in it", examples=["Asia/Shanghai"])]
ClockTime = Annotated[str, StringConstraints(strip_whitespace=True, max_length=5), AfterValidator(_clock),
                      Field(description="a time of day on the site's clock, HH:MM (24:00 only as a window's end)",
                            json_schema_extra={"pattern": CLOCK_PATTERN}, examples=["08:30"])]
Weekday = Annotated[int, Field(ge=1, le=7, description="ISO weekday: 1 Monday … 7 Sunday")]
Level = Annotated[int, Field(ge=-20, le=300, description="the floor's number; below 1 are basements")]
RunsPerDay = Annotated[int, Field(ge=1, le=24, description="runs the window needs each planned day")]
Area = Annotated[float, Field(ge=0, le=10_000_000, allow_inf_nan=False, description="m²")]
Percent = Annotated[float, Field(ge=0, le=100, allow_inf_nan=False, description="percent")]
DeviceIds = Annotated[list[Id], Field(min_length=1, max_length=MAX_SITE_ROBOTS)]
Period = Literal["day", "week", "month"]

# --- sites -------------------------------------------------------------------------------------------------------


class SiteIn(BaseModel):
    siteName: Name
    address: Text = ""
    timeZone: TimeZone
    userId: Id | None = Field(default=None, description="the customer: a user in the caller's subtree; default the "
                                                        "caller. It cannot change later (moving the customer in the "
                                                        "user tree takes its sites along)")


class SiteUpdate(BaseModel):
    """Only the fields sent change."""

    siteId: Id
    siteName: Name | None = None
    address: Text | None = None
    timeZone: TimeZone | None = Field(default=None, description="changing it re-reads every plan window and day in "
                                                                "the new zone")


class SiteId(BaseModel):
    siteId: Id


class SitePageIn(PageIn):
    siteName: Short | None = Field(default=None, description="part of the name or the address")
    userId: Id | None = Field(default=None, description="a customer in the caller's subtree: that user's subtree")


class SiteOut(BaseModel):
    siteId: int
    siteName: str
    address: str
    timeZone: str
    userId: int = Field(description="the customer")
    userName: str
    buildingCount: int
    floorCount: int
    robotCount: int = Field(description="robots at the site now")
    planItemCount: int
    createTime: str
    updateTime: str


class SitePage(BaseModel):
    list: list[SiteOut]
    total: int
    pageNum: int
    pageSize: int


class SiteOption(BaseModel):
    siteId: int
    siteName: str
    timeZone: str
    userId: int


class FloorMapOut(BaseModel):
    deviceId: int
    deviceCode: str
    deviceSerialNumber: str
    mapName: str


class FloorElevatorOut(BaseModel):
    elevatorId: int
    elevatorName: str


class FloorOut(BaseModel):
    floorId: int
    buildingId: int
    floorName: str
    level: int
    maps: list[FloorMapOut]
    elevators: list[FloorElevatorOut]


class BuildingOut(BaseModel):
    buildingId: int
    siteId: int
    buildingName: str
    floors: list[FloorOut]


class SiteRobotOut(BaseModel):
    deviceId: int
    deviceCode: str
    deviceSerialNumber: str
    since: str = Field(description="when the robot came to the site (UTC)")


class SiteDetail(SiteOut):
    buildings: list[BuildingOut]
    robots: list[SiteRobotOut] = Field(description="the robots at the site now")


# --- buildings and floors --------------------------------------------------------------------------------------------


class BuildingIn(BaseModel):
    siteId: Id
    buildingName: Name


class BuildingUpdate(BaseModel):
    buildingId: Id
    buildingName: Name


class BuildingId(BaseModel):
    buildingId: Id


class FloorMapIn(BaseModel):
    deviceId: Id = Field(description="a robot of the site's customer (or a user below it)")
    mapName: LongName = Field(description="one of that robot's maps (as the map list knows it)")


FloorMaps = Annotated[list[FloorMapIn], Field(max_length=MAX_FLOOR_MAPS,
                                              description="the maps the floor is cleaned on; a robot's map lies on "
                                                          "one floor only")]
FloorElevators = Annotated[list[Id], Field(max_length=MAX_FLOOR_ELEVATORS,
                                           description="elevators serving the floor: the caller's, owned by the "
                                                       "site's customer, a user below it or one above it")]


class FloorIn(BaseModel):
    buildingId: Id
    floorName: Name
    level: Level = 1
    maps: FloorMaps = []
    elevatorIds: FloorElevators = []


class FloorUpdate(BaseModel):
    """Only the fields sent change; ``maps`` and ``elevatorIds`` replace the floor's lists."""

    floorId: Id
    floorName: Name | None = None
    level: Level | None = None
    maps: FloorMaps | None = None
    elevatorIds: FloorElevators | None = None


class FloorId(BaseModel):
    floorId: Id


# --- robots ------------------------------------------------------------------------------------------------------


class SiteRobots(BaseModel):
    siteId: Id
    deviceIds: DeviceIds


class SiteRobotsOut(BaseModel):
    siteId: int
    deviceIds: list[int] = Field(description="the robots that changed")


class RobotHistoryIn(PageIn):
    siteId: Id | None = Field(default=None, description="the stays at this site (or give deviceId)")
    deviceId: Id | None = Field(default=None, description="the stays of this robot at the sites the caller sees")


class RobotStayOut(BaseModel):
    siteId: int
    siteName: str
    deviceId: int
    deviceCode: str
    deviceSerialNumber: str
    fromTime: str = Field(description="UTC")
    toTime: str | None = Field(description="UTC; null while the robot is still there")


class RobotHistoryPage(BaseModel):
    list: list[RobotStayOut]
    total: int
    pageNum: int
    pageSize: int


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


class ScheduleOut(BaseModel):
    deviceId: int
    deviceCode: str
    scheduleName: str
    mapName: str
    taskList: list[str]
    startTime: str = Field(description="HH:MM on the robot's clock (taken as the site's)")
    endTime: str
    isActive: bool
    floorId: int | None = Field(description="the site floor the schedule's map lies on, if any")


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


class StateCounts(BaseModel):
    planned: int = Field(description="planned runs in the period (every state)")
    done: int
    late: int
    short: int
    missed: int
    failed: int
    pending: int = Field(description="windows not closed yet")
    closed: int = Field(description="planned runs whose window has closed or that have a run (all but pending)")
    doneShare: int = Field(description="thousandths of the closed runs done, on time or late (value / 1000)")
    onTimeShare: int = Field(description="thousandths of the closed runs done on time")


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


ReasonKind = Literal["result", "reason", "alarm", "area", "coverage", "late", "robot", "offline", "task"]


class Reason(BaseModel):
    kind: ReasonKind = Field(description="result: how the run ended; reason: the robot's own words; alarm: an alarm "
                                         "of the run or of the floor's robots in the window; area, coverage: under "
                                         "the target; late: started or ended after the window; a missed "
                                         "one's robot: no robot of the floor at the site in the window, offline: "
                                         "none heard from then, task: runs of another task in the window")
    key: str = Field(description="the result, alarm key or empty")
    text: str = Field(description="in the caller's language (reason: the robot's words quoted as its own)")
    count: int | None
    words: str | None = Field(default=None, description="reason: the robot's own words as it sent them, in no "
                                                         "language of ours (the text quotes them)")


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


class ItemActual(BaseModel):
    planItem: PlanItemOut
    counts: StateCounts
    runs: list[PlannedRun]


class SiteActualDetail(SiteActual):
    period: Period
    items: list[ItemActual]


# --- where was cleaned: heat maps (sites/heatmap.py) ---------------------------------------------------------------


class HeatMapPeriod(BaseModel):
    startDay: Day | None = Field(default=None, description="the first day (the site's day); default 29 days before "
                                                           "endDay. At most 92 days from startDay to endDay")
    endDay: Day | None = Field(default=None, description="the last day; default today (a floor: on its site's clock; "
                                                         "a robot's map: UTC)")


class FloorHeatMapIn(HeatMapPeriod):
    floorId: Id


class MapHeatMapIn(HeatMapPeriod):
    deviceId: Id
    mapName: LongName = Field(description="one of the robot's maps")


class HeatMapRobot(BaseModel):
    deviceId: int
    deviceCode: str
    deviceSerialNumber: str


class HeatMapLayer(BaseModel):
    """One map's cells: draw it over that map's picture (cell (0, 0) at the map's origin, its lower-left corner)."""

    mapName: str
    robots: list[HeatMapRobot] = Field(description="the robots whose runs it sums (robots sharing one map: one layer)")
    cell: float = Field(description="a coverage cell's side, m (whole map pixels, about 0.5 m)")
    originX: float = Field(description="m: the lower-left corner of cell (0, 0), the map's origin")
    originY: float = Field(description="m")
    width: int = Field(description="cells west to east")
    height: int = Field(description="cells south to north")
    mapResolution: float | None = Field(description="the map picture's m per pixel (null: no record of the map)")
    mapWidth: int | None = Field(description="the map picture's width, px")
    mapHeight: int | None = Field(description="the map picture's height, px")
    runs: int = Field(description="runs summed")
    days: int = Field(description="days with runs")
    skippedDays: int = Field(description="a robot's days stored on another grid (the map was resized since), left out")
    maxCount: int = Field(description="the most times one cell was cleaned")
    counts: str = Field(description="base64 of zlib (DecompressionStream('deflate')) of width × height unsigned "
                                    "16-bit little-endian numbers, times cleaned, row-major from the south row")
    cleanedCells: int
    cleanedArea: float = Field(description="m² cleaned at least once")
    targetedCells: int = Field(description="cells the runs' plans targeted")
    neverReached: str = Field(description="base64 of zlib of width × height bits, row-major from the south row, the "
                                          "first cell in the lowest bit: targeted by the runs' plans, cleaned by none")
    neverReachedCells: int
    neverReachedArea: float = Field(description="m²")


class HeatMapOut(BaseModel):
    siteId: int | None = Field(description="the floor's site (null for a robot's map)")
    floorId: int | None
    timeZone: str | None = Field(description="the site's zone its days are read in (null for a robot's map)")
    startDay: str
    endDay: str
    days: int = Field(description="days in the period")
    neverReachedBasis: Literal["run_plans"] = Field(
        description="plan items carry no area geometry, so the area a plan targets is what the runs were sent to "
                    "clean: the cells their task plans targeted (for a whole-map task, the map's free floor)")
    layers: list[HeatMapLayer] = Field(description="one per map of the floor (robots sharing a map: one)")
