"""The report e-mails, through the SMTP settings (core/mail.py): one mail per finished run, and a weekly summary
with export.xlsx attached, to every user with ``emailToTaskReport`` set whose subtree holds the robot.

Decisions (also in backend/README.md, "Task reports"):

- **One mail per run**, not a daily digest: the report is what an operator waits for after a run, and the
  weekly summary already gathers them. A run whose report reached the server more than a day late (a robot
  that was offline for long) is not mailed: the summary counts it.
- Recipients: the device's owner and every user above it with the flag and an address (``email`` may
  list several, comma-separated); each gets the mail in their own language (``users.language``), times
  in UTC.
- The weekly summary covers the last full week (Monday to Sunday, UTC) of the user's subtree and goes at
  the first scan of the next week (once per user and week: ``report_digests``).
- Without an SMTP server nothing is due: the runs are marked mailed and no summary is recorded.
  A mail the server refuses is logged and not retried.
- Sent once in a cluster: one worker runs the scan (``core.leader.lead``), and each send is claimed before it
  goes (runs: ``mailed`` set by one conditional UPDATE ... RETURNING; weekly summaries: the ``report_digests``
  row, whose key is the user and week, inserted and committed first), so even two scans side by side (a
  leader's hand-over) never mail twice. A crash between the claim and the send loses that mail: at most once.
"""

import asyncio
import contextlib
import logging
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.leader import lead
from cleanfleet.core.mail import Attachment, MailError, send_mail, sender_of
from cleanfleet.devices.models import Device
from cleanfleet.reports import charts, service, texts
from cleanfleet.reports.models import ReportDigest, TaskReport
from cleanfleet.reports.xlsx import DAY, INTEGER, ONE_DECIMAL, TWO_DECIMALS, Cell, Column, workbook
from cleanfleet.settings import Settings
from cleanfleet.users.models import User

log = logging.getLogger("cleanfleet.reports.mail")
SCAN_EVERY_SECONDS = 30.0
RUNS_PER_SCAN = 200
LATE_AFTER = timedelta(days=1)
XLSX = ("application", "vnd.openxmlformats-officedocument.spreadsheetml.sheet")


# --- how figures read in a mail (api-spec 9) -----------------------------------------------------------

def area_text(square_metres: float) -> str:
    """m², or km² above 1,000,000 m²."""
    if square_metres > 1_000_000:
        return f"{square_metres / 1_000_000:.2f} km²"
    return f"{square_metres:.1f} m²"


def duration_text(seconds: int) -> str:
    hours, rest = divmod(int(seconds), 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"


def _time(moment: datetime) -> str:
    return f"{moment:%Y-%m-%d %H:%M} UTC"


def _addresses(user: User) -> list[str]:
    return [a.strip() for a in user.email.split(",") if a.strip()]


async def _subscribers(db: AsyncSession) -> list[User]:
    return list(await db.scalars(select(User).where(User.email_to_task_report == 1, User.email != "")))


def result_text(result: str, language: str | None) -> str:
    """How the run ended in the reader's language (a result the server does not know is shown as sent)."""
    known = texts.RESULTS.get(result)
    return known.render(language) if known else result


def run_mail(report: TaskReport, device: Device, language: str | None) -> tuple[str, str]:
    """The subject and text of one run's mail."""
    r = report
    lines = [
        (texts.L_DEVICE, f"{device.name} ({device.serial_number})"), (texts.L_TASK, r.task_name),
        (texts.L_MAP, r.map_name), (texts.L_START, _time(r.start_time)), (texts.L_END, _time(r.end_time)),
        (texts.L_DURATION, duration_text(r.duration_s)), (texts.L_PLANNED, area_text(r.work_area)),
        (texts.L_CLEANED, area_text(r.cleaned_area)),
        (texts.L_COVERAGE, f"{service.coverage_value(r.coverage) / 10:.1f} %"),
        (texts.L_EFFICIENCY, f"{service.efficiency_value(r.efficiency) / 100:.2f} m²/h"),
        (texts.L_BATTERY, "" if r.battery_start is None or r.battery_end is None
         else f"{r.battery_start - r.battery_end:.1f} %"),
        (texts.L_ALARMS, str(r.alarm_count)), (texts.L_RESULT, result_text(r.result, language)),
    ]
    subject = texts.RUN_SUBJECT.render(language, {"device": device.name, "task": r.task_name,
                                                  "result": result_text(r.result, language)})
    return subject, "\n".join(f"{label.render(language)}: {value}" for label, value in lines if value != "")


async def send_run_reports(db: AsyncSession, settings: Settings) -> int:
    """Mails the runs stored since the last scan; answers how many mails went."""
    rows = (await db.execute(select(TaskReport, Device).join(Device, Device.id == TaskReport.device_id)
                             .where(TaskReport.mailed.is_(False)).order_by(TaskReport.id).limit(RUNS_PER_SCAN))).all()
    if not rows:
        return 0
    claimed = await _claim_runs(db, [report.id for report, _ in rows])
    sent = 0
    users = await _subscribers(db) if settings.smtp_host else []
    now = utcnow()
    for report, device in rows:
        if report.id not in claimed or report.manual or now - report.received_at > LATE_AFTER:
            continue
        for user in users:
            if not device.owner_path.startswith(user.path):
                continue
            subject, text = run_mail(report, device, user.language)
            try:
                await send_mail(settings, _addresses(user), subject, text, sender=await sender_of(db, user.id))
                sent += 1
            except MailError as exc:
                log.warning("report mail to user %s failed: %s", user.id, exc)
    return sent


async def _claim_runs(db: AsyncSession, report_ids: list[int]) -> set[int]:
    """Marks the runs mailed before their mails go (committed); answers those this scan claimed (a run that
    another worker's scan claimed first is not among them)."""
    claimed = set(await db.scalars(update(TaskReport).where(TaskReport.id.in_(report_ids), TaskReport.mailed.is_(False))
                                   .values(mailed=True).returning(TaskReport.id)
                                   .execution_options(synchronize_session=False)))
    await db.commit()
    return claimed


async def _claim_digest(db: AsyncSession, user_id: int, monday: date) -> bool:
    """Records the user's weekly summary as sent before it goes (committed); False when it already was."""
    db.add(ReportDigest(user_id=user_id, week=monday, sent_at=utcnow()))
    try:
        await db.commit()
    except IntegrityError:
        await db.rollback()
        return False
    return True


def last_full_week(today: date) -> tuple[date, date]:
    """Monday and Sunday of the week before ``today``'s."""
    monday = today - timedelta(days=today.weekday() + 7)
    return monday, monday + timedelta(days=6)


async def weekly_summary(db: AsyncSession, user: User, monday: date, sunday: date) -> tuple[str, str, bytes]:
    """The subject, text and export.xlsx of a user's week."""
    language = user.language
    devices = service.devices_in(user.path)
    total = await charts.summary(db, devices, "week", sunday, None)
    chart = await charts.chart(db, devices, "week", sunday, "device", None, service.owners_in(user.path))
    figures = [
        (texts.L_RUNS, str(total["runs"])), (texts.L_DURATION, duration_text(total["durationS"])),
        (texts.L_CLEANED, area_text(total["cleanedArea"])), (texts.L_PLANNED, area_text(total["workArea"])),
        (texts.L_COVERAGE, f"{total['coverage'] / 10:.1f} %"),
        (texts.L_EFFICIENCY, f"{total['efficiency'] / 100:.2f} m²/h"),
        (texts.L_DEVICES, f"{total['workingDevices']} / {total['devices']}"),
        (texts.L_ONLINE, f"{total['onlineRate'] / 10:.1f} %"), (texts.L_ALARMS, str(total["alarmCount"])),
    ]
    text = "\n".join([texts.WEEK_INTRO.render(language), "",
                      *(f"{label.render(language)}: {value}" for label, value in figures)])
    # numbers as numbers, the unit in the header (reports/xlsx.py)
    columns = [Column(texts.L_RUNS.render(language), INTEGER),
               Column(f"{texts.L_DURATION.render(language)} (h)", TWO_DECIMALS),
               Column(f"{texts.L_PLANNED.render(language)} (m²)", ONE_DECIMAL),
               Column(f"{texts.L_CLEANED.render(language)} (m²)", ONE_DECIMAL),
               Column(f"{texts.L_COVERAGE.render(language)} (%)", ONE_DECIMAL),
               Column(f"{texts.L_EFFICIENCY.render(language)} (m²/h)", TWO_DECIMALS),
               Column(texts.L_ALARMS.render(language), INTEGER)]

    def cells(row: dict[str, Any]) -> list[Cell]:
        return [row["runs"], round(row["durationS"] / 3600, 2), float(row["workArea"]), float(row["cleanedArea"]),
                row["coverage"] / 10, round(row["efficiency"] / 100, 2), row["alarmCount"]]

    xlsx = workbook([
        (texts.L_DEVICE.render(language), [texts.L_DEVICE.render(language), *columns],
         [[row["name"], *cells(row)] for row in chart["breakdown"]]),
        (texts.L_DAY.render(language), [Column(texts.L_DAY.render(language), DAY), *columns,
                                        Column(f"{texts.L_ONLINE.render(language)} (%)", ONE_DECIMAL)],
         [[date.fromisoformat(p["start"][:10]), *cells(p), p["onlineRate"] / 10] for p in chart["points"]]),
    ], language or "")
    subject = texts.WEEK_SUBJECT.render(language, {"start": monday.isoformat(), "end": sunday.isoformat()})
    return subject, text, xlsx


async def send_weekly_summaries(db: AsyncSession, settings: Settings, today: date) -> int:
    """Sends last week's summary to each subscriber who has not had it; answers how many went."""
    if not settings.smtp_host:
        return 0
    monday, sunday = last_full_week(today)
    done = set(await db.scalars(select(ReportDigest.user_id).where(ReportDigest.week == monday)))
    sent = 0
    for user in await _subscribers(db):
        if user.id in done:
            continue
        subject, text, xlsx = await weekly_summary(db, user, monday, sunday)
        if not await _claim_digest(db, user.id, monday):
            continue
        try:
            await send_mail(settings, _addresses(user), subject, text, [Attachment("export.xlsx", xlsx, *XLSX)],
                            sender=await sender_of(db, user.id))
            sent += 1
        except MailError as exc:
            log.warning("weekly report mail to user %s failed: %s", user.id, exc)
    return sent


async def _scan_forever(database: Database, settings: Settings, every: float) -> None:
    while True:
        await asyncio.sleep(every)
        try:
            async with database.sessions() as db:
                await send_run_reports(db, settings)
                await send_weekly_summaries(db, settings, utcnow().date())
        except Exception:
            log.exception("report mail scan failed")


def start_report_mailer(database: Database, settings: Settings,
                        every: float = SCAN_EVERY_SECONDS) -> asyncio.Task[None]:
    scan = lead(database, "report-mailer", lambda: _scan_forever(database, settings, every))
    return asyncio.create_task(scan, name="report-mailer")  # one worker mails (core/leader.py)


async def stop_report_mailer(task: asyncio.Task[None]) -> None:
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
