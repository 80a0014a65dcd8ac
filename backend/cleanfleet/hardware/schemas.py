"""Parts catalogue and a device's parts: request and answer shapes."""

from typing import Annotated

from pydantic import BaseModel, BeforeValidator, Field, StringConstraints

from cleanfleet.core.bounds import Id
from cleanfleet.core.fields import Name, Short, Text, parse_list
from cleanfleet.core.paging import PageIn


class PartOut(BaseModel):
    id: int
    hardSupportId: int
    name: str
    version: str
    hardSupportText: str
    cateId: int
    cateName: str


class CategoryOut(BaseModel):
    cateId: int
    cateName: str


class CategoryGroup(CategoryOut):
    list: list[PartOut]


class PartFilter(BaseModel):
    type: Id | None = Field(default=None, description="a category id")


class PartIn(BaseModel):
    name: Name
    cateId: Id
    version: Short = ""
    hardSupportText: Text = ""


class PartUpdate(BaseModel):
    id: Id
    name: Name | None = None
    cateId: Id | None = None
    version: Short | None = None
    hardSupportText: Text | None = None


class PartId(BaseModel):
    id: Id


class CategoryIn(BaseModel):
    cateName: Name


class CategoryUpdate(BaseModel):
    cateId: Id
    cateName: Name


class CategoryId(BaseModel):
    cateId: Id


class DeviceHardIn(BaseModel):
    deviceId: Id
    showCateList: bool = Field(default=False, description="also answer every category with its parts")


class FittedPart(PartOut):
    updateTime: str


class DeviceHardOut(BaseModel):
    deviceId: int
    cateList: list[CategoryGroup] | None = None
    list: list[FittedPart]


class HardBean(BaseModel):
    hardSupportId: Id
    cateId: Id | None = None


class AddHardIn(BaseModel):
    deviceId: Id
    hardBeansJson: Annotated[list[HardBean], BeforeValidator(parse_list)] = Field(
        description='[{"hardSupportId": 3}, ...] (list or JSON text)')


class UpdateHardIn(BaseModel):
    deviceId: Id
    cateId: Id
    hardSupportId: Id | None = Field(default=None, description="the new part; none removes the category's part")


class BatchApplyIn(BaseModel):
    deviceId: Id
    batchId: Id


class ChangedOut(BaseModel):
    deviceId: int
    changed: int


class HistoryIn(PageIn):
    deviceId: Id


class HardByUserIn(PageIn):
    userId: Id | None = None
    deviceSerialNumber: Annotated[str, StringConstraints(strip_whitespace=True, max_length=64)] | None = None
