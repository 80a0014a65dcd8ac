"""Days are the reader's (issue 30 item 8, core/ranges.py): the task report list, its week summary and the week
chart count a run on the day it started in the reader's time zone (the console's ``timezone`` header), as the
alarm chart does; without the header, UTC days."""

from datetime import UTC, date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from cleanfleet.core import ranges
from cleanfleet.devices.presence import mark_present
from tests.reports.helpers import message, store

SHANGHAI = ZoneInfo("Asia/Shanghai")
IN_SHANGHAI = {"timezone": "Asia/Shanghai"}


def at(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime(day.year, day.month, day.day, hour, minute, tzinfo=SHANGHAI)


def test_a_local_day_begins_at_the_readers_midnight():
    day = date(2026, 11, 20)
    assert ranges.day_start(day, SHANGHAI) == datetime(2026, 11, 19, 16, tzinfo=UTC)
    assert ranges.day_of(datetime(2026, 11, 20, 15, 30, tzinfo=UTC), SHANGHAI) == day  # 23:30 in Shanghai
    assert ranges.day_of(datetime(2026, 11, 19, 21, tzinfo=UTC), SHANGHAI) == day  # 05:00 in Shanghai
    assert ranges.utc_days(day, day, UTC) and not ranges.utc_days(day, day, SHANGHAI)


async def test_a_run_counts_on_the_readers_local_day(site, db):
    a, _b = site.devices
    day = datetime.now(SHANGHAI).date() - timedelta(days=2)
    late, early, next_morning = at(day, 23, 30), at(day, 5), at(day + timedelta(days=1), 7)
    assert early.astimezone(UTC).date() == day - timedelta(days=1)  # the UTC day before
    assert next_morning.astimezone(UTC).date() == day  # the UTC day of ``late``
    await store(db, message(a.id, late, minutes=20, task_name="late"),
                message(a.id, early, minutes=20, task_name="early"),
                message(a.id, next_morning, minutes=20, task_name="next morning"))

    listed = await site.dealer.call("/taskReport/list", {"startDate": str(day), "endDate": str(day)},
                                    headers=IN_SHANGHAI)
    assert listed.code == 0, listed.body
    assert sorted(r["taskName"] for r in listed.data["list"]) == ["early", "late"]
    in_utc = await site.dealer.call("/taskReport/list", {"startDate": str(day), "endDate": str(day)})
    assert sorted(r["taskName"] for r in in_utc.data["list"]) == ["late", "next morning"]

    chart = await site.dealer.call("/taskReport/chart", {"range": "week"}, headers=IN_SHANGHAI)
    assert chart.code == 0, chart.body
    runs = {p["start"]: p["runs"] for p in chart.data["points"]}
    assert runs[str(day)] == 2 and runs[str(day + timedelta(days=1))] == 1
    assert runs[str(day - timedelta(days=1))] == 0

    summary = await site.dealer.call("/taskReport/chartSummary", {"range": "week", "endDate": str(day)},
                                     headers=IN_SHANGHAI)
    assert summary.code == 0, summary.body
    assert summary.data["runs"] == 2 and summary.data["durationS"] == 2400  # the next morning is not in that week
    places = await site.dealer.call("/taskReport/chartMap", {"range": "week", "endDate": str(day)},
                                    headers=IN_SHANGHAI)
    assert {p["deviceId"]: p["runs"] for p in places.data["places"]} == {a.id: 2}


LOS_ANGELES = ZoneInfo("America/Los_Angeles")


def _months_back(zone: ZoneInfo) -> tuple[date, date]:
    """The first day of the reader's previous month and the last day of the month before it (both past)."""
    first = (datetime.now(zone).date().replace(day=1) - timedelta(days=1)).replace(day=1)
    return first, first - timedelta(days=1)


async def _points(site: Any, kind: str, zone: str | None, **body: Any) -> dict[str, dict[str, Any]]:
    answer = await site.dealer.call("/taskReport/chart", {"range": kind, **body},
                                    headers={"timezone": zone} if zone else None)
    assert answer.code == 0, answer.body
    return {p["start"]: p for p in answer.data["points"]}


async def test_the_year_chart_counts_a_run_near_midnight_in_the_readers_month(site, db):
    """A run at 23:30 in Los Angeles on a month's last day is 07:30 UTC on the next month's first: in that month
    for the reader; a run at 00:30 in Shanghai on a month's first day (16:30 UTC the day before) in the new one."""
    a, b = site.devices
    first, last = _months_back(LOS_ANGELES)
    late = datetime(last.year, last.month, last.day, 23, 30, tzinfo=LOS_ANGELES)
    early = datetime(first.year, first.month, first.day, 0, 30, tzinfo=SHANGHAI)
    assert late.astimezone(UTC).date() == first and early.astimezone(UTC).date() == last
    await store(db, message(a.id, late, minutes=20, task_name="late"),
                message(b.id, early, minutes=30, task_name="early"))

    for body in ({}, {"deviceIds": [a.id, b.id]}, {"by": "map"}, {"mapName": "Level 1"}):
        in_la = await _points(site, "year", "America/Los_Angeles", **body)
        assert (in_la[str(last.replace(day=1))]["runs"], in_la[str(first)]["runs"]) == (2, 0), body  # early: 09:30
        assert in_la[str(last.replace(day=1))]["durationS"] == 3000, body
        in_shanghai = await _points(site, "year", "Asia/Shanghai", **body)
        assert (in_shanghai[str(last.replace(day=1))]["runs"], in_shanghai[str(first)]["runs"]) == (0, 2), body
        in_utc = await _points(site, "year", None, **body)
        assert (in_utc[str(last.replace(day=1))]["runs"], in_utc[str(first)]["runs"]) == (1, 1), body
        assert in_utc[str(first)]["durationS"] == 1200, body  # ``late`` (07:30 UTC on the first)


async def test_the_three_months_chart_counts_a_run_in_the_readers_week(site, db):
    a, _b = site.devices
    end = datetime.now(SHANGHAI).date() - timedelta(days=3)
    week_start = end - timedelta(days=6)  # the last week's first day
    early = at(week_start, 0, 30)  # the UTC day before: the week before in the roll-ups
    await store(db, message(a.id, early, minutes=20, task_name="early"))

    for body in ({"endDate": str(end)}, {"endDate": str(end), "deviceIds": [a.id]}):
        points = await _points(site, "quarter", "Asia/Shanghai", **body)
        assert points[str(week_start)]["runs"] == 1, body
        assert sum(p["runs"] for p in points.values()) == 1, body
        in_utc = await _points(site, "quarter", None, **body)
        assert in_utc[str(week_start - timedelta(days=7))]["runs"] == 1, body

    # the run's day is the range's first (Shanghai) but the UTC day before it: in the range's figures for the reader
    start = end - timedelta(days=7 * 12 + 6)
    first_run = at(start, 0, 30)
    await store(db, message(a.id, first_run, minutes=20, task_name="first"))
    summary = await site.dealer.call("/taskReport/chartSummary", {"range": "quarter", "endDate": str(end)},
                                     headers=IN_SHANGHAI)
    assert summary.code == 0, summary.body
    assert summary.data["runs"] == 2 and summary.data["workingDevices"] == 1
    in_utc = await site.dealer.call("/taskReport/chartSummary", {"range": "quarter", "endDate": str(end)})
    assert in_utc.data["runs"] == 1
    chart = await site.dealer.call("/taskReport/chart", {"range": "quarter", "endDate": str(end)}, headers=IN_SHANGHAI)
    assert {row["id"]: row["runs"] for row in chart.data["breakdown"]} == {str(a.id): 2}


async def test_a_run_moved_out_of_the_range_leaves_no_empty_row(site, db):
    """A robot whose only run is on the day before the reader's range (though on its first UTC day) is not a
    working robot of that range, nor a row of its breakdown or map."""
    a, _b = site.devices
    end = datetime.now(SHANGHAI).date() - timedelta(days=3)
    start = end - timedelta(days=7 * 12 + 6)
    last_evening = datetime(start.year, start.month, start.day, 23, 30, tzinfo=LOS_ANGELES) - timedelta(days=1)
    assert last_evening.astimezone(UTC).date() == start
    await store(db, message(a.id, last_evening, minutes=20))
    body = {"range": "quarter", "endDate": str(end)}
    la = {"timezone": "America/Los_Angeles"}
    summary = await site.dealer.call("/taskReport/chartSummary", body, headers=la)
    assert (summary.data["runs"], summary.data["workingDevices"]) == (0, 0)
    chart = await site.dealer.call("/taskReport/chart", body, headers=la)
    assert chart.data["breakdown"] == []
    by_map = await site.dealer.call("/taskReport/chart", {**body, "by": "map"}, headers=la)
    assert by_map.data["breakdown"] == []
    places = await site.dealer.call("/taskReport/chartMap", body, headers=la)
    assert places.data["places"] == [] and places.data["maps"] == []


async def test_runs_of_one_schedule_group_on_the_readers_day(site, db):
    """A night schedule's runs at 23:00 and 01:00 in Shanghai (15:00 and 17:00 UTC, one UTC day) are two groups
    for a reader in Shanghai, as the list shows them on two days; one group for a reader on UTC days."""
    a, _b = site.devices
    day = datetime.now(SHANGHAI).date() - timedelta(days=2)
    ids = await store(db, message(a.id, at(day, 23), schedule="Night round", task_name="before midnight"),
                      message(a.id, at(day + timedelta(days=1), 1), schedule="Night round", task_name="after"))
    span = {"startDate": str(day - timedelta(days=1)), "endDate": str(day + timedelta(days=1))}
    listed = await site.dealer.call("/taskReport/list", span, headers=IN_SHANGHAI)
    assert {r["taskName"]: r["gid"] for r in listed.data["list"]} == {"before midnight": ids[0], "after": ids[1]}
    children = await site.dealer.call("/taskReport/listChildTask", {"gid": ids[0]}, headers=IN_SHANGHAI)
    assert [r["taskName"] for r in children.data] == ["before midnight"]
    in_utc = await site.dealer.call("/taskReport/list", span)
    assert {r["gid"] for r in in_utc.data["list"]} == {ids[0]}
    together = await site.dealer.call("/taskReport/listChildTask", {"gid": ids[0]})
    assert [r["taskName"] for r in together.data] == ["before midnight", "after"]


async def test_the_report_charts_online_rate_counts_the_readers_days(site, db):
    a, _b = site.devices
    day = datetime.now(SHANGHAI).date() - timedelta(days=2)
    await mark_present(db, [a.id], datetime(day.year, day.month, day.day, 5, tzinfo=SHANGHAI))  # 21:00 UTC before
    await db.commit()
    for headers, online_day, quiet_day in ((IN_SHANGHAI, day, day - timedelta(days=1)),
                                           (None, day - timedelta(days=1), day)):
        chart = await site.dealer.call("/taskReport/chart", {"range": "week", "endDate": str(day)}, headers=headers)
        assert chart.code == 0, chart.body
        rates = {p["start"]: p["onlineRate"] for p in chart.data["points"]}
        assert rates[str(online_day)] == 500 and rates[str(quiet_day)] == 0, headers  # one robot of two
