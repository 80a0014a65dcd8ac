"""Task report calls (/taskReport/*, api-spec 7.6): pages reportChart (charts) and device/report (the list).

Reading needs either page's key; editing, deleting and inserting a record the device/report buttons
(``device/report/edit``, ``delete``, ``add``). Everything stays inside the caller's subtree (``userId``
narrows it to an owner's); units are api-spec 9's (see schemas.py).
"""

from datetime import date
from typing import Any

from sqlalchemy import Select

from cleanfleet.core import ranges
from cleanfleet.core.auth import Caller, require, require_any
from cleanfleet.core.codes import Code
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.core.paging import Page, paginate
from cleanfleet.core.routing import ApiRouter
from cleanfleet.core.texts import START_IN_FUTURE
from cleanfleet.devices.access import get_device, get_devices, scope_path
from cleanfleet.reports import charts, service, texts
from cleanfleet.reports.schemas import (
    ChartIn,
    ChartOut,
    DeletedOut,
    DeleteIn,
    EditIn,
    GroupIn,
    InsertIn,
    ListIn,
    MapOut,
    ReportDetailOut,
    ReportFilter,
    ReportIdIn,
    ReportOut,
    SummaryOut,
)

router = ApiRouter(prefix="/taskReport", tags=["reports"])
CHART_PAGE = "reportChart"
REPORT_PAGE = "device/report"
READ = (CHART_PAGE, REPORT_PAGE)


async def _devices(db: DbSession, caller: Caller, body: ReportFilter, device_id: int | None = None) -> Select[Any]:
    return (await _fleet(db, caller, body, device_id))[0]


async def _fleet(db: DbSession, caller: Caller, body: ReportFilter,
                 device_id: int | None = None) -> tuple[Select[Any], Select[Any] | None]:
    """The filter's devices, and its owners when it is a branch of users (``service.owners_in``)."""
    path = await scope_path(db, caller, body.userId)
    ids = [*(body.deviceIds or []), *([device_id] if device_id else [])]
    return service.devices_in(path, ids or None, body.groupId), service.owners_in(path, ids or None, body.groupId)


def _end(body: ChartIn) -> date:
    today = ranges.today()
    end = body.endDate or today
    if end > today:
        raise bad_parameter("endDate", START_IN_FUTURE)
    return end


@router.call("/list", answer=Page[ReportOut])
async def list_reports(body: ListIn, db: DbSession, caller: Caller = require_any(*READ)) -> JsonResponse:
    """Runs that started in a date range (the reader's days, by the ``timezone`` header: core/ranges.py;
    product-spec 5: start not after end, within 7 days of it, not after today; default the last 7 days), newest
    first, filtered by owner, devices, group, map, task name and result (paged)."""
    start, end = service.list_range(body.startDate, body.endDate)
    devices = await _devices(db, caller, body, body.deviceId)
    query = service.reports_query(devices, start, end, map_name=body.mapName, task_name=body.taskName,
                                  result=body.result)
    page = await paginate(db, query, body, scalars=False)
    page["list"] = await service.answer_rows(db, page["list"])
    return ok(page)


@router.call("/detail", answer=ReportDetailOut)
async def detail(body: ReportIdIn, db: DbSession, caller: Caller = require_any(*READ)) -> JsonResponse:
    """One run with its recorded track (``path``, metres on its map)."""
    return ok(await service.detail(db, caller.acting_path, body.taskReportId))


@router.call("/listChildTask", answer=list[ReportOut])
async def list_child_task(body: GroupIn, db: DbSession, caller: Caller = require_any(*READ)) -> JsonResponse:
    """The runs of a group run (the runs one schedule started on one device that day), in order; ``gid`` is the
    group's first run (each list row carries its ``gid``)."""
    return ok(await service.child_tasks(db, caller.acting_path, body.gid))


@router.call("/chart", answer=ChartOut)
async def chart(body: ChartIn, db: DbSession, caller: Caller = require_any(*READ)) -> JsonResponse:
    """Cleaned area, working time, coverage, efficiency and online rate per day, week or month of the last
    week, month, three months or year, and the range's figures per device, group, owner or map."""
    end = _end(body)
    devices, owners = await _fleet(db, caller, body)
    return ok(await charts.chart(db, devices, body.range, end, body.by, body.mapName, owners))


@router.call("/chartSummary", answer=SummaryOut)
async def chart_summary(body: ChartIn, db: DbSession, caller: Caller = require_any(*READ)) -> JsonResponse:
    """The range's totals: runs, working time, areas, coverage, efficiency, alarms, devices and online rate."""
    end = _end(body)
    devices = await _devices(db, caller, body)
    return ok(await charts.summary(db, devices, body.range, end, body.mapName))


@router.call("/chartMap", answer=MapOut)
async def chart_map(body: ChartIn, db: DbSession, caller: Caller = require_any(*READ)) -> JsonResponse:
    """Where the work was done in the range: each working device with its place and figures, and per map."""
    end = _end(body)
    devices, owners = await _fleet(db, caller, body)
    return ok(await charts.chart_map(db, devices, body.range, end, body.mapName, owners))


@router.call("/editTaskReport", answer=ReportDetailOut)
async def edit_task_report(body: EditIn, db: DbSession,
                           caller: Caller = require(f"{REPORT_PAGE}/edit")) -> JsonResponse:
    """Corrects a run's task name, map name, planned and cleaned area (coverage and efficiency follow) or remark;
    the charts follow at once."""
    changes = body.model_dump(exclude={"taskReportId"}, exclude_unset=True)
    return ok(await service.edit(db, caller.acting_path, body.taskReportId, changes))


@router.call("/insertTaskReport", answer=ReportDetailOut)
async def insert_task_report(body: InsertIn, db: DbSession,
                             caller: Caller = require(f"{REPORT_PAGE}/add")) -> JsonResponse:
    """A manual record of a run on one of the caller's devices (source "manual"); coverage and efficiency are
    computed from the areas and the times."""
    device = await get_device(db, caller, body.deviceId)
    report_id = await service.insert_manual(db, device, body)
    return ok(await service.detail(db, caller.acting_path, report_id))


@router.call("/deleteTaskReport", answer=DeletedOut)
async def delete_task_report(body: DeleteIn, db: DbSession,
                             caller: Caller = require(f"{REPORT_PAGE}/delete")) -> JsonResponse:
    """Deletes one run (``taskReportId``), or every run of ``deviceIds`` that started before ``time``."""
    if body.taskReportId is not None:
        return ok({"deleted": await service.delete_one(db, caller.acting_path, body.taskReportId)})
    if body.time is None or not body.deviceIds:
        field = "taskReportId" if body.time is None else "deviceIds"
        raise ApiError(Code.BAD_PARAMETER, texts.DELETE_WHAT, field=field)
    devices = await get_devices(db, caller, body.deviceIds)
    return ok({"deleted": await service.delete_before(db, [d.id for d in devices], body.time)})
