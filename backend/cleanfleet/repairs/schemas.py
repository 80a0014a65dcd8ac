"""Repair record calls: request and answer shapes."""

from typing import Annotated

from pydantic import AliasChoices, BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id, UtcTime
from cleanfleet.core.fields import Short
from cleanfleet.core.paging import PageIn

LongText = Annotated[str, StringConstraints(strip_whitespace=True, max_length=1024)]
RepairType = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]


class RepairFields(BaseModel):
    type: RepairType | None = None
    detail: LongText | None = None
    repairDate: UtcTime | None = None
    operator: Short | None = None
    processor: Short | None = None
    processTime: UtcTime | None = None
    processPlan: LongText | None = Field(default=None, validation_alias=AliasChoices("processPlan", "plan"),
                                         description='the spec\'s "process plan" ("plan" is read too)')


class RepairIn(RepairFields):
    deviceId: Id | None = None
    deviceSerialNumber: Short | None = Field(default=None, description="instead of deviceId")
    type: RepairType
    repairDate: UtcTime


class RepairUpdate(RepairFields):
    id: Id
    state: int | None = Field(default=None, ge=0, le=2, description="0 pending, 1 processing, 2 handled; "
                                                                     "one step forward at a time")


class RepairId(BaseModel):
    id: Id


class BeforeIn(BaseModel):
    time: UtcTime = Field(description="records dated before this are deleted")


class RepairPageIn(PageIn):
    deviceId: Id | None = Field(default=None, description="one device's records")
    deviceSerialNumber: Short | None = None
    state: int | None = Field(default=None, ge=0, le=2)
    type: Short | None = None
    startDate: UtcTime | None = None
    endDate: UtcTime | None = None
    userId: Id | None = None


class RepairOut(BaseModel):
    id: int
    deviceId: int
    deviceSerialNumber: str
    deviceCode: str
    type: str
    detail: str
    repairDate: str
    operator: str
    processor: str
    processTime: str | None
    processPlan: str
    state: int
    stateName: str
    createTime: str
    updateTime: str
