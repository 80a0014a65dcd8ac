"""``fields.reader`` (the checks in one loop, for the hot path) answers exactly what ``fields.read`` answers: the same
checked fields for a message it accepts, the same refusal (field and message) for one it refuses."""

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cleanfleet.gateway.fields import BadMessage, read, reader
from cleanfleet.gateway.payloads import READERS, SHAPES
from tests.gateway.helpers import alarm, heartbeat, report, status
from tests.gateway.test_payload_fuzz import VALUES

GOOD = {"heartbeat": heartbeat("SN1"), "status": status("SN1", online=True),
        "alarm": alarm("SN1", "raise", "A1", "m-1"), "report": report("SN1", "m-2"),
        "event": orjson.dumps({"v": 1, "msgId": "e", "sn": "SN1", "kind": "docked", "progress": 5})}


def answer(read_fields, body: dict) -> object:  # noqa: ANN001
    try:
        return read_fields(body)
    except BadMessage as exc:
        return ("refused", str(exc), exc.path, exc.why)


@pytest.mark.parametrize("channel", sorted(SHAPES))
def test_the_contracts_messages_read_alike(channel):
    body = orjson.loads(GOOD[channel])
    assert READERS[channel](body) == read(SHAPES[channel], body)


@pytest.mark.parametrize("channel", sorted(SHAPES))
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_any_change_to_a_message_reads_alike(channel, data):
    body = orjson.loads(GOOD[channel])
    names = sorted(SHAPES[channel])
    for _ in range(data.draw(st.integers(1, 3))):
        name = data.draw(st.sampled_from(names))
        value = data.draw(VALUES)
        if isinstance(value, dict) and data.draw(st.booleans()):  # inside a nested object too
            value = {**(body.get(name) if isinstance(body.get(name), dict) else {}), **value}
        body[name] = value
    fast = answer(reader(SHAPES[channel]), body)
    assert fast == answer(lambda b: read(SHAPES[channel], b), body)
    assert fast == answer(READERS[channel], body)


def test_a_nested_refusal_is_reads_own():
    body = orjson.loads(heartbeat("SN1", pose={"x": 1.0, "y": float("1e9"), "yaw": 0.0}))
    with pytest.raises(BadMessage) as refused:
        READERS["heartbeat"](body)
    assert (refused.value.path, refused.value.why) == ("pose.y", "outside -100000..100000 (1000000000.0)")
