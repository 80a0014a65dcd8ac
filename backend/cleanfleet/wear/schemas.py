"""Shapes of the wear forecast's calls (/wear/*)."""

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from cleanfleet.consumables.models import CONSUMABLE_KINDS
from cleanfleet.core.bounds import Id
from cleanfleet.core.paging import PageIn

Kind = Literal["dust_bag", "edge_brush", "filter", "roller_brush", "thin_edge_brush", "thin_roller_brush",
               "wheel_rubber", "maintenance"]
assert set(Kind.__args__) == {*CONSUMABLE_KINDS, "maintenance"}  # type: ignore[attr-defined]
State = Literal["dated", "due_now", "no_history", "idle"]
Sureness = Literal["high", "medium", "low", "none"]
LeadDays = Annotated[int, Field(ge=0, le=60, description="days before a forecast date the owner is told (0..60)")]
Day = Annotated[str | None, Field(description="a UTC day, YYYY-MM-DD")]


class WearListIn(PageIn):
    userId: Id | None = Field(default=None, description="a branch of the caller's subtree (default: the caller's)")
    siteId: Id | None = Field(default=None, description="only robots now at this site")
    kind: Kind | None = Field(default=None, description="only this consumable kind, or maintenance reminders")
    withinDays: Annotated[int, Field(ge=0, le=3650)] | None = Field(
        default=None, description="only forecasts due within this many days (due now included)")


class SettingsIn(BaseModel):
    userId: Id | None = Field(default=None, description="a branch of the caller's subtree (default: the caller's)")


class SettingsEditIn(SettingsIn):
    leadDays: LeadDays


class PartOut(BaseModel):
    part: str = Field(description="c:<kind> for a consumable, m:<reminder id> for a maintenance reminder")
    partType: Literal["consumable", "maintenance"]
    kind: Kind
    name: str
    state: State = Field(description="dated: a forecast date; due_now: worn out or overdue; no_history: fewer than "
                                     "3 days of history; idle: no use measured (or beyond ten years)")
    dueDate: Day
    earliest: Day
    latest: Day = Field(description="null with a dueDate: no upper bound (the low rate is 0)")
    sureness: Sureness
    remainingHours: float = Field(description="run hours left (a consumable) or wall-clock hours to the due time")


class DeviceWearOut(BaseModel):
    deviceId: int
    deviceSerialNumber: str
    deviceName: str
    today: str
    historyDays: int = Field(description="days of history the rate reads (at most 28)")
    rate: float | None = Field(description="run hours per day; null: not enough history")
    rateLow: float | None
    rateHigh: float | None
    windowStart: str
    windowEnd: str
    list: list[PartOut]


class FleetPartOut(PartOut):
    deviceId: int
    deviceName: str
    deviceSerialNumber: str
    siteId: int | None
    siteName: str | None
    rate: float = Field(description="the robot's run hours per day")
    historyDays: int


class OrderOut(BaseModel):
    siteId: int | None
    siteName: str | None
    kind: Kind
    name: str
    thisWeek: int
    nextWeek: int


class SiteChoice(BaseModel):
    siteId: int
    siteName: str


class WearPage(BaseModel):
    order: list[OrderOut] = Field(description="what to order: per site and part, due this week and next")
    sites: list[SiteChoice] = Field(description="the branch's sites (the site filter's choices)")
    list: list[FleetPartOut]
    total: int
    pageNum: int
    pageSize: int
    today: str
    thisWeekEnd: str = Field(description="the Sunday ending this week (UTC days)")
    nextWeekEnd: str
    thisWeek: int = Field(description="parts due by the end of this week (due now included)")
    nextWeek: int
    later: int
    undated: int


class SettingsOut(BaseModel):
    userId: int
    leadDays: int
    own: bool = Field(description="false: inherited from a user above, or the default")
    defaultLeadDays: int
