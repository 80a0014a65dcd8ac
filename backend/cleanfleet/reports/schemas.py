"""Request and answer shapes of the task report calls (/taskReport/*, api-spec 7.6).

Units (api-spec 9): areas in m² (floats; the console shows km² above 1,000,000 m²), durations in seconds,
``coverage`` an integer in thousandths (value / 1000 is the share, shown as a percent: 985 = 98.5 %),
``efficiency`` an integer in hundredths of m²/h (value / 100 is m²/h), ``onlineRate`` in thousandths like
coverage.
"""

from typing import Annotated, Literal

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import MAX_LIST, Day, Id, UtcTime
from cleanfleet.core.fields import LongName, Text
from cleanfleet.core.paging import PageIn

Name = Annotated[str, StringConstraints(strip_whitespace=True, max_length=128)]
Area = Annotated[float, Field(ge=0, le=10_000_000, allow_inf_nan=False, description="m²")]
Seconds = Annotated[int, Field(ge=0, le=31 * 24 * 3600, description="seconds (at most 31 days)")]
Percent = Annotated[float, Field(ge=0, le=100, allow_inf_nan=False)]


class ReportFilter(BaseModel):
    userId: Id | None = Field(default=None, description="an owner in the caller's subtree: that owner's subtree")
    deviceIds: list[Id] | None = Field(default=None, max_length=MAX_LIST, description="only these devices")
    groupId: Id | None = Field(default=None, description="only the devices of this device group")
    mapName: Name | None = Field(default=None, description="only runs on this map (exact name)")


class ListIn(PageIn, ReportFilter):
    """The date rules of product-spec 5: start not after end, start within 7 days of the end, start not after
    today; default the last 7 days (UTC) up to today."""

    startDate: Day | None = None
    endDate: Day | None = None
    taskName: Name | None = Field(default=None, description="part of the task name")
    result: Literal["finished", "cancelled", "forced_end", "aborted"] | None = None
    deviceId: Id | None = Field(default=None, description="one device (the device's report tab)")


class ChartIn(ReportFilter):
    range: Literal["week", "month", "quarter", "year"] = Field(
        default="week", description="last week (7 days by day), month (30 days by day), three months "
                                    "(13 weeks by week) or year (12 months by month), ending with endDate")
    by: Literal["device", "group", "owner", "map"] = Field(default="device", description="the breakdown's dimension")
    endDate: Day | None = Field(default=None, description="default today (UTC); not after today")


class ReportOut(BaseModel):
    taskReportId: int
    gid: int = Field(description="the group run this run belongs to (listChildTask); its own id when alone")
    deviceId: int
    deviceName: str
    deviceSerialNumber: str
    runId: str
    taskName: str
    mapName: str
    source: str
    scheduleName: str
    result: str
    reason: str
    startTime: str
    endTime: str
    durationS: int
    workArea: float = Field(description="m² the task's plan covers")
    cleanedArea: float = Field(description="m² cleaned")
    coverage: int = Field(description="thousandths (value / 1000, shown as a percent)")
    efficiency: int = Field(description="hundredths of m²/h (value / 100 is m²/h)")
    distanceM: float
    batteryStart: float | None
    batteryEnd: float | None
    batteryUsed: float | None = Field(description="percentage points of battery the run used")
    cleanMode: str
    pathType: str
    alarmCount: int
    alarmCounts: dict[str, int]
    manual: bool
    remark: str
    hasPath: bool


class ReportDetailOut(ReportOut):
    path: list[list[float]] = Field(description="the recorded track, [[x, y], ...] metres on mapName")


class ReportIdIn(BaseModel):
    taskReportId: Id


class GroupIn(BaseModel):
    gid: Id


class EditIn(BaseModel):
    """The fields a user may correct; the robot's times, device and path stay as reported."""

    taskReportId: Id
    taskName: LongName | None = None
    mapName: Name | None = None
    workArea: Area | None = None
    cleanedArea: Area | None = None
    remark: Text | None = None


class InsertIn(BaseModel):
    """A manual record: coverage is cleaned / planned and efficiency cleaned per hour, both computed."""

    deviceId: Id
    taskName: LongName
    mapName: Name = ""
    startTime: UtcTime
    endTime: UtcTime
    workArea: Area = 0.0
    cleanedArea: Area
    batteryStart: Percent | None = None
    batteryEnd: Percent | None = None
    remark: Text = ""


class DeleteIn(BaseModel):
    """One report (``taskReportId``), or every report of ``deviceIds`` that started before ``time``."""

    taskReportId: Id | None = None
    time: UtcTime | None = Field(default=None, description="delete the reports that started before this time")
    deviceIds: list[Id] | None = Field(default=None, max_length=MAX_LIST)


class DeletedOut(BaseModel):
    deleted: int


class Figures(BaseModel):
    runs: int
    durationS: int
    workArea: float
    cleanedArea: float
    coverage: int = Field(description="mean of the runs' coverage, thousandths")
    efficiency: int = Field(description="cleaned m² per working hour, hundredths")
    alarmCount: int


class ChartPoint(Figures):
    start: str = Field(description="the bucket's first day (YYYY-MM-DD, UTC)")
    end: str = Field(description="the bucket's last day")
    onlineRate: int = Field(description="device-days online / device-days, thousandths")


class BreakdownRow(Figures):
    id: str = Field(description="device id, group id, owner id or the map's name")
    name: str


class ChartOut(BaseModel):
    range: str
    bucket: Literal["day", "week", "month"]
    start: str
    end: str
    points: list[ChartPoint]
    by: str
    breakdown: list[BreakdownRow] = Field(description="the range's figures per device, group, owner or map "
                                                      "(the 100 with the most cleaned area)")


class SummaryOut(Figures):
    range: str
    start: str
    end: str
    devices: int = Field(description="devices in the filter")
    workingDevices: int = Field(description="devices with at least one run in the range")
    onlineRate: int = Field(description="thousandths")


class MapPlace(BaseModel):
    deviceId: int
    deviceName: str
    deviceSerialNumber: str
    latitude: float | None
    longitude: float | None
    city: str
    country: str
    countryCode: str = Field(description="ISO 3166 code of the country, for its name in the reader's language")
    runs: int
    cleanedArea: float
    durationS: int


class MapOut(BaseModel):
    range: str
    start: str
    end: str
    places: list[MapPlace] = Field(description="each device that worked in the range, where it is")
    maps: list[BreakdownRow] = Field(description="the range's figures per robot map")


