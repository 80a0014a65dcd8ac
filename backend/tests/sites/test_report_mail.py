"""The scheduled site report through a real SMTP server (aiosmtpd): the last full week on the site's clock goes once,
an hour into the site's Monday, one mail per recipient in the recipient's language with the PDF and the xlsx,
even with two scans side by side; without an SMTP server nothing is due."""

import asyncio
import io
import zipfile
from datetime import datetime, timedelta
from email.header import decode_header, make_header
from types import SimpleNamespace
from zoneinfo import ZoneInfo

from sqlalchemy import func, select, update

from cleanfleet.sites.models import SiteReportSchedule, SiteReportSend
from cleanfleet.sites.reports.mail import scan_reports
from tests.sites.conftest import ok
from tests.sites.test_report import LONG_AGO, a_month
from tests.users.conftest import smtp_inbox  # noqa: F401  - the real SMTP server (aiosmtpd)

SHANGHAI = ZoneInfo("Asia/Shanghai")
MONDAY_EARLY = datetime(2025, 3, 17, 0, 30, tzinfo=SHANGHAI)  # the week of the 10th ended 30 minutes ago
MONDAY_LATER = datetime(2025, 3, 17, 1, 5, tzinfo=SHANGHAI)


def _subject(mail) -> str:
    return str(make_header(decode_header(mail["Subject"]))).replace("\r\n", "")


async def _scheduled(branch, db, recipients):
    made = await a_month(branch, db)
    await ok(branch.customer, "/site/report/schedule/set", {"siteId": made["siteId"], "enabled": True,
                                                            "period": "week", "recipients": recipients})
    await db.execute(update(SiteReportSchedule).where(SiteReportSchedule.site_id == made["siteId"])
                     .values(since=LONG_AGO))
    await db.commit()
    return made


async def _scan(app, settings, now) -> int:
    async with app.state.db.sessions() as session:
        return await scan_reports(session, settings, now)


async def test_the_last_week_goes_once_to_each_recipient_in_its_language(app, branch, db, smtp_inbox):  # noqa: F811
    made = await _scheduled(branch, db, [{"email": "manager@example.com", "language": "en"},
                                         {"email": "jingli@example.com", "language": "zh-CN"}])
    settings = app.state.settings
    site = await ok(branch.customer, "/site/detail", {"siteId": made["siteId"]})
    mine = lambda: [(rcpts, m) for rcpts, m in smtp_inbox.mails if site["siteName"] in _subject(m)]  # noqa: E731
    assert await _scan(app, settings, MONDAY_EARLY) == 0 and not mine()  # within the grace
    await asyncio.gather(_scan(app, settings, MONDAY_LATER), _scan(app, settings, MONDAY_LATER))  # side by side
    await _scan(app, settings, MONDAY_LATER + timedelta(hours=3))
    mails = {rcpts[0]: mail for rcpts, mail in mine()}
    assert len(mine()) == 2 and set(mails) == {"manager@example.com", "jingli@example.com"}
    english, chinese = mails["manager@example.com"], mails["jingli@example.com"]
    assert _subject(english) == f"{site['siteName']}: Weekly cleaning report, 2025-03-10 to 2025-03-16"
    assert _subject(chinese) == f"{site['siteName']}：每周清洁报告，2025-03-10 至 2025-03-16"
    for mail in (english, chinese):
        files = {part.get_filename(): part for part in mail.walk() if part.get_filename()}
        names = sorted(files)
        assert names == [f"{site['siteName']} 2025-03-10_2025-03-16.pdf",
                         f"{site['siteName']} 2025-03-10_2025-03-16.xlsx"]
        assert files[names[0]].get_content_type() == "application/pdf"
        assert files[names[0]].get_payload(decode=True).startswith(b"%PDF-")
        with zipfile.ZipFile(io.BytesIO(files[names[1]].get_payload(decode=True))) as xlsx:
            assert xlsx.testzip() is None
    text = next(p for p in english.walk() if p.get_content_type() == "text/plain").get_payload(decode=True).decode()
    assert "Planned runs: 7" in text and "Short: 1" in text and "Failed: 1" in text
    assert "本期" not in text
    chinese_text = next(p for p in chinese.walk()
                        if p.get_content_type() == "text/plain").get_payload(decode=True).decode()
    assert "计划任务: 7" in chinese_text
    sends = (await db.execute(select(SiteReportSend.period, SiteReportSend.start, SiteReportSend.recipients)
                              .where(SiteReportSend.site_id == made["siteId"]))).all()
    assert [(p, s.isoformat(), n) for p, s, n in sends if s.year == 2025] == [("week", "2025-03-10", 2)]
    read = await ok(branch.customer, "/site/report/schedule/get", {"siteId": made["siteId"]})
    assert read["lastSent"] is not None


async def test_nothing_is_due_without_an_smtp_server_or_before_the_schedule(app, branch, db):
    made = await _scheduled(branch, db, [{"email": "manager@example.com", "language": "en"}])
    assert await _scan(app, SimpleNamespace(smtp_host=""), MONDAY_LATER) == 0
    await db.execute(update(SiteReportSchedule).where(SiteReportSchedule.site_id == made["siteId"])
                     .values(since=MONDAY_LATER))  # switched on after the week ended
    await db.commit()
    assert await _scan(app, SimpleNamespace(smtp_host="127.0.0.1"), MONDAY_LATER) == 0
    assert await db.scalar(select(func.count(SiteReportSend.id)).where(SiteReportSend.site_id == made["siteId"])) == 0
