"""The alarm centre: the branch's alarms with filters, summary, 7-day chart, resolve one (release or dismiss),
delete one or a device's before a time; refusals name the field."""

from datetime import timedelta

import pytest
from sqlalchemy import select

from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.messages.models import Message
from cleanfleet.roles.catalogue import ROLE_DEALER
from cleanfleet.warn.models import STATE_RESOLVED, STATE_UNKNOWN, Alarm
from tests.gateway.helpers import robot_device, unique_prefix
from tests.warn.helpers import add_alarm


@pytest.fixture
async def centre(db, make_user, signed_in):
    dealer, dealer_pw = await make_user(2, roles=[ROLE_DEALER])
    customer, _ = await make_user(3, parent=dealer)
    other, other_pw = await make_user(2, roles=[ROLE_DEALER])
    prefix = unique_prefix()
    robots = {"mine": await robot_device(db, dealer, f"{prefix}M"),
              "customer": await robot_device(db, customer, f"{prefix}C"),
              "other": await robot_device(db, other, f"{prefix}O")}
    now = utcnow()
    alarms = {
        "fault": await add_alarm(db, robots["mine"].id, key="lidar_dock_failed", code="0x0610", at=now, ago=60),
        "message": await add_alarm(db, robots["customer"].id, key="network_abnormal", code="", at=now, ago=120),
        "old": await add_alarm(db, robots["mine"].id, at=now, ago=3 * 86400),
        "resolved": await add_alarm(db, robots["mine"].id, state=STATE_RESOLVED, at=now, ago=30),
        "unknown": await add_alarm(db, robots["customer"].id, state=STATE_UNKNOWN, at=now, ago=10),
        "ancient": await add_alarm(db, robots["mine"].id, at=now, ago=40 * 86400),
        "other": await add_alarm(db, robots["other"].id, at=now, ago=5),
    }
    return {"dealer": await signed_in(dealer, dealer_pw), "other": await signed_in(other, other_pw),
            "dealer_user": dealer, "customer": customer, "robots": robots,
            "ids": {k: a.id for k, a in alarms.items()}}


async def test_the_list_filters_the_branch_alarms(centre):
    ids, robots, api = centre["ids"], centre["robots"], centre["dealer"]
    everything = await api.call("/warn/list", {})
    assert everything.code == 0, everything.body
    # the last 30 days by default, newest first, the branch only
    assert [a["warnId"] for a in everything.data["list"]] == [
        ids["unknown"], ids["resolved"], ids["fault"], ids["message"], ids["old"]]
    assert everything.data["total"] == 5
    cases = {
        "state unresolved": ({"state": "unresolved"}, [ids["fault"], ids["message"], ids["old"]]),
        "state unknown": ({"state": "unknown"}, [ids["unknown"]]),
        "level 3": ({"level": 3}, [ids["unknown"], ids["resolved"], ids["fault"], ids["old"]]),
        "code": ({"code": "0x0610"}, [ids["fault"]]),
        "key": ({"key": "network_abnormal"}, [ids["message"]]),
        "device": ({"deviceId": robots["customer"].id}, [ids["unknown"], ids["message"]]),
        "owner": ({"userId": centre["customer"].id}, [ids["unknown"], ids["message"]]),
        "range": ({"startTime": (utcnow() - timedelta(days=60)).isoformat(),
                   "endTime": (utcnow() - timedelta(days=2)).isoformat()}, [ids["old"], ids["ancient"]]),
    }
    for name, (body, expected) in cases.items():
        answer = await api.call("/warn/list", {**body, "pageSize": 10})
        assert answer.code == 0, (name, answer.body)
        assert [a["warnId"] for a in answer.data["list"]] == expected, name
    paged = await api.call("/warn/list", {"pageSize": 2, "currentPage": 2})
    assert [a["warnId"] for a in paged.data["list"]] == [ids["fault"], ids["message"]]
    assert paged.data["total"] == 5


async def test_the_list_refuses_what_is_not_the_callers(centre):
    api, robots = centre["dealer"], centre["robots"]
    refused = await api.call("/warn/list", {"deviceId": robots["other"].id})
    assert (refused.code, refused.field) == (Code.NOT_FOUND, "deviceId")
    backwards = await api.call("/warn/list", {"startTime": "2026-02-01T00:00:00Z", "endTime": "2026-01-01T00:00:00Z"})
    assert (backwards.code, backwards.field) == (Code.BAD_PARAMETER, "startTime")
    level = await api.call("/warn/list", {"level": 9})
    assert (level.code, level.field) == (Code.BAD_PARAMETER, "level")
    state = await api.call("/warn/list", {"state": "gone"})
    assert (state.code, state.field) == (Code.BAD_PARAMETER, "state")
    theirs = await centre["other"].call("/warn/list", {})
    assert [a["warnId"] for a in theirs.data["list"]] == [centre["ids"]["other"]]


async def test_summary_and_chart_count_the_branch_and_move_when_resolved(centre):
    api, ids, robots = centre["dealer"], centre["ids"], centre["robots"]
    summary = await api.call("/warn/warnSummary", {})
    assert summary.code == 0, summary.body
    data = summary.data
    assert (data["total"], data["unresolved"], data["resolved"], data["unknown"]) == (5, 3, 1, 1)
    assert [(d["deviceId"], d["total"], d["unresolved"]) for d in data["byDevice"]] == [
        (robots["mine"].id, 3, 2), (robots["customer"].id, 2, 1)]
    assert {c["key"]: c["total"] for c in data["byCode"]} == {"replan_failed": 3, "lidar_dock_failed": 1,
                                                               "network_abnormal": 1}
    assert {level["level"]: level["total"] for level in data["byLevel"]} == {3: 4, 2: 1}
    chart = await api.call("/warn/chart", {}, headers={"timezone": "UTC"})
    assert chart.code == 0, chart.body
    assert len(chart.data) == 7 and chart.data[-1]["day"] == utcnow().strftime("%Y-%m-%d")
    today_before = chart.data[-1]
    assert sum(day["total"] for day in chart.data) == 5  # the 40-day-old one is not in the week
    resolved = await api.call("/warn/resumeWarn", {"warnId": ids["fault"], "resolution": "dismiss"})
    assert resolved.code == 0, resolved.body
    after = (await api.call("/warn/chart", {}, headers={"timezone": "UTC"})).data[-1]
    if today_before["day"] == after["day"]:  # the fault was raised a minute ago: today, unless midnight passed
        assert (after["unresolved"], after["resolved"]) == (today_before["unresolved"] - 1,
                                                            today_before["resolved"] + 1)
    moved = (await api.call("/warn/warnSummary", {})).data
    assert (moved["unresolved"], moved["resolved"]) == (2, 2)
    one = await api.call("/warn/chart", {"deviceId": robots["customer"].id})
    assert sum(day["total"] for day in one.data) == 2


async def test_resolving_one_alarm_records_who_how_and_tells_the_owner(centre, db):
    api, ids = centre["dealer"], centre["ids"]
    answer = await api.call("/warn/resumeWarn", {"warnId": ids["message"], "resolution": "dismiss"})
    assert answer.code == 0, answer.body
    assert answer.data["resolved"] == 1
    listed = (await api.call("/warn/list", {"key": "network_abnormal"})).data["list"][0]
    assert (listed["state"], listed["resolution"]) == ("resolved", "dismiss")
    assert listed["resolvedBy"] and listed["resolvedAt"]
    again = await api.call("/warn/resumeWarn", {"warnId": ids["message"]})
    assert (again.code, again.field) == (Code.BAD_PARAMETER, "warnId")
    theirs = await centre["other"].call("/warn/resumeWarn", {"warnId": ids["fault"]})
    assert (theirs.code, theirs.field) == (Code.NOT_FOUND, "warnId")
    neither = await api.call("/warn/resumeWarn", {})
    assert (neither.code, neither.field) == (Code.BAD_PARAMETER, "deviceSerialNumber")
    bad = await api.call("/warn/resumeWarn", {"warnId": ids["fault"], "resolution": "ignore"})
    assert (bad.code, bad.field) == (Code.BAD_PARAMETER, "resolution")
    kinds = list(await db.scalars(select(Message.kind).where(Message.user_id == centre["customer"].id)))
    assert "alarm_resolved" in kinds


async def test_deleting_one_or_a_devices_alarms_before_a_time(centre, db):
    api, ids, robots = centre["dealer"], centre["ids"], centre["robots"]
    one = await api.call("/warn/deleteWarn", {"warnId": ids["resolved"]})
    assert (one.code, one.data) == (0, {"deleted": 1})
    before = await api.call("/warn/deleteWarn", {"deviceId": robots["mine"].id,
                                                 "time": (utcnow() - timedelta(days=1)).isoformat()})
    assert (before.code, before.data) == (0, {"deleted": 2})  # old and ancient
    left = set(await db.scalars(select(Alarm.id).where(Alarm.id.in_(list(ids.values())))))
    assert left == {ids["fault"], ids["message"], ids["unknown"], ids["other"]}
    refused = await centre["other"].call("/warn/deleteWarn", {"warnId": ids["fault"]})
    assert (refused.code, refused.field) == (Code.NOT_FOUND, "warnId")
    other_device = await api.call("/warn/deleteWarn", {"deviceId": robots["other"].id, "time": utcnow().isoformat()})
    assert (other_device.code, other_device.field) == (Code.NOT_FOUND, "deviceId")
    no_time = await api.call("/warn/deleteWarn", {"deviceId": robots["mine"].id})
    assert (no_time.code, no_time.field) == (Code.BAD_PARAMETER, "time")
    nothing = await api.call("/warn/deleteWarn", {})
    assert (nothing.code, nothing.field) == (Code.BAD_PARAMETER, "deviceId")
    assert ids["other"] in set(await db.scalars(select(Alarm.id)))


async def test_a_refusal_is_written_in_the_callers_language(centre):
    answer = await centre["dealer"].call("/warn/deleteWarn", {"warnId": 2_000_000_000},
                                         headers={"Accept-Language": "de"})
    assert answer.code == Code.NOT_FOUND and "existiert nicht" in answer.message


async def test_an_alarm_stamped_a_little_ahead_by_the_robots_clock_is_listed_and_counted(centre, db):
    ahead = await add_alarm(db, centre["robots"]["mine"].id, at=utcnow() + timedelta(minutes=2))
    api = centre["dealer"]
    assert (await api.call("/warn/list", {})).data["list"][0]["warnId"] == ahead.id
    assert (await api.call("/warn/warnSummary", {})).data["total"] == 6
