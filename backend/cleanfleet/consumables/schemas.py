"""Consumables and maintenance reminders of a device: request and answer shapes."""

from typing import Annotated, Literal

from pydantic import AliasChoices, BaseModel, BeforeValidator, Field

from cleanfleet.consumables.models import CONSUMABLE_KINDS
from cleanfleet.core.bounds import Hours, Id, PeriodHours, UtcTime
from cleanfleet.core.fields import Name, SerialNumber, parse_list

Kind = Literal["dust_bag", "edge_brush", "filter", "roller_brush", "thin_edge_brush", "thin_roller_brush",
               "wheel_rubber"]
assert set(Kind.__args__) == set(CONSUMABLE_KINDS)  # type: ignore[attr-defined]


class ConsumableItem(BaseModel):
    kind: Kind
    name: Name | None = None
    replaceDate: UtcTime | None = None
    usedHours: Hours | None = None
    lifeHours: PeriodHours = Field(description="hours of use before it is due")


class ConsumableEditIn(BaseModel):
    deviceSerialNumber: SerialNumber
    consumables: Annotated[list[ConsumableItem], BeforeValidator(parse_list)] = Field(
        description="list or JSON text")


class ConsumableUpdateIn(BaseModel):
    deviceSerialNumber: SerialNumber
    kind: Kind


class ConsumableOut(BaseModel):
    kind: str
    name: str
    configured: bool
    replaceDate: str | None
    usedHours: float
    lifeHours: float | None
    remainingHours: float | None
    due: bool


class ConsumablesOut(BaseModel):
    deviceId: int
    deviceSerialNumber: str
    list: list[ConsumableOut]


class ReminderItem(BaseModel):
    id: Id | None = None
    name: Name
    maintainDate: UtcTime | None = Field(default=None, description="last maintained; default now")
    periodHours: PeriodHours = Field(description="hours between maintenances")


class MaintainIn(BaseModel):
    deviceSerialNumber: SerialNumber = Field(validation_alias=AliasChoices("deviceSerialNumber",
                                                                           "device_serial_number"))
    maintains: Annotated[list[ReminderItem], BeforeValidator(parse_list)] = Field(
        description="the device's reminders (list or JSON text)")


class ReminderOut(BaseModel):
    id: int
    name: str
    maintainDate: str
    periodHours: float
    due: bool
    nextDue: str


class RemindersOut(BaseModel):
    deviceId: int
    deviceSerialNumber: str
    list: list[ReminderOut]
