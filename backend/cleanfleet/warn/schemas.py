"""Shapes of the live alarm calls (/warn/listUnProcess, /warn/now, /warn/resumeWarn)."""

from typing import Annotated

from pydantic import AliasChoices, BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id, IdOrZero
from cleanfleet.core.paging import PageIn
from cleanfleet.devices.schemas import UtcTime

SerialNumber = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
NOW_LIMIT = 50  # alarms /warn/now answers at most (the pop-ups after a reconnect show a few of them)


class AlarmOut(BaseModel):
    warnId: int
    deviceId: int
    deviceName: str
    deviceSerialNumber: str
    key: str = Field(description="the robot's stable alarm name (sim/README.md), e.g. lidar_dock_failed")
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


class UnProcessIn(PageIn):
    userId: Id | None = Field(default=None, description="a user in the caller's subtree; default the caller")
    deviceSerialNumber: SerialNumber | None = Field(default=None, description="one device's alarms")


class NowIn(BaseModel):
    time: UtcTime | None = Field(default=None, description="alarms raised after this time")
    userID: Id | None = Field(default=None, validation_alias=AliasChoices("userID", "userId"),
                               description="a user in the caller's subtree; default the caller")
    warnId: IdOrZero | None = Field(default=None, ge=0, description="alarms stored after this one")


class ResumeIn(BaseModel):
    deviceSerialNumber: SerialNumber


class ResumeOut(BaseModel):
    deviceId: int
    deviceSerialNumber: str
    resolved: int = Field(description="how many open alarms were marked resolved")
    resolvedAt: str
