"""'Send now' and when the first scheduled mail goes (issue 48 item 6), with a controlled clock and a real SMTP server
(aiosmtpd): switching the schedule on shows the moment its first mail goes (an hour into the site's Monday) and the
week it carries, and the scan mails exactly then; "send now" mails the last full week at once to the recipients,
each in its language, or to the caller alone, without taking the scheduled mail's place."""

from datetime import UTC, datetime, timedelta
from email.header import decode_header, make_header
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import update

from cleanfleet.core.codes import Code
from cleanfleet.sites.reports import mail as report_mail
from cleanfleet.sites.reports.mail import scan_reports
from cleanfleet.users.models import User
from tests.sites.conftest import ok
from tests.sites.test_report import a_month
from tests.users.conftest import smtp_inbox  # noqa: F401  - the real SMTP server (aiosmtpd)

SHANGHAI = ZoneInfo("Asia/Shanghai")
WEDNESDAY = datetime(2025, 3, 12, 10, 0, tzinfo=SHANGHAI)
FIRST_MAIL = datetime(2025, 3, 17, 1, 0, tzinfo=SHANGHAI)  # the week of the 10th ended, plus an hour


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now.astimezone(UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    found = Clock(WEDNESDAY)
    monkeypatch.setattr(report_mail, "utcnow", found)
    return found


def _subject(mail) -> str:
    return str(make_header(decode_header(mail["Subject"]))).replace("\r\n", "")


async def _scan(app, now: datetime) -> int:
    async with app.state.db.sessions() as session:
        return await scan_reports(session, app.state.settings, now)


RECIPIENTS = [{"email": "manager@example.com", "language": "en"}, {"email": "jingli@example.com", "language": "zh-CN"}]


async def test_the_console_shows_when_the_first_mail_goes_and_it_goes_then(app, branch, db, clock, smtp_inbox):  # noqa: F811
    made = await a_month(branch, db)
    saved = await ok(branch.dealer, "/site/report/schedule/set", {"siteId": made["siteId"], "enabled": True,
                                                                  "period": "week", "recipients": RECIPIENTS})
    assert datetime.fromisoformat(saved["nextSend"]) == FIRST_MAIL
    assert (saved["nextStart"], saved["nextEnd"]) == ("2025-03-10", "2025-03-16")
    read = await ok(branch.customer, "/site/report/schedule/get", {"siteId": made["siteId"]})
    assert datetime.fromisoformat(read["nextSend"]) == FIRST_MAIL

    site = await ok(branch.customer, "/site/detail", {"siteId": made["siteId"]})
    mine = lambda: [(r, m) for r, m in smtp_inbox.mails if site["siteName"] in _subject(m)]  # noqa: E731
    assert await _scan(app, FIRST_MAIL - timedelta(minutes=1)) == 0 and not mine()
    assert await _scan(app, FIRST_MAIL) == 2 and len(mine()) == 2

    clock.now = (FIRST_MAIL + timedelta(minutes=10)).astimezone(UTC)
    after = await ok(branch.customer, "/site/report/schedule/get", {"siteId": made["siteId"]})
    assert datetime.fromisoformat(after["nextSend"]) == FIRST_MAIL + timedelta(days=7)
    assert (after["lastSent"], after["nextStart"]) == ("2025-03-10", "2025-03-17")
    off = await ok(branch.dealer, "/site/report/schedule/set", {"siteId": made["siteId"], "enabled": False,
                                                                "period": "week", "recipients": RECIPIENTS})
    assert off["nextSend"] is None


async def test_send_now_mails_the_last_full_week_at_once_without_taking_the_scheduled_mails_place(
        app, branch, db, clock, smtp_inbox):  # noqa: F811
    made = await a_month(branch, db)
    body = {"siteId": made["siteId"], "to": "recipients"}
    empty = await branch.dealer.call("/site/report/send", body, headers={"language": "en"})
    assert (empty.code, empty.field) == (Code.CONFLICT, "to") and "no recipients" in empty.message
    await ok(branch.dealer, "/site/report/schedule/set", {"siteId": made["siteId"], "enabled": True,
                                                          "period": "week", "recipients": RECIPIENTS})
    site = await ok(branch.customer, "/site/detail", {"siteId": made["siteId"]})
    mine = lambda: {r[0]: m for r, m in smtp_inbox.mails if site["siteName"] in _subject(m)}  # noqa: E731

    sent = await ok(branch.dealer, "/site/report/send", body)
    assert (sent["start"], sent["end"], sent["period"]) == ("2025-03-03", "2025-03-09", "week")
    assert sent["sent"] == ["manager@example.com", "jingli@example.com"] and sent["failed"] == []
    mails = mine()
    assert _subject(mails["manager@example.com"]) == f"{site['siteName']}: Weekly cleaning report, 2025-03-03 to " \
                                                      "2025-03-09"
    assert _subject(mails["jingli@example.com"]).startswith(f"{site['siteName']}：每周清洁报告")
    files = sorted(p.get_filename() for p in mails["manager@example.com"].walk() if p.get_filename())
    assert files == [f"{site['siteName']} 2025-03-03_2025-03-09.pdf", f"{site['siteName']} 2025-03-03_2025-03-09.xlsx"]

    # to oneself, in one's own language; the recipients get nothing more
    await db.execute(update(User).where(User.id == branch.customer_user.id).values(email="me@example.com"))
    await db.commit()
    smtp_inbox.mails.clear()
    own = await ok(branch.customer, "/site/report/send", {"siteId": made["siteId"], "to": "me", "day": "2025-03-12"},
                   headers={"language": "de"})
    assert own["sent"] == ["me@example.com"] and (own["start"], own["end"]) == ("2025-03-10", "2025-03-16")
    assert list(mine()) == ["me@example.com"]
    assert "Wöchentlicher Reinigungsbericht" in _subject(mine()["me@example.com"])

    # the scheduled mail still goes when its week has ended
    smtp_inbox.mails.clear()
    assert await _scan(app, FIRST_MAIL) == 2 and set(mine()) == {"manager@example.com", "jingli@example.com"}


async def test_send_now_without_a_mail_server_is_refused_naming_to(app, branch, db, clock):
    made = await a_month(branch, db)
    answer = await branch.customer.call("/site/report/send", {"siteId": made["siteId"], "to": "me"},
                                        headers={"language": "en"})
    assert (answer.code, answer.field) == (Code.CONFLICT, "to") and "not set up to send e-mail" in answer.message
