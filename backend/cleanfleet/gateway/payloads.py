"""Reading the robots' MQTT messages (docs/robot-contract.md "MQTT contract" is the contract).

Topics ``cf/<sn>/up/<channel>``; payloads are JSON objects with ``v``, ``msgId``, ``sn``, ``ts`` and the
channel's fields, each checked against its range here (``gateway.fields``). Anything malformed raises
``BadMessage`` naming the field, and the gateway drops the message and counts it for that robot.
"""

from datetime import datetime, timedelta
from typing import Any

import orjson

from cleanfleet.core.arrivals import TYPE_ALARM, TYPE_REMINDER, AlarmMessage, ReportMessage
from cleanfleet.gateway.coverage import coverage_grid
from cleanfleet.gateway.directory import KnownDevice
from cleanfleet.gateway.fields import (
    BadMessage,
    Fields,
    counts,
    droppable,
    flag,
    integer,
    items,
    number,
    reader,
    robot_time,
    shape,
    text,
    word,
)
from cleanfleet.realtime.schemas import LiveDevice, LivePose

__all__ = ["BadMessage", "decode", "topic_parts"]

TOPIC_ROOT = "cf"
# Heartbeats at QoS 0: a newer one comes in seconds, so the broker neither waits for our acknowledgement
# (its window of unacknowledged messages caps throughput) nor queues stale ones while the server is down
# (which would fill the session's queue before the alarms that matter). Everything else at QoS 1.
SUBSCRIPTIONS = (("cf/+/up/heartbeat", 0), ("cf/+/up/status", 1), ("cf/+/up/alarm", 1), ("cf/+/up/report", 1),
                 ("cf/+/up/event", 1))
MAX_PAYLOAD = 64 * 1024  # a report with every alarm key is a few kB (its coverage grid up to 48 kB); a heartbeat ~1 kB

# The ranges: generous for any real robot, tight enough that every value fits its column and its sums.
METRES = 100_000.0  # map coordinates: 100 km either way of the origin
ANGLE = 6.3  # radians: robots report -pi..pi or 0..2pi
AREA = 10_000_000.0  # m², 10 km²
LONGEST_RUN_S = 31 * 24 * 3600
COUNT = 1_000_000
PERCENT = number(0, 100)
PORT = integer(1, 65535)
PROTOCOL = integer(1, 99)

ENVELOPE: Fields = {"v": integer(1, 99), "msgId": word(128), "sn": word(64), "ts": robot_time,
                    "robotTime": word(64)}
HEARTBEAT: Fields = {
    "online": flag, "intervalS": number(0, 3600), "protocol": PROTOCOL, "model": text(64), "frpPort": PORT,
    "battery": PERCENT, "charging": flag, "onPile": flag, "state": word(16), "mode": word(16), "map": text(128),
    "localized": flag, "pose": shape({"x": number(-METRES, METRES), "y": number(-METRES, METRES),
                                      "yaw": number(-ANGLE, ANGLE)}),
    "speed": shape({"linear": number(-10, 10), "angular": number(-10, 10)}),  # m/s, rad/s
    "task": text(128), "runId": word(128), "progress": PERCENT, "cleanedArea": number(0, AREA),
    "versions": shape({"firmware": text(64), "soft": text(64), "pad": text(64)}),
    "alarms": items(100, word(64)),
    "locked": flag, "emergencyStop": flag, "brake": flag, "handMode": flag,
    "disinfectant": shape({"level": integer(0, 3), "left": PERCENT, "right": PERCENT}),
    "odometerM": number(0, 1e9), "uptimeS": integer(0, 10**10),
}
STATUS: Fields = {"online": flag, "reason": word(16), "protocol": PROTOCOL, "frpPort": PORT}
ALARM: Fields = {
    "action": word(8, "raise", "clear"), "alarmId": word(128), "key": word(64), "code": word(16),
    "codeNum": integer(0, 2**31 - 1), "kind": word(16), "level": word(16, TYPE_ALARM, TYPE_REMINDER),
    "text": text(255), "raisedAt": word(64), "clearedAt": word(64),  # robot time: not used, only bounded
}
REPORT: Fields = {
    "runId": word(128), "taskName": text(128), "map": text(128), "source": word(32), "scheduleName": text(128),
    "result": word(16), "reason": text(255), "startTime": robot_time, "endTime": robot_time,
    "durationS": integer(0, LONGEST_RUN_S), "workArea": number(0, AREA), "cleanedArea": number(0, AREA),
    "coverage": number(0, 200),  # percent of the plan: a run may clean more than it planned
    "efficiency": number(0, COUNT), "distanceM": number(0, 1e7), "batteryStart": PERCENT, "batteryEnd": PERCENT,
    "cleanMode": word(16), "pathType": word(16),
    "alarms": shape({"total": integer(0, COUNT), "byKey": counts(100, word(64), integer(0, COUNT))}),
    # the cells the run cleaned (contract version 2; gateway/coverage.py): a bad grid is dropped alone
    "coverageGrid": droppable("coverageGrid", coverage_grid),
}
# command acks and job progress (docs/robot-contract.md "event"); ingest hands them to the bus (core.bus.ROBOT_EVENTS)
EVENT: Fields = {"kind": word(32), "cmdId": word(128), "cmd": word(32), "code": integer(-(2**31), 2**31 - 1),
                 "msg": text(255), "state": word(16), "progress": PERCENT, "map": text(128), "direction": word(16),
                 # ota (versions.ota): the version being installed and why an update failed or was cancelled
                 "version": text(64), "reason": text(255)}
SHAPES: dict[str, Fields] = {channel: {**ENVELOPE, **fields} for channel, fields in (
    ("heartbeat", HEARTBEAT), ("status", STATUS), ("alarm", ALARM), ("report", REPORT), ("event", EVENT))}
CHANNELS = frozenset(SHAPES)
READERS = {channel: reader(fields) for channel, fields in SHAPES.items()}  # ``read`` for each, faster (fields.py)


def topic_parts(topic: str) -> tuple[str, str]:
    """(serial number, channel) of ``cf/<sn>/up/<channel>``; the channel is checked by ``decode``."""
    parts = topic.split("/")
    if len(parts) != 4 or parts[0] != TOPIC_ROOT or parts[2] != "up" or not 0 < len(parts[1]) <= 64:
        raise BadMessage("not a robot topic")
    return parts[1], parts[3]


def decode(payload: bytes, serial_number: str, channel: str) -> dict[str, Any]:
    """The payload's known fields, checked for the channel (None where absent)."""
    read_fields = READERS.get(channel)
    if read_fields is None:
        raise BadMessage(f"unknown channel {channel[:32]!r}")
    if len(payload) > MAX_PAYLOAD:
        raise BadMessage(f"payload over {MAX_PAYLOAD} bytes ({len(payload)})")
    try:
        body = orjson.loads(payload)
    except orjson.JSONDecodeError as exc:
        raise BadMessage(f"payload is not JSON: {str(exc)[:80]}") from None
    if type(body) is not dict:
        raise BadMessage("payload is not a JSON object")
    checked = read_fields(body)
    if checked["sn"] is not None and checked["sn"] != serial_number:
        raise BadMessage("differs from the topic's", "sn")
    return checked


def msg_id(message: dict[str, Any]) -> str:
    value = message["msgId"]
    if not value:
        raise BadMessage("missing", "msgId")
    return str(value)


def alarm(device: KnownDevice, message: dict[str, Any], now: datetime) -> AlarmMessage:
    robot_alarm_id = message["alarmId"] or message["key"]
    if message["action"] is None:
        raise BadMessage("missing", "action")
    if not robot_alarm_id:
        raise BadMessage("missing", "alarmId")
    return AlarmMessage(
        device_id=device.id, serial_number=device.serial_number, owner_path=device.owner_path,
        msg_id=msg_id(message), action=message["action"], robot_alarm_id=robot_alarm_id, key=message["key"] or "",
        code=message["code"] or "", code_num=message["codeNum"], kind=message["kind"] or "message",
        type=message["level"] or TYPE_ALARM, content=message["text"] or "", at=message["ts"] or now,
    )


def report(device: KnownDevice, message: dict[str, Any], now: datetime) -> ReportMessage:
    duration_s = message["durationS"] or 0
    end = message["endTime"] or now
    start = message["startTime"]
    if start is None or start > end:  # a robot clock not set or running fast: the run ended when we heard
        start = end - timedelta(seconds=duration_s)
    alarms = message["alarms"] or {}
    fields = {
        "run_id": message["runId"] or "", "task_name": message["taskName"] or "", "map_name": message["map"] or "",
        "source": message["source"] or "", "schedule_name": message["scheduleName"] or "",
        "result": message["result"] or "", "reason": message["reason"] or "", "start_time": start, "end_time": end,
        "duration_s": duration_s, "work_area": message["workArea"] or 0.0,
        "cleaned_area": message["cleanedArea"] or 0.0, "coverage": message["coverage"] or 0.0,
        "efficiency": message["efficiency"] or 0.0, "distance_m": message["distanceM"] or 0.0,
        "battery_start": message["batteryStart"], "battery_end": message["batteryEnd"],
        "clean_mode": message["cleanMode"] or "", "path_type": message["pathType"] or "",
        "alarm_count": alarms.get("total") or 0, "alarm_counts": alarms.get("byKey") or {}, "received_at": now,
    }
    return ReportMessage(device_id=device.id, msg_id=msg_id(message), fields=fields)


def live_state(device: KnownDevice, beat: dict[str, Any], at: str) -> LiveDevice:
    """A checked heartbeat as the consoles see it (the bus adds the owner path: ``realtime.published.routed``)."""
    pose = beat["pose"] or {}
    return LiveDevice(
        deviceId=device.id, deviceSerialNumber=device.serial_number,
        online=1, battery=beat["battery"], charging=beat["charging"] is True,
        onPile=beat["onPile"] is True, state=beat["state"] or "", mode=beat["mode"] or "",
        map=beat["map"] or "", task=beat["task"] or "", progress=beat["progress"],
        cleanedArea=beat["cleanedArea"], localized=beat["localized"] is not False,
        pose=LivePose(x=pose.get("x"), y=pose.get("y"), yaw=pose.get("yaw")),
        alarms=(beat["alarms"] or [])[:20], heartbeatTime=at,
    )


def version_change(device: KnownDevice, beat: dict[str, Any]) -> list[KnownDevice]:
    """The device as its heartbeat describes it, when its protocol or versions changed."""
    protocol, versions = reported_versions(beat)
    protocol = protocol or device.protocol_version
    versions = versions or device.versions
    if protocol == device.protocol_version and versions == device.versions:
        return []
    return [KnownDevice(device.id, device.serial_number, device.secret_hash, device.owner_path, protocol, versions)]


def version_row(device: KnownDevice) -> dict[str, Any]:
    """Its row for ``service.write_versions``."""
    firmware, soft, pad = device.versions
    return {"d_id": device.id, "d_protocol": device.protocol_version, "d_firmware": firmware, "d_soft": soft,
            "d_pad": pad}


def reported_versions(beat: dict[str, Any]) -> tuple[int | None, tuple[str, str, str] | None]:
    """The protocol and (firmware, soft, pad) versions a checked heartbeat claims, where given."""
    versions = beat["versions"]
    found = None if versions is None else (versions["firmware"] or "", versions["soft"] or "", versions["pad"] or "")
    return beat["protocol"], found
