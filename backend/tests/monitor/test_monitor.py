"""Status monitoring: the counts and robot cards of a subtree, narrowed by owner and group, refused outside."""

import uuid
from datetime import timedelta

import pytest
from sqlalchemy import update

from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.devices.models import DeviceState
from cleanfleet.reports.models import TaskReport
from cleanfleet.roles.catalogue import ROLE_DEALER
from cleanfleet.warn.models import STATE_RESOLVED
from tests.gateway.helpers import robot_device, unique_prefix
from tests.warn.helpers import add_alarm


async def set_state(db, device, **fields) -> None:
    await db.execute(update(DeviceState).where(DeviceState.device_id == device.id).values(**fields))
    await db.commit()


async def add_report(db, device, cleaned: float, ended_ago: timedelta) -> None:
    end = utcnow() - ended_ago
    db.add(TaskReport(device_id=device.id, msg_id=f"test-{uuid.uuid4().hex}", task_name="Morning sweep",
                      map_name="office-3F", start_time=end - timedelta(minutes=30), end_time=end,
                      cleaned_area=cleaned))
    await db.commit()


@pytest.fixture
async def fleet(db, make_user, signed_in):
    """A dealer with a customer: a working and a charging robot (customer's), an idle and an offline one
    (dealer's); another dealer with a robot of its own."""
    dealer, dealer_pw = await make_user(2, roles=[ROLE_DEALER])
    customer, _ = await make_user(3, parent=dealer)
    other, other_pw = await make_user(2, roles=[ROLE_DEALER])
    prefix = unique_prefix()
    robots = {
        "working": await robot_device(db, customer, f"{prefix}W", online=True),
        "charging": await robot_device(db, customer, f"{prefix}C", online=True),
        "idle": await robot_device(db, dealer, f"{prefix}I", online=True),
        "offline": await robot_device(db, dealer, f"{prefix}O"),
        "theirs": await robot_device(db, other, f"{prefix}X", online=True),
    }
    await set_state(db, robots["working"], battery=64, task_name="Lobby", progress=42.5, map_name="lobby-hall",
                    mode="cleaning")
    await set_state(db, robots["charging"], battery=30, charging=True, map_name="office-3F", mode="idle")
    await set_state(db, robots["idle"], battery=90, mode="idle")
    await set_state(db, robots["theirs"], battery=50, task_name="Theirs", progress=10.0)
    await add_report(db, robots["working"], 120.5, timedelta(minutes=10))
    await add_report(db, robots["idle"], 30.0, timedelta(minutes=20))
    await add_report(db, robots["working"], 999.0, timedelta(hours=3))  # before the day start used below
    await add_report(db, robots["theirs"], 77.0, timedelta(minutes=5))
    for _ in range(2):
        await add_alarm(db, robots["working"].id)
    await add_alarm(db, robots["idle"].id, state=STATE_RESOLVED)
    await add_alarm(db, robots["theirs"].id)
    return {"dealer": await signed_in(dealer, dealer_pw), "other": await signed_in(other, other_pw),
            "customer": customer, "robots": robots}


def day_start() -> str:
    return (utcnow() - timedelta(hours=1)).isoformat()


async def test_status_counts_the_callers_subtree(fleet):
    answer = await fleet["dealer"].call("/monitor/status", {"dayStart": day_start()})
    assert answer.code == 0, answer.body
    data = answer.data
    assert {k: data[k] for k in ("total", "online", "offline", "working", "charging", "idle", "openAlarms",
                                 "tasksToday")} == {"total": 4, "online": 3, "offline": 1, "working": 1,
                                                    "charging": 1, "idle": 1, "openAlarms": 2, "tasksToday": 2}
    assert data["areaToday"] == pytest.approx(150.5)


async def test_status_narrowed_to_an_owner_and_a_group(fleet):
    dealer, robots = fleet["dealer"], fleet["robots"]
    mine = await dealer.call("/monitor/status", {"userId": fleet["customer"].id, "dayStart": day_start()})
    assert (mine.data["total"], mine.data["working"], mine.data["charging"], mine.data["idle"]) == (2, 1, 1, 0)
    assert mine.data["areaToday"] == pytest.approx(120.5)
    group = await dealer.call("/deviceGroup/insert", {"name": f"G{uuid.uuid4().hex[:6]}",
                                                      "userId": fleet["customer"].id,
                                                      "deviceIds": [robots["charging"].id]})
    assert group.code == 0, group.body
    grouped = await dealer.call("/monitor/status", {"groupId": group.data["id"]})
    assert (grouped.data["total"], grouped.data["charging"], grouped.data["openAlarms"]) == (1, 1, 0)
    cards = await dealer.call("/monitor/robots", {"groupId": group.data["id"]})
    assert [c["deviceId"] for c in cards.data["list"]] == [robots["charging"].id]
    # another branch may use neither the owner nor the group
    other = fleet["other"]
    assert (await other.call("/monitor/status", {"userId": fleet["customer"].id})).code == Code.NOT_FOUND
    assert (await other.call("/monitor/robots", {"groupId": group.data["id"]})).code == Code.NOT_FOUND


async def test_status_refuses_a_day_start_far_away(fleet):
    answer = await fleet["dealer"].call("/monitor/status", {"dayStart": (utcnow() - timedelta(days=3)).isoformat()})
    assert (answer.code, answer.field) == (Code.BAD_PARAMETER, "dayStart")


async def test_robot_cards_online_first_with_their_live_state(fleet):
    robots = fleet["robots"]
    answer = await fleet["dealer"].call("/monitor/robots", {"pageSize": 10, "currentPage": 1})
    assert answer.code == 0, answer.body
    cards = answer.data["list"]
    assert answer.data["total"] == 4 and len(cards) == 4
    assert cards[-1]["deviceId"] == robots["offline"].id and cards[-1]["state"] == "offline"
    assert robots["theirs"].id not in {c["deviceId"] for c in cards}
    working = next(c for c in cards if c["deviceId"] == robots["working"].id)
    assert {k: working[k] for k in ("online", "state", "battery", "charging", "taskName", "progress", "mapName",
                                    "mode", "openAlarms")} == {
        "online": 1, "state": "working", "battery": 64, "charging": False, "taskName": "Lobby", "progress": 42.5,
        "mapName": "lobby-hall", "mode": "cleaning", "openAlarms": 2}
    assert working["heartbeatTime"] and working["ownerName"]
    assert working["deviceSerialNumber"] == robots["working"].serial_number
    charging = next(c for c in cards if c["deviceId"] == robots["charging"].id)
    assert (charging["state"], charging["charging"]) == ("charging", True)
    second = await fleet["dealer"].call("/monitor/robots", {"pageSize": 3, "currentPage": 2})
    assert [c["deviceId"] for c in second.data["list"]] == [robots["offline"].id]
