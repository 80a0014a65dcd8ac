"""The live alarm calls: open alarms newest first, alarms after a reconnect, resolving a device's alarms."""

from datetime import timedelta

import pytest
from sqlalchemy import select

from cleanfleet.core.auth import caller_for_token
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.roles.catalogue import ROLE_DEALER
from cleanfleet.warn.models import STATE_RESOLVED, STATE_UNKNOWN, STATE_UNRESOLVED, Alarm
from tests.gateway.helpers import robot_device, unique_prefix
from tests.warn.helpers import add_alarm


@pytest.fixture
async def branches(db, make_user, signed_in):
    """Two dealers with a robot each (the first also a customer's robot), and alarms on all three."""
    first, first_pw = await make_user(2, roles=[ROLE_DEALER])
    customer, _ = await make_user(3, parent=first)
    second, second_pw = await make_user(2, roles=[ROLE_DEALER])
    prefix = unique_prefix()
    robots = {"first": await robot_device(db, first, f"{prefix}A"),
              "customer": await robot_device(db, customer, f"{prefix}C"),
              "second": await robot_device(db, second, f"{prefix}B")}
    now = utcnow()
    alarms = {
        "old": await add_alarm(db, robots["first"].id, at=now, ago=300),
        "new": await add_alarm(db, robots["first"].id, key="lidar_dock_failed", code="0x0610", at=now, ago=10),
        "customer": await add_alarm(db, robots["customer"].id, key="network_abnormal", code="", at=now, ago=60),
        "done": await add_alarm(db, robots["first"].id, state=STATE_RESOLVED, at=now, ago=30),
        "unknown": await add_alarm(db, robots["first"].id, state=STATE_UNKNOWN, at=now, ago=20),
        "second": await add_alarm(db, robots["second"].id, at=now, ago=5),
    }
    return {"first": await signed_in(first, first_pw), "second": await signed_in(second, second_pw),
            "customer": customer, "robots": robots, "alarms": {k: a.id for k, a in alarms.items()}}


async def test_unresolved_alarms_newest_first_in_the_subtree(branches):
    ids = branches["alarms"]
    answer = await branches["first"].call("/warn/listUnProcess", {"pageSize": 10, "currentPage": 1})
    assert answer.code == 0, answer.body
    assert [a["warnId"] for a in answer.data["list"]] == [ids["new"], ids["customer"], ids["old"]]
    assert answer.data["total"] == 3
    newest = answer.data["list"][0]
    assert (newest["key"], newest["code"], newest["state"], newest["deviceSerialNumber"]) == (
        "lidar_dock_failed", "0x0610", "unresolved", branches["robots"]["first"].serial_number)
    assert newest["deviceName"] and newest["time"] and newest["resolvedAt"] is None
    one = await branches["first"].call("/warn/listUnProcess", {"deviceSerialNumber":
                                                               branches["robots"]["customer"].serial_number})
    assert [a["warnId"] for a in one.data["list"]] == [ids["customer"]]
    owner = await branches["first"].call("/warn/listUnProcess", {"userId": branches["customer"].id})
    assert [a["warnId"] for a in owner.data["list"]] == [ids["customer"]]
    theirs = await branches["second"].call("/warn/listUnProcess", {})
    assert [a["warnId"] for a in theirs.data["list"]] == [ids["second"]]
    refused = await branches["second"].call("/warn/listUnProcess", {"userId": branches["customer"].id})
    assert refused.code == Code.NOT_FOUND


async def test_now_answers_the_alarms_after_an_id_or_a_time(branches):
    ids = branches["alarms"]
    after_id = await branches["first"].call("/warn/now", {"warnId": ids["customer"]})
    assert after_id.code == 0, after_id.body
    assert [a["warnId"] for a in after_id.data] == [ids["unknown"], ids["done"]]
    since = (utcnow() - timedelta(seconds=45)).isoformat()
    after_time = await branches["first"].call("/warn/now", {"time": since})
    assert [a["warnId"] for a in after_time.data] == [ids["new"], ids["unknown"], ids["done"]]
    form = await branches["first"].call("/warn/now", {"time": since, "userID": str(branches["customer"].id)},
                                        form=True)
    assert form.code == 0 and form.data == []
    assert ids["second"] not in {a["warnId"] for a in (await branches["first"].call("/warn/now", {})).data}


async def test_resolving_a_device_marks_its_open_alarms_and_tells_the_consoles(app, db, branches):
    ids, robots = branches["alarms"], branches["robots"]
    hub = app.state.hub
    watching = hub.join(await caller_for_token(app.state, branches["first"].token))
    elsewhere = hub.join(await caller_for_token(app.state, branches["second"].token))
    try:
        answer = await branches["first"].call("/warn/resumeWarn", {"deviceSerialNumber": robots["first"].serial_number})
        assert answer.code == 0, answer.body
        assert (answer.data["resolved"], answer.data["deviceId"]) == (2, robots["first"].id)
        messages = [watching.queue.get_nowait() for _ in range(watching.queue.qsize())]
        pushed = [m for m in messages if m["type"] == "alarms"]
        assert pushed and pushed[-1]["data"][0]["action"] == "resolve"
        assert (pushed[-1]["data"][0]["deviceId"], pushed[-1]["data"][0]["count"]) == (robots["first"].id, 2)
        assert all(m["type"] != "alarms" for m in [elsewhere.queue.get_nowait()
                                                   for _ in range(elsewhere.queue.qsize())])
    finally:
        hub.leave(watching)
        hub.leave(elsewhere)
    rows = {a.id: a for a in await db.scalars(select(Alarm).where(Alarm.id.in_(list(ids.values())))
                                              .execution_options(populate_existing=True))}
    for name in ("old", "new"):
        assert rows[ids[name]].state == STATE_RESOLVED and rows[ids[name]].resolved_at is not None
        assert rows[ids[name]].resolved_by is not None
    assert rows[ids["unknown"]].state == STATE_UNKNOWN
    assert rows[ids["customer"]].state == STATE_UNRESOLVED  # another device
    assert rows[ids["second"]].state == STATE_UNRESOLVED  # another branch
    listed = await branches["first"].call("/warn/listUnProcess", {})
    assert [a["warnId"] for a in listed.data["list"]] == [ids["customer"]]
    again = await branches["first"].call("/warn/resumeWarn", {"deviceSerialNumber": robots["first"].serial_number})
    assert again.code == 0 and again.data["resolved"] == 0


async def test_resolving_is_refused_outside_the_subtree_and_without_the_key(branches, make_user, signed_in, admin):
    robots, ids = branches["robots"], branches["alarms"]
    refused = await branches["second"].call("/warn/resumeWarn", {"deviceSerialNumber": robots["first"].serial_number})
    assert refused.code == Code.NOT_FOUND
    role = await admin.call("/user/role/insert", {"name": f"viewer{ids['old']}", "keys": ["index", "index/realWarn"]})
    viewer, viewer_pw = await make_user(2, roles=[role.data["id"]])
    as_viewer = await signed_in(viewer, viewer_pw)
    assert (await as_viewer.call("/warn/listUnProcess", {})).code == 0
    assert (await as_viewer.call("/warn/resumeWarn", {"deviceSerialNumber": "X"})).code == Code.NO_PERMISSION
    listed = await branches["first"].call("/warn/listUnProcess", {})
    assert listed.data["total"] == 3
