"""Control lease calls: shapes."""

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from cleanfleet.core.bounds import Id


class ControlTake(BaseModel):
    deviceId: Id
    minutes: Literal[10, 30, 60, 120, 0] = Field(description="10, 30, 60, 120 minutes, or 0 for long term")


class ControlDevice(BaseModel):
    deviceId: Id


class ControlState(BaseModel):
    deviceId: int
    held: bool
    holder: str | None
    holderId: int | None
    mine: bool
    mayRelease: bool = Field(description="the caller may release it: the holder, or a user above the holder")
    takenAt: datetime | None
    expiresAt: datetime | None
    longTerm: bool
