"""Task reports: every call, its rules and refusals (each naming the field), the units of api-spec 9, the
aggregate kept equal to the raw reports, clear data, and the branch scope."""

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select, update

from cleanfleet.core.codes import Code
from cleanfleet.core.retention import purge_older_than
from cleanfleet.devices.groups.models import DeviceGroup, DeviceGroupMember
from cleanfleet.devices.models import Device
from cleanfleet.devices.presence import insert_days
from cleanfleet.reports.charts import chart_buckets
from cleanfleet.reports.models import TaskReport, TaskReportDay
from cleanfleet.reports.service import coverage_value, efficiency_value
from tests.reports.helpers import aggregates, day_start, message, raw_sums, store


def test_units_follow_api_spec_9():
    assert coverage_value(98.5) == 985 and coverage_value(100) == 1000 and coverage_value(0) == 0
    assert efficiency_value(405.0) == 40500 and efficiency_value(12.345) == 1234


def test_the_ranges_buckets():
    end = datetime(2026, 11, 22).date()
    assert chart_buckets("week", end)[0] == "day" and len(chart_buckets("week", end)[1]) == 7
    bucket, days = chart_buckets("month", end)
    assert bucket == "day" and len(days) == 30 and days[-1] == (end, end)
    bucket, weeks = chart_buckets("quarter", end)
    assert bucket == "week" and len(weeks) == 13 and weeks[-1] == (end - timedelta(days=6), end)
    assert all((b - a).days == 6 for a, b in weeks)
    bucket, months = chart_buckets("year", end)
    assert bucket == "month" and len(months) == 12
    assert months[0][0] == datetime(2025, 12, 1).date() and months[-1] == (datetime(2026, 11, 1).date(), end)


async def test_a_report_received_twice_counts_once_and_lists_with_its_units(site, db):
    device = site.devices[0]
    sent = message(device.id, day_start(1), minutes=40, planned=300.0, cleaned=270.0, alarms=2,
                   msg_id=f"twice-{device.id}")
    assert len(await store(db, sent)) == 1
    assert await store(db, sent) == []
    answer = await site.dealer.call("/taskReport/list", {})
    assert answer.code == 0, answer.body
    [row] = answer.data["list"]
    assert row["deviceSerialNumber"] == device.serial_number
    assert row["coverage"] == 900 and row["efficiency"] == 40500  # 90 % and 405 m²/h
    assert (row["workArea"], row["cleanedArea"], row["durationS"]) == (300.0, 270.0, 2400)
    assert row["batteryUsed"] == 20.0 and row["alarmCount"] == 2 and row["alarmCounts"] == {"replan_failed": 2}
    assert row["gid"] == row["taskReportId"] and row["hasPath"] is False
    assert await aggregates(db, [device.id]) == await raw_sums(db, [device.id])
    runs = await db.scalar(select(TaskReportDay.runs).where(TaskReportDay.device_id == device.id))
    assert runs == 1


async def test_the_list_filters_and_pages(site, db):
    a, b = site.devices
    await store(db, message(a.id, day_start(0, 0), task_name="Lobby wash", map_name="Ground"),
                message(a.id, day_start(2), map_name="Roof"), message(b.id, day_start(3)),
                message(b.id, day_start(9)))  # outside the default 7 days
    everything = await site.dealer.call("/taskReport/list", {})
    assert everything.data["total"] == 3
    starts = [r["startTime"] for r in everything.data["list"]]
    assert starts == sorted(starts, reverse=True)
    assert (await site.dealer.call("/taskReport/list", {"deviceId": b.id})).data["total"] == 1
    assert (await site.dealer.call("/taskReport/list", {"deviceIds": [a.id]})).data["total"] == 2
    assert (await site.dealer.call("/taskReport/list", {"mapName": "Roof"})).data["total"] == 1
    assert (await site.dealer.call("/taskReport/list", {"taskName": "lobby"})).data["total"] == 1
    assert (await site.dealer.call("/taskReport/list", {"userId": site.owner.id})).data["total"] == 3
    paged = await site.dealer.call("/taskReport/list", {"pageSize": 2, "currentPage": 2})
    assert len(paged.data["list"]) == 1 and paged.data["total"] == 3
    old_day = (day_start(9)).date()
    old = await site.dealer.call("/taskReport/list", {"startDate": str(old_day), "endDate": str(old_day)})
    assert old.data["total"] == 1


@pytest.mark.parametrize(("dates", "field"), [
    ({"startDate": 3, "endDate": 5}, "startDate"),      # start after end
    ({"startDate": -1, "endDate": -1}, "startDate"),    # start after today
    ({"startDate": 10, "endDate": 2}, "startDate"),     # not within 7 days
    ({"startDate": "1999-12-31"}, "startDate"),         # out of the bounded range
])
async def test_the_date_rules_are_refused_naming_the_field(site, dates, field):
    today = datetime.now(UTC).date()
    body = {k: (str(today - timedelta(days=v)) if isinstance(v, int) else v) for k, v in dates.items()}
    answer = await site.dealer.call("/taskReport/list", body)
    assert answer.code == Code.BAD_PARAMETER, answer.body
    assert answer.field == field


async def test_refusals_are_in_the_callers_language(site):
    today = datetime.now(UTC).date()
    body = {"startDate": str(today - timedelta(days=10)), "endDate": str(today)}
    english = await site.dealer.call("/taskReport/list", body, headers={"accept-language": "en"})
    assert english.message == "The start must be within 7 days of the end"
    chinese = await site.dealer.call("/taskReport/list", body, headers={"accept-language": "zh-CN"})
    assert chinese.message == "开始须在结束前 7 天之内"


async def test_the_week_chart_summary_and_breakdowns(site, db):
    a, b = site.devices
    await store(db, message(a.id, day_start(0, 0), minutes=60, planned=1000, cleaned=900, map_name="Ground"),
                message(a.id, day_start(0, 1), minutes=60, planned=1000, cleaned=700, map_name="Roof"),
                message(b.id, day_start(2), minutes=120, planned=2000, cleaned=2000, alarms=3))
    today = datetime.now(UTC).date()
    await insert_days(db, [{"device_id": d.id, "day": today, "first_seen": datetime.now(UTC)} for d in (a, b)])
    group = DeviceGroup(name="Lobby team", user_id=site.owner.id)
    db.add(group)
    await db.flush()
    db.add(DeviceGroupMember(group_id=group.id, device_id=b.id))
    await db.execute(update(Device).where(Device.id == a.id).values(city="Lyon", country="France", country_code="FR"))
    await db.commit()

    chart = await site.dealer.call("/taskReport/chart", {"range": "week"})
    assert chart.code == 0, chart.body
    assert chart.data["bucket"] == "day" and len(chart.data["points"]) == 7
    last = chart.data["points"][-1]
    assert last["start"] == str(today) and last["runs"] == 2 and last["cleanedArea"] == 1600
    assert last["durationS"] == 7200 and last["coverage"] == 800  # mean of 90 % and 70 %
    assert last["efficiency"] == 80000  # 1600 m² in 2 h = 800 m²/h
    assert last["onlineRate"] == 1000  # both devices online today
    assert chart.data["points"][-3]["runs"] == 1 and chart.data["points"][-3]["onlineRate"] == 0
    by_device = {r["id"]: r for r in chart.data["breakdown"]}
    assert by_device[str(b.id)]["cleanedArea"] == 2000 and by_device[str(a.id)]["runs"] == 2

    maps = await site.dealer.call("/taskReport/chart", {"range": "month", "by": "map"})
    assert {r["name"]: r["runs"] for r in maps.data["breakdown"]} == {"Level 1": 1, "Ground": 1, "Roof": 1}
    owners = await site.dealer.call("/taskReport/chart", {"range": "quarter", "by": "owner"})
    assert [(r["id"], r["runs"]) for r in owners.data["breakdown"]] == [(str(site.owner.id), 3)]
    groups = await site.dealer.call("/taskReport/chart", {"range": "year", "by": "group"})
    assert [(r["name"], r["runs"]) for r in groups.data["breakdown"]] == [("Lobby team", 1)]
    assert len(groups.data["points"]) == 12 and groups.data["bucket"] == "month"
    in_group = await site.dealer.call("/taskReport/chart", {"groupId": group.id})
    assert sum(p["runs"] for p in in_group.data["points"]) == 1

    summary = await site.dealer.call("/taskReport/chartSummary", {"range": "week"})
    assert summary.code == 0, summary.body
    s = summary.data
    assert (s["runs"], s["cleanedArea"], s["workArea"], s["durationS"], s["alarmCount"]) == (3, 3600, 4000, 14400, 3)
    assert s["devices"] == 2 and s["workingDevices"] == 2 and s["onlineRate"] == round(2 / 14 * 1000)
    assert s["efficiency"] == 90000 and s["coverage"] == round((90 + 70 + 100) / 3 * 10)
    one_map = await site.dealer.call("/taskReport/chartSummary", {"mapName": "Roof"})
    assert one_map.data["runs"] == 1 and one_map.data["cleanedArea"] == 700

    places = await site.dealer.call("/taskReport/chartMap", {"range": "week"})
    assert places.code == 0, places.body
    assert {p["deviceId"]: p["runs"] for p in places.data["places"]} == {a.id: 2, b.id: 1}
    # the code lets the console name the country in the reader's language
    assert {p["deviceId"]: (p["city"], p["country"], p["countryCode"]) for p in places.data["places"]}[a.id] == (
        "Lyon", "France", "FR")
    assert {m["name"] for m in places.data["maps"]} == {"Ground", "Roof", "Level 1"}


async def test_a_chart_cannot_end_in_the_future(site):
    tomorrow = datetime.now(UTC).date() + timedelta(days=1)
    answer = await site.dealer.call("/taskReport/chart", {"endDate": str(tomorrow)})
    assert answer.code == Code.BAD_PARAMETER and answer.field == "endDate"
    answer = await site.dealer.call("/taskReport/chart", {"range": "decade"})
    assert answer.code == Code.BAD_PARAMETER and answer.field == "range"


async def test_another_branch_sees_nothing_and_touches_nothing(site, stranger, db):
    [report_id] = await store(db, message(site.devices[0].id, day_start(1)))
    assert (await stranger.call("/taskReport/list", {})).data["total"] == 0
    chart = await stranger.call("/taskReport/chartSummary", {})
    assert chart.data["runs"] == 0 and chart.data["devices"] == 0
    for path, body, field in [("/taskReport/detail", {"taskReportId": report_id}, "taskReportId"),
                              ("/taskReport/editTaskReport", {"taskReportId": report_id, "remark": "x"},
                               "taskReportId"),
                              ("/taskReport/deleteTaskReport", {"taskReportId": report_id}, "taskReportId"),
                              ("/taskReport/listChildTask", {"gid": report_id}, "gid")]:
        answer = await stranger.call(path, body)
        assert answer.code == Code.NOT_FOUND and answer.field == field, (path, answer.body)
    answer = await stranger.call("/taskReport/insertTaskReport", {
        "deviceId": site.devices[0].id, "taskName": "x", "cleanedArea": 1,
        "startTime": day_start(1).isoformat(), "endTime": (day_start(1) + timedelta(hours=1)).isoformat()})
    assert answer.code == Code.NOT_FOUND and answer.field == "deviceId"
    before = await stranger.call("/taskReport/deleteTaskReport", {"time": datetime.now(UTC).isoformat(),
                                                                  "deviceIds": [site.devices[0].id]})
    assert before.code == Code.NOT_FOUND and before.field == "deviceIds"
    db.expire_all()
    assert (await db.get(TaskReport, report_id)).remark == ""
    other = await stranger.call("/taskReport/list", {"userId": site.owner.id})
    assert other.code == Code.NOT_FOUND and other.field == "userId"


async def test_edit_recomputes_the_figures_and_the_charts_follow(site, db):
    device = site.devices[0]
    [report_id] = await store(db, message(device.id, day_start(0, 0), minutes=30, planned=500, cleaned=400))
    answer = await site.dealer.call("/taskReport/editTaskReport", {
        "taskReportId": report_id, "taskName": "Corrected", "mapName": "Annex", "cleanedArea": 450,
        "remark": "checked"})
    assert answer.code == 0, answer.body
    assert (answer.data["taskName"], answer.data["mapName"], answer.data["remark"]) == ("Corrected", "Annex", "checked")
    assert answer.data["coverage"] == 900 and answer.data["efficiency"] == 90000
    assert await aggregates(db, [device.id]) == await raw_sums(db, [device.id])
    chart = await site.dealer.call("/taskReport/chart", {"by": "map"})
    assert [(r["name"], r["cleanedArea"]) for r in chart.data["breakdown"]] == [("Annex", 450)]

    refused = await site.dealer.call("/taskReport/editTaskReport", {"taskReportId": report_id, "cleanedArea": 600})
    assert refused.code == Code.BAD_PARAMETER and refused.field == "cleanedArea"
    for body, field in [({"taskName": " "}, "taskName"), ({"workArea": -1}, "workArea"),
                        ({"remark": "x" * 256}, "remark"), ({"cleanedArea": 1e12}, "cleanedArea")]:
        bad = await site.dealer.call("/taskReport/editTaskReport", {"taskReportId": report_id, **body})
        assert bad.code == Code.BAD_PARAMETER and bad.field == field, body
    db.expire_all()
    assert (await db.get(TaskReport, report_id)).cleaned_area == 450
    missing = await site.dealer.call("/taskReport/editTaskReport", {"taskReportId": 2**31 - 1, "remark": "x"})
    assert missing.code == Code.NOT_FOUND and missing.field == "taskReportId"


async def test_a_manual_record_is_inserted_and_counted(site, db):
    device = site.devices[1]
    start = day_start(1)
    answer = await site.customer.call("/taskReport/insertTaskReport", {
        "deviceId": device.id, "taskName": "Hand wash", "mapName": "Hall", "startTime": start.isoformat(),
        "endTime": (start + timedelta(hours=2)).isoformat(), "workArea": 800, "cleanedArea": 600, "remark": "by hand"})
    assert answer.code == 0, answer.body
    data = answer.data
    assert data["manual"] is True and data["source"] == "manual" and data["durationS"] == 7200
    assert data["coverage"] == 750 and data["efficiency"] == 30000
    listed = await site.dealer.call("/taskReport/list", {"deviceId": device.id})
    assert [r["taskName"] for r in listed.data["list"]] == ["Hand wash"]
    assert await aggregates(db, [device.id]) == await raw_sums(db, [device.id])


@pytest.mark.parametrize(("change", "field"), [
    ({"endTime": -3600}, "startTime"),             # ends before it starts
    ({"startTime": 86400 * 62, "endTime": 86400 * 62 + 60}, "startTime"),  # in the future
    ({"endTime": 86400 * 40}, "endTime"),          # longer than 31 days
    ({"cleanedArea": 900}, "cleanedArea"),        # more than planned
    ({"taskName": ""}, "taskName"),
    ({"deviceId": 0}, "deviceId"),
])
async def test_a_bad_manual_record_is_refused_naming_the_field(site, db, change, field):
    start = day_start(60)
    body = {"deviceId": site.devices[0].id, "taskName": "Hand wash", "startTime": start.isoformat(),
            "endTime": (start + timedelta(hours=1)).isoformat(), "workArea": 800, "cleanedArea": 600}
    for key in ("startTime", "endTime"):
        if key in change:
            body[key] = (start + timedelta(seconds=change.pop(key))).isoformat()
    answer = await site.dealer.call("/taskReport/insertTaskReport", {**body, **change})
    assert answer.code == Code.BAD_PARAMETER, answer.body
    assert answer.field == field
    assert await db.scalar(select(TaskReport.id).where(TaskReport.device_id == site.devices[0].id)) is None


async def test_delete_one_and_before_a_time(site, db):
    a, b = site.devices
    ids = await store(db, message(a.id, day_start(5)), message(a.id, day_start(3)), message(a.id, day_start(1)),
                      message(b.id, day_start(5)))
    one = await site.dealer.call("/taskReport/deleteTaskReport", {"taskReportId": ids[2]})
    assert one.code == 0 and one.data == {"deleted": 1}
    before = await site.dealer.call("/taskReport/deleteTaskReport", {"time": day_start(2).isoformat(),
                                                                     "deviceIds": [a.id]})
    assert before.code == 0 and before.data == {"deleted": 2}
    db.expire_all()
    left = set(await db.scalars(select(TaskReport.id).where(TaskReport.device_id.in_([a.id, b.id]))))
    assert left == {ids[3]}
    assert await aggregates(db, [a.id, b.id]) == await raw_sums(db, [a.id, b.id])
    for body, field in [({}, "taskReportId"), ({"time": day_start(2).isoformat()}, "deviceIds"),
                        ({"deviceIds": [a.id]}, "taskReportId")]:
        refused = await site.dealer.call("/taskReport/deleteTaskReport", body)
        assert refused.code == Code.BAD_PARAMETER and refused.field == field, body


async def test_a_group_run_lists_its_child_tasks(site, db):
    a = site.devices[0]
    ids = await store(db, message(a.id, day_start(1, 8), schedule="Night round", task_name="Floor 1"),
                      message(a.id, day_start(1, 9), schedule="Night round", task_name="Floor 2"),
                      message(a.id, day_start(1, 10), task_name="Alone"))
    listed = await site.dealer.call("/taskReport/list", {})
    gids = {r["taskName"]: r["gid"] for r in listed.data["list"]}
    assert gids == {"Floor 1": ids[0], "Floor 2": ids[0], "Alone": ids[2]}
    children = await site.dealer.call("/taskReport/listChildTask", {"gid": ids[0]})
    assert [c["taskName"] for c in children.data] == ["Floor 1", "Floor 2"]
    alone = await site.dealer.call("/taskReport/listChildTask", {"gid": ids[2]})
    assert [c["taskName"] for c in alone.data] == ["Alone"]


async def test_detail_carries_the_recorded_path(site, db):
    path = [[0.0, 0.0], [1.5, 0.0], [1.5, 2.0]]
    [report_id] = await store(db, message(site.devices[0].id, day_start(1), path=path))
    answer = await site.customer.call("/taskReport/detail", {"taskReportId": report_id})
    assert answer.code == 0, answer.body
    assert answer.data["path"] == path and answer.data["hasPath"] is True


async def test_clear_data_removes_old_reports_and_their_aggregates_together(site, db):
    a = site.devices[0]
    old = day_start(400)
    await store(db, message(a.id, old), message(a.id, day_start(2)))
    removed = await purge_older_than(db, site.owner.path, datetime.now(UTC) - timedelta(days=365))
    await db.commit()
    assert removed["task_reports"] == 1
    assert await aggregates(db, [a.id]) == await raw_sums(db, [a.id])
    assert {key[1] for key in await aggregates(db, [a.id])} == {day_start(2).date()}
