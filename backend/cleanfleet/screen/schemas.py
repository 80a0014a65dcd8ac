"""Request and answer shapes of /screen/summary (the wall display) and /screen/deviceMap."""

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from cleanfleet.devices.schemas import UserFilter
from cleanfleet.monitor.schemas import FleetCounts

MAX_OFFSET_MINUTES = 14 * 60
MAX_ALARMS = 50


class ScreenIn(UserFilter):
    utcOffsetMinutes: int = Field(
        default=0, ge=-MAX_OFFSET_MINUTES, le=MAX_OFFSET_MINUTES,
        description="the wall's local time minus UTC in minutes (JavaScript: -getTimezoneOffset()); "
                    "'today' and the seven days start at the wall's local midnight")
    alarms: int = Field(default=20, ge=1, le=MAX_ALARMS, description="how many of the latest alarms to answer")


class StateCounts(FleetCounts):
    """As the index page counts them (working, charging and idle split the online robots), and those in alarm."""

    inAlarm: int = Field(description="online with an active alarm (type alarm, not cleared by the robot, "
                                     "not resolved); also counted in working, charging or idle")


class AreaDay(BaseModel):
    date: str = Field(description="the wall's local date, YYYY-MM-DD")
    area: float = Field(description="m² cleaned by the task runs that ended that day")
    tasks: int


class PlaceCount(BaseModel):
    countryCode: str = Field(description='ISO 3166 alpha-2; "" when the device has no place yet')
    country: str
    province: str = ""
    total: int
    online: int


class ScreenAlarm(BaseModel):
    warnId: int
    deviceId: int
    deviceSerialNumber: str
    deviceCode: str = Field(description="the device's name")
    key: str = Field(description="the robot's alarm key (api-spec 8.3 catalogue; the console translates by it), "
                                 "'' when it sent none")
    code: str
    type: str = Field(description="alarm | reminder")
    level: int = Field(description="3 fault, 2 message, 1 status banner")
    content: str
    time: datetime = Field(description="when the robot raised it")
    cleared: bool = Field(description="the robot has cleared it")
    state: str = Field(description="unknown | unresolved | resolved")


class ScreenOut(BaseModel):
    counts: StateCounts
    onlineRate: float = Field(description="online / total, 0 to 1")
    openAlarms: int = Field(description="unresolved alarms and reminders (as the index page counts them)")
    alarmsToday: int = Field(description="alarms and reminders raised since the wall's local midnight")
    areaToday: float = Field(description="m² cleaned by the task runs that ended today (local)")
    areaWeek: float = Field(description="m² cleaned in the last seven local days, today included")
    tasksToday: int
    days: list[AreaDay] = Field(description="the last seven local days, oldest first")
    byCountry: list[PlaceCount] = Field(description="countries with devices, most first")
    byProvince: list[PlaceCount] = Field(description="provinces of China (CN, HK, MO, TW) with devices, most first")
    latestAlarms: list[ScreenAlarm] = Field(description="newest first")
    generatedAt: datetime


class MapDevice(BaseModel):
    deviceId: int
    deviceSerialNumber: str
    deviceCode: str
    userId: int
    userName: str
    account: str
    latitude: float | None
    longitude: float | None
    address: str
    city: str
    province: str
    country: str
    countryCode: str
    state: str = Field(description="offline | alarm (online with an active alarm) | charging | working | idle")
    online: Literal[0, 1] = Field(description="1 online, 0 offline (the device's ``online``)")
    battery: int | None
    charging: bool
    task: str
    progress: float | None
    map: str
    heartbeatTime: datetime | None
    activeAlarms: int = Field(description="alarms of type alarm, not cleared by the robot, not resolved")


class MapOut(BaseModel):
    devices: list[MapDevice]
    truncated: bool = Field(description="the subtree has more devices than one map answer holds")
