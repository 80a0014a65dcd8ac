"""Why a planned run was missed, when no alarm says it: no robot of the floor at the site in the window, the
floor's robots not heard from in the window (their online quarter hours), runs of another task in the window; in
the reader's language."""

from datetime import UTC, date, datetime

from cleanfleet.devices.models import DeviceOnlineDay
from tests.sites.conftest import a_site, ok, report, stays_since

SEEN = datetime(2025, 3, 12, tzinfo=UTC)


async def test_the_reasons_of_missed_runs_come_from_stays_presence_and_other_runs(branch, db):
    made = await a_site(branch.dealer, branch)
    robot = branch.robots["Scrubber"]
    await stays_since(db, made["siteId"], datetime(2025, 3, 11, tzinfo=UTC))  # came on Tuesday (08:00 Shanghai)
    await ok(branch.dealer, "/site/plan/insert", {
        "siteId": made["siteId"], "floorId": made["floorId"], "taskName": "Sweep", "weekdays": [1, 2, 3, 4, 5, 6, 7],
        "windowStart": "06:00", "windowEnd": "08:00", "validFrom": "2025-03-10"})  # 22:00-24:00 UTC the day before
    # Tuesday 11th: the robot came after its window; Wednesday: not heard from (no online day); Thursday: heard all
    # day, but it ran another task; Friday: heard only until 10:15 UTC the day before, so not in the window
    db.add_all([DeviceOnlineDay(device_id=robot, day=date(2025, 3, day), first_seen=SEEN, first_quarter=0,
                                last_quarter=last) for day, last in ((12, 95), (13, 40))])
    await db.commit()
    await report(db, robot, "2025-03-12T22:30Z", "2025-03-12T23:30Z", task="Mop")  # Thursday 06:30

    week = await ok(branch.customer, "/site/actual/detail", {"siteId": made["siteId"], "period": "week",
                                                             "day": "2025-03-12"}, headers={"language": "en"})
    runs = {r["day"]: r for r in week["items"][0]["runs"]}
    reasons = {day: [(x["kind"], x["text"]) for x in runs[day]["reasons"]] for day in runs}
    assert {runs[f"2025-03-{day}"]["state"] for day in range(10, 15)} == {"missed"}
    assert reasons["2025-03-10"] == [("robot", "No robot that cleans this floor was at the site during the window")]
    assert reasons["2025-03-11"] == [("robot", "No robot that cleans this floor was at the site during the window")]
    assert reasons["2025-03-12"] == [("offline", "The floor's robots were offline during the window (not heard from)")]
    assert reasons["2025-03-13"] == [("task", "1 run of another task started in the window (the plan asks for "
                                              "Sweep)")]
    assert reasons["2025-03-14"] == [("offline", "The floor's robots were offline during the window (not heard from)")]

    chinese = await ok(branch.customer, "/site/actual/detail", {"siteId": made["siteId"], "day": "2025-03-13"},
                       headers={"language": "zh-CN"})
    assert chinese["items"][0]["runs"][0]["reasons"][0]["text"] == "时间窗内运行了 1 次其他任务（计划要求 Sweep）"
