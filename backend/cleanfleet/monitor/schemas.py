"""Shapes of the status monitoring calls (/monitor/status, /monitor/robots)."""

from typing import Literal

from pydantic import BaseModel, Field

from cleanfleet.core.bounds import Id, UtcTime
from cleanfleet.core.paging import PageIn


class MonitorFilter(BaseModel):
    userId: Id | None = Field(default=None, description="a user in the caller's subtree; default the caller")
    groupId: Id | None = Field(default=None, description="only the members of this device group (in the subtree)")


class StatusIn(MonitorFilter):
    dayStart: UtcTime | None = Field(default=None, description='start of "today" in the viewer\'s time zone '
                                     "(within the last 36 hours); default midnight UTC")


class FleetCounts(BaseModel):
    """Robots by state (monitor.states): working, charging and idle split the online ones."""

    total: int
    online: int
    offline: int
    working: int = Field(description="online, not charging, running a task")
    charging: int = Field(description="online and charging")
    idle: int = Field(description="online, neither charging nor running a task")


class StatusOut(FleetCounts):
    areaToday: float = Field(description="m² cleaned by the task runs that ended since dayStart")
    tasksToday: int = Field(description="task runs that ended since dayStart")
    openAlarms: int = Field(description="unresolved alarms")
    dayStart: str


class RobotsIn(MonitorFilter, PageIn):
    pageSize: int = Field(default=24, ge=1, le=200)


class RobotCard(BaseModel):
    deviceId: int
    deviceName: str
    deviceSerialNumber: str
    protocolVersion: int
    ownerId: int
    ownerName: str
    online: Literal[0, 1] = Field(description="1 online, 0 offline (the device's ``online``)")
    state: str = Field(description="working | charging | idle | offline (as the counts of /monitor/status)")
    battery: int | None = Field(description="percent")
    charging: bool
    taskName: str
    progress: float | None = Field(description="percent of the running task")
    mapName: str
    mode: str = Field(description="cleaning, carpet, quiet, manual, emergency_stop, pause, brake or idle")
    heartbeatTime: str | None
    openAlarms: int
