"""Reading the robots' MQTT messages (sim/README.md "MQTT contract" is the contract).

Topics ``cf/<sn>/up/<channel>``; payloads are JSON objects with ``v``, ``msgId``, ``sn``, ``ts`` and the
channel's fields. Anything malformed raises ``BadMessage`` and is dropped by the gateway.
"""

from datetime import UTC, datetime, timedelta
from typing import Any

import orjson

from cleanfleet.gateway.directory import KnownDevice
from cleanfleet.reports.service import ReportMessage
from cleanfleet.warn.models import TYPE_ALARM, TYPE_REMINDER
from cleanfleet.warn.service import AlarmMessage

TOPIC_ROOT = "cf"
CHANNELS = frozenset({"heartbeat", "status", "alarm", "report", "event"})
# Heartbeats at QoS 0: a newer one comes in seconds, so the broker neither waits for our acknowledgement
# (its window of unacknowledged messages caps throughput) nor queues stale ones while the server is down
# (which would fill the session's queue before the alarms that matter). Everything else at QoS 1.
SUBSCRIPTIONS = (("cf/+/up/heartbeat", 0), ("cf/+/up/status", 1), ("cf/+/up/alarm", 1), ("cf/+/up/report", 1),
                 ("cf/+/up/event", 1))
FUTURE_SLACK = timedelta(minutes=5)


class BadMessage(ValueError):
    pass


def topic_parts(topic: str) -> tuple[str, str]:
    """(serial number, channel) of ``cf/<sn>/up/<channel>``."""
    parts = topic.split("/")
    if len(parts) != 4 or parts[0] != TOPIC_ROOT or parts[2] != "up" or not parts[1] or parts[3] not in CHANNELS:
        raise BadMessage("not a robot topic")
    return parts[1], parts[3]


def decode(payload: bytes, serial_number: str) -> dict[str, Any]:
    try:
        body = orjson.loads(payload)
    except orjson.JSONDecodeError as exc:
        raise BadMessage("payload is not JSON") from exc
    if not isinstance(body, dict):
        raise BadMessage("payload is not a JSON object")
    sn = body.get("sn")
    if sn is not None and sn != serial_number:
        raise BadMessage("the payload's sn differs from the topic's")
    return body


def moment(value: Any, now: datetime) -> datetime:
    """An ISO 8601 time from a robot, in UTC; ``now`` when missing, unreadable or too far ahead."""
    if not isinstance(value, str):
        return now
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return now
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    parsed = parsed.astimezone(UTC)
    return now if parsed > now + FUTURE_SLACK else parsed


def _text(body: dict[str, Any], name: str, limit: int) -> str:
    value = body.get(name)
    return value[:limit] if isinstance(value, str) else ""


def _number(body: dict[str, Any], name: str) -> float | None:
    value = body.get(name)
    return float(value) if type(value) in (float, int) else None  # type: ignore[arg-type]  # bool is not int here


def _object(body: dict[str, Any], name: str) -> dict[str, Any]:
    value = body.get(name)
    return value if isinstance(value, dict) else {}


def msg_id(body: dict[str, Any]) -> str:
    value = body.get("msgId")
    if not isinstance(value, str) or not value or len(value) > 128:
        raise BadMessage("msgId missing or over 128 characters")
    return value


def alarm(device: KnownDevice, body: dict[str, Any], now: datetime) -> AlarmMessage:
    action = body.get("action")
    if action not in ("raise", "clear"):
        raise BadMessage("alarm action must be raise or clear")
    robot_alarm_id = _text(body, "alarmId", 128) or _text(body, "key", 128)
    if not robot_alarm_id:
        raise BadMessage("alarm without alarmId")
    code_num = body.get("codeNum")
    level = body.get("level")
    return AlarmMessage(
        device_id=device.id, serial_number=device.serial_number, owner_path=device.owner_path,
        msg_id=msg_id(body), action=action, robot_alarm_id=robot_alarm_id, key=_text(body, "key", 64),
        code=_text(body, "code", 16), code_num=code_num if isinstance(code_num, int) else None,
        kind=_text(body, "kind", 16) or "message", type=level if level in (TYPE_ALARM, TYPE_REMINDER) else TYPE_ALARM,
        content=_text(body, "text", 255), at=moment(body.get("ts"), now),
    )


def report(device: KnownDevice, body: dict[str, Any], now: datetime) -> ReportMessage:
    end = moment(body.get("endTime"), now)
    alarms = _object(body, "alarms")
    by_key = _object(alarms, "byKey")
    fields = {
        "run_id": _text(body, "runId", 128), "task_name": _text(body, "taskName", 128),
        "map_name": _text(body, "map", 128), "source": _text(body, "source", 32),
        "schedule_name": _text(body, "scheduleName", 128), "result": _text(body, "result", 16),
        "reason": _text(body, "reason", 255), "start_time": moment(body.get("startTime"), end), "end_time": end,
        "duration_s": int(_number(body, "durationS") or 0), "work_area": _number(body, "workArea") or 0.0,
        "cleaned_area": _number(body, "cleanedArea") or 0.0, "coverage": _number(body, "coverage") or 0.0,
        "efficiency": _number(body, "efficiency") or 0.0, "distance_m": _number(body, "distanceM") or 0.0,
        "battery_start": _number(body, "batteryStart"), "battery_end": _number(body, "batteryEnd"),
        "clean_mode": _text(body, "cleanMode", 16), "path_type": _text(body, "pathType", 16),
        "alarm_count": int(_number(alarms, "total") or 0),
        "alarm_counts": {str(k)[:64]: v for k, v in list(by_key.items())[:100] if isinstance(v, int)},
        "received_at": now,
    }
    return ReportMessage(device_id=device.id, msg_id=msg_id(body), fields=fields)


def live_state(device: KnownDevice, body: dict[str, Any], at: str) -> dict[str, Any]:
    """A heartbeat as the consoles see it (camelCase, with the owner path the hub filters on); the hot path."""
    pose = _object(body, "pose")
    alarms = body.get("alarms")
    return {
        "ownerPath": device.owner_path, "deviceId": device.id, "deviceSerialNumber": device.serial_number,
        "online": True, "battery": _number(body, "battery"), "charging": body.get("charging") is True,
        "onPile": body.get("onPile") is True, "state": _text(body, "state", 16), "mode": _text(body, "mode", 16),
        "map": _text(body, "map", 128), "task": _text(body, "task", 128),
        "progress": _number(body, "progress"), "cleanedArea": _number(body, "cleanedArea"),
        "localized": body.get("localized") is not False,
        "pose": {"x": _number(pose, "x"), "y": _number(pose, "y"), "yaw": _number(pose, "yaw")},
        "alarms": [a for a in alarms[:20] if isinstance(a, str)] if type(alarms) is list and alarms else [],
        "heartbeatAt": at,
    }


def reported_versions(body: dict[str, Any]) -> tuple[int | None, tuple[str, str, str] | None]:
    """The protocol and (firmware, soft, pad) versions a heartbeat claims, where given."""
    protocol = body.get("protocol")
    versions = body.get("versions")
    found = None
    if isinstance(versions, dict):
        found = tuple(str(versions.get(k, ""))[:64] for k in ("firmware", "soft", "pad"))
    return (protocol if isinstance(protocol, int) and 1 <= protocol <= 99 else None), found  # type: ignore[return-value]
