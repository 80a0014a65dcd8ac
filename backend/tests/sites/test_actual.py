"""Plan against actual, from the users' side: every state of a planned run from seeded runs across a time-zone day
boundary (Shanghai's 06:00 is the UTC day before), the reasons, the summary per site, a robot moved between sites
keeping its old runs on the old site, and the branch scope."""

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from sqlalchemy import update

from cleanfleet.core.codes import Code
from cleanfleet.sites.models import SiteRobot
from cleanfleet.warn.models import Alarm
from tests.permission_matrix import fresh_name
from tests.sites.conftest import a_site, ok, report, stays_since

LONG_AGO = datetime(2025, 1, 1, tzinfo=UTC)
EVERY_DAY = [1, 2, 3, 4, 5, 6, 7]


def plan(made, **fields):
    return {"siteId": made["siteId"], "floorId": made["floorId"], "areaName": "Lobby", "weekdays": EVERY_DAY,
            "windowStart": "06:00", "windowEnd": "08:00", "runsPerDay": 1, "minArea": 50,
            "validFrom": "2025-03-01", **fields}


async def week_of_runs(db, robot: int) -> None:
    """Shanghai (UTC+8): the 06:00-08:00 window of day D is 22:00-24:00 UTC of the day before."""
    await report(db, robot, "2025-03-09T22:30Z", "2025-03-09T23:30Z")  # Mon 10th 06:30-07:30: done
    await report(db, robot, "2025-03-10T10:00Z", "2025-03-10T11:00Z")  # Mon 18:00: the window's run is done
    await report(db, robot, "2025-03-10T23:30Z", "2025-03-11T00:30Z")  # Tue 07:30-08:30: ended late
    await report(db, robot, "2025-03-11T22:10Z", "2025-03-11T23:00Z", area=20)  # Wed: 20 of 50 m², short
    # Thu 13th: nothing (an emergency stop at 06:15 instead): missed
    await report(db, robot, "2025-03-13T22:05Z", "2025-03-13T22:40Z", result="aborted",  # Fri: failed
                 alarms={"emergency_stop": 1}, reason="bumper pressed")
    await report(db, robot, "2025-03-15T01:00Z", "2025-03-15T02:00Z", result="cancelled")  # Sat 09:00: late, short
    await report(db, robot, "2025-03-15T22:00Z", "2025-03-15T23:00Z", map_name="lobby")  # Sun, no floor's map


async def test_every_state_of_a_week_in_the_sites_days(branch, db):
    made = await a_site(branch.dealer, branch)
    await stays_since(db, made["siteId"], LONG_AGO)
    robot = branch.robots["Scrubber"]
    item = await ok(branch.dealer, "/site/plan/insert", plan(made))
    await week_of_runs(db, robot)
    db.add(Alarm(device_id=robot, msg_id=fresh_name("alarm"), robot_alarm_id="a1", key="emergency_stop", code="E1",
                 raised_at=datetime(2025, 3, 12, 22, 15, tzinfo=UTC)))
    await db.commit()

    week = await ok(branch.customer, "/site/actual/detail", {"siteId": made["siteId"], "period": "week",
                                                             "day": "2025-03-12"}, headers={"language": "en"})
    assert (week["start"], week["end"]) == ("2025-03-10", "2025-03-16")
    runs = week["items"][0]["runs"]
    assert [(r["day"], r["state"]) for r in runs] == [
        ("2025-03-10", "done"), ("2025-03-11", "late"), ("2025-03-12", "short"), ("2025-03-13", "missed"),
        ("2025-03-14", "failed"), ("2025-03-15", "short"), ("2025-03-16", "missed")]
    assert runs[0]["windowStart"] == "2025-03-09T22:00:00+00:00" and runs[0]["run"]["startTime"].startswith(
        "2025-03-09T22:30")
    reasons = {r["day"]: [(x["kind"], x["key"], x["text"], x["count"]) for x in r["reasons"]] for r in runs}
    assert reasons["2025-03-10"] == []
    assert reasons["2025-03-11"] == [("late", "", "The run ended at 08:30, after the window", None)]
    assert reasons["2025-03-12"] == [("area", "", "Cleaned 20 m², under the target of 50 m²", None)]
    assert reasons["2025-03-13"] == [("alarm", "emergency_stop", "Emergency stop", 1)]
    assert reasons["2025-03-14"] == [("result", "aborted", "The run was aborted by a fault", None),
                                     ("reason", "", "The robot's own words: “bumper pressed”", None),
                                     ("alarm", "emergency_stop", "Emergency stop", 1)]
    assert reasons["2025-03-15"][0] == ("result", "cancelled", "The run was cancelled", None)
    assert reasons["2025-03-15"][1] == ("late", "", "The run started at 09:00, after the window", None)
    counts = week["counts"]
    assert {k: counts[k] for k in ("planned", "done", "late", "short", "missed", "failed", "pending", "closed")} == {
        "planned": 7, "done": 1, "late": 1, "short": 2, "missed": 2, "failed": 1, "pending": 0, "closed": 7}
    assert (counts["doneShare"], counts["onTimeShare"]) == (286, 143)
    assert week["items"][0]["planItem"]["planItemId"] == item["planItemId"]

    chinese = await ok(branch.customer, "/site/actual/detail", {"siteId": made["siteId"], "day": "2025-03-11"},
                       headers={"language": "zh-CN"})
    assert chinese["items"][0]["runs"][0]["reasons"][0]["text"] == "运行于 08:30 结束，晚于时间窗"
    # the robot's own words (issue 48 item 7): one reason of ours in the reader's language, then its words quoted
    # as its own, once, in zh-CN and in Arabic
    for language, ours, quoted in (("zh-CN", "运行因故障中止", "机器人的原话：“bumper pressed”"),
                                   ("ar", None, "كلمات الروبوت: «bumper pressed»")):
        failed = await ok(branch.customer, "/site/actual/detail", {"siteId": made["siteId"], "day": "2025-03-14"},
                          headers={"language": language})
        said = [(x["kind"], x["text"], x.get("words")) for x in failed["items"][0]["runs"][0]["reasons"]]
        assert [x for x in said if "bumper pressed" in x[1]] == [("reason", quoted, "bumper pressed")]
        assert said[0][0] == "result" and (ours is None or said[0][1].startswith(ours))

    month = await ok(branch.dealer, "/site/actual/summary", {"period": "month", "day": "2025-03-20"})
    mine = next(s for s in month["sites"] if s["siteId"] == made["siteId"])
    assert (mine["start"], mine["end"]) == ("2025-03-01", "2025-03-31")
    assert mine["counts"]["planned"] == 31 and mine["counts"]["done"] == 1 and mine["counts"]["missed"] == 26
    assert month["total"]["planned"] == 31


async def test_a_window_not_closed_yet_is_pending(branch, db):
    made = await a_site(branch.dealer, branch, zone="Pacific/Kiritimati")
    await ok(branch.dealer, "/site/plan/insert", plan(made, windowStart="00:00", windowEnd="24:00", runsPerDay=2))
    tomorrow = (datetime.now(ZoneInfo("Pacific/Kiritimati")) + timedelta(days=1)).date().isoformat()
    answer = await ok(branch.customer, "/site/actual/detail", {"siteId": made["siteId"], "day": tomorrow})
    assert [r["state"] for r in answer["items"][0]["runs"]] == ["pending", "pending"]
    assert (answer["counts"]["pending"], answer["counts"]["closed"], answer["counts"]["doneShare"]) == (2, 0, 0)


async def test_two_runs_a_day_take_two_runs_and_a_named_task_only_its_own(branch, db):
    made = await a_site(branch.dealer, branch, zone="UTC")
    await stays_since(db, made["siteId"], LONG_AGO)
    robot = branch.robots["Scrubber"]
    await ok(branch.dealer, "/site/plan/insert", plan(made, runsPerDay=2, minArea=None))
    await ok(branch.dealer, "/site/plan/insert", plan(made, taskName="Mop", windowStart="09:00", windowEnd="10:00"))
    await report(db, robot, "2025-04-01T06:10Z", "2025-04-01T06:50Z")
    await report(db, robot, "2025-04-01T07:00Z", "2025-04-01T07:40Z")
    await report(db, robot, "2025-04-01T09:10Z", "2025-04-01T09:40Z", task="Sweep")  # not the Mop task
    day = await ok(branch.dealer, "/site/actual/detail", {"siteId": made["siteId"], "day": "2025-04-01"})
    by_task = {i["planItem"]["taskName"]: [r["state"] for r in i["runs"]] for i in day["items"]}
    assert by_task == {"": ["done", "done"], "Mop": ["missed"]}


async def test_a_moved_robots_past_runs_stay_with_the_site_it_was_at(branch, db):
    robot = branch.robots["Scrubber"]
    old = await a_site(branch.dealer, branch)
    await stays_since(db, old["siteId"], LONG_AGO)
    new = await ok(branch.dealer, "/site/insert", {"siteName": fresh_name("New "), "timeZone": "Asia/Shanghai",
                                                   "userId": branch.customer_user.id})
    building = await ok(branch.dealer, "/site/building/insert", {"siteId": new["siteId"], "buildingName": "B"})
    new_floor = await ok(branch.dealer, "/site/floor/insert", {"buildingId": building["buildingId"],
                                                               "floorName": "Ground",
                                                               "maps": [{"deviceId": robot, "mapName": "lobby"}]})
    await ok(branch.dealer, "/site/plan/insert", plan(old))
    await ok(branch.dealer, "/site/plan/insert", plan({"siteId": new["siteId"], "floorId": new_floor["floorId"]}))
    await ok(branch.dealer, "/site/robot/assign", {"siteId": new["siteId"], "deviceIds": [robot]})
    moved_at = datetime(2025, 3, 12, 0, 0, tzinfo=UTC)  # the move, put back in time: Wed 12th 08:00 in Shanghai
    await db.execute(update(SiteRobot).where(SiteRobot.device_id == robot, SiteRobot.ended_at.is_not(None))
                     .values(ended_at=moved_at))
    await db.execute(update(SiteRobot).where(SiteRobot.device_id == robot, SiteRobot.ended_at.is_(None))
                     .values(started_at=moved_at))
    await db.commit()
    await report(db, robot, "2025-03-10T22:30Z", "2025-03-10T23:30Z")  # Tue 11th at the old site
    await report(db, robot, "2025-03-12T22:30Z", "2025-03-12T23:30Z", map_name="lobby")  # Thu 13th at the new
    await report(db, robot, "2025-03-13T22:30Z", "2025-03-13T23:30Z")  # Fri 14th, old map, but at the new site

    def states(answer):
        return {r["day"]: r["state"] for r in answer["items"][0]["runs"]}

    old_week = states(await ok(branch.dealer, "/site/actual/detail", {"siteId": old["siteId"], "period": "week",
                                                                      "day": "2025-03-10"}))
    new_week = states(await ok(branch.dealer, "/site/actual/detail", {"siteId": new["siteId"], "period": "week",
                                                                      "day": "2025-03-10"}))
    assert (old_week["2025-03-11"], old_week["2025-03-13"], old_week["2025-03-14"]) == ("done", "missed", "missed")
    assert (new_week["2025-03-11"], new_week["2025-03-13"], new_week["2025-03-14"]) == ("missed", "done", "missed")


async def test_another_branch_reads_no_plan_against_actual(branch):
    made = await a_site(branch.dealer, branch)
    answer = await branch.other.call("/site/actual/detail", {"siteId": made["siteId"]})
    assert (answer.code, answer.field) == (Code.NOT_FOUND, "siteId")
    theirs = await ok(branch.other, "/site/actual/summary", {})
    assert theirs["sites"] == [] and theirs["total"]["planned"] == 0
    foreign = await branch.other.call("/site/actual/summary", {"userId": branch.customer_user.id})
    assert (foreign.code, foreign.field) == (Code.NOT_FOUND, "userId")
    listed = await ok(branch.other, "/site/actual/summary", {"siteIds": [made["siteId"]]})
    assert listed["sites"] == []
