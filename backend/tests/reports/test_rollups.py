"""The roll-ups (``task_report_months``, ``task_report_device_months``, ``device_online_months`` per device; the
owner roll-ups ``task_report_owner_days`` and ``task_report_owner_months``) answer exactly what the raw reports and
online days say: random reports over more than a year, edits, deletes, redeliveries, online days, owner changes,
clear data, a rebuild and devices deleted; every chart call of a year, three months and a month compared with
figures summed from the raw rows here, read by device (a device list) and by owner (a branch of users).

Areas are whole square metres and coverages whole percents, so every sum is exact in any order and the
answers must be equal, not close."""

import random
from collections import defaultdict
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, select

from cleanfleet.core.retention import purge_older_than
from cleanfleet.devices.models import Device, DeviceOnlineDay, DeviceOnlineMonth
from cleanfleet.devices.presence import insert_days
from cleanfleet.reports import charts, owners
from cleanfleet.reports.charts import chart_buckets, figures, fleet_of, whole_months
from cleanfleet.reports.models import TaskReport, TaskReportDeviceMonth, TaskReportMonth, TaskReportOwnerDay
from cleanfleet.reports.service import rebuild_all
from cleanfleet.users.models import User
from tests.gateway.helpers import robot_device, unique_prefix
from tests.reports.helpers import (
    aggregates,
    day_start,
    give,
    message,
    owner_rollups_and_raw,
    rollups_and_raw,
    store,
)

DAYS = st.integers(min_value=0, max_value=420)
OPS = st.lists(st.one_of(
    st.tuples(st.just("report"), st.integers(0, 1), DAYS, st.integers(0, 23), st.sampled_from(["A", "B"]),
              st.integers(1, 50), st.booleans()),
    st.tuples(st.just("edit"), st.integers(0, 50), st.integers(1, 30), st.sampled_from(["A", "B", "C"])),
    st.tuples(st.just("delete"), st.integers(0, 50)),
    st.tuples(st.just("before"), st.integers(0, 1), DAYS),
    st.tuples(st.just("online"), st.integers(0, 1), DAYS),
    st.tuples(st.just("owner"), st.integers(0, 1)),
    st.tuples(st.just("clear"), DAYS),
    st.tuples(st.just("rebuild")),
    st.tuples(st.just("drop"), DAYS, st.sampled_from(["A", "B"])),
), min_size=1, max_size=12)


def test_whole_months_and_the_days_around_them():
    assert whole_months(date(2025, 12, 1), date(2026, 11, 22)) == (
        [date(2025, 12, 1)] + [date(2026, m, 1) for m in range(1, 11)], [(date(2026, 11, 1), date(2026, 11, 22))])
    assert whole_months(date(2026, 8, 24), date(2026, 11, 22)) == (
        [date(2026, 9, 1), date(2026, 10, 1)], [(date(2026, 8, 24), date(2026, 8, 31)),
                                                (date(2026, 11, 1), date(2026, 11, 22))])
    assert whole_months(date(2026, 11, 1), date(2026, 11, 30)) == ([date(2026, 11, 1)], [])
    assert whole_months(date(2026, 11, 16), date(2026, 11, 22)) == ([], [(date(2026, 11, 16), date(2026, 11, 22))])


@settings(max_examples=20, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(ops=OPS)
async def test_rollups_equal_the_raw_reports(site, db, admin, ops):
    device_ids = [d.id for d in site.devices]
    owner_ids = [site.owner.id, site.other.id]
    stored: list[int] = []
    sent = []
    for op in ops:
        await _other_change(site, db, admin, op)
        if op[0] == "report":
            _, which, days_ago, hour, map_name, hundreds, again = op
            if again and sent:
                await store(db, sent[-1])  # a redelivery: skipped
                continue
            m = message(device_ids[which], day_start(days_ago, hour), planned=hundreds * 100.0,
                        cleaned=hundreds * 90.0, map_name=map_name)
            sent.append(m)
            stored += await store(db, m)
        elif op[0] == "edit" and stored:
            _, pick, hundreds, map_name = op
            answer = await site.dealer.call("/taskReport/editTaskReport", {
                "taskReportId": stored[pick % len(stored)], "workArea": hundreds * 100, "cleanedArea": hundreds * 50,
                "mapName": map_name})
            assert answer.code in (0, 10005), answer.body  # 10005: deleted before
        elif op[0] == "delete" and stored:
            await site.dealer.call("/taskReport/deleteTaskReport", {"taskReportId": stored[op[1] % len(stored)]})
        elif op[0] == "before":
            _, which, days_ago = op
            await site.dealer.call("/taskReport/deleteTaskReport", {
                "deviceIds": [device_ids[which]], "time": (day_start(days_ago) + timedelta(hours=5)).isoformat()})
        stored_rollups, raw = await rollups_and_raw(db, device_ids)
        assert stored_rollups == raw
        stored_rollups, raw = await owner_rollups_and_raw(db, owner_ids)
        assert stored_rollups == raw, op


async def _other_change(site: Any, db: Any, admin: Any, op: tuple) -> None:
    """The property test's changes beside the reports: an online day, an owner change, clear data, a rebuild, and a
    device with a run and an online day deleted."""
    if op[0] == "online":
        day = datetime.now(UTC).date() - timedelta(days=op[2])
        await insert_days(db, [{"device_id": site.devices[op[1]].id, "day": day, "first_seen": datetime.now(UTC)}])
        await db.commit()
    elif op[0] == "owner":
        device_id = site.devices[op[1]].id
        owner_id = await db.scalar(select(Device.user_id).where(Device.id == device_id))
        await give(db, device_id, site.other.id if owner_id == site.owner.id else site.owner.id)
    elif op[0] == "clear":
        await purge_older_than(db, site.dealer.user.path, day_start(op[1]))
        await db.commit()
    elif op[0] == "rebuild":
        await rebuild_all(db)
        await db.commit()
    elif op[0] == "drop":
        owner = await db.get(User, site.owner.id)
        device = await robot_device(db, owner, f"{unique_prefix()}D")
        device_id = device.id
        await db.commit()
        await store(db, message(device_id, day_start(op[1]), map_name=op[2]))
        await insert_days(db, [{"device_id": device_id, "day": day_start(op[1]).date(),
                                "first_seen": datetime.now(UTC)}])
        await db.commit()
        assert (await admin.call("/device/deleteDevice", {"deviceId": device_id})).code == 0


async def _random_history(site: Any, db: Any, seed: int) -> tuple[list[TaskReport], set[tuple[int, date]]]:
    """About 300 runs and 400 online days of the two robots spread over the last 400 days."""
    rng = random.Random(seed)
    a, b = site.devices
    messages = [message(rng.choice((a.id, b.id)), day_start(rng.randrange(400), rng.randrange(24)),
                        minutes=rng.randrange(5, 240), planned=100.0 * (n := rng.randrange(1, 40)),
                        cleaned=n * rng.randrange(50, 101) * 1.0, map_name=rng.choice(("Ground", "Roof", "Hall")),
                        alarms=rng.randrange(3)) for _ in range(300)]
    await store(db, *messages)
    today = datetime.now(UTC).date()
    online = {(rng.choice((a.id, b.id)), today - timedelta(days=rng.randrange(400))) for _ in range(400)}
    await insert_days(db, [{"device_id": d, "day": day, "first_seen": datetime.now(UTC)} for d, day in online])
    await db.commit()
    reports = list((await db.scalars(select(TaskReport).where(TaskReport.device_id.in_((a.id, b.id))))).all())
    return reports, online


def _raw_figures(reports: list[TaskReport]) -> dict[str, Any]:
    return figures(len(reports), sum(r.duration_s for r in reports), sum(r.work_area for r in reports),
                   sum(r.cleaned_area for r in reports), sum(r.coverage for r in reports),
                   sum(r.alarm_count for r in reports))


def _figures_by(rows: list[dict[str, Any]], key: str) -> dict[str, dict[str, Any]]:
    return {row[key]: {k: v for k, v in row.items() if k not in ("id", "name")} for row in rows}


def _started_in(reports: list[TaskReport], first: date, last: date) -> list[TaskReport]:
    return [r for r in reports if first <= r.start_time.astimezone(UTC).date() <= last]


def _rate(online: set[tuple[int, date]], first: date, last: date, devices: int) -> int:
    days = sum(1 for _, day in online if first <= day <= last)
    return round(days / (devices * ((last - first).days + 1)) * 1000)


@pytest.mark.parametrize("listed", [False, True], ids=["branch", "device-list"])
@pytest.mark.parametrize("wide", [False, True], ids=["by-device", "by-period"])
@pytest.mark.parametrize("days_back", [0, 3])
async def test_every_chart_of_a_year_equals_the_raw_reports(site, db, days_back, wide, listed, monkeypatch):
    """Ending today (the month of the end read whole from its month row) and a few days ago (runs and online
    days after the end in that month: its days are read); the two robots read device by device (a narrow filter,
    as here among the other tests' devices) and in period order (a filter holding most of the fleet); the dealer's
    branch (the owner roll-ups where they serve) and the same robots as a device list (the device roll-ups). The
    second robot changes owner after half its history and gets more after: both owners' rows must hold it."""
    monkeypatch.setattr(charts, "WIDE_SHARE", 10**9 if wide else 0)
    reports, online = await _random_history(site, db, seed=14)
    today = datetime.now(UTC).date() - timedelta(days=days_back)
    a, b = site.devices
    await give(db, b.id, site.other.id)
    await store(db, message(a.id, day_start(0, 0), planned=100.0, cleaned=100.0),  # today: after an earlier end
                message(b.id, day_start(5, 0), planned=300.0, cleaned=200.0, map_name="Roof"),
                message(b.id, day_start(40, 0), planned=500.0, cleaned=400.0, map_name="Hall"))
    await insert_days(db, [{"device_id": a.id, "day": datetime.now(UTC).date(), "first_seen": datetime.now(UTC)},
                           {"device_id": b.id, "day": datetime.now(UTC).date() - timedelta(days=9),
                            "first_seen": datetime.now(UTC)}])
    await db.commit()
    online = {*online, (b.id, datetime.now(UTC).date() - timedelta(days=9))}
    listing = {"deviceIds": [a.id, b.id]} if listed else {}
    reports = list((await db.scalars(select(TaskReport).where(TaskReport.device_id.in_([d.id for d in site.devices]))
                                     )).all())
    online = {*online, (a.id, datetime.now(UTC).date())}
    for kind in ("year", "quarter", "month", "week"):
        bucket, buckets = chart_buckets(kind, today)
        start = buckets[0][0]
        in_range = _started_in(reports, start, today)
        chart = await site.dealer.call("/taskReport/chart", {"range": kind, "by": "device", "endDate": str(today),
                                                             **listing})
        assert chart.code == 0, chart.body
        expected = [{"start": str(first), "end": str(last), **_raw_figures(_started_in(reports, first, last)),
                     "onlineRate": _rate(online, first, last, 2)} for first, last in buckets]
        assert chart.data["points"] == expected, kind
        per_device = defaultdict(list)
        for r in in_range:
            per_device[r.device_id].append(r)
        assert _figures_by(chart.data["breakdown"], "id") == {str(d): _raw_figures(rs) for d, rs in per_device.items()}
        maps = await site.dealer.call("/taskReport/chart", {"range": kind, "by": "map", "endDate": str(today),
                                                            **listing})
        per_map = defaultdict(list)
        for r in in_range:
            per_map[r.map_name].append(r)
        per_map_figures = {m: _raw_figures(rs) for m, rs in per_map.items()}
        roof_chart = await site.dealer.call("/taskReport/chart", {"range": kind, "mapName": "Roof",
                                                                  "endDate": str(today), **listing})
        assert roof_chart.data["points"] == [
            {**point, **_raw_figures([r for r in _started_in(reports, first, last) if r.map_name == "Roof"])}
            for point, (first, last) in zip(expected, buckets, strict=True)]
        assert _figures_by(roof_chart.data["breakdown"], "id") == {
            str(d): _raw_figures([r for r in rs if r.map_name == "Roof"]) for d, rs in per_device.items()
            if any(r.map_name == "Roof" for r in rs)}
        assert _figures_by(maps.data["breakdown"], "name") == per_map_figures
        assert maps.data["points"] == expected
        owners = await site.dealer.call("/taskReport/chart", {"range": kind, "by": "owner", "endDate": str(today),
                                                              **listing})
        owner_of = {a.id: site.owner.id, b.id: site.other.id}
        assert _figures_by(owners.data["breakdown"], "id") == {str(owner_of[d]): _raw_figures(rs)
                                                               for d, rs in per_device.items()}
        assert owners.data["points"] == expected

        summary = await site.dealer.call("/taskReport/chartSummary", {"range": kind, "endDate": str(today),
                                                                      **listing})
        assert summary.code == 0, summary.body
        assert summary.data == {"range": kind, "start": str(start), "end": str(today), **_raw_figures(in_range),
                                "devices": 2, "workingDevices": len(per_device),
                                "onlineRate": _rate(online, start, today, 2)}
        roof = await site.dealer.call("/taskReport/chartSummary",
                                      {"range": kind, "mapName": "Roof", "endDate": str(today), **listing})
        assert roof.data["runs"] == len(per_map["Roof"]) and roof.data["cleanedArea"] == _raw_figures(
            per_map["Roof"])["cleanedArea"]

        places = await site.dealer.call("/taskReport/chartMap", {"range": kind, "endDate": str(today), **listing})
        assert {p["deviceId"]: (p["runs"], p["cleanedArea"], p["durationS"]) for p in places.data["places"]} == {
            d: (len(rs), round(sum(r.cleaned_area for r in rs), 2), sum(r.duration_s for r in rs))
            for d, rs in per_device.items()}
        assert _figures_by(places.data["maps"], "name") == per_map_figures
    assert bucket == "day"


async def test_a_filter_holding_most_devices_reads_in_period_order(site, db):
    everyone = await fleet_of(db, select(Device.id))
    two = await fleet_of(db, select(Device.id).where(Device.id.in_([d.id for d in site.devices])))
    assert everyone.wide and everyone.count >= 2
    assert two.count == 2 and two.wide == (everyone.count <= 2 * charts.WIDE_SHARE)


async def test_rebuild_all_and_clear_data_keep_the_rollups(site, db):
    reports, _online = await _random_history(site, db, seed=15)
    device_ids = [d.id for d in site.devices]
    for table in (TaskReportMonth, TaskReportDeviceMonth):
        await db.execute(delete(table).where(table.device_id.in_(device_ids)))
    await rebuild_all(db)
    await db.commit()
    stored_rollups, raw = await rollups_and_raw(db, device_ids)
    assert stored_rollups == raw and raw[1]
    owner_ids = [site.owner.id, site.other.id]
    await give(db, site.devices[1].id, site.other.id)
    stored_rollups, raw = await owner_rollups_and_raw(db, owner_ids)
    assert stored_rollups == raw and all(raw)
    await db.execute(delete(TaskReportOwnerDay).where(TaskReportOwnerDay.owner_id.in_(owner_ids)))
    await owners.rebuild(db)  # the bulk seed's and a repair's way: from the device rows
    await db.commit()
    assert await owner_rollups_and_raw(db, owner_ids) == (raw, raw)

    cut = datetime.now(UTC) - timedelta(days=200)
    await purge_older_than(db, site.dealer.user.path, cut)  # both owners
    await db.commit()
    stored_rollups, raw = await rollups_and_raw(db, device_ids)
    assert stored_rollups == raw
    stored_rollups, raw = await owner_rollups_and_raw(db, owner_ids)
    assert stored_rollups == raw
    days = defaultdict(int)
    for d, day in (await db.execute(select(DeviceOnlineDay.device_id, DeviceOnlineDay.day)
                                    .where(DeviceOnlineDay.device_id.in_(device_ids)))).all():
        assert day >= cut.date()
        days[(d, day.replace(day=1))] += 1
    months = {(d, m): n for d, m, n in (await db.execute(
        select(DeviceOnlineMonth.device_id, DeviceOnlineMonth.month, DeviceOnlineMonth.days)
        .where(DeviceOnlineMonth.device_id.in_(device_ids), DeviceOnlineMonth.days > 0))).all()}
    assert months == dict(days)


async def test_an_online_day_marked_twice_counts_once_in_its_month(site, db):
    a = site.devices[0]
    day = datetime.now(UTC).date() - timedelta(days=40)
    row = {"device_id": a.id, "day": day, "first_seen": datetime.now(UTC)}
    await insert_days(db, [row])
    await insert_days(db, [row, {**row, "day": day - timedelta(days=1)}])
    await db.commit()
    counted = dict((await db.execute(select(DeviceOnlineMonth.month, DeviceOnlineMonth.days)
                                     .where(DeviceOnlineMonth.device_id == a.id))).all())
    expected = defaultdict(int)
    for d in (day, day - timedelta(days=1)):
        expected[d.replace(day=1)] += 1
    assert counted == dict(expected)


async def test_a_deleted_device_takes_its_rollups_along(site, db, admin):
    a, b = site.devices
    await store(db, message(a.id, day_start(40), map_name="Roof"), message(a.id, day_start(1)),
                message(b.id, day_start(1)))
    stored_rollups, _raw = await rollups_and_raw(db, [a.id])
    assert all(stored_rollups)
    assert (await admin.call("/device/deleteDevice", {"deviceId": a.id})).code == 0
    assert await rollups_and_raw(db, [a.id]) == (({}, {}), ({}, {}))
    assert await aggregates(db, [a.id]) == {}
    stored_rollups, raw = await rollups_and_raw(db, [b.id])
    assert stored_rollups == raw and all(raw)
