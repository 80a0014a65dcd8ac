"""The report e-mails through a real SMTP server (aiosmtpd): one per finished run to the subscribers above the
robot, in their language, and a weekly summary with a valid export.xlsx attached, once per week."""

import io
import zipfile
from datetime import UTC, datetime, timedelta
from email.header import decode_header, make_header
from types import SimpleNamespace

import openpyxl
from sqlalchemy import update

from cleanfleet.reports.mail import (
    area_text,
    duration_text,
    last_full_week,
    run_mail,
    send_run_reports,
    send_weekly_summaries,
)
from cleanfleet.reports.models import TaskReport
from cleanfleet.users.models import User
from tests.reports.helpers import message, store


def _subject(mail) -> str:
    return str(make_header(decode_header(mail["Subject"]))).replace("\r\n", "")


def test_mail_units():
    assert area_text(1234.5) == "1234.5 m²" and area_text(2_500_000) == "2.50 km²"
    assert duration_text(3725) == "1:02:05"
    monday, sunday = last_full_week(datetime(2026, 11, 25).date())  # a Wednesday
    assert (monday.isoformat(), sunday.isoformat()) == ("2026-11-16", "2026-11-22")


def test_a_cancelled_run_is_not_called_completed_and_reads_in_the_readers_language():
    start = datetime(2026, 11, 2, 9, tzinfo=UTC)
    report = SimpleNamespace(task_name="Lobby", map_name="L1", start_time=start, end_time=start + timedelta(hours=1),
                             duration_s=3600, work_area=100.0, cleaned_area=40.0, coverage=40.0, efficiency=40.0,
                             battery_start=90.0, battery_end=80.0, alarm_count=0, result="cancelled")
    device = SimpleNamespace(name="CF-1", serial_number="SN1")
    subject, body = run_mail(report, device, "zh-CN")
    assert subject == "任务报告：CF-1 的 Lobby：已取消" and "结果: 已取消" in body and "完成" not in subject + body
    subject, body = run_mail(report, device, "de")
    assert subject.endswith(": abgebrochen") and "Ergebnis: abgebrochen" in body and "cancelled" not in body


async def _subscribe(db, user, email: str, language: str) -> None:
    await db.execute(update(User).where(User.id == user.id)
                     .values(email_to_task_report=1, email=email, language=language))
    await db.commit()


async def test_each_run_is_mailed_once_to_the_subscribers_above_the_robot(app, site, db, smtp_inbox, stranger):
    settings = app.state.settings
    # what other tests left waiting (each scan takes a bounded batch; the health tests store thousands of runs)
    await db.execute(update(TaskReport).where(TaskReport.mailed.is_(False)).values(mailed=True))
    await db.commit()
    smtp_inbox.mails.clear()
    await _subscribe(db, site.owner, "owner@example.com", "en")
    await _subscribe(db, site.dealer.user, "dealer@example.com, boss@example.com", "zh-CN")
    now = datetime.now(UTC)
    await store(db, message(site.devices[0].id, now - timedelta(hours=1), minutes=30, planned=500, cleaned=450,
                            task_name="Lobby sweep", received_at=now))
    await store(db, message(site.devices[1].id, now - timedelta(days=3), received_at=now - timedelta(days=3)))  # late
    assert await send_run_reports(db, settings) == 2
    assert await send_run_reports(db, settings) == 0  # once
    by_first = {rcpts[0]: (rcpts, mail) for rcpts, mail in smtp_inbox.mails}
    rcpts, english = by_first["owner@example.com"]
    assert _subject(english) == f"Task report: Lobby sweep on robot {site.devices[0].serial_number}: completed"
    body = english.get_payload(decode=True).decode()
    assert "Cleaned area: 450.0 m²" in body and "Coverage: 90.0 %" in body and "Working time: 0:30:00" in body
    assert "Cleaning efficiency: 900.00 m²/h" in body
    rcpts, chinese = by_first["dealer@example.com"]
    assert rcpts == ["dealer@example.com", "boss@example.com"]
    assert _subject(chinese).startswith("任务报告")
    assert "清洁面积: 450.0 m²" in chinese.get_payload(decode=True).decode()


async def test_the_weekly_summary_carries_an_xlsx_and_goes_once(app, site, db, smtp_inbox):
    settings = app.state.settings
    today = datetime.now(UTC).date()
    monday, _sunday = last_full_week(today)
    start = datetime.combine(monday, datetime.min.time(), tzinfo=UTC) + timedelta(days=1, hours=9)
    await store(db, message(site.devices[0].id, start, minutes=60, planned=1000, cleaned=800),
                message(site.devices[1].id, start, minutes=120, planned=2000, cleaned=2000))
    await _subscribe(db, site.owner, "weekly@example.com", "en")
    smtp_inbox.mails.clear()
    await send_weekly_summaries(db, settings, today)
    mine = [mail for rcpts, mail in smtp_inbox.mails if rcpts == ["weekly@example.com"]]
    assert len(mine) == 1
    mail = mine[0]
    assert _subject(mail).startswith("Weekly cleaning summary")
    parts = list(mail.walk())
    text = next(p for p in parts if p.get_content_type() == "text/plain").get_payload(decode=True).decode()
    assert "Runs: 2" in text and "Cleaned area: 2800.0 m²" in text and "Working devices: 2 / 2" in text
    attachment = next(p for p in parts if p.get_filename() == "export.xlsx")
    with zipfile.ZipFile(io.BytesIO(attachment.get_payload(decode=True))) as xlsx:
        assert xlsx.testzip() is None
    book = openpyxl.load_workbook(io.BytesIO(attachment.get_payload(decode=True)))
    devices, days = book.worksheets
    header = [cell.value for cell in devices[1]]
    assert header[:4] == ["Device", "Runs", "Working time (h)", "Planned area (m²)"], header
    row = next(r for r in devices.iter_rows(min_row=2) if r[0].value == f"robot {site.devices[1].serial_number}")
    assert row[1].value == 1 and row[1].data_type == "n" and row[1].number_format == "0"
    assert row[2].value == 2 and row[2].number_format == "0.00"  # two hours
    assert row[3].value == 2000 and row[3].data_type == "n" and row[3].number_format == "0.0"
    assert devices.freeze_panes == "A2" and days.freeze_panes == "A2" and days["A2"].is_date
    smtp_inbox.mails.clear()
    await send_weekly_summaries(db, settings, today)
    assert not [m for rcpts, m in smtp_inbox.mails if rcpts == ["weekly@example.com"]]
