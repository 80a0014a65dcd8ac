"""Every field a robot sends is checked at the edge with its range: a bad message is refused naming the field,
dropped and counted for its robot, and a good one after it is stored as ever (sim/README.md "MQTT contract")."""

import json
from datetime import UTC, datetime, timedelta

import orjson
import pytest
from sqlalchemy import select

from cleanfleet.gateway import payloads
from cleanfleet.gateway.directory import KnownDevice
from cleanfleet.reports.models import TaskReport
from cleanfleet.warn.models import Alarm
from tests.gateway.helpers import alarm, heartbeat, report, status, topic
from tests.gateway.test_ingest import fleet, state_of  # noqa: F401  (the same three robots and their reader)

SN = "T-CHECKS-1"
ROBOT = KnownDevice(1, SN, "", "/1/", 3, ("", "", ""))
GOOD = {"heartbeat": heartbeat(SN), "status": status(SN, online=True), "alarm": alarm(SN, "raise", "A", "m-1"),
        "report": report(SN, "m-2"), "event": orjson.dumps({"v": 1, "msgId": "m-3", "sn": SN, "kind": "docked"})}

# (channel, fields laid over a good message, the field the refusal names)
REFUSED = [
    ("heartbeat", {"battery": 1e308}, "battery"),
    ("heartbeat", {"battery": -0.1}, "battery"),
    ("heartbeat", {"battery": 100.01}, "battery"),
    ("heartbeat", {"battery": "80"}, "battery"),
    ("heartbeat", {"battery": True}, "battery"),
    ("heartbeat", {"progress": 101}, "progress"),
    ("heartbeat", {"cleanedArea": -1}, "cleanedArea"),
    ("heartbeat", {"intervalS": -5}, "intervalS"),
    ("heartbeat", {"pose": {"x": 1e9, "y": 0, "yaw": 0}}, "pose.x"),
    ("heartbeat", {"pose": {"x": 0, "y": -1e6, "yaw": 0}}, "pose.y"),
    ("heartbeat", {"pose": {"x": 0, "y": 0, "yaw": 100}}, "pose.yaw"),
    ("heartbeat", {"pose": [1, 2, 3]}, "pose"),
    ("heartbeat", {"speed": {"linear": 99, "angular": 0}}, "speed.linear"),
    ("heartbeat", {"speed": {"linear": 0, "angular": -99}}, "speed.angular"),
    ("heartbeat", {"protocol": 2**64}, "protocol"),  # beyond 64 bits: orjson makes it a float
    ("heartbeat", {"protocol": 18446744073709551615}, "protocol"),
    ("heartbeat", {"frpPort": 70000}, "frpPort"),
    ("heartbeat", {"uptimeS": 1.5}, "uptimeS"),
    ("heartbeat", {"odometerM": -3}, "odometerM"),
    ("heartbeat", {"state": "s" * 17}, "state"),
    ("heartbeat", {"mode": "clean\x00ing"}, "mode"),
    ("heartbeat", {"map": {"nested": {"deeper": 1}}}, "map"),
    ("heartbeat", {"alarms": ["imu"] * 101}, "alarms"),
    ("heartbeat", {"alarms": [7]}, "alarms[0]"),
    ("heartbeat", {"alarms": "imu"}, "alarms"),
    ("heartbeat", {"alarms": ["k" * 65]}, "alarms[0]"),
    ("heartbeat", {"charging": "yes"}, "charging"),
    ("heartbeat", {"versions": {"firmware": 3}}, "versions.firmware"),
    ("heartbeat", {"disinfectant": {"level": 4}}, "disinfectant.level"),
    ("heartbeat", {"disinfectant": {"left": 120}}, "disinfectant.left"),
    ("heartbeat", {"ts": "yesterday"}, "ts"),
    ("heartbeat", {"ts": 1700000000}, "ts"),
    ("heartbeat", {"v": 0}, "v"),
    ("heartbeat", {"sn": "someone-else"}, "sn"),
    ("status", {"online": "no"}, "online"),
    ("status", {"reason": "r" * 17}, "reason"),
    ("alarm", {"action": "explode"}, "action"),
    ("alarm", {"action": None}, "action"),
    ("alarm", {"alarmId": None, "key": None}, "alarmId"),
    ("alarm", {"alarmId": ["A"]}, "alarmId"),
    ("alarm", {"msgId": "m" * 129}, "msgId"),
    ("alarm", {"msgId": None}, "msgId"),
    ("alarm", {"codeNum": 2**31}, "codeNum"),
    ("alarm", {"codeNum": -1}, "codeNum"),
    ("alarm", {"level": "panic"}, "level"),
    ("alarm", {"code": "0x" + "0" * 20}, "code"),
    ("alarm", {"text": 404}, "text"),
    ("report", {"durationS": 10**12}, "durationS"),
    ("report", {"workArea": 1e308}, "workArea"),
    ("report", {"cleanedArea": -0.5}, "cleanedArea"),
    ("report", {"coverage": -1}, "coverage"),
    ("report", {"efficiency": 1e300}, "efficiency"),
    ("report", {"distanceM": 1e12}, "distanceM"),
    ("report", {"batteryEnd": 100.5}, "batteryEnd"),
    ("report", {"startTime": "not a time"}, "startTime"),
    ("report", {"alarms": {"total": -1}}, "alarms.total"),
    ("report", {"alarms": {"byKey": {f"k{i}": 1 for i in range(101)}}}, "alarms.byKey"),
    ("report", {"alarms": {"byKey": {"imu": 1e30}}}, "alarms.byKey['imu']"),
    ("report", {"alarms": {"byKey": {"k" * 65: 1}}}, f"alarms.byKey['{'k' * 64}']"),
    ("report", {"alarms": [1, 2]}, "alarms"),
    ("event", {"kind": 5}, "kind"),
]

# whole payloads and topics that are no robot message at all
NOT_MESSAGES = [
    (topic(SN, "heartbeat"), b"x" * (payloads.MAX_PAYLOAD + 1), "payload over"),
    (topic(SN, "heartbeat"), b'{"battery": 1e400}', "not JSON"),
    (topic(SN, "heartbeat"), b'{"battery": NaN}', "not JSON"),
    (topic(SN, "heartbeat"), b'{"battery": Infinity}', "not JSON"),
    (topic(SN, "heartbeat"), b"[" * 2000 + b"]" * 2000, "not JSON"),
    (topic(SN, "heartbeat"), b'{"map": "\xff"}', "not JSON"),
    (topic(SN, "heartbeat"), b"[1, 2]", "not a JSON object"),
    (topic(SN, "heartbeat"), b'"text"', "not a JSON object"),
    (topic(SN, "launch"), GOOD["heartbeat"], "unknown channel"),
    (f"cf/{SN}/up/heartbeat/extra", GOOD["heartbeat"], "not a robot topic"),
    (f"cf/{SN}/down/cmd", GOOD["heartbeat"], "not a robot topic"),
    ("cf//up/heartbeat", GOOD["heartbeat"], "not a robot topic"),
]


def laid_over(channel: str, fields: dict) -> bytes:
    return json.dumps({**orjson.loads(GOOD[channel]), **fields}).encode()  # json: ints beyond 64 bits too


@pytest.mark.parametrize(("channel", "fields", "named"), REFUSED, ids=[f"{c}-{n}" for c, _, n in REFUSED])
def test_a_field_outside_its_range_or_type_is_refused_by_name(channel, fields, named):
    with pytest.raises(payloads.BadMessage) as refused:
        checked = payloads.decode(laid_over(channel, fields), SN, channel)
        if channel in ("alarm", "report"):  # what the whole message needs is checked when it is read
            getattr(payloads, channel)(ROBOT, checked, datetime.now(UTC))
    assert str(refused.value).startswith(f"{named}:"), str(refused.value)


@pytest.mark.parametrize(("where", "payload", "why"), NOT_MESSAGES, ids=[w for _, _, w in NOT_MESSAGES])
def test_what_is_no_robot_message_is_refused(where, payload, why):
    with pytest.raises(payloads.BadMessage, match=why):
        payloads.decode(payload, *payloads.topic_parts(where))


@pytest.mark.parametrize("channel", sorted(GOOD))
def test_the_contracts_own_messages_pass(channel):
    checked = payloads.decode(GOOD[channel], SN, channel)
    assert checked["msgId"] and checked["sn"] == SN


async def test_every_refusal_is_counted_for_its_robot_and_the_next_good_message_is_stored(fleet, db):  # noqa: F811
    ingest, devices = fleet
    sn, other = devices[0].serial_number, devices[1].serial_number
    for channel, fields, named in REFUSED:
        body = {**orjson.loads(GOOD[channel]), "sn": sn, "msgId": f"{sn}-{named}", **fields}
        await ingest.receive(topic(sn, channel), json.dumps(body).encode())
        assert ingest.drops_of(sn).reason.startswith(f"{named}:"), (channel, fields)
    assert ingest.drops_of(sn).count == len(REFUSED) and ingest.drops_of(other).count == 0
    await ingest.receive(topic(sn, "heartbeat"), heartbeat(sn, battery=12))
    await ingest.receive(topic(sn, "alarm"), alarm(sn, "raise", "after", f"{sn}-after"))
    await ingest.flush()
    assert (await state_of(db, devices[0])).battery == 12
    assert list(await db.scalars(select(Alarm.robot_alarm_id).where(Alarm.device_id == devices[0].id))) == ["after"]


async def test_free_text_is_cut_to_its_column_and_robot_times_ahead_are_taken_as_arrival(fleet, db):  # noqa: F811
    ingest, devices = fleet
    sn = devices[1].serial_number
    ahead = (datetime.now(UTC) + timedelta(hours=9)).isoformat()  # a simulator's robot clock at --speed 10
    long_name = "Morning sweep of the whole third floor " * 10
    await ingest.receive(topic(sn, "heartbeat"), heartbeat(sn, task=long_name))
    await ingest.receive(topic(sn, "report"), laid_over("report", {
        "sn": sn, "msgId": f"{sn}-ahead", "taskName": long_name, "startTime": ahead, "endTime": ahead}))
    await ingest.flush()
    assert (await state_of(db, devices[1])).task_name == long_name[:128]
    row = await db.scalar(select(TaskReport).where(TaskReport.msg_id == f"{sn}-ahead"))
    assert row.task_name == long_name[:128]
    assert row.end_time <= datetime.now(UTC) and row.end_time - row.start_time == timedelta(seconds=2400)
