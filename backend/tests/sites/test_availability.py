"""Availability per site (issue 53 items 1-3), on constructed histories: a week of one window a day (08:00-12:00,
UTC) for one robot, with an hour offline, half an hour in fault, an hour waiting for a person, an offline hour and
a fault overlapping (counted once), an update and a maintenance left out of the scheduled time; the incidents'
mean times by severity; the week before (the trend); the targets (set by the dealer only, met or not, refusals
naming the field); the dealer's table worst first; and the offline spans kept where presence changes."""

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select

from cleanfleet.core.bus import Fact, tell
from cleanfleet.core.codes import Code
from cleanfleet.incidents.models import Incident
from cleanfleet.repairs.models import HANDLED, Repair
from cleanfleet.sites.availability.models import SiteRobotOffline
from cleanfleet.versions.models import DeviceUpdate
from cleanfleet.warn.models import Alarm
from tests.permission_matrix import fresh_name
from tests.sites.conftest import a_site, ok, stays_since

LONG_AGO = datetime(2025, 1, 1, tzinfo=UTC)
WEEK = {"startDay": "2025-03-03", "endDay": "2025-03-09"}
HOUR = 3600


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


async def constructed_week(branch: Any, db: Any) -> dict[str, Any]:
    """The site (UTC), its window 08:00-12:00 every day from 24 February, and the histories of the module's doc."""
    made = await a_site(branch.dealer, branch, zone="UTC")
    await stays_since(db, made["siteId"], LONG_AGO)
    await ok(branch.dealer, "/site/plan/insert", {
        "siteId": made["siteId"], "floorId": made["floorId"], "areaName": "Lobby", "weekdays": [1, 2, 3, 4, 5, 6, 7],
        "windowStart": "08:00", "windowEnd": "12:00", "validFrom": "2025-02-24", "validUntil": "2025-03-31"})
    robot = branch.robots["Scrubber"]
    db.add_all([
        SiteRobotOffline(device_id=robot, started_at=at("2025-02-25T09:00"), ended_at=at("2025-02-25T10:00")),
        SiteRobotOffline(device_id=robot, started_at=at("2025-03-03T09:00"), ended_at=at("2025-03-03T10:00")),
        SiteRobotOffline(device_id=robot, started_at=at("2025-03-06T08:00"), ended_at=at("2025-03-06T09:00")),
        _fault(robot, "2025-03-04T07:00", cleared="2025-03-04T08:30"),
        _fault(robot, "2025-03-06T08:30", cleared="2025-03-06T09:30"),  # its first half is offline already
        _fault(robot, "2025-03-05T08:00", cleared="2025-03-05T11:00", level=2),  # not a fault: no time lost
        DeviceUpdate(device_id=robot, cmd_id=fresh_name("cmd"), token=fresh_name("tok")[:32], state="UPDATED",
                     created_at=at("2025-03-07T08:00"), updated_at=at("2025-03-07T09:00")),
        DeviceUpdate(device_id=robot, cmd_id=fresh_name("cmd"), token=fresh_name("tok")[:32], state="CANCELLED",
                     created_at=at("2025-03-08T08:00"), updated_at=at("2025-03-08T12:00")),  # nothing left out
        Repair(device_id=robot, type="brush", repair_at=at("2025-03-08T10:00"), process_at=at("2025-03-08T14:00"),
               state=HANDLED),
    ])
    customer = branch.customer_user
    for opened, ended, urgency, ack, resolve in (("2025-03-05T11:00", "2025-03-05T13:00", "high", 600, 7200),
                                                 ("2025-03-09T20:00", None, "medium", 1200, None)):
        db.add(Incident(device_id=robot, owner_id=customer.id, owner_path=customer.path, site_id=made["siteId"],
                        key=fresh_name("stuck"), urgency=urgency, state="resolved" if ended else "acknowledged",
                        opened_at=at(opened), last_alarm_at=at(opened), ended_at=at(ended) if ended else None,
                        ack_seconds=ack, resolve_seconds=resolve))
    await db.commit()
    return made


def _fault(robot: int, raised: str, *, cleared: str, level: int = 3) -> Alarm:
    return Alarm(device_id=robot, msg_id=fresh_name("fault"), robot_alarm_id=fresh_name("a"), key="stuck", code="E7",
                 kind="fault" if level == 3 else "message", level=level, raised_at=at(raised), cleared_at=at(cleared))


async def test_the_available_hours_leave_out_updates_and_maintenance_and_count_each_lost_moment_once(branch, db):
    made = await constructed_week(branch, db)
    found = await ok(branch.customer, "/site/availability/get", {"siteId": made["siteId"], **WEEK},
                     headers={"language": "en"})
    current = found["current"]
    assert current["excluded"] == {"update": HOUR, "maintenance": 2 * HOUR}
    assert current["scheduledSeconds"] == 28 * HOUR - 3 * HOUR
    assert current["lost"] == {"offline": 2 * HOUR, "fault": HOUR, "waiting": HOUR}
    assert current["availableSeconds"] == 21 * HOUR and current["availability"] == 840
    [robot] = found["robots"]
    assert robot["deviceCode"] == "Scrubber" and robot["availableSeconds"] == 21 * HOUR
    by_day = {day["day"]: day for day in found["days"]}
    assert len(by_day) == 7 and by_day["2025-03-03"]["availableSeconds"] == 3 * HOUR
    assert by_day["2025-03-06"]["availability"] == 625  # 4 h, 1 offline and half an hour in fault after it
    assert by_day["2025-03-08"]["scheduledSeconds"] == 2 * HOUR  # maintenance from 10:00
    assert sum(day["availableSeconds"] for day in found["days"]) == current["availableSeconds"]


async def test_incidents_by_severity_the_missed_runs_and_the_trend(branch, db):
    made = await constructed_week(branch, db)
    found = await ok(branch.customer, "/site/availability/get", {"siteId": made["siteId"], **WEEK},
                     headers={"language": "en"})
    incidents = {row["severity"]: row for row in found["current"]["incidents"]}
    assert incidents["high"] == {"severity": "high", "count": 1, "acknowledged": 1, "resolved": 1,
                                 "mttaSeconds": 600, "mttrSeconds": 7200}
    assert incidents["medium"]["mttaSeconds"] == 1200 and incidents["medium"]["mttrSeconds"] is None
    assert incidents["all"]["count"] == 2 and incidents["all"]["mttaSeconds"] == 900
    assert found["current"]["runs"]["missed"] == 7 and found["problemCount"] == 7  # no run was reported
    assert all(p["state"] == "missed" and p["item"] == "Lobby" and p["windowStart"] == "08:00"
               for p in found["problems"])
    previous = found["previous"]
    assert (previous["start"], previous["end"]) == ("2025-02-24", "2025-03-02")
    assert previous["scheduledSeconds"] == 28 * HOUR and previous["availability"] == 964  # 27 of 28 hours


async def test_a_whole_month_compares_with_the_month_before(branch, db):
    made = await constructed_week(branch, db)
    found = await ok(branch.customer, "/site/availability/get", {"siteId": made["siteId"], "startDay": "2025-03-01",
                                                                 "endDay": "2025-03-31"})
    assert (found["previous"]["start"], found["previous"]["end"]) == ("2025-02-01", "2025-02-28")
    assert len(found["days"]) == 31


async def test_targets_are_the_dealers_met_or_not_and_refusals_name_the_field(branch, db):
    made = await constructed_week(branch, db)
    site = {"siteId": made["siteId"]}
    refused = await branch.customer.call("/site/availability/targets/set", {**site, "availability": 900})
    assert refused.code == Code.NO_PERMISSION  # the customer's preset has no key for it
    own = await ok(branch.dealer, "/site/insert", {"siteName": fresh_name("Own "), "timeZone": "UTC"})
    refused = await branch.dealer.call("/site/availability/targets/set", {"siteId": own["siteId"], "availability": 9})
    assert (refused.code, refused.field) == (Code.NO_PERMISSION, "siteId")  # the key, but its own site: not above
    for field, value in (("availability", 1001), ("ackMinutes", 0), ("runsDone", -1)):
        refused = await branch.dealer.call("/site/availability/targets/set", {**site, field: value})
        assert (refused.code, refused.field) == (Code.BAD_PARAMETER, field), refused.body
    refused = await branch.other.call("/site/availability/targets/set", {**site, "availability": 900})
    assert (refused.code, refused.field) == (Code.NOT_FOUND, "siteId")
    saved = await ok(branch.dealer, "/site/availability/targets/set",
                     {**site, "availability": 900, "ackMinutes": 20, "runsDone": 500})
    assert saved == {**site, "availability": 900, "ackMinutes": 20, "runsDone": 500}
    found = await ok(branch.customer, "/site/availability/get", {**site, **WEEK})
    assert found["targets"] == {"availability": 900, "ackMinutes": 20, "runsDone": 500}
    assert found["met"] == {"availability": False, "ack": True, "runsDone": False}
    await ok(branch.dealer, "/site/availability/targets/set", site)  # all empty: no targets
    found = await ok(branch.customer, "/site/availability/get", {**site, **WEEK})
    assert found["met"] == {"availability": None, "ack": None, "runsDone": None}


async def test_the_dealers_table_lists_its_sites_worst_first_with_the_same_figures(branch, db):
    made = await constructed_week(branch, db)
    empty = await a_site(branch.dealer, branch, robots=())
    await ok(branch.dealer, "/site/availability/targets/set", {"siteId": made["siteId"], "availability": 990})
    table = await ok(branch.dealer, "/site/availability/table", {"day": "2025-03-15"})
    rows = {row["siteId"]: row for row in table["rows"]}
    ids = [row["siteId"] for row in table["rows"]]
    assert ids.index(made["siteId"]) < ids.index(empty["siteId"])  # a target not met first; nothing scheduled last
    row = rows[made["siteId"]]
    assert row["notMet"] == 1 and row["met"]["availability"] is False
    month = await ok(branch.dealer, "/site/availability/get", {"siteId": made["siteId"], "startDay": "2025-03-01",
                                                               "endDay": "2025-03-31"})
    assert row["current"] == month["current"]
    assert rows[empty["siteId"]]["current"]["availability"] is None
    assert made["siteId"] not in {r["siteId"] for r in (await ok(branch.other, "/site/availability/table", {}))["rows"]}


async def test_a_range_is_bounded_and_another_branchs_site_is_not_found(branch, db):
    made = await constructed_week(branch, db)
    too_long = await branch.customer.call("/site/availability/get", {"siteId": made["siteId"],
                                                                    "startDay": "2024-01-01", "endDay": "2025-03-31"})
    assert (too_long.code, too_long.field) == (Code.BAD_PARAMETER, "startDay")
    future = await branch.customer.call("/site/availability/get", {"siteId": made["siteId"], "endDay": "2099-01-01"})
    assert (future.code, future.field) == (Code.BAD_PARAMETER, "endDay")
    hidden = await branch.other.call("/site/availability/get", {"siteId": made["siteId"]})
    assert (hidden.code, hidden.field) == (Code.NOT_FOUND, "siteId")


async def test_offline_spans_are_kept_where_presence_changes_for_robots_at_a_site(branch, db):
    await a_site(branch.dealer, branch)  # Scrubber at the site; Sweeper at none
    scrubber, sweeper = branch.robots["Scrubber"], branch.robots["Sweeper"]

    def fact(kind: str, robot: int, moment: str) -> Fact:
        return Fact(kind, branch.customer_user.path, {"robotId": robot}, at(moment))

    await tell(db, [fact("robot.offline", scrubber, "2025-03-03T09:00"), fact("robot.offline", sweeper,
                                                                               "2025-03-03T09:00")])
    await tell(db, [fact("robot.offline", scrubber, "2025-03-03T09:05")])  # a second goodbye: still one span
    await db.commit()
    await tell(db, [fact("robot.online", scrubber, "2025-03-03T10:00")])
    await db.commit()
    rows = (await db.execute(select(SiteRobotOffline.device_id, SiteRobotOffline.started_at, SiteRobotOffline.ended_at)
                             .where(SiteRobotOffline.device_id.in_([scrubber, sweeper])))).all()
    assert rows == [(scrubber, at("2025-03-03T09:00"), at("2025-03-03T10:00"))]


async def test_the_newest_missed_runs_are_listed_with_the_count_of_them_all(branch, db, monkeypatch):
    from cleanfleet.sites.availability import service

    monkeypatch.setattr(service, "MAX_PROBLEMS", 3)
    made = await constructed_week(branch, db)
    found = await ok(branch.customer, "/site/availability/get", {"siteId": made["siteId"], **WEEK})
    assert found["problemCount"] == 7
    assert [p["day"] for p in found["problems"]] == ["2025-03-07", "2025-03-08", "2025-03-09"]
