"""The site report (/site/report/*, issue 33 item 5): a site's week or month as a PDF or an xlsx, and the schedule
that mails it to the recipients the customer names.

Keys: downloading and reading the schedule ``site/index`` or ``site/actual``; saving the schedule
``site/index/edit`` (the site's own settings). Scoped like every site call: another branch's site answers
NOT_FOUND naming ``siteId``. The files are drawn in a thread, never on the event loop.
"""

import asyncio
from collections.abc import Callable
from urllib.parse import quote

from fastapi import Request, Response

from cleanfleet.audit.service import record_read
from cleanfleet.core.auth import Caller, require, require_any
from cleanfleet.core.db import DbSession, utcnow
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.language import caller_language
from cleanfleet.core.routing import ApiRouter
from cleanfleet.sites import days, service
from cleanfleet.sites.reports import mail as report_mail
from cleanfleet.sites.reports.content import Report, filename, gather
from cleanfleet.sites.reports.schemas import (
    ReportIn,
    ReportScheduleIn,
    ReportScheduleOut,
    ReportSendIn,
    ReportSendOut,
    ReportSiteId,
)

router = ApiRouter(prefix="/site/report", tags=["sites"])
PAGE, ACTUAL = "site/index", "site/actual"
PDF_TYPE = "application/pdf"
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


async def _file(db: DbSession, caller: Caller, body: ReportIn, draw: Callable[[Report, str], bytes],
                media_type: str, extension: str) -> Response:
    site = (await service.get_site(db, caller, body.siteId)).site
    report = await gather(db, site, body.period, body.day or days.today(days.zone_of(site)), utcnow())
    content = await asyncio.to_thread(draw, report, caller_language())
    await record_read(db, "download", target=f"site#{site.id}",
                      detail={"report": extension, "period": body.period, "day": str(report.first)})
    name = quote(filename(report, extension), safe="")
    return Response(content, media_type=media_type,
                    headers={"Content-Disposition": f"attachment; filename*=UTF-8''{name}",
                             "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"})


@router.call("/pdf", answer=None, response_class=Response, file_type=PDF_TYPE)
async def report_pdf(body: ReportIn, db: DbSession, caller: Caller = require_any(PAGE, ACTUAL)) -> Response:
    """The site's week or month as a PDF in the caller's language: plan against actual, the key figures, each
    day's planned runs by state, the plan items, the missed, short and failed runs with their reasons, and each
    floor's heat map. Answers the file (``Content-Disposition``: the site's name and the period), or a refusal
    envelope. Keys: ``site/index`` or ``site/actual``."""
    from cleanfleet.sites.reports.pdf import pdf_bytes  # the drawing libraries load at the first file, not at the start

    return await _file(db, caller, body, pdf_bytes, PDF_TYPE, "pdf")


@router.call("/xlsx", answer=None, response_class=Response, file_type=XLSX_TYPE)
async def report_xlsx(body: ReportIn, db: DbSession, caller: Caller = require_any(PAGE, ACTUAL)) -> Response:
    """The same report as an xlsx: the summary, the plan items, every planned run with its run and reasons, the
    floors' coverage. Keys: ``site/index`` or ``site/actual``."""
    from cleanfleet.sites.reports.xlsx import xlsx_bytes

    return await _file(db, caller, body, xlsx_bytes, XLSX_TYPE, "xlsx")


@router.call("/schedule/get", answer=ReportScheduleOut)
async def schedule_get(body: ReportSiteId, db: DbSession,
                       caller: Caller = require_any(PAGE, ACTUAL)) -> JsonResponse:
    """The site's report schedule (off, weekly, no recipients until saved) and the last period mailed.
    Keys: ``site/index`` or ``site/actual``."""
    return ok(await report_mail.get_schedule(db, caller, body.siteId))


@router.call("/schedule/set", answer=ReportScheduleOut)
async def schedule_set(body: ReportScheduleIn, db: DbSession, caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Save the site's report schedule whole: on or off, weekly or monthly (on the site's clock), and up to 20
    recipients, each an e-mail address and the language of its mail. A refusal names the field
    (``recipients.2.email``) and stores nothing. Key: ``site/index/edit``."""
    return ok(await report_mail.set_schedule(db, caller, body))


@router.call("/send", answer=ReportSendOut)
async def send_now(body: ReportSendIn, request: Request, db: DbSession,
                   caller: Caller = require_any(PAGE, ACTUAL)) -> JsonResponse:
    """Mail the site's report now, outside the schedule (what its recipients get): ``to`` ``recipients`` (the
    saved schedule's, each in its language; key ``site/index/edit``, else NO_PERMISSION naming ``to``) or ``me``
    (the caller's e-mail address, in the caller's language). The period: ``day``'s week or month, default the last
    full one on the site's clock. Refusals name ``to``: no mail server set up, no recipients saved, no address of
    the caller's, or every mail refused. Keys: ``site/index`` or ``site/actual``."""
    return ok(await report_mail.send_now(db, request.app.state.settings, caller, body, caller_language()))
