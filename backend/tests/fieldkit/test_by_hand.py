"""A window cleaned by hand, as a supervisor sees it: the missed window reads done by hand (who, when, the note) in
the detail, the summary (its kept days too), availability and the site report's sheet alike; runs the robots
completed keep their state; undone, the window reads missed again; and every refusal names its field."""

from datetime import timedelta
from io import BytesIO

from openpyxl import load_workbook

from cleanfleet.core.codes import Code
from tests.fieldkit.conftest import day_before, today, utc_site
from tests.sites.conftest import ok, report

EN = {"language": "en"}


async def detail_runs(api, site_id: int, day: str) -> list[dict]:
    found = await ok(api, "/site/actual/detail", {"siteId": site_id, "period": "day", "day": day}, headers=EN)
    return found["items"][0]["runs"]


async def summary_counts(api, site_id: int, day: str) -> dict:
    found = await ok(api, "/site/actual/summary", {"siteIds": [site_id], "period": "day", "day": day})
    return found["sites"][0]["counts"]


async def test_a_missed_window_marked_by_hand_reads_done_everywhere_and_back_when_undone(branch, db):
    made = await utc_site(branch, db)
    day = day_before(2)
    assert [r["state"] for r in await detail_runs(branch.customer, made["siteId"], day)] == ["missed"]
    assert (await summary_counts(branch.customer, made["siteId"], day))["missed"] == 1  # now kept

    window = await ok(branch.customer, "/site/plan/byHand/mark", {
        "planItemId": made["planItemId"], "day": day, "note": "Lift out of order: mopped by hand"})
    assert window["states"] == ["done"]
    assert window["mark"]["markedBy"] == "Test user" and window["mark"]["note"] == "Lift out of order: mopped by hand"

    [run] = await detail_runs(branch.dealer, made["siteId"], day)
    assert run["state"] == "done" and run["run"] is None
    assert run["byHand"]["markId"] == window["mark"]["markId"]
    [reason] = run["reasons"]
    assert reason["kind"] == "byHand"
    assert reason["text"].startswith("Cleaned by hand by Test user at ")
    assert reason["text"].endswith(": “Lift out of order: mopped by hand”")
    counts = await summary_counts(branch.dealer, made["siteId"], day)  # the kept day was computed again
    assert (counts["done"], counts["missed"], counts["doneShare"]) == (1, 0, 1000)
    availability = await ok(branch.dealer, "/site/availability/get", {"siteId": made["siteId"], "startDay": day,
                                                                       "endDay": day})
    runs = availability["current"]["runs"]
    assert (runs["done"], runs["missed"], availability["problemCount"]) == (1, 0, 0)

    undone = await ok(branch.dealer, "/site/plan/byHand/delete", {"markId": window["mark"]["markId"]})
    assert (undone["mark"], undone["states"]) == (None, ["missed"])
    assert [r["state"] for r in await detail_runs(branch.customer, made["siteId"], day)] == ["missed"]
    assert (await summary_counts(branch.customer, made["siteId"], day))["missed"] == 1


async def test_the_robots_completed_runs_keep_their_state_and_a_short_one_turns_done(branch, db):
    made = await utc_site(branch, db, runsPerDay=3, minArea=50)
    day = day_before(1)
    robot = branch.robots["Scrubber"]
    await report(db, robot, f"{day}T06:05Z", f"{day}T06:30Z")  # done
    await report(db, robot, f"{day}T06:40Z", f"{day}T07:00Z", area=10)  # short: under 50 m²
    before = await detail_runs(branch.customer, made["siteId"], day)
    assert [r["state"] for r in before] == ["done", "short", "missed"]

    window = await ok(branch.customer, "/site/plan/byHand/mark", {"planItemId": made["planItemId"], "day": day})
    assert window["states"] == ["done", "done", "done"]
    after = await detail_runs(branch.customer, made["siteId"], day)
    assert [r["byHand"] is not None for r in after] == [False, True, True]
    # the short run is still told (the robot's record is not rewritten), after the mark's reason
    assert [x["kind"] for x in after[1]["reasons"]] == ["byHand", "area"]
    assert after[1]["reasons"][0]["text"].startswith("Cleaned by hand by Test user at ")


async def test_a_pending_window_can_be_marked_once_it_opened(branch, db):
    made = await utc_site(branch, db, windowStart="00:00", windowEnd="24:00")
    day = today().date().isoformat()
    assert [r["state"] for r in await detail_runs(branch.customer, made["siteId"], day)] == ["pending"]
    window = await ok(branch.customer, "/site/plan/byHand/mark", {"planItemId": made["planItemId"], "day": day})
    assert window["states"] == ["done"]


async def test_refusals_name_the_field(branch, db):
    made = await utc_site(branch, db, windowStart="23:59", windowEnd="24:00")
    item = made["planItemId"]

    async def refused(api, body, path="/site/plan/byHand/mark"):
        answer = await api.call(path, body, headers=EN)
        assert answer.code != 0, answer.body
        return answer.code, answer.field, answer.message

    tomorrow = (today() + timedelta(days=1)).date().isoformat()
    code, field, message = await refused(branch.customer, {"planItemId": item, "day": tomorrow})
    assert (code, field) == (Code.BAD_PARAMETER, "day")
    assert "cannot be marked cleaned by hand before it opens" in message
    code, field, message = await refused(branch.customer, {"planItemId": item, "day": day_before(40)})
    assert (code, field) == (Code.BAD_PARAMETER, "day") and "last 31 days" in message
    code, field, message = await refused(branch.customer, {"planItemId": item, "day": day_before(9)})
    assert (code, field) == (Code.BAD_PARAMETER, "day") and "is not planned on" in message  # before validFrom
    code, field, _ = await refused(branch.other, {"planItemId": item, "day": day_before(1)})
    assert (code, field) == (Code.NOT_FOUND, "planItemId")
    code, field, _ = await refused(branch.customer, {"planItemId": item, "day": day_before(1), "note": "x" * 501})
    assert (code, field) == (Code.BAD_PARAMETER, "note")

    first = await ok(branch.customer, "/site/plan/byHand/mark", {"planItemId": item, "day": day_before(1)})
    code, field, message = await refused(branch.dealer, {"planItemId": item, "day": day_before(1)})
    assert (code, field) == (Code.CONFLICT, "planItemId")
    assert message.startswith("This window was already marked cleaned by hand by Test user at ")
    code, field, _ = await refused(branch.other, {"markId": first["mark"]["markId"]}, "/site/plan/byHand/delete")
    assert (code, field) == (Code.NOT_FOUND, "markId")


async def test_a_window_the_robots_completed_has_nothing_to_mark(branch, db):
    made = await utc_site(branch, db)
    day = day_before(1)
    await report(db, branch.robots["Scrubber"], f"{day}T06:05Z", f"{day}T06:30Z")
    answer = await branch.customer.call("/site/plan/byHand/mark", {"planItemId": made["planItemId"], "day": day},
                                        headers=EN)
    assert (answer.code, answer.field) == (Code.CONFLICT, "planItemId")
    assert "already completed every planned run" in answer.message


async def test_the_report_sheet_lists_the_window_done_by_hand(branch, db):
    made = await utc_site(branch, db)
    day = day_before(1)
    await ok(branch.customer, "/site/plan/byHand/mark", {"planItemId": made["planItemId"], "day": day,
                                                         "note": "Done by the night team"})
    response = await branch.customer.client.post("/api/site/report/xlsx", json={
        "siteId": made["siteId"], "period": "week", "day": day}, headers={**branch.customer.headers(), **EN})
    assert response.status_code == 200, response.text
    sheets = load_workbook(BytesIO(response.content))
    rows = [[str(cell.value or "") for cell in row] for sheet in sheets.worksheets for row in sheet.iter_rows()]
    by_hand = [row for row in rows if any("Cleaned by hand by Test user" in cell for cell in row)]
    assert len(by_hand) == 1 and any("Done by the night team" in cell for cell in by_hand[0])
    assert any(cell == "Done" for cell in by_hand[0])
