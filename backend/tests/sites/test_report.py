"""The site report from the users' side: a month's PDF (read back with pypdf: pages, the site's name, a heat map
page per floor) and xlsx (the plan items' rows), in a Latin, a Chinese and an Arabic reader's language; the
schedule's refusals naming the field and storing nothing; another branch's site answering NOT_FOUND."""

import io
import re
import zipfile
import zlib
from datetime import UTC, date, datetime
from typing import Any
from urllib.parse import unquote

import openpyxl
import pypdf
from sqlalchemy import func, select

from cleanfleet.core.codes import Code
from cleanfleet.sites.models import SiteCoverageDay, SiteReportSchedule
from cleanfleet.warn.models import Alarm
from tests.conftest import Api
from tests.permission_matrix import fresh_name
from tests.sites.conftest import a_site, ok, report, stays_since

LONG_AGO = datetime(2025, 1, 1, tzinfo=UTC)
MONTH = {"period": "month", "day": "2025-03-12"}


async def a_month(branch: Any, db: Any) -> dict[str, Any]:
    """A site in Shanghai with one plan item (06:00-08:00 every day of March 2025), runs on a few days, an alarm,
    and two days of coverage on its floor's map."""
    made = await a_site(branch.dealer, branch)
    await stays_since(db, made["siteId"], LONG_AGO)
    robot = branch.robots["Scrubber"]
    await ok(branch.dealer, "/site/plan/insert", {
        "siteId": made["siteId"], "floorId": made["floorId"], "areaName": "Lobby", "taskName": "Sweep",
        "weekdays": [1, 2, 3, 4, 5, 6, 7], "windowStart": "06:00", "windowEnd": "08:00", "minArea": 50,
        "validFrom": "2025-03-01", "validUntil": "2025-03-31"})
    await report(db, robot, "2025-03-09T22:30Z", "2025-03-09T23:30Z", area=120)  # the 10th: done
    await report(db, robot, "2025-03-11T22:10Z", "2025-03-11T23:00Z", area=20)  # the 12th: short
    await report(db, robot, "2025-03-13T22:05Z", "2025-03-13T22:40Z", result="aborted",  # the 14th: failed
                 alarms={"emergency_stop": 1}, reason="bumper pressed")
    db.add(Alarm(device_id=robot, msg_id=fresh_name("alarm"), robot_alarm_id="a1", key="emergency_stop", code="E1",
                 raised_at=datetime(2025, 3, 13, 22, 20, tzinfo=UTC)))
    width, height = 40, 30
    counts = bytes((x + y) % 4 for y in range(height) for x in range(width))  # a quarter of the cells never cleaned
    targeted = bytes([0xFF]) * (width * height // 8)
    for day in (date(2025, 3, 10), date(2025, 3, 12)):
        db.add(SiteCoverageDay(device_id=robot, map_name="hall", day=day, site_id=made["siteId"], cell=0.5,
                               width=width, height=height,
                               runs=1, counts=zlib.compress(counts), targeted=zlib.compress(targeted)))
    await db.commit()
    return made


async def download(api: Api, kind: str, body: dict[str, Any], language: str = "en") -> tuple[Any, bytes]:
    response = await api.client.post(f"/api/site/report/{kind}", json=body,
                                      headers={**api.headers(), "language": language})
    assert response.status_code == 200, response.text
    return response, response.content


def pdf_text(content: bytes) -> tuple[int, str]:
    reader = pypdf.PdfReader(io.BytesIO(content))
    return len(reader.pages), "\n".join(page.extract_text() or "" for page in reader.pages)


async def test_a_months_pdf_is_a_document_with_the_figures_and_a_page_per_floor(branch, db):
    made = await a_month(branch, db)
    site = await ok(branch.customer, "/site/detail", {"siteId": made["siteId"]})
    response, content = await download(branch.customer, "pdf", {"siteId": made["siteId"], **MONTH})
    assert response.headers["content-type"] == "application/pdf"
    disposition = unquote(response.headers["content-disposition"])
    assert disposition.startswith("attachment;") and f"{site['siteName']} 2025-03-01_2025-03-31.pdf" in disposition
    assert content.startswith(b"%PDF-")
    pages, text = pdf_text(content)
    assert pages >= 2 and pages == len(re.findall(rb"/Type\s*/Page[^s]", content))
    assert "Monthly cleaning report" in text and site["siteName"] in text and "1 Harbour Road" in text
    assert "2025-03-01 to 2025-03-31 (Asia/Shanghai)" in text
    assert "Planned runs" in text and "31" in text  # one window a day of March
    assert "Missed, short and failed runs" in text and "bumper pressed" in " ".join(text.split())
    assert "Tower A · Ground: where was cleaned" in text and "Never reached" in text
    assert f"Page 1 of {pages}" in text
    reader = pypdf.PdfReader(io.BytesIO(content))
    floor_page = reader.pages[pages - 1]
    assert floor_page["/Resources"]["/XObject"], "the floor's page carries the heat map picture"


async def test_the_pdf_reads_in_chinese_and_arabic(branch, db):
    made = await a_month(branch, db)
    _, chinese = await download(branch.dealer, "pdf", {"siteId": made["siteId"], **MONTH}, "zh-CN")
    _, text = pdf_text(chinese)
    assert b"WenQuanYiMicroHei" in chinese and "每月清洁报告" in text  # embedded: tests/sites/test_report_fonts.py
    _, arabic = await download(branch.dealer, "pdf", {"siteId": made["siteId"], "period": "week",
                                                     "day": "2025-03-12"}, "ar")
    assert b"DejaVuSans" in arabic and arabic.startswith(b"%PDF-")


async def test_the_xlsx_holds_the_plan_items_and_every_planned_run(branch, db):
    made = await a_month(branch, db)
    response, content = await download(branch.customer, "xlsx", {"siteId": made["siteId"], **MONTH})
    assert response.headers["content-type"].startswith("application/vnd.openxmlformats")
    assert unquote(response.headers["content-disposition"]).endswith("2025-03-01_2025-03-31.xlsx")
    with zipfile.ZipFile(io.BytesIO(content)) as xlsx:
        assert xlsx.testzip() is None
    sheets = openpyxl.load_workbook(io.BytesIO(content)).worksheets
    summary, items, runs, floors, availability, per_robot = (_values(sheet) for sheet in sheets)
    assert "Availability (%)" in availability and "Scrubber" in per_robot
    assert "Planned runs" in summary and "bumper pressed" in " ".join(str(v) for v in runs)
    assert "Lobby · Sweep" in items and "06:00–08:00" in items and 31 in items
    assert len(openpyxl.load_workbook(io.BytesIO(content)).worksheets[2]["A"]) == 32  # the header and 31 runs
    assert "hall" in floors and "Tower A · Ground" in floors


def _values(sheet: Any) -> list[Any]:
    return [cell for row in sheet.iter_rows(values_only=True) for cell in row if cell is not None]


async def test_the_schedule_refuses_a_bad_recipient_naming_the_field_and_stores_nothing(branch, db):
    made = await a_site(branch.dealer, branch)
    site_id = made["siteId"]
    good = {"email": "facilities@example.com", "language": "en"}
    cases = [
        ([good, {"email": "boss@example.com", "language": "zh-CN"}, {"email": "not an e-mail", "language": "de"}],
         "recipients.2.email"),
        ([{"email": "a@example.com", "language": "klingon"}], "recipients.0.language"),
        ([good, {**good, "email": "Facilities@example.com"}], "recipients.1.email"),
        ([{"email": f"r{n}@example.com", "language": "en"} for n in range(21)], "recipients"),
    ]
    for recipients, field in cases:
        answer = await branch.dealer.call("/site/report/schedule/set", {
            "siteId": site_id, "enabled": True, "period": "week", "recipients": recipients})
        assert (answer.code, answer.field) == (Code.BAD_PARAMETER, field), answer.body
    assert await db.scalar(select(func.count(SiteReportSchedule.id))
                           .where(SiteReportSchedule.site_id == site_id)) == 0
    answer = await branch.dealer.call("/site/report/schedule/set", {"siteId": site_id, "enabled": True,
                                                                   "period": "week", "recipients": [good]},
                                      headers={"language": "en"})
    assert answer.code == 0 and answer.data["recipients"] == [good]
    assert "not an e-mail address" in (await branch.dealer.call("/site/report/schedule/set", {
        "siteId": site_id, "enabled": True, "recipients": [{"email": "x@", "language": "en"}]},
        headers={"language": "en"})).message
    read = await ok(branch.customer, "/site/report/schedule/get", {"siteId": site_id})
    assert (read["enabled"], read["period"], read["recipients"], read["lastSent"]) == (True, "week", [good], None)


async def test_another_branch_gets_not_found(branch, db):
    made = await a_site(branch.dealer, branch)
    body = {"siteId": made["siteId"], **MONTH}
    for path, sent in (("/site/report/pdf", body), ("/site/report/xlsx", body),
                       ("/site/report/schedule/get", {"siteId": made["siteId"]}),
                       ("/site/report/schedule/set", {"siteId": made["siteId"], "enabled": False})):
        answer = await branch.other.call(path, sent)
        assert (answer.code, answer.field) == (Code.NOT_FOUND, "siteId"), (path, answer.body)
