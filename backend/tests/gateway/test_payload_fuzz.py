"""A bounded fuzz of robot messages per channel: whatever one robot sends, nothing raises out of the ingest, a good
robot's heartbeat and alarm sent after it are stored, and so is the sender's own next good heartbeat."""

import itertools
import json

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from cleanfleet.gateway.payloads import SHAPES
from cleanfleet.warn.models import Alarm
from tests.gateway.helpers import alarm, heartbeat, report, status, topic
from tests.gateway.test_ingest import fleet, state_of  # noqa: F401  (the same three robots and their reader)

_rounds = itertools.count(1)

EXTREMES = st.sampled_from([
    1e308, -1e308, 2**63, -(2**63) - 1, 2**64, 2**70, 2**31, 32768, 1e16, -1, 101, 0.5, True, "", "\x00", "x" * 300,
    "0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-14:00", "2026-02-30T00:00:00Z", "raise", "clear", [], {},
    {"x": 1e308, "y": -1e308, "yaw": 2**64}, {"total": 2**63, "byKey": {"imu": 2**64}}, ["imu"] * 200,
])
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
                    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=300))
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                      max_size=4), max_leaves=12)
VALUES = st.one_of(EXTREMES, EXTREMES, EXTREMES, JSON)


def good(sn: str, channel: str) -> dict:
    made = {"heartbeat": lambda: heartbeat(sn), "status": lambda: status(sn, online=True),
            "alarm": lambda: alarm(sn, "raise", "fuzz", f"{sn}-fuzz-{next(_rounds)}"),
            "report": lambda: report(sn, f"{sn}-fuzz-{next(_rounds)}"),
            "event": lambda: orjson.dumps({"v": 1, "msgId": f"{sn}-e", "sn": sn, "kind": "docked"})}
    return orjson.loads(made[channel]())


def garbage(channel: str) -> st.SearchStrategy[tuple[str, bytes | dict]]:
    """(a stray topic or "", payload): mostly a good message with some of its channel's fields replaced."""
    known = st.sampled_from(sorted(SHAPES[channel]))
    names = st.one_of(known, known, known, st.text(max_size=8))
    return st.one_of(
        st.tuples(st.just(""), st.dictionaries(names, VALUES, min_size=1, max_size=4)),
        st.tuples(st.just(""), st.dictionaries(names, VALUES, min_size=1, max_size=4)),
        st.tuples(st.just(""), st.binary(max_size=300)),
        st.tuples(st.text(max_size=40), st.just({})),
    )


@pytest.mark.parametrize("channel", sorted(SHAPES))
@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
async def test_after_any_garbage_the_good_robots_heartbeat_and_alarm_are_stored(fleet, db, channel, data):  # noqa: F811
    ingest, devices = fleet
    sender, robot = devices[1], devices[0]
    sn = robot.serial_number
    stray_topic, payload = data.draw(garbage(channel))
    if isinstance(payload, dict):  # json: ints beyond 64 bits too
        payload = json.dumps({**good(sender.serial_number, channel), **payload}).encode()
    await ingest.receive(stray_topic or topic(sender.serial_number, channel), payload, lambda: None)
    battery = next(_rounds) % 101
    alarm_id = f"after-{next(_rounds)}"
    await ingest.receive(topic(sn, "heartbeat"), heartbeat(sn, battery=battery))
    await ingest.receive(topic(sn, "alarm"), alarm(sn, "raise", alarm_id, f"{sn}-{alarm_id}"), lambda: None)
    await ingest.flush()
    state = await state_of(db, robot)
    assert (state.online, state.battery) == (True, battery)
    assert await db.scalar(select(Alarm.robot_alarm_id).where(Alarm.msg_id == f"{sn}-{alarm_id}")) == alarm_id
    await ingest.receive(topic(sender.serial_number, "heartbeat"), heartbeat(sender.serial_number, battery=battery))
    await ingest.flush()
    assert (await state_of(db, sender)).battery == battery
