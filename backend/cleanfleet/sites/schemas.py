"""Shapes of the site calls (/site/*, issue 33), camelCase as the console sends them.

Units: areas in m² (floats), coverage in percent (floats, 0 to 100), times of day as "HH:MM" on the site's
clock (its ``timeZone``), days as YYYY-MM-DD in the site's zone, moments (a run's start) as ISO 8601 in UTC.
"""

import re
from functools import cache
from typing import Annotated, Literal
from zoneinfo import available_timezones

from pydantic import AfterValidator, BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id
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


# --- shapes of plans/schemas.py kept here -----------------------------------------------------------------------------
# Another domain has a shape of each name, so the API's schema names these two by their module
# (cleanfleet__sites__schemas__ScheduleOut, ..._StateCounts): defined here, the names the console's types use stay.


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
