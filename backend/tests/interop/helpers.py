"""The MassRobotics test ground: robots in given live states and alarms, and the standard's schema."""

import json
import uuid
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import jsonschema

from cleanfleet.devices.models import Device, DeviceState
from cleanfleet.warn.service import AlarmMessage, store_alarms
from tests.gateway.helpers import robot_device, unique_prefix

SCHEMA = json.loads((Path(__file__).with_name("amr_interop_schema.json")).read_text(encoding="utf-8"))


def validator(report: str) -> jsonschema.Draft7Validator:
    """A validator of one of the standard's reports (``identityReport`` or ``statusReport``), formats checked."""
    return jsonschema.Draft7Validator({**SCHEMA, "$ref": f"#/definitions/{report}"},
                                      format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)


def assert_valid(report: str, documents: list[dict[str, Any]]) -> None:
    check = validator(report)
    for document in documents:
        errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in check.iter_errors(document)]
        assert not errors, (document, errors)


async def robot(db: Any, owner: Any, **state: Any) -> Device:
    """A robot of ``owner`` whose live state row holds ``state`` (none of it: a robot that never reported)."""
    device = await robot_device(db, owner, f"{unique_prefix()}MR")
    row = await db.get(DeviceState, device.id)
    if state and row is None:
        row = DeviceState(device_id=device.id)
        db.add(row)
    for name, value in state.items():
        setattr(row, name, value)
    if state:
        row.heartbeat_at = state.get("heartbeat_at", datetime.now(UTC))
    await db.commit()
    return device


async def raise_alarm(db: Any, device: Device, key: str, code: str) -> None:
    await store_alarms(db, [AlarmMessage(device.id, device.serial_number, device.owner_path, uuid.uuid4().hex,
                                         "raise", uuid.uuid4().hex[:8], key, code, int(code, 16), "fault", "alarm",
                                         "test alarm", datetime.now(UTC))])
    await db.commit()
