"""Summary charts (/summary/*): pages device/deviceSummary and device/deviceOnLineSummary."""

from datetime import date, timedelta

from pydantic import BaseModel, Field, model_validator

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession, utcnow
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices import summary
from cleanfleet.devices.access import scope_path
from cleanfleet.devices.schemas import UserFilter

router = ApiRouter(prefix="/summary", tags=["devices"])
MAX_CHART_DAYS = 366


class ChartIn(BaseModel):
    userId: int | None = None
    deviceType: int | None = None
    startDate: date | None = Field(default=None, description="default 29 days before endDate")
    endDate: date | None = Field(default=None, description="default today (UTC)")

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


@router.call("/chartOnLineNum", answer=dict[str, object])
async def chart_online_num(body: UserFilter, db: DbSession,
                           caller: Caller = require("device/deviceOnLineSummary")) -> JsonResponse:
    """Online and offline now, the online rate, by type, and devices heard from in the last day/week/month."""
    path = await scope_path(db, caller, body.userId)
    return ok(await summary.online_summary(db, path), language=caller.language)


@router.call("/chart", answer=dict[str, object])
async def chart(body: ChartIn, db: DbSession, caller: Caller = require("device/deviceSummary")) -> JsonResponse:
    """Devices added per day over a date range (at most a year), with the running total."""
    path = await scope_path(db, caller, body.userId)
    assert body.startDate is not None and body.endDate is not None
    answer = await summary.added_per_day(db, path, body.deviceType, body.startDate, body.endDate)
    return ok(answer, language=caller.language)


@router.call("/chartAll", answer=dict[str, object])
async def chart_all(body: UserFilter, db: DbSession, caller: Caller = require("device/deviceSummary")) -> JsonResponse:
    """Totals, by type, by owner (top 20) and by country, in one answer."""
    path = await scope_path(db, caller, body.userId)
    return ok(await summary.everything(db, path), language=caller.language)
