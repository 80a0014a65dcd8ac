"""Shapes of the elevator calls (/elevator/*): product-spec 3 "Elevator", camelCase as the console sends them."""

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, AliasChoices, BaseModel, Field, StringConstraints

from cleanfleet.core.bounds import Id, IdOrZero
from cleanfleet.core.fields import Name, Short, Text
from cleanfleet.core.paging import PageIn
from cleanfleet.core.validation import TextError
from cleanfleet.elevators.texts import PHONE_DIGITS

Floor = Annotated[int, Field(ge=-20, le=300, description="a floor number; below 1 are basements (B1 = 0 or -1 as "
                                                        "the building counts)")]
# the elevator vendors whose controllers the robots speak to: the one list (the console reads it from the schema)
Provider = Literal["hitachi", "kone", "otis", "schindler", "thyssenkrupp", "mitsubishi", "fujitec", "toshiba",
                   "sjec", "canny", "other"]
_DIGITS = re.compile(r"^\d{11}$")


def _phone(value: str) -> str:
    if value and not _DIGITS.match(value):
        raise TextError(PHONE_DIGITS)
    return value


Phone = Annotated[str, StringConstraints(strip_whitespace=True, max_length=16), AfterValidator(_phone)]
ElevatorIdField = Field(validation_alias=AliasChoices("elevatorId", "id"), description="the elevator (also `id`)")


class ElevatorFields(BaseModel):
    """Every field but the names (of the elevator and its building) is optional; on an update only the fields
    sent change."""

    code: Short | None = Field(default=None, description="the elevator's number in its building")
    buildingName: Name | None = Field(default=None, description="required on insert; an update may not empty it")
    buildingAddress: Text | None = None
    contactName: Short | None = None
    contactPhone: Phone | None = Field(default=None, description="11 digits, or empty")
    groupId: IdOrZero | None = Field(default=None, description="the elevator group (bank) it belongs to; 0 none")
    size: Annotated[str, StringConstraints(strip_whitespace=True, max_length=32)] | None = Field(
        default=None, description="car size as the building gives it, e.g. 1.6 x 1.4 m")
    floorMin: Floor | None = Field(default=None, description="the lowest floor it serves")
    floorMax: Floor | None = Field(default=None, description="the highest floor it serves")
    position: Text | None = Field(default=None, description="where it is in the building")
    provider: Provider | None = Field(default=None, description="the vendor of its controller")
    moduleId: Short | None = Field(default=None, description="the id of the elevator's IoT module")
    robotId: Short | None = Field(default=None, description="the id the elevator's controller knows the robot by")
    server: Text | None = Field(default=None, description="the vendor's elevator server (host or URL)")


class ElevatorIn(ElevatorFields):
    elevatorName: Name
    buildingName: Name = Field(description="the building it serves (product-spec 5: required)")
    userId: Id | None = Field(default=None, description="the owner, a user in the caller's subtree; default the caller")


class ElevatorUpdate(ElevatorFields):
    elevatorId: Id = ElevatorIdField
    elevatorName: Name | None = None


class ElevatorId(BaseModel):
    elevatorId: Id = ElevatorIdField


class ElevatorDevices(BaseModel):
    elevatorId: Id = ElevatorIdField
    deviceIds: Annotated[list[Id], Field(min_length=1, max_length=1000)]


class ElevatorPageIn(PageIn):
    elevatorName: Short | None = Field(default=None, description="part of the name, code or building")
    userId: Id | None = Field(default=None, description="a user in the caller's subtree; default the caller")


class BoundDevice(BaseModel):
    deviceId: int
    deviceCode: str
    deviceSerialNumber: str


class ElevatorOut(BaseModel):
    elevatorId: int
    id: int
    elevatorName: str
    code: str
    buildingName: str
    buildingAddress: str
    contactName: str
    contactPhone: str
    groupId: int | None
    size: str
    floorMin: int
    floorMax: int
    position: str
    provider: str
    moduleId: str
    robotId: str
    server: str
    userId: int
    userName: str
    deviceCount: int = Field(description="robots bound to it")
    createTime: str
    updateTime: str


class ElevatorDetail(ElevatorOut):
    devices: list[BoundDevice]
    schedules: list[str] = Field(description="the elevator-linked scheduled tasks that ride it (robot: name)")


class ElevatorPage(BaseModel):
    list: list[ElevatorOut]
    total: int
    pageNum: int
    pageSize: int


class ElevatorOption(BaseModel):
    elevatorId: int
    elevatorName: str
    buildingName: str
    floorMin: int
    floorMax: int


class BindOut(BaseModel):
    elevatorId: int
    deviceIds: list[int]
