"""Summary charts (/summary/*: pages device/deviceSummary and device/deviceOnLineSummary) and the device
counts of the device list's page (/device/selectDeviceCount*)."""

from cleanfleet.core.auth import Caller, require, require_any
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices.access import DEVICE_PAGE, scope_path
from cleanfleet.devices.schemas import UserFilter
from cleanfleet.devices.summary import service
from cleanfleet.devices.summary.schemas import (
    AllOut,
    ChartIn,
    ChartOut,
    CountOut,
    CountryCount,
    OnlineOut,
    ProvinceCount,
)

router = ApiRouter(prefix="/summary", tags=["devices"])
device_counts = ApiRouter(prefix="/device", tags=["devices"])
SUMMARY_PAGE = "device/deviceSummary"
ONLINE_PAGE = "device/deviceOnLineSummary"


@router.call("/chartOnLineNum", answer=OnlineOut)
async def chart_online_num(body: ChartIn, db: DbSession, caller: Caller = require(ONLINE_PAGE)) -> JsonResponse:
    """Online and offline now, the online rate, by type, devices heard from in the last day/week/month, and the
    devices online on each of the reader's days of a range (at most a year; default the last 30 days) with the
    fleet's size (``deviceType`` filters the days only)."""
    path = await scope_path(db, caller, body.userId)
    assert body.startDate is not None and body.endDate is not None
    return ok(await service.online_summary(db, path, body.deviceType, body.startDate, body.endDate))


@router.call("/chart", answer=ChartOut)
async def chart(body: ChartIn, db: DbSession, caller: Caller = require_any(SUMMARY_PAGE, ONLINE_PAGE)) -> JsonResponse:
    """Devices added per day over a date range (at most a year), with the running total (both summary pages)."""
    path = await scope_path(db, caller, body.userId)
    assert body.startDate is not None and body.endDate is not None
    return ok(await service.added_chart(db, path, body.deviceType, body.startDate, body.endDate))


@router.call("/chartAll", answer=AllOut)
async def chart_all(body: UserFilter, db: DbSession,
                    caller: Caller = require_any(SUMMARY_PAGE, ONLINE_PAGE)) -> JsonResponse:
    """Totals, by type, by owner (top 20) and by country, in one answer (both summary pages)."""
    path = await scope_path(db, caller, body.userId)
    return ok(await service.everything(db, path))


@device_counts.call("/selectDeviceCount", answer=CountOut)
async def select_device_count(body: UserFilter, db: DbSession, caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """How many devices the subtree has: in all, online, offline, by type and by owner."""
    path = await scope_path(db, caller, body.userId)
    return ok(await service.counts(db, path))


@device_counts.call("/selectDeviceCountByProvince", answer=list[ProvinceCount])
async def select_device_count_by_province(body: UserFilter, db: DbSession,
                                          caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """Devices by country and province (from updateDevicesAddressByLbs)."""
    path = await scope_path(db, caller, body.userId)
    return ok(await service.by_province(db, path))


@device_counts.call("/selectDeviceCountByCountry", answer=list[CountryCount])
async def select_device_count_by_country(body: UserFilter, db: DbSession,
                                         caller: Caller = require(DEVICE_PAGE)) -> JsonResponse:
    """Devices in each of the 17 listed countries, then other and unknown."""
    path = await scope_path(db, caller, body.userId)
    return ok(await service.by_country(db, path))
