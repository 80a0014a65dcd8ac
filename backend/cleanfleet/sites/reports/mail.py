"""The site report's schedule (per site: on or off, weekly or monthly, the recipients and their languages) and the
job that mails it.

- **When**: the report of the last full week (Monday to Sunday) or calendar month **on the site's clock** goes at
  the first scan at least ``GRACE`` after it ended (1 hour into the site's Monday or 1st: the last runs' reports
  arrive), if it ended after the schedule was switched on or its period changed (``since``): switching a schedule
  on does not mail the period already over. A period the server was down for is mailed when it is back, until the
  next period ends.
- **Exactly once** per site and period, even with two workers or two scans side by side: one worker runs the scan
  (``core.leader``, job ``site-report-mail``), and each period is claimed by inserting its ``site_report_sends``
  row (unique site, period and first day) with "on conflict do nothing", committed before the mails go; only the
  scan whose insert took sends. A crash between the claim and the mails loses them: at most once, as
  the reports domain's weekly summaries (``cleanfleet/reports/mail.py``).
- **What**: one mail per recipient, in the recipient's language (subject, text, and both files: the PDF and the
  xlsx, drawn once per language in a thread). A mail the server refuses is logged, not retried.
- Without SMTP settings nothing is due: nothing is claimed, so the period goes once a server is set (until the next
  period ends), as the weekly summaries do.
"""

import asyncio
import logging
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.core.leader import start_scanning, stop_task
from cleanfleet.core.mail import Attachment, MailError, send_mail
from cleanfleet.reports.mail import XLSX
from cleanfleet.settings import Settings
from cleanfleet.sites import days, texts
from cleanfleet.sites.availability import rendered as availability
from cleanfleet.sites.availability import texts as at
from cleanfleet.sites.models import Site, SiteReportSchedule, SiteReportSend
from cleanfleet.sites.reports import texts as t
from cleanfleet.sites.reports.content import Report, filename, gather
from cleanfleet.sites.reports.schemas import ReportScheduleIn, ReportSendIn
from cleanfleet.sites.service import get_site
from cleanfleet.users.models import User

log = logging.getLogger("cleanfleet.sites.reports.mail")
JOB = "site-report-mail"
SCAN_EVERY_SECONDS = 300.0
FIRST_SCAN_AFTER_SECONDS = 60.0
GRACE = timedelta(hours=1)
PDF = ("application", "pdf")
EDIT_KEY = "site/index/edit"
MAX_OWN_MAILBOXES = 5


# --- the schedule ---------------------------------------------------------------------------------------------------


def schedule_answer(site: Site, row: SiteReportSchedule | None, last_sent: date | None,
                    now: datetime) -> dict[str, Any]:
    upcoming = next_mail(row, site, last_sent, now) if row is not None else None
    return {"siteId": site.id, "enabled": bool(row and row.enabled), "period": row.period if row else "week",
            "recipients": [{"email": r["email"], "language": r["language"]} for r in (row.recipients if row else [])],
            "lastSent": last_sent.isoformat() if last_sent else None,
            "updateTime": row.updated_at.isoformat() if row else None,
            "nextSend": upcoming[0].isoformat() if upcoming else None,
            "nextStart": upcoming[1].isoformat() if upcoming else None,
            "nextEnd": upcoming[2].isoformat() if upcoming else None}


def next_mail(schedule: SiteReportSchedule, site: Site, last_sent: date | None,
              now: datetime) -> tuple[datetime, date, date] | None:
    """When the schedule's next mail goes (the first scan from that moment on) and the period it carries: a
    period due and not mailed yet, else the current week or month once it has ended and ``GRACE`` passed. None
    when the schedule is off or lists nobody (nothing goes)."""
    if not schedule.enabled or not schedule.recipients:
        return None
    zone = days.zone_of(site)
    due = due_period(schedule, site, now)
    if due is not None and due[0] != last_sent:
        return days.day_start(due[1] + timedelta(days=1), zone) + GRACE, due[0], due[1]
    first, last = days.period_days(schedule.period, days.today(zone, now))
    return days.day_start(last + timedelta(days=1), zone) + GRACE, first, last


async def _last_sent(db: AsyncSession, site_id: int) -> date | None:
    return await db.scalar(select(func.max(SiteReportSend.start)).where(SiteReportSend.site_id == site_id))


async def get_schedule(db: AsyncSession, caller: Caller, site_id: int) -> dict[str, Any]:
    site = (await get_site(db, caller, site_id)).site
    row = await db.scalar(select(SiteReportSchedule).where(SiteReportSchedule.site_id == site.id))
    return schedule_answer(site, row, await _last_sent(db, site.id), utcnow())


async def set_schedule(db: AsyncSession, caller: Caller, body: ReportScheduleIn) -> dict[str, Any]:
    """Saves the site's schedule whole (refusals name the field, e.g. ``recipients.2.email``; nothing is stored
    then)."""
    site = (await get_site(db, caller, body.siteId)).site
    seen: set[str] = set()
    for n, recipient in enumerate(body.recipients):
        if recipient.email.lower() in seen:
            raise bad_parameter(f"recipients.{n}.email", texts.LISTED_TWICE, value=recipient.email)
        seen.add(recipient.email.lower())
    row = await db.scalar(select(SiteReportSchedule).where(SiteReportSchedule.site_id == site.id))
    now = utcnow()
    if row is None:
        row = SiteReportSchedule(site_id=site.id, enabled=False, period=body.period, since=now, created_at=now)
        db.add(row)
    if body.enabled and (not row.enabled or row.period != body.period):
        row.since = now  # a period that ended before is not mailed
    row.enabled, row.period, row.updated_at = body.enabled, body.period, now
    row.recipients = [{"email": r.email, "language": r.language} for r in body.recipients]
    await db.commit()
    return schedule_answer(site, row, await _last_sent(db, site.id), now)


# --- the mails ------------------------------------------------------------------------------------------------------


def due_period(schedule: SiteReportSchedule, site: Site, now: datetime) -> tuple[date, date] | None:
    """The last full week or month on the site's clock, when it ended at least GRACE ago and after ``since``."""
    zone = days.zone_of(site)
    today = days.today(zone, now)
    current, _ = days.period_days(schedule.period, today)
    ended = days.day_start(current, zone)
    if now < ended + GRACE or ended <= schedule.since:
        return None
    return days.period_days(schedule.period, current - timedelta(days=1))


def mail_text(report: Report, language: str) -> tuple[str, str]:
    """The subject and text of the report's mail in ``language``."""
    from cleanfleet.sites.reports.pdf import Writer, figures  # with the drawing libraries: not at the start

    w = Writer(language)
    values = {"site": report.site.name, "title": w.text(t.TITLE[report.period]), "start": report.first.isoformat(),
              "end": report.last.isoformat()}
    lines = [w.text(t.MAIL_INTRO, {"site": report.site.name}), "",
             *(f"{label}: {value}" for label, value in figures(w, report)), "",
             f"{w.text(at.H_AVAILABILITY)}:", *(f"{row.label}: {row.text}"
                                                for row in availability.figures(report.availability, language)),
             *(f"{name}: {agreed} ({result})" for name, agreed, result
               in availability.target_rows(report.availability, language)), "", w.text(t.MAIL_WHY)]
    return w.text(t.SUBJECT, values), "\n".join(lines)


async def attachments(report: Report, language: str) -> list[Attachment]:
    from cleanfleet.sites.reports.pdf import pdf_bytes
    from cleanfleet.sites.reports.xlsx import xlsx_bytes

    pdf = await asyncio.to_thread(pdf_bytes, report, language)
    xlsx = await asyncio.to_thread(xlsx_bytes, report, language)
    return [Attachment(filename(report, "pdf"), pdf, *PDF), Attachment(filename(report, "xlsx"), xlsx, *XLSX)]


async def _claim(db: AsyncSession, site_id: int, period: str, first: date, now: datetime) -> bool:
    """Inserts the period's send row and commits; True when this scan inserted it."""
    insert = postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert
    statement = (insert(SiteReportSend).on_conflict_do_nothing(index_elements=["site_id", "period", "start"])
                 .returning(SiteReportSend.id))
    claimed = (await db.execute(statement, [{"site_id": site_id, "period": period, "start": first, "recipients": 0,
                                             "sent_at": now}])).first()
    await db.commit()
    return claimed is not None


async def _send(settings: Settings, report: Report, recipients: list[dict[str, str]],
                failed: list[tuple[str, str]] | None = None) -> int:
    files: dict[str, list[Attachment]] = {}
    sent = 0
    for recipient in recipients:
        language = recipient["language"]
        if language not in files:
            files[language] = await attachments(report, language)
        subject, text = mail_text(report, language)
        try:
            await send_mail(settings, [recipient["email"]], subject, text, files[language], report.brand.sender)
            sent += 1
        except MailError as exc:
            log.warning("site report of site %s to %s failed: %s", report.site.id, recipient["email"], exc)
            if failed is not None:
                failed.append((recipient["email"], str(exc)))
    return sent


async def scan_reports(db: AsyncSession, settings: Settings, now: datetime | None = None) -> int:
    """Mails every site report that is due (see the module's docstring); answers how many mails went."""
    if not settings.smtp_host:
        return 0
    now = now or utcnow()
    rows = (await db.execute(select(SiteReportSchedule, Site).join(Site, Site.id == SiteReportSchedule.site_id)
                             .where(SiteReportSchedule.enabled.is_(True)).order_by(Site.id))).all()
    sent = 0
    for schedule, site in rows:
        due = due_period(schedule, site, now) if schedule.recipients else None
        if due is None or await db.scalar(select(SiteReportSend.id).where(
                SiteReportSend.site_id == site.id, SiteReportSend.period == schedule.period,
                SiteReportSend.start == due[0])) is not None:
            continue
        period, recipients = schedule.period, list(schedule.recipients)
        report = await gather(db, site, period, due[0], now)
        if not await _claim(db, site.id, period, due[0], now):
            continue
        mailed = await _send(settings, report, recipients)
        await db.execute(update(SiteReportSend)
                         .where(SiteReportSend.site_id == site.id, SiteReportSend.period == period,
                                SiteReportSend.start == due[0]).values(recipients=mailed))
        await db.commit()
        sent += mailed
    return sent


# --- "send now" (issue 48 item 6) ------------------------------------------------------------------------------------


async def send_now(db: AsyncSession, settings: Settings, caller: Caller, body: ReportSendIn,
                   language: str) -> dict[str, Any]:
    """Mails the report now, outside the schedule: to the schedule's recipients (each in its language; needs
    ``site/index/edit``) or to the caller's own mailboxes (in ``language``, the caller's). The period: the week or
    month of ``day``, default the last full one on the site's clock (what the last scheduled mail carried). Nothing
    is claimed: the scheduled mails go as before. Answers who got it."""
    site = (await get_site(db, caller, body.siteId)).site
    if body.to == "recipients" and not caller.holds(EDIT_KEY):
        raise ApiError(Code.NO_PERMISSION, t.NEEDS_EDIT, field="to")
    if not settings.smtp_host:
        raise ApiError(Code.CONFLICT, t.MAIL_NOT_SET_UP, field="to")
    row = await db.scalar(select(SiteReportSchedule).where(SiteReportSchedule.site_id == site.id))
    period = body.period or (row.period if row is not None else "week")
    if body.to == "recipients":
        recipients = [dict(r) for r in (row.recipients if row is not None else [])]
        if not recipients:
            raise ApiError(Code.CONFLICT, t.NO_RECIPIENTS, field="to")
    else:
        user = await db.get(User, caller.acting_user_id)
        boxes = [box.strip() for box in (user.email if user is not None else "").split(",") if box.strip()]
        if not boxes:
            raise ApiError(Code.CONFLICT, t.NO_MAILBOX, field="to")
        recipients = [{"email": box, "language": language} for box in boxes[:MAX_OWN_MAILBOXES]]
    now = utcnow()
    zone = days.zone_of(site)
    day = body.day or days.period_days(period, days.today(zone, now))[0] - timedelta(days=1)
    report = await gather(db, site, period, day, now)
    failed: list[tuple[str, str]] = []
    await _send(settings, report, recipients, failed)
    if len(failed) == len(recipients):
        raise ApiError(Code.CONFLICT, t.SEND_FAILED, field="to", values={"reason": failed[0][1]})
    bad = {email for email, _ in failed}
    return {"siteId": site.id, "period": period, "start": report.first.isoformat(), "end": report.last.isoformat(),
            "sent": [r["email"] for r in recipients if r["email"] not in bad], "failed": sorted(bad)}


def start_site_report_mailer(database: Database, settings: Settings, every: float = SCAN_EVERY_SECONDS,
                             first_after: float = FIRST_SCAN_AFTER_SECONDS) -> asyncio.Task[None]:
    async def scan(db_: Database) -> int:
        async with db_.sessions() as db:
            return await scan_reports(db, settings)

    return start_scanning(database, JOB, scan, every, first_after)  # one worker mails (core/leader.py)


async def stop_site_report_mailer(task: asyncio.Task[None]) -> None:
    await stop_task(task)
