"""The relay's rules: which robot a call goes to, whether the caller may make it, and control leases.

A relay call names a robot web API path ``m`` and a port ``p``. The robot is the registered device with
that FRP port whose owner lies in the caller's subtree, on a port the server assigned on that node (a row
of frp_port_grants: handed out by generateFrpPort or written by a transfer-node administrator). The call
goes to ``http://<frpHost>:<p>/<m>`` where ``frpHost`` is the device's transfer node, which must be a
registered transfer node (hosts). The host and port therefore always come from the database, never from
the request, and ``m`` is checked to stay a plain path under ``api/``, ``api1/`` or ``api2/``.
"""

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from urllib.parse import quote, unquote

from sqlalchemy import delete, exists, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter, no_permission, not_found
from cleanfleet.core.scope import in_subtree
from cleanfleet.devices.models import PROTOCOL_V3, Device, DeviceState
from cleanfleet.hosts.models import NODE, FrpPortGrant, Host
from cleanfleet.relay.models import ControlLease
from cleanfleet.users.models import User

CONTROL_PAGE = "device_control/index"
CONTROL_KEY = "device_control/index/control"
REBOOT_KEY = "device_control/index/reboot"
PARAMS_KEY = "device_control/index/params"
# Robot calls that only read. The robots take them as POST (api-spec 7.9), yet they are no commands: they
# pass while another user holds the control lease, so everyone allowed to may still watch the robot.
READING_CALLS = frozenset({
    "robot_pose", "radar_info", "radar_info_raw", "sensor_info_web", "hardware_state", "disinfect_state",
    "robot_params_get", "task_state", "task_info", "taskinfo_query", "task_list", "clean_area_pre",
    "cleantask_origin", "task_all_map", "all_tasksingle_list", "elevator_point_list", "taskgroup_list",
    "timetask_list", "timetask_info", "elevator_timetask_list", "utils_list", "utils_ctrl_default_list",
    "door_access_control_list", "account_list", "map_info", "map_flag_list", "virlines_info",
})
# Commands that need a button key beyond the control key.
CALL_KEYS = {"robot_reboot": REBOOT_KEY, "reset_ubuntu_pd": REBOOT_KEY, "robot_params_set": PARAMS_KEY}
LEASE_MINUTES = (10, 30, 60, 120, 0)  # 0 = long term
_SEGMENT = re.compile(r"^[^/\\?#@:\x00-\x1f\x7f]+$")


@dataclass(frozen=True)
class Target:
    device: Device
    url: str


def robot_path(m: str, protocol: int) -> str:
    """The checked, re-encoded path of a robot call; refuses anything but a plain path of the right prefix."""
    decoded = unquote(m or "")
    segments = decoded.split("/")
    if len(decoded) > 512 or len(segments) < 2 or not all(_SEGMENT.match(s) for s in segments) \
            or any(s in (".", "..") for s in segments):
        raise bad_parameter("m", "a robot path like api1/robot_pose (no host, scheme, '..' or '@')")
    prefix = segments[0]
    if prefix not in ("api", "api1", "api2"):
        raise bad_parameter("m", "must start with api/, api1/ or api2/")
    if prefix == "api" and protocol >= PROTOCOL_V3:
        raise bad_parameter("m", f"this robot speaks protocol {protocol}: use api1/")
    if prefix == "api1" and protocol < PROTOCOL_V3:
        raise bad_parameter("m", f"this robot speaks protocol {protocol}: use api/")
    return quote(decoded, safe="/")


def call_name(path: str) -> str:
    """The robot call a checked path names: 'api1/robot_pose' -> 'robot_pose', 'api2/map/map_sync' -> 'map/map_sync'."""
    return unquote(path).partition("/")[2]


def parse_port(p: str | None) -> int:
    if p is None or not p.strip().isdigit() or not 1 <= int(p) <= 65535:
        raise bad_parameter("p", "the robot's FRP port, a number")
    return int(p)


async def device_on_port(db: AsyncSession, caller: Caller, port: int, device_id: int | None) -> Device:
    """The caller's device on this FRP port, the port as the server assigned it on the device's node
    (``device_id`` picks one when several nodes use the port). A port nobody uses, one not assigned, and
    another branch's robot all answer the same NOT_FOUND: no answer tells them apart."""
    assigned = exists().where(FrpPortGrant.frp_host == Device.frp_host, FrpPortGrant.frp_port == Device.frp_port)
    query = select(Device).where(Device.frp_port == port, assigned, in_subtree(Device.owner_path, caller))
    if device_id is not None:
        query = query.where(Device.id == device_id)
    mine = list(await db.scalars(query))
    if not mine:
        raise not_found(f"p={port}: no robot of yours on a port this server assigned")
    if len(mine) > 1:
        raise bad_parameter("deviceId", f"several of your robots use port {port}; say which with deviceId")
    return mine[0]


async def relay_target(db: AsyncSession, caller: Caller, m: str, p: str | None, device_id: int | None,
                       method: str) -> Target:
    """Where a relay call goes, after every check (control and button keys, subtree, node, online, lease, path)."""
    if not caller.holds(CONTROL_KEY):
        raise no_permission(CONTROL_KEY)
    port = parse_port(p)
    device = await device_on_port(db, caller, port, device_id)
    path = robot_path(m, device.protocol_version)
    name = call_name(path)
    if (key := CALL_KEYS.get(name)) is not None and not caller.holds(key):
        raise no_permission(key)
    node = await db.scalar(select(Host.id).where(Host.kind == NODE, Host.domain == device.frp_host).limit(1))
    if not device.frp_host or node is None:
        raise ApiError(Code.CONFLICT, f"the robot's transfer node {device.frp_host!r} is not registered",
                       field="p")
    if not await db.scalar(select(DeviceState.online).where(DeviceState.device_id == device.id)):
        raise ApiError(Code.DEVICE_OFFLINE, device.serial_number)
    if method != "GET" and name not in READING_CALLS:
        await check_not_held_by_other(db, caller, device)
    host = f"[{device.frp_host}]" if ":" in device.frp_host else device.frp_host
    return Target(device, f"http://{host}:{port}/{path}")


# --- control leases ---------------------------------------------------------------------------------


async def current_lease(db: AsyncSession, device_id: int, now: datetime | None = None) -> ControlLease | None:
    lease = await db.get(ControlLease, device_id)
    if lease is None or (lease.expires_at is not None and lease.expires_at <= (now or utcnow())):
        return None
    return lease


def _held_by(lease: ControlLease) -> str:
    until = "long term" if lease.expires_at is None else f"until {lease.expires_at.isoformat(timespec='seconds')}"
    return f"remote control is held by {lease.account} ({until})"


async def check_not_held_by_other(db: AsyncSession, caller: Caller, device: Device) -> None:
    lease = await current_lease(db, device.id)
    if lease is not None and lease.user_id != caller.user_id:
        raise ApiError(Code.CONFLICT, _held_by(lease), field="deviceId",
                       data={"holder": lease.account, "holderId": lease.user_id, "expiresAt": lease.expires_at})


async def take_control(db: AsyncSession, caller: Caller, device: Device, minutes: int) -> ControlLease:
    """Takes (or extends) the device's control for ``minutes`` (0 = long term); refused while another holds it."""
    if minutes not in LEASE_MINUTES:
        raise bad_parameter("minutes", "10, 30, 60, 120 or 0 (long term)")
    await check_not_held_by_other(db, caller, device)
    now = utcnow()
    lease = await db.get(ControlLease, device.id)
    if lease is None:
        lease = ControlLease(device_id=device.id)
        db.add(lease)
    lease.user_id, lease.account, lease.taken_at = caller.user_id, caller.account, now
    lease.expires_at = now + timedelta(minutes=minutes) if minutes else None
    await db.commit()
    return lease


async def release_control(db: AsyncSession, caller: Caller, device: Device) -> bool:
    """Gives control back: the holder, or a user above the holder in the tree; answers whether one was held."""
    lease = await current_lease(db, device.id)
    if lease is not None and lease.user_id != caller.user_id:
        holder = await db.get(User, lease.user_id)
        if holder is None or holder.path == caller.acting_path or not caller.owns_path(holder.path):
            raise ApiError(Code.CONFLICT, _held_by(lease), field="deviceId")
    await db.execute(delete(ControlLease).where(ControlLease.device_id == device.id))
    await db.commit()
    return lease is not None


def lease_answer(device: Device, lease: ControlLease | None, caller: Caller) -> dict[str, object]:
    return {"deviceId": device.id, "held": lease is not None,
            "holder": lease.account if lease else None, "holderId": lease.user_id if lease else None,
            "mine": bool(lease and lease.user_id == caller.user_id),
            "takenAt": lease.taken_at if lease else None, "expiresAt": lease.expires_at if lease else None,
            "longTerm": bool(lease and lease.expires_at is None)}
