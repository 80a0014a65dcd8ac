"""Summary charts (/summary/*): pages device/deviceSummary and device/deviceOnLineSummary."""

from datetime import timedelta

from pydantic import BaseModel, Field, model_validator

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.bounds import Day, Id
from cleanfleet.core.db import DbSession, utcnow
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices import summary
from cleanfleet.devices.access import require_any, scope_path
from cleanfleet.devices.schemas import UserFilter

router = ApiRouter(prefix="/summary", tags=["devices"])
MAX_CHART_DAYS = 366
SUMMARY_PAGE = "device/deviceSummary"
ONLINE_PAGE = "device/deviceOnLineSummary"


class TypeCount(BaseModel):
    typeId: int
    typeName: str
    total: int
    online: int


class OwnerCount(BaseModel):
    userId: int
    account: str
    userName: str
    total: int
    online: int


class CountryCount(BaseModel):
    countryCode: str = Field(description='ISO code; "other" for unlisted countries, "" when not located yet')
    country: str
    total: int
    online: int


class ProvinceCount(CountryCount):
    province: str


class OnlineDay(BaseModel):
    date: str = Field(description="a UTC day, YYYY-MM-DD")
    online: int = Field(description="devices online at some time that day")
    total: int = Field(description="devices in the fleet at the end of the day")
    rate: float = Field(description="online / total, 0 to 1")


class OnlineOut(BaseModel):
    total: int
    online: int
    offline: int
    onlineRate: float = Field(description="online / total, 0 to 1")
    byType: list[TypeCount]
    activeLastDay: int
    activeLastWeek: int
    activeLastMonth: int
    start: str
    end: str
    days: list[OnlineDay] = Field(description="each day from start to end (of deviceType when given)")


class DayCount(BaseModel):
    date: str
    added: int
    total: int


class ChartOut(BaseModel):
    start: str
    end: str
    days: list[DayCount]


class AllOut(BaseModel):
    total: int
    online: int
    offline: int
    byType: list[TypeCount]
    byOwner: list[OwnerCount] = Field(description="the 20 owners with the most devices")
    byCountry: list[CountryCount]


class ChartIn(BaseModel):
    userId: Id | None = None
    deviceType: Id | None = None
    startDate: Day | None = Field(default=None, description="default 29 days before endDate")
    endDate: Day | None = Field(default=None, description="default today (UTC)")

    @model_validator(mode="after")
    def _range(self) -> "ChartIn":
        end = self.endDate or utcnow().date()
        start = self.startDate or end - timedelta(days=29)
        if start > end:
            raise ValueError("startDate: must not be after endDate")
        if (end - start).days >= MAX_CHART_DAYS:
            raise ValueError(f"startDate: at most {MAX_CHART_DAYS} days")
        self.startDate, self.endDate = start, end
        return self


@router.call("/chartOnLineNum", answer=OnlineOut)
async def chart_online_num(body: ChartIn, db: DbSession, caller: Caller = require(ONLINE_PAGE)) -> JsonResponse:
    """Online and offline now, the online rate, by type, devices heard from in the last day/week/month, and the
    devices online on each UTC day of a range (at most a year; default the last 30 days) with the fleet's size
    (``deviceType`` filters the days only)."""
    path = await scope_path(db, caller, body.userId)
    assert body.startDate is not None and body.endDate is not None
    answer = await summary.online_summary(db, path, body.deviceType, body.startDate, body.endDate)
    return ok(answer, language=caller.language)


@router.call("/chart", answer=ChartOut)
async def chart(body: ChartIn, db: DbSession, caller: Caller = require_any(SUMMARY_PAGE, ONLINE_PAGE)) -> JsonResponse:
    """Devices added per day over a date range (at most a year), with the running total (both summary pages)."""
    path = await scope_path(db, caller, body.userId)
    assert body.startDate is not None and body.endDate is not None
    answer = await summary.added_per_day(db, path, body.deviceType, body.startDate, body.endDate)
    return ok(answer, language=caller.language)


@router.call("/chartAll", answer=AllOut)
async def chart_all(body: UserFilter, db: DbSession,
                    caller: Caller = require_any(SUMMARY_PAGE, ONLINE_PAGE)) -> JsonResponse:
    """Totals, by type, by owner (top 20) and by country, in one answer (both summary pages)."""
    path = await scope_path(db, caller, body.userId)
    return ok(await summary.everything(db, path), language=caller.language)
