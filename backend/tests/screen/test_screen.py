"""The wall display's one call and the device map's, with data in two branches: live states, places, task
reports and alarms; the other branch's never counted."""

import itertools
import os
from datetime import timedelta
from typing import Any

from sqlalchemy import delete, insert, update

from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.devices.models import Device, DeviceState
from cleanfleet.reports.models import TaskReport
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_SOFTWARE
from cleanfleet.warn.models import STATE_RESOLVED, STATE_UNRESOLVED, TYPE_ALARM, TYPE_REMINDER, Alarm

_numbers = itertools.count(1)


def _unique(prefix: str) -> str:
    return f"{prefix}{os.getpid()}S{next(_numbers):05d}"


async def _device(admin: Any, owner: Any, type_id: int, **fields: Any) -> int:
    answer = await admin.call("/device/insertDevice", {"deviceSerialNumber": _unique("SCR"), "deviceCode": fields.pop(
        "name", "Robot"), "deviceType": type_id, "userId": owner.id, **fields})
    assert answer.code == 0, answer.body
    return int(answer.data["deviceId"])


async def _place(db: Any, device_id: int, code: str, country: str, province: str = "") -> None:
    await db.execute(update(Device).where(Device.id == device_id).values(
        country_code=code, country=country, province=province))


async def _live(db: Any, device_id: int, *, charging: bool = False, task: str = "") -> None:
    await db.execute(update(DeviceState).where(DeviceState.device_id == device_id).values(
        online=True, charging=charging, task_name=task, battery=77, heartbeat_at=utcnow()))


def _report(device_id: int, ended_hours_ago: float, area: float) -> dict[str, Any]:
    end = utcnow() - timedelta(hours=ended_hours_ago)
    return {"device_id": device_id, "msg_id": _unique("r"), "start_time": end - timedelta(minutes=40), "end_time": end,
            "cleaned_area": area}


def _alarm(device_id: int, minutes_ago: float, *, kind_type: str = TYPE_ALARM, cleared: bool = False,
           state: int = STATE_UNRESOLVED, content: str = "Brush stuck", key: str = "") -> dict[str, Any]:
    raised = utcnow() - timedelta(minutes=minutes_ago)
    return {"device_id": device_id, "msg_id": _unique("a"), "robot_alarm_id": _unique("ra"), "code": "E221", "key": key,
            "type": kind_type, "level": 3, "content": content, "raised_at": raised, "state": state,
            "cleared_at": raised + timedelta(minutes=1) if cleared else None}


def _noon_offset() -> int:
    """A UTC offset that puts the wall's local time near noon, so 'an hour ago' is today wherever the test runs."""
    now = utcnow()
    return 12 * 60 - (now.hour * 60 + now.minute)


async def _two_branches(admin: Any, make_user: Any, signed_in: Any, db: Any) -> dict[str, Any]:
    type_id = (await admin.call("/device/insertDeviceType", {"typeName": _unique("Wall")})).data["typeId"]
    dealer, dealer_pw = await make_user(2, roles=[ROLE_DEALER])
    user, _ = await make_user(3, parent=dealer)
    other, other_pw = await make_user(2, roles=[ROLE_DEALER])
    working = await _device(admin, user, type_id, name="Ward 1", latitude=31.23, longitude=121.47,
                            address="Shanghai")
    charging = await _device(admin, user, type_id, name="Ward 2", latitude=23.13, longitude=113.26)
    idle = await _device(admin, dealer, type_id, name="Showroom", latitude=48.86, longitude=2.35)
    offline = await _device(admin, dealer, type_id, name="Spare")
    foreign = await _device(admin, other, type_id, name="Mall", latitude=39.9, longitude=116.4)
    await _place(db, working, "CN", "China", "Shanghai")
    await _place(db, charging, "CN", "China", "Guangdong")
    await _place(db, idle, "FR", "France", "Île-de-France")
    await _place(db, foreign, "CN", "China", "Beijing")
    await _live(db, working, task="Morning sweep")
    await _live(db, charging, charging=True)
    await _live(db, idle)
    await _live(db, foreign, task="Night scrub")
    await db.execute(insert(TaskReport), [
        _report(working, 1, 100.0), _report(charging, 2, 50.5), _report(working, 24, 200.0),
        _report(working, 24 * 8, 999.0), _report(foreign, 1, 5000.0)])
    await db.execute(insert(Alarm), [
        _alarm(working, 10, content="Lidar blocked", key="replan_failed"),
        _alarm(charging, 30, kind_type=TYPE_REMINDER, content="Dust bag full"),
        _alarm(idle, 60 * 48, cleared=True, state=STATE_RESOLVED, content="Bumper pressed"),
        _alarm(foreign, 5, content="Other branch's alarm")])
    await db.commit()
    return {"dealer": await signed_in(dealer, dealer_pw), "other": await signed_in(other, other_pw), "user": user,
            "dealerUser": dealer, "otherUser": other, "working": working, "charging": charging, "idle": idle,
            "offline": offline, "foreign": foreign}


async def test_the_wall_counts_only_the_callers_subtree(admin, make_user, signed_in, db):
    w = await _two_branches(admin, make_user, signed_in, db)
    offset = _noon_offset()
    answer = await w["dealer"].call("/screen/summary", {"utcOffsetMinutes": offset})
    assert answer.code == 0, answer.body
    data = answer.data
    assert data["counts"] == {"total": 4, "online": 3, "offline": 1, "working": 1, "charging": 1, "idle": 1,
                              "inAlarm": 1}
    assert data["onlineRate"] == 0.75
    assert (data["openAlarms"], data["alarmsToday"]) == (2, 2)
    assert (data["areaToday"], data["tasksToday"], data["areaWeek"]) == (150.5, 2, 350.5)
    today = (utcnow() + timedelta(minutes=offset)).date()
    assert [d["date"] for d in data["days"]] == [(today - timedelta(days=6 - i)).isoformat() for i in range(7)]
    assert [d["area"] for d in data["days"]][-2:] == [200.0, 150.5]
    assert sum(d["tasks"] for d in data["days"]) == 3
    assert {c["countryCode"]: (c["total"], c["online"]) for c in data["byCountry"]} == {
        "CN": (2, 2), "FR": (1, 1), "": (1, 0)}
    assert data["byCountry"][0]["countryCode"] == "CN"
    assert {p["province"]: p["total"] for p in data["byProvince"]} == {"Shanghai": 1, "Guangdong": 1}
    latest = data["latestAlarms"]
    assert [a["content"] for a in latest] == ["Lidar blocked", "Dust bag full", "Bumper pressed"]
    assert latest[0]["deviceId"] == w["working"] and latest[0]["deviceCode"] == "Ward 1"
    assert latest[0]["deviceSerialNumber"].startswith("SCR") and latest[0]["cleared"] is False
    assert [a["key"] for a in latest] == ["replan_failed", "", ""]  # the console translates by the robot's key
    assert (latest[2]["cleared"], latest[2]["state"]) == (True, "resolved")

    other = (await w["other"].call("/screen/summary", {"utcOffsetMinutes": offset})).data  # its run ended an hour ago
    assert (other["counts"]["total"], other["counts"]["working"], other["areaToday"]) == (1, 1, 5000.0)
    assert [a["content"] for a in other["latestAlarms"]] == ["Other branch's alarm"]

    one_user = (await w["dealer"].call("/screen/summary", {"userId": w["user"].id, "alarms": 1})).data
    assert (one_user["counts"]["total"], one_user["counts"]["online"], len(one_user["latestAlarms"])) == (2, 2, 1)
    refused = await w["dealer"].call("/screen/summary", {"userId": w["otherUser"].id})
    assert refused.code == Code.NOT_FOUND


async def test_days_follow_the_walls_local_midnight(admin, make_user, signed_in, db):
    w = await _two_branches(admin, make_user, signed_in, db)
    noon = _noon_offset()
    # half past midnight there (the next day's, or the same day's): the runs of one, two and 24 hours ago all ended
    # "yesterday" there (23:30, 22:30 and 00:30)
    offset = noon + 750 if noon + 750 <= 14 * 60 else noon - 690
    later = (await w["dealer"].call("/screen/summary", {"utcOffsetMinutes": offset})).data
    assert (later["areaToday"], later["tasksToday"]) == (0.0, 0)
    assert [d["area"] for d in later["days"]][-3:] == [0.0, 350.5, 0.0]
    assert later["days"][-1]["date"] == (utcnow() + timedelta(minutes=offset)).date().isoformat()
    bad = await w["dealer"].call("/screen/summary", {"utcOffsetMinutes": 15 * 60})
    assert (bad.code, bad.field) == (Code.BAD_PARAMETER, "utcOffsetMinutes")
    too_many = await w["dealer"].call("/screen/summary", {"alarms": 500})
    assert (too_many.code, too_many.field) == (Code.BAD_PARAMETER, "alarms")


async def test_the_device_map_lists_every_device_with_its_state(admin, make_user, signed_in, db):
    w = await _two_branches(admin, make_user, signed_in, db)
    answer = await w["dealer"].call("/screen/deviceMap")
    assert answer.code == 0, answer.body
    devices = {d["deviceId"]: d for d in answer.data["devices"]}
    assert set(devices) == {w["working"], w["charging"], w["idle"], w["offline"]}
    assert answer.data["truncated"] is False
    assert {i: devices[w[i]]["state"] for i in ("working", "charging", "idle", "offline")} == {
        "working": "alarm", "charging": "charging", "idle": "idle", "offline": "offline"}
    alarmed = devices[w["working"]]
    assert (alarmed["activeAlarms"], alarmed["task"], alarmed["battery"], alarmed["online"]) == (1, "Morning sweep", 77,
                                                                                                  1)
    assert (alarmed["latitude"], alarmed["longitude"], alarmed["address"]) == (31.23, 121.47, "Shanghai")
    assert alarmed["userId"] == w["user"].id and alarmed["account"] == w["user"].account
    assert alarmed["heartbeatTime"] is not None
    spare = devices[w["offline"]]
    assert (spare["latitude"], spare["longitude"], spare["online"], spare["heartbeatTime"]) == (None, None, 0, None)
    assert devices[w["charging"]]["activeAlarms"] == 0  # a reminder colours nothing

    one_user = await w["dealer"].call("/screen/deviceMap", {"userId": w["user"].id})
    assert {d["deviceId"] for d in one_user.data["devices"]} == {w["working"], w["charging"]}
    other = await w["other"].call("/screen/deviceMap")
    assert [d["deviceId"] for d in other.data["devices"]] == [w["foreign"]]
    assert other.data["devices"][0]["state"] == "alarm"  # its own alarm, running a task


async def test_the_map_needs_its_page_key_and_the_wall_only_sign_in(make_user, signed_in):
    developer, password = await make_user(2, roles=[ROLE_SOFTWARE])  # a preset without device/deviceAmap
    api = await signed_in(developer, password)
    assert (await api.call("/screen/deviceMap")).code == Code.NO_PERMISSION
    wall = await api.call("/screen/summary")
    assert wall.code == 0 and wall.data["counts"]["total"] == 0 and wall.data["latestAlarms"] == []
    assert len(wall.data["days"]) == 7 and wall.data["onlineRate"] == 0.0


async def test_the_wall_the_map_and_the_index_page_apply_the_same_state_rules(admin, make_user, signed_in, db):
    """One definition (monitor.states): the wall's counts are the index page's, and each robot's map state is
    its card's (but for alarm, which only the map shows), with a robot charging while running a task (charging
    wins) and one that never reported (no live state row: offline)."""
    w = await _two_branches(admin, make_user, signed_in, db)
    type_id = (await admin.call("/device/insertDeviceType", {"typeName": _unique("Rules")})).data["typeId"]
    both = await _device(admin, w["dealerUser"], type_id, name="Docked")
    await _live(db, both, charging=True, task="Paused sweep")
    await db.execute(delete(DeviceState).where(DeviceState.device_id == w["offline"]))
    await db.commit()

    wall = (await w["dealer"].call("/screen/summary")).data
    status = (await w["dealer"].call("/monitor/status")).data
    assert {k: v for k, v in wall["counts"].items() if k != "inAlarm"} == {
        k: status[k] for k in ("total", "online", "offline", "working", "charging", "idle")}
    assert wall["counts"] == {"total": 5, "online": 4, "offline": 1, "working": 1, "charging": 2, "idle": 1,
                              "inAlarm": 1}
    assert wall["openAlarms"] == status["openAlarms"] == 2

    cards = (await w["dealer"].call("/monitor/robots", {"pageSize": 50})).data["list"]
    on_map = {d["deviceId"]: d["state"] for d in (await w["dealer"].call("/screen/deviceMap")).data["devices"]}
    by_card = {c["deviceId"]: c["state"] for c in cards}
    assert by_card == {w["working"]: "working", w["charging"]: "charging", w["idle"]: "idle",
                       w["offline"]: "offline", both: "charging"}
    assert on_map == {**by_card, w["working"]: "alarm"}
