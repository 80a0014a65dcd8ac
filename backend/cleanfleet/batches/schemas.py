"""Production batch calls: request and answer shapes."""

from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id
from cleanfleet.core.fields import IdList, Name, Text
from cleanfleet.core.paging import PageIn

RackRangeText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]
NameFilter = Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)]


class BatchIn(BaseModel):
    batchName: Name
    deviceType: Id = Field(description="the device model (type id)")
    rackRange: RackRangeText = Field(description="prefix plus digits, same width, first below last: SC0001-SC0030")
    remark: Text = ""
    hardSupportIds: IdList = []


class BatchUpdate(BaseModel):
    batchId: Id
    batchName: Name | None = None
    deviceType: Id | None = None
    rackRange: RackRangeText | None = None
    remark: Text | None = None
    hardSupportIds: IdList | None = None


class BatchId(BaseModel):
    batchId: Id


class BatchInfoIn(BaseModel):
    batchId: Id | None = None
    batchName: NameFilter | None = None


class BatchPartsIn(BaseModel):
    batchId: Id
    hardSupportIds: IdList = Field(description="parts to add; each replaces the batch's part of its category")


class BatchPartIn(BaseModel):
    batchId: Id
    hardSupportId: Id


class BatchPageIn(PageIn):
    batchName: NameFilter | None = None
    deviceType: Id | None = None


class BatchOut(BaseModel):
    batchId: int
    batchName: str
    deviceType: int
    typeName: str
    rackRange: str
    remark: str
    createTime: str
    updateTime: str
    hardSupports: list[dict[str, object]] | None = None
