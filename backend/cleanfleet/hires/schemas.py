"""Lease calls: request and answer shapes."""

from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id, UtcTime
from cleanfleet.core.fields import Name, Short, Text
from cleanfleet.core.paging import PageIn

Phone = Annotated[str, StringConstraints(strip_whitespace=True, pattern=r"^(\d{11})?$")]


class HireIn(BaseModel):
    deviceId: Id
    customerName: Name
    contact: Short = ""
    phone: Phone = Field(default="", description="11 digits, or empty")
    startTime: UtcTime | None = Field(default=None, description="default now")
    endTime: UtcTime | None = Field(default=None, description="planned end; after startTime")
    remark: Text = ""
    userId: Id | None = Field(default=None, description="the lessee, when it is a user of the subtree")


class HireId(BaseModel):
    id: Id


class HirePageIn(PageIn):
    deviceId: Id | None = Field(default=None, description="one device's leases")
    deviceSerialNumber: Short | None = None
    customerName: Short | None = None
    state: int | None = Field(default=None, ge=0, le=1, description="0 active, 1 ended")
    lesseeId: Id | None = None
    startDate: UtcTime | None = None
    endDate: UtcTime | None = None
    userId: Id | None = Field(default=None, description="devices of this user's subtree")


class HireOut(BaseModel):
    id: int
    deviceId: int
    deviceSerialNumber: str
    deviceCode: str
    userId: int | None
    account: str
    customerName: str
    contact: str
    phone: str
    startTime: str
    endTime: str | None
    remark: str
    state: int
    stateName: str
    stopTime: str | None
    createTime: str
