"""Cleaning plans: plan items kept as sent, their refusals (each naming the field, nothing stored, in the caller's
language), edits that change only what is sent, and the branch scope."""

import pytest
from sqlalchemy import func, select

from cleanfleet.core.codes import Code
from cleanfleet.sites.models import SitePlanItem
from tests.sites.conftest import a_site, ok


def item(made, **fields):
    return {"siteId": made["siteId"], "floorId": made["floorId"], "areaName": "Lobby", "taskName": "Sweep",
            "weekdays": [1, 3, 5], "windowStart": "06:00", "windowEnd": "08:00", "runsPerDay": 2, "minArea": 50,
            "minCoverage": 80, "validFrom": "2025-03-01", "validUntil": "2025-12-31", **fields}


async def test_a_plan_item_is_kept_as_sent_and_listed_by_floor(branch):
    made = await a_site(branch.dealer, branch)
    saved = await ok(branch.customer, "/site/plan/insert", item(made))
    assert {k: saved[k] for k in ("areaName", "taskName", "weekdays", "windowStart", "windowEnd", "runsPerDay",
                                  "minArea", "minCoverage", "validFrom", "validUntil")} == {
        "areaName": "Lobby", "taskName": "Sweep", "weekdays": [1, 3, 5], "windowStart": "06:00",
        "windowEnd": "08:00", "runsPerDay": 2, "minArea": 50.0, "minCoverage": 80.0, "validFrom": "2025-03-01",
        "validUntil": "2025-12-31"}
    assert (saved["floorName"], saved["buildingName"]) == ("Ground", "Tower A")
    whole_day = await ok(branch.customer, "/site/plan/insert", item(made, windowStart="00:00", windowEnd="24:00",
                                                                    taskName="", minArea=None, minCoverage=None))
    assert whole_day["windowEnd"] == "24:00" and whole_day["taskName"] == "" and whole_day["minArea"] is None
    listed = await ok(branch.dealer, "/site/plan/list", {"siteId": made["siteId"], "floorId": made["floorId"]})
    assert [i["planItemId"] for i in listed] == [whole_day["planItemId"], saved["planItemId"]]
    assert (await ok(branch.dealer, "/site/detail", {"siteId": made["siteId"]}))["planItemCount"] == 2


async def test_without_a_first_day_an_item_applies_from_the_sites_today(branch):
    made = await a_site(branch.dealer, branch)
    saved = await ok(branch.dealer, "/site/plan/insert", item(made, validFrom=None, validUntil=None))
    assert saved["validFrom"] >= "2026-01-01" and saved["validUntil"] is None
    await ok(branch.dealer, "/site/plan/delete", {"planItemId": saved["planItemId"]})


@pytest.mark.parametrize(("fields", "field"), [
    ({"windowStart": "10:00", "windowEnd": "09:00"}, "windowEnd"),  # ends before it starts
    ({"windowStart": "10:00", "windowEnd": "10:00"}, "windowEnd"),
    ({"windowStart": "22:00", "windowEnd": "02:00"}, "windowEnd"),  # overnight
    ({"windowStart": "24:00", "windowEnd": "24:00"}, "windowEnd"),
    ({"windowStart": "8:00"}, "windowStart"),
    ({"windowEnd": "25:00"}, "windowEnd"),
    ({"windowStart": "x" * 6}, "windowStart"),
    ({"weekdays": []}, "weekdays"),
    ({"weekdays": [0]}, "weekdays.0"),
    ({"weekdays": [8]}, "weekdays.0"),
    ({"weekdays": [1, 2, 1]}, "weekdays.2"),
    ({"weekdays": [1, 2, 3, 4, 5, 6, 7, 1]}, "weekdays"),
    ({"runsPerDay": 0}, "runsPerDay"),
    ({"runsPerDay": 25}, "runsPerDay"),
    ({"minArea": -1}, "minArea"),
    ({"minCoverage": 100.5}, "minCoverage"),
    ({"validFrom": "2025-03-10", "validUntil": "2025-03-09"}, "validUntil"),
    ({"validFrom": "1999-12-31"}, "validFrom"),
    ({"areaName": "x" * 65}, "areaName"),
    ({"taskName": "x" * 129}, "taskName"),
    ({"floorId": 2**31}, "floorId"),
    ({"siteId": 0}, "siteId"),
])
async def test_a_bad_plan_item_is_refused_naming_the_field(branch, db, fields, field):
    made = await a_site(branch.dealer, branch)
    count = await db.scalar(select(func.count(SitePlanItem.id)))
    answer = await branch.dealer.call("/site/plan/insert", item(made, **fields))
    assert (answer.code, answer.field) == (Code.BAD_PARAMETER, field), answer.body
    assert await db.scalar(select(func.count(SitePlanItem.id))) == count


async def test_the_window_refusal_reads_in_chinese_and_english(branch):
    made = await a_site(branch.dealer, branch)
    body = item(made, windowStart="22:00", windowEnd="02:00")
    chinese = await branch.dealer.call("/site/plan/insert", body, headers={"language": "zh-CN"})
    assert chinese.message == "时间窗必须在开始之后结束（22:00 – 02:00），且不能跨过午夜"
    english = await branch.dealer.call("/site/plan/insert", body, headers={"language": "en"})
    assert english.message == "The window must end after it starts (22:00 – 02:00) and cannot run past midnight"
    clock = await branch.dealer.call("/site/plan/insert", item(made, windowStart="7h"), headers={"language": "zh-CN"})
    assert clock.message == "请按 HH:MM 填写一天中的时间（00:00 至 24:00）"


async def test_a_floor_of_another_site_or_branch_is_not_found(branch):
    made = await a_site(branch.dealer, branch)
    elsewhere = await a_site(branch.dealer, branch, robots=())
    answer = await branch.dealer.call("/site/plan/insert", item(made, floorId=elsewhere["floorId"]))
    assert (answer.code, answer.field) == (Code.NOT_FOUND, "floorId")
    theirs = await branch.other.call("/site/plan/insert", item(made))
    assert (theirs.code, theirs.field) == (Code.NOT_FOUND, "siteId")


async def test_an_edit_changes_only_what_is_sent_with_the_same_rules(branch, db):
    made = await a_site(branch.dealer, branch)
    saved = await ok(branch.dealer, "/site/plan/insert", item(made))
    plan_id = saved["planItemId"]
    edited = await ok(branch.dealer, "/site/plan/update", {"planItemId": plan_id, "windowEnd": "09:30",
                                                           "minArea": None})
    assert (edited["windowStart"], edited["windowEnd"], edited["minArea"], edited["minCoverage"]) == (
        "06:00", "09:30", None, 80.0)
    backwards = await branch.dealer.call("/site/plan/update", {"planItemId": plan_id, "windowStart": "10:00"})
    assert (backwards.code, backwards.field) == (Code.BAD_PARAMETER, "windowEnd")
    assert (await ok(branch.dealer, "/site/plan/list", {"siteId": made["siteId"]}))[0]["windowStart"] == "06:00"
    theirs = await branch.other.call("/site/plan/update", {"planItemId": plan_id, "runsPerDay": 3})
    assert (theirs.code, theirs.field) == (Code.NOT_FOUND, "planItemId")
    gone = await branch.other.call("/site/plan/delete", {"planItemId": plan_id})
    assert gone.code == Code.NOT_FOUND
    assert await db.scalar(select(SitePlanItem.runs_per_day).where(SitePlanItem.id == plan_id)) == 2
