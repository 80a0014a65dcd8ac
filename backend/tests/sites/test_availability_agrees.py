"""Availability is computed once and shown in each place (issue 53 item 2): the figures of ``/site/availability/get``
(what the console shows) are the site report's: its PDF page (its text read back), its xlsx sheets (the cells, as
numbers) and its mail's body (a real SMTP server), in the reader's language, with the targets met or not."""

import io
from email.message import Message
from typing import Any

import openpyxl
import pypdf
from sqlalchemy import update

from cleanfleet.users.models import User
from tests.sites.conftest import ok
from tests.sites.test_availability import WEEK, constructed_week
from tests.sites.test_report import download
from tests.users.conftest import smtp_inbox  # noqa: F401  - the real SMTP server (aiosmtpd)

REPORT = {"period": "week", "day": "2025-03-05"}  # the report's week is WEEK


def expected(found: dict[str, Any]) -> dict[str, float]:
    """The English labels of the report's availability rows and the API's numbers in the report's units."""
    now, every = found["current"], found["current"]["incidents"][-1]
    hours = {"Scheduled (h)": now["scheduledSeconds"], "Available (h)": now["availableSeconds"],
             "Offline (h)": now["lost"]["offline"], "In fault (h)": now["lost"]["fault"],
             "Waiting for a person (h)": now["lost"]["waiting"], "Updating, left out (h)": now["excluded"]["update"],
             "Maintenance, left out (h)": now["excluded"]["maintenance"]}
    return {**{label: round(seconds / 3600, 1) for label, seconds in hours.items()},
            "Availability (%)": now["availability"] / 10, "Previous period (%)": found["previous"]["availability"] / 10,
            "Incidents": every["count"], "Mean time to acknowledge (min)": round(every["mttaSeconds"] / 60, 1),
            "Mean time to resolve (min)": round(every["mttrSeconds"] / 60, 1)}


def shown(label: str, number: float) -> str:
    return str(int(number)) if label == "Incidents" else f"{number:.1f}{' %' if '(%)' in label else ''}"


def squeezed(text: str) -> str:
    return "".join(text.split())


def body_of(mail: Message) -> str:
    return next(part.get_payload(decode=True).decode() for part in mail.walk()
                if part.get_content_type() == "text/plain")


async def test_the_api_the_pdf_the_xlsx_and_the_mail_show_the_same_availability(branch, db, smtp_inbox):  # noqa: F811
    made = await constructed_week(branch, db)
    site = {"siteId": made["siteId"]}
    await ok(branch.dealer, "/site/availability/targets/set", {**site, "availability": 900, "ackMinutes": 20})
    found = await ok(branch.customer, "/site/availability/get", {**site, **WEEK}, headers={"language": "en"})
    wanted = expected(found)
    assert wanted["Availability (%)"] == 84.0 and wanted["Mean time to acknowledge (min)"] == 15.0  # not vacuous

    _, content = await download(branch.customer, "xlsx", {**site, **REPORT}, "en")
    sheets = openpyxl.load_workbook(io.BytesIO(content)).worksheets
    cells = {row[0]: row[1] for row in sheets[4].iter_rows(min_row=2, values_only=True)}
    assert {label: cells[label] for label in wanted} == wanted
    assert cells["Availability (%): Target 90.0 %"] == "not met" and cells["Mean time to acknowledge (min): " \
                                                                           "Target 20"] == "met"
    [robot] = list(sheets[5].iter_rows(min_row=2, values_only=True))
    assert robot[:4] == ("Scrubber", wanted["Scheduled (h)"], wanted["Available (h)"], wanted["Availability (%)"])

    _, pdf = await download(branch.customer, "pdf", {**site, **REPORT}, "en")
    text = squeezed("".join(page.extract_text() or "" for page in pypdf.PdfReader(io.BytesIO(pdf)).pages))
    for label, number in wanted.items():
        assert squeezed(f"{label}{shown(label, number)}") in text, label
    assert squeezed("Availability (%)90.0 %not met") in text

    await db.execute(update(User).where(User.id == branch.customer_user.id).values(email="site-owner@example.com"))
    await db.commit()
    await ok(branch.customer, "/site/report/send", {**site, "to": "me", **{"day": REPORT["day"]}},
             headers={"language": "en"})
    [mail] = [m for r, m in smtp_inbox.mails if r[0] == "site-owner@example.com"]
    lines = body_of(mail).splitlines()
    for label, number in wanted.items():
        assert f"{label}: {shown(label, number)}" in lines, label
    assert "Availability (%): 90.0 % (not met)" in lines


async def test_the_report_shows_availability_in_the_readers_language(branch, db):
    made = await constructed_week(branch, db)
    found = await ok(branch.customer, "/site/availability/get", {"siteId": made["siteId"], **WEEK})
    _, content = await download(branch.customer, "xlsx", {"siteId": made["siteId"], **REPORT}, "zh-CN")
    sheets = openpyxl.load_workbook(io.BytesIO(content)).worksheets
    assert sheets[4].title == "可用性"
    cells = {row[0]: row[1] for row in sheets[4].iter_rows(min_row=2, values_only=True)}
    assert cells["可用性（%）"] == found["current"]["availability"] / 10
