"""The site report and plan against actual are one computation shown twice (issue 48 items 1 and 3): every planned
run's day, state and reasons in the xlsx equal ``/site/actual/detail``'s, the PDF lists each missed, short and
failed run's reasons, the key figures agree; and the workbook (read back with openpyxl) holds numbers as numbers
with number formats, the units in the headers, a frozen header row, fitting columns, and reads right to left in
Arabic."""

import io
from datetime import UTC, date, datetime
from typing import Any

import openpyxl
import pypdf

from cleanfleet.devices.models import DeviceOnlineDay
from cleanfleet.sites.reports import texts as t
from tests.sites.conftest import ok, report
from tests.sites.test_report import MONTH, a_month, download

SEEN = datetime(2025, 3, 12, tzinfo=UTC)


async def _a_month_with_missed_reasons(branch: Any, db: Any) -> dict[str, Any]:
    """``a_month`` and: the robot heard on 12 and (until 10:15) 13 March UTC, and a run of another task in the
    window of the 13th (Shanghai): the 13th was missed because another task ran, the 15th because the robot was
    not heard from, and the 16th for the same (the robot has online days in the period, so silence counts)."""
    made = await a_month(branch, db)
    robot = branch.robots["Scrubber"]
    db.add_all([DeviceOnlineDay(device_id=robot, day=date(2025, 3, day), first_seen=SEEN, first_quarter=0,
                                last_quarter=last) for day, last in ((12, 95), (13, 40))])
    await db.commit()
    await report(db, robot, "2025-03-12T22:30Z", "2025-03-12T23:30Z", task="Mop")  # the 13th, 06:30
    return made


def _shown(reason: dict[str, Any]) -> str:
    return f"{reason['text']} ×{reason['count']}" if reason.get("count") and reason["count"] > 1 else reason["text"]


def _squeezed(text: str) -> str:
    return "".join(text.split())


async def test_the_pdf_and_the_xlsx_show_the_same_states_reasons_and_figures_as_the_screen(branch, db):
    made = await _a_month_with_missed_reasons(branch, db)
    body = {"siteId": made["siteId"], **MONTH}
    screen = await ok(branch.customer, "/site/actual/detail", body, headers={"language": "en"})
    planned = [run for item in screen["items"] for run in item["runs"]]
    by_day = {run["day"]: run for run in planned}
    kinds = {day: [r["kind"] for r in run["reasons"]] for day, run in by_day.items()}
    assert kinds["2025-03-13"] == ["task"] and kinds["2025-03-15"] == ["offline"]  # what the report left out
    assert by_day["2025-03-14"]["state"] == "failed" and "alarm" in kinds["2025-03-14"]

    _, content = await download(branch.customer, "xlsx", body, "en")
    book = openpyxl.load_workbook(io.BytesIO(content))
    summary, _items, runs, _floors, *_availability = book.worksheets
    rows = list(runs.iter_rows(min_row=2, values_only=True))
    assert len(rows) == len(planned) == 31
    states = {t.STATES[s].render("en"): s for s in t.STATES}
    for row in rows:
        run = by_day[row[0].date().isoformat()]
        assert states[row[4]] == run["state"], row
        assert (row[9] or "") == "; ".join(_shown(r) for r in run["reasons"]), row
    figures = {row[0]: row[1] for row in summary.iter_rows(min_row=2, values_only=True)}
    counts = screen["counts"]
    assert figures["Planned runs"] == counts["planned"] and figures["Missed"] == counts["missed"]
    assert figures["Short"] == counts["short"] and figures["Failed"] == counts["failed"]
    assert figures["Done (%)"] == counts["doneShare"] / 10 and figures["On time (%)"] == counts["onTimeShare"] / 10

    _, pdf = await download(branch.customer, "pdf", body, "en")
    text = _squeezed("".join(page.extract_text() or "" for page in pypdf.PdfReader(io.BytesIO(pdf)).pages))
    for run in planned:
        if run["state"] in ("missed", "short", "failed"):
            assert _squeezed("; ".join(_shown(r) for r in run["reasons"])) in text, run
    assert _squeezed(f"{counts['doneShare'] / 10:.1f} %") in text


async def test_the_workbook_holds_numbers_with_formats_a_frozen_header_and_reads_right_to_left_in_arabic(branch, db):
    made = await a_month(branch, db)
    body = {"siteId": made["siteId"], **MONTH}
    _, content = await download(branch.customer, "xlsx", body, "en")
    book = openpyxl.load_workbook(io.BytesIO(content))
    summary, items, runs, floors, *_availability = book.worksheets
    for sheet in book.worksheets:
        assert sheet.freeze_panes == "A2", sheet.title
        assert not sheet.sheet_view.rightToLeft
        assert all(cell.font.b for cell in sheet[1])
    figures = {row[0].value: row[1] for row in summary.iter_rows(min_row=2)}
    assert figures["Planned runs"].value == 31 and figures["Planned runs"].data_type == "n"
    assert figures["Cleaned area (m²)"].value == 220 and figures["Cleaned area (m²)"].data_type == "n"
    assert figures["Working hours (h)"].data_type == "n" and figures["Coverage (%)"].data_type == "n"
    header = [cell.value for cell in items[1]]
    assert header[-1] == "Done (%)"
    item = items[2]
    assert item[4].value == 31 and item[4].data_type == "n" and item[4].number_format == "0"
    assert item[-1].data_type == "n" and item[-1].number_format == "0.0"
    run_header = [cell.value for cell in runs[1]]
    assert run_header[6:9] == ["Start (Asia/Shanghai)", "Cleaned (m²)", "Coverage (%)"]
    done = next(row for row in runs.iter_rows(min_row=2) if row[0].value == datetime(2025, 3, 10))
    assert done[0].is_date and done[0].number_format == "yyyy-mm-dd"
    assert done[6].value == datetime(2025, 3, 10, 6, 30) and done[6].number_format == "yyyy-mm-dd hh:mm"
    assert done[7].value == 120 and done[7].data_type == "n" and done[7].number_format == "0.0"
    assert done[8].value == 95 and done[8].data_type == "n"
    floor = floors[2]
    assert [c.data_type for c in floor[2:6]] == ["n"] * 4
    reasons_width = runs.column_dimensions["J"].width
    assert runs.column_dimensions["A"].width >= 10 and reasons_width > runs.column_dimensions["A"].width
    _, arabic = await download(branch.customer, "xlsx", body, "ar")
    for sheet in openpyxl.load_workbook(io.BytesIO(arabic)).worksheets:
        assert sheet.sheet_view.rightToLeft and sheet.freeze_panes == "A2", sheet.title
