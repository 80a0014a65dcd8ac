"""The caller's robots as MassRobotics AMR Interoperability Standard (v1.0) identity and status reports.

Built from what the server stores: the device record and its type (identity), the live state row the gateway
writes from heartbeats (state, pose, map, battery) and the robot's active alarms (``errorCodes``). Nothing is
asked of the robots: a report is as fresh as the last heartbeat, and its ``timestamp`` says when that was.

Decisions where the standard leaves room (docs/domains/interop.md has the whole mapping):
- ``uuid`` is UUIDv5 of a fixed namespace and the serial number, so a robot keeps its uuid across re-registration,
  servers and restores, and a building system can compute it from the serial.
- ``planarDatum`` is the robot's current map (UUIDv5 of the namespace, the serial and the map's name): the pose is in
  that map's frame. The server stores no datum reference points, so a building system aligns each map to its own
  frame itself. A robot that never reported a map gets the datum of "no map", and one that never reported a pose
  stands at that datum's origin (``operationalState`` is then ``offline`` or the robot is not localised).
- ``operationalState``: offline when the live row says so (presence rules of the gateway); then emergency stop or
  brake is ``disabled``, manual mode ``manualOverride``, charging ``charging``, a paused task ``waitingHumanEvent``
  (someone resumes it), a running task ``navigating`` (a cleaning robot drives its coverage path), else ``idle``.
- ``errorCodes`` are the keys of the robot's active alarms (monitor/states.py ACTIVE_ALARM: raised, not cleared,
  not resolved), oldest first, each once; left out when there is none, as the standard asks.
"""

import math
import uuid
from collections import defaultdict
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.paging import PageIn, paginate
from cleanfleet.devices.access import owned_under
from cleanfleet.devices.models import Device, DeviceState
from cleanfleet.devices.types.models import DeviceType
from cleanfleet.interop.schemas import IdentityReport, Location, OperationalState, Quaternion, StatusReport
from cleanfleet.monitor.states import ACTIVE_ALARM
from cleanfleet.warn.models import Alarm

# uuid5(NAMESPACE_URL, "urn:cleanfleet:massrobotics"): fixed forever, or every robot's uuid changes
NAMESPACE = uuid.UUID("d8fa9330-ca61-54e3-ad72-c22f4e65fa55")
MANUFACTURER = "cleanfleet"  # the fleet manager (IMRFM) that reports; the robots' own maker is not stored
# The robots report no footprint: the envelope of the product's cleaning robots (the simulator's 0.6 m disc body
# plus brushes), stated in docs/domains/interop.md so a building system does not plan clearances by a fact we lack.
ENVELOPE = {"x": 0.8, "y": 0.8, "z": 1.2}
MAX_SPEED = 0.7  # m/s: the fastest task speed of the robot contract (docs/robot-contract.md, "high")
NO_MAP = ""
DISABLED_MODES = frozenset({"emergency_stop", "brake"})


def robot_uuid(serial_number: str) -> str:
    return str(uuid.uuid5(NAMESPACE, f"robot:{serial_number}"))


def datum_uuid(serial_number: str, map_name: str) -> str:
    """The planar datum of one robot's map (its pose is in that map's frame)."""
    return str(uuid.uuid5(NAMESPACE, f"map:{serial_number}:{map_name}"))


def rfc3339(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def operational_state(state: DeviceState | None) -> OperationalState:
    """The standard's state from the live row (precedence as in the module's docstring)."""
    if state is None or not state.online:
        return "offline"
    mode = state.mode or ""
    if mode in DISABLED_MODES:
        return "disabled"
    if mode == "manual":
        return "manualOverride"
    if state.charging:
        return "charging"
    if mode == "pause":
        return "waitingHumanEvent"
    if state.task_name:
        return "navigating"
    return "idle"


def heading(yaw: float | None) -> Quaternion:
    """A rotation of ``yaw`` radians about the vertical axis as a unit quaternion (identity when unknown)."""
    half = (yaw or 0.0) / 2
    return {"x": 0.0, "y": 0.0, "z": round(math.sin(half), 6), "w": round(math.cos(half), 6)}


def location(serial_number: str, state: DeviceState | None) -> Location:
    """The last reported pose on the robot's current map; the datum's origin when the robot never reported one."""
    x, y = (state.pose_x, state.pose_y) if state is not None else (None, None)
    known = x is not None and y is not None
    return {
        "x": float(x) if x is not None and known else 0.0,
        "y": float(y) if y is not None and known else 0.0,
        "angle": heading(state.pose_yaw if known and state is not None else None),
        "planarDatum": datum_uuid(serial_number, (state.map_name if state is not None else "") or NO_MAP),
    }


def identity_report(device: Device, model: str) -> IdentityReport:
    return {
        "uuid": robot_uuid(device.serial_number), "timestamp": rfc3339(device.updated_at),
        "manufacturerName": MANUFACTURER, "robotModel": model, "robotSerialNumber": device.serial_number,
        "baseRobotEnvelope": {"x": ENVELOPE["x"], "y": ENVELOPE["y"], "z": ENVELOPE["z"]},
        "maxSpeed": MAX_SPEED,
    }


def status_report(device: Device, state: DeviceState | None, error_codes: list[str]) -> StatusReport:
    seen = state.heartbeat_at if state is not None and state.heartbeat_at is not None else device.created_at
    report: StatusReport = {
        "uuid": robot_uuid(device.serial_number), "timestamp": rfc3339(seen),
        "operationalState": operational_state(state), "location": location(device.serial_number, state),
    }
    if state is not None and state.battery is not None:
        report["batteryPercentage"] = float(min(max(state.battery, 0), 100))
    if error_codes:
        report["errorCodes"] = error_codes
    return report


def _robots(path: str) -> Select[*tuple[Any, ...]]:
    return select(Device, DeviceType.name, DeviceState).join(DeviceType, DeviceType.id == Device.type_id) \
        .outerjoin(DeviceState, DeviceState.device_id == Device.id).where(owned_under(path)).order_by(Device.id)


async def identity_page(db: AsyncSession, path: str, page: PageIn) -> dict[str, Any]:
    """One page of identity reports of the robots under ``path``."""
    return await paginate(db, _robots(path), page, lambda row: identity_report(row[0], row[1]), scalars=False)


async def status_page(db: AsyncSession, path: str, page: PageIn) -> dict[str, Any]:
    """One page of status reports of the robots under ``path``, with their active alarms as error codes."""
    answer = await paginate(db, _robots(path), page, lambda row: row, scalars=False)
    codes = await _error_codes(db, [row[0].id for row in answer["list"]])
    answer["list"] = [status_report(device, state, codes.get(device.id, [])) for device, _model, state in
                      answer["list"]]
    return answer


async def _error_codes(db: AsyncSession, device_ids: list[int]) -> dict[int, list[str]]:
    if not device_ids:
        return {}
    rows = await db.execute(select(Alarm.device_id, Alarm.key, Alarm.code)
                            .where(Alarm.device_id.in_(device_ids), ACTIVE_ALARM)
                            .order_by(Alarm.raised_at, Alarm.id))
    found: dict[int, list[str]] = defaultdict(list)
    for device_id, key, code in rows:
        name = key or code or "alarm"
        if name not in found[device_id]:
            found[device_id].append(name)
    return found
