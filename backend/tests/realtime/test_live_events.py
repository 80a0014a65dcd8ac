"""The live events are declared once (realtime/schemas.py) and published: every message the hub sends matches its
model, the OpenAPI schema the console's types come from carries them, and the heartbeat's row is the robot's."""

from datetime import UTC, datetime
from typing import Any, get_args

import orjson
import pytest

from cleanfleet.app import create_app
from cleanfleet.devices.models import Device
from cleanfleet.gateway import payloads, service
from cleanfleet.gateway.directory import KnownDevice
from cleanfleet.realtime.hub import Hub
from cleanfleet.realtime.published import LiveMismatch, check_message, routed
from cleanfleet.realtime.schemas import LiveDevice, LiveMessage, LivePong
from cleanfleet.relay.models import ControlLease
from cleanfleet.relay.service import lease_event
from cleanfleet.versions.models import DeviceUpdate, Firmware
from cleanfleet.versions.ota import live_item
from cleanfleet.warn.service import AlarmMessage, alarm_event, resolve_event
from tests.gateway.helpers import heartbeat
from tests.realtime.test_hub import caller, drain

AT = datetime(2026, 5, 1, 8, 30, tzinfo=UTC)
PATH = "/1/7/"
ROBOT = KnownDevice(11, "SN-LIVE-1", "", PATH, 3, ("f1", "s1", "p1"))


def decoded_beat(**fields: Any) -> dict[str, Any]:
    return payloads.decode(heartbeat(ROBOT.serial_number, **fields), ROBOT.serial_number, "heartbeat")


def every_producers_events() -> dict[str, list[dict[str, Any]]]:
    """One event of each kind, built by the function of the domain that sends it."""
    device = Device(id=11, serial_number="SN-LIVE-1", owner_path=PATH)
    message = AlarmMessage(device_id=11, serial_number="SN-LIVE-1", owner_path=PATH, msg_id="m1", action="raise",
                           robot_alarm_id="a1", key="lidar_dock_failed", code="0x0610", code_num=1552, kind="fault",
                           type="alarm", content="upper lidar fault", at=AT)
    lease = ControlLease(device_id=11, user_id=5, account="ops", taken_at=AT, expires_at=AT)
    update = DeviceUpdate(id=3, device_id=11, public_id=None, rollout_id=2, group_number=1, state="SENT", progress=0,
                          reason="")
    return {
        "devices": [routed(PATH, payloads.live_state(ROBOT, decoded_beat(), AT.isoformat())),
                    routed(PATH, payloads.live_state(ROBOT, decoded_beat(pose=None, mode=None, battery=None), "t")),
                    routed(PATH, LiveDevice(deviceId=11, deviceSerialNumber="SN-LIVE-1", online=0))],
        "alarms": [alarm_event(message, 9, 1, [5]), alarm_event(message, 9, 0), resolve_event(device, 2, AT, "ops"),
                   resolve_event(device, 1, AT, "ops", 9)],
        "leases": [lease_event(device, lease), lease_event(device, None)],
        "updates": [live_item(update, device, Firmware(id=4, version="2.1.0"))],
    }


def test_every_message_the_hub_sends_matches_its_published_model():
    hub = Hub()
    console = hub.join(caller(PATH))
    for kind, events in every_producers_events().items():
        hub.publish(kind, events)  # type: ignore[arg-type]
    resynced = hub.join(caller(PATH), since=0, epoch="an-earlier-start")
    sent = [*drain(console), *drain(resynced), LivePong(type="pong")]
    for message in sent:
        check_message(orjson.dumps(message).decode())
    kinds = {m["type"] for m in sent}
    published = {get_args(option.__annotations__["type"])[0]
                 for option in get_args(get_args(LiveMessage)[0])}
    assert kinds == published == {"hello", "devices", "alarms", "updates", "leases", "resync", "pong"}


@pytest.mark.parametrize("wrong", [
    {"type": "devices", "seq": 1, "data": [{"ownerPath": PATH, "deviceId": 1, "deviceSerialNumber": "A",
                                            "online": 1}]},  # the hub's filter leaked
    {"type": "devices", "seq": 1, "data": [{"deviceId": 1, "online": 1}]},  # no serial number
    {"type": "alarms", "seq": 1, "data": [{"action": "raise", "deviceId": 1, "deviceSerialNumber": "A",
                                           "time": "t", "state": "open"}]},  # no such state
    {"type": "leases", "seq": "1", "data": []},  # a number as text
    {"type": "work", "seq": 1, "data": []},  # an event nobody declared
])
def test_a_message_off_its_model_is_refused(wrong):
    with pytest.raises(LiveMismatch):
        check_message(orjson.dumps(wrong).decode())


def test_the_published_schema_carries_every_live_message():
    schemas = create_app().openapi()["components"]["schemas"]
    mapping = schemas["LiveMessage"]["discriminator"]["mapping"]
    assert set(mapping) == {"hello", "devices", "alarms", "updates", "leases", "resync", "pong"}
    assert all(ref.removeprefix("#/components/schemas/") in schemas for ref in mapping.values())
    full = payloads.live_state(ROBOT, decoded_beat(), AT.isoformat())
    assert set(schemas["LiveDevice"]["properties"]) == set(full)  # a heartbeat's state carries every field
    assert schemas["LiveDevice"]["required"] == ["deviceId", "deviceSerialNumber", "online"]


def test_the_heartbeat_row_is_written_from_the_robots_message():
    assert service.beat_row(decoded_beat()) == (80, False, "cleaning", "office-3F", "Morning sweep", 42.0, 1.5, 2.5,
                                                0.5, "working")
    bare = decoded_beat(battery=None, charging=None, mode=None, map=None, task=None, progress=None, pose=None,
                        state=None)
    assert service.beat_row(bare) == (None, False, "", "", "", None, None, None, None, "")
