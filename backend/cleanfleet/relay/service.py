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
from typing import Any
from urllib.parse import quote, unquote

from sqlalchemy import and_, delete, exists, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.audit.service import record_here
from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.core.scope import in_subtree
from cleanfleet.core.texts import Text
from cleanfleet.core.validation import ONE_OF
from cleanfleet.devices.models import PROTOCOL_V3, Device, DeviceState
from cleanfleet.hosts.models import NODE, FrpPortGrant, Host
from cleanfleet.realtime.published import routed
from cleanfleet.realtime.schemas import LiveLease
from cleanfleet.relay import texts
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
KEY_REFUSALS: dict[str, Text] = {REBOOT_KEY: texts.NO_REBOOT, PARAMS_KEY: texts.NO_PARAMS}
LEASE_MINUTES = (10, 30, 60, 120, 0)  # 0 = long term
_ATTEMPTS = 5  # a take or release that keeps losing races to others answers CONFLICT (changing hands)
_SEGMENT = re.compile(r"^[^/\\?#@:\x00-\x1f\x7f]+$")


@dataclass(frozen=True)
class Target:
    device: Device
    url: str
    call: str = ""  # the robot call the path names ('map_save', 'map/Upload')


def robot_path(m: str, protocol: int) -> str:
    """The checked, re-encoded path of a robot call; refuses anything but a plain path of the right prefix."""
    decoded = unquote(m or "")
    segments = decoded.split("/")
    if len(decoded) > 512 or len(segments) < 2 or not all(_SEGMENT.match(s) for s in segments) \
            or any(s in (".", "..") for s in segments):
        raise bad_parameter("m", texts.BAD_PATH)
    prefix = segments[0]
    if prefix not in ("api", "api1", "api2"):
        raise bad_parameter("m", texts.BAD_PREFIX)
    if prefix == "api" and protocol >= PROTOCOL_V3:
        raise bad_parameter("m", texts.USE_PREFIX, protocol=protocol, prefix="api1/")
    if prefix == "api1" and protocol < PROTOCOL_V3:
        raise bad_parameter("m", texts.USE_PREFIX, protocol=protocol, prefix="api/")
    return quote(decoded, safe="/")


def call_name(path: str) -> str:
    """The robot call a checked path names: 'api1/robot_pose' -> 'robot_pose', 'api2/map/map_sync' -> 'map/map_sync'."""
    return unquote(path).partition("/")[2]


def parse_port(p: str | None) -> int:
    if p is None or not p.strip().isdigit() or not 1 <= int(p) <= 65535:
        raise bad_parameter("p", texts.BAD_PORT)
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
        raise ApiError(Code.NOT_FOUND, texts.NO_ROBOT_ON_PORT, field="p", values={"port": port})
    if len(mine) > 1:
        raise bad_parameter("deviceId", texts.SEVERAL_ON_PORT, port=port)
    return mine[0]


async def relay_target(db: AsyncSession, caller: Caller, m: str, p: str | None, device_id: int | None,
                       method: str) -> Target:
    """Where a relay call goes, after every check (control and button keys, subtree, node, online, lease, path)."""
    if not caller.holds(CONTROL_KEY):
        raise ApiError(Code.NO_PERMISSION, texts.NO_CONTROL)
    port = parse_port(p)
    device = await device_on_port(db, caller, port, device_id)
    path = robot_path(m, device.protocol_version)
    name = call_name(path)
    if (key := CALL_KEYS.get(name)) is not None and not caller.holds(key):
        raise ApiError(Code.NO_PERMISSION, KEY_REFUSALS[key], field="m")
    node = await db.scalar(select(Host.id).where(Host.kind == NODE, Host.domain == device.frp_host).limit(1))
    if not device.frp_host or node is None:
        raise ApiError(Code.CONFLICT, texts.NODE_NOT_REGISTERED, field="p", values={"node": device.frp_host or "-"})
    if not await db.scalar(select(DeviceState.online).where(DeviceState.device_id == device.id)):
        raise ApiError(Code.DEVICE_OFFLINE, texts.OFFLINE, values={"sn": device.serial_number})
    if method != "GET" and name not in READING_CALLS:
        await check_not_held_by_other(db, caller, device)
    host = f"[{device.frp_host}]" if ":" in device.frp_host else device.frp_host
    return Target(device, f"http://{host}:{port}/{path}", name)


# --- control leases ---------------------------------------------------------------------------------


async def current_lease(db: AsyncSession, device_id: int, now: datetime | None = None) -> ControlLease | None:
    """The live lease of a device (an expired one counts as none), read afresh from the database."""
    lease = await db.get(ControlLease, device_id, populate_existing=True)
    if lease is None or (lease.expires_at is not None and lease.expires_at <= (now or utcnow())):
        return None
    return lease


def held_by(lease: ControlLease) -> ApiError:
    """CONFLICT: another user holds the robot's control (named, with the end of the lease in the caller's zone).
    No data: the calls that refuse so (the control calls, the robot commands of /task/*) publish none for
    a refusal; the console shows the message and asks /device/control/state for the rest."""
    text = texts.HELD_LONG_TERM if lease.expires_at is None else texts.HELD_UNTIL
    return ApiError(Code.CONFLICT, text, field="deviceId", values={"holder": lease.account, "until": lease.expires_at})


async def check_not_held_by_other(db: AsyncSession, caller: Caller, device: Device) -> None:
    lease = await current_lease(db, device.id)
    if lease is not None and lease.user_id != caller.user_id:
        raise held_by(lease)


def changing_hands() -> ApiError:
    """CONFLICT: the lease kept changing under this call (others taking and releasing it in the same instants)."""
    return ApiError(Code.CONFLICT, texts.CONTROL_CHANGING, field="deviceId")


async def _claim(db: AsyncSession, lease: ControlLease, now: datetime) -> bool:
    """Writes ``lease`` in one statement if the robot is free, its lease expired, or the same user holds it (an
    extension); answers False, writing nothing, while another user's lease runs."""
    row = ControlLease.__table__.c
    insert = postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert
    statement = insert(ControlLease).values(
        device_id=lease.device_id, user_id=lease.user_id, account=lease.account, taken_at=lease.taken_at,
        expires_at=lease.expires_at,
    ).on_conflict_do_update(
        index_elements=["device_id"],
        set_={"user_id": lease.user_id, "account": lease.account, "taken_at": lease.taken_at,
              "expires_at": lease.expires_at},
        where=or_(row.user_id == lease.user_id, and_(row.expires_at.is_not(None), row.expires_at <= now)),
    ).returning(row.device_id)
    return (await db.execute(statement)).first() is not None


async def take_control(db: AsyncSession, caller: Caller, device: Device, minutes: int) -> ControlLease:
    """Takes (or extends) the device's control for ``minutes`` (0 = long term); refused while another holds it.

    The take is one conditional upsert, so two users taking at once never both succeed and never collide on the
    key: the loser is told who holds it. Should the lease it lost to be gone already when it looks (released in
    the same instant), it tries again, a few times, then answers that the control is changing hands."""
    if minutes not in LEASE_MINUTES:
        raise bad_parameter("minutes", ONE_OF, expected=", ".join(str(m) for m in LEASE_MINUTES))
    for _ in range(_ATTEMPTS):
        now = utcnow()
        lease = ControlLease(device_id=device.id, user_id=caller.user_id, account=caller.account, taken_at=now,
                             expires_at=now + timedelta(minutes=minutes) if minutes else None)
        if await _claim(db, lease, now):
            record_here(db, "control_taken", target=f"device#{device.id}",
                        detail={"sn": device.serial_number, "minutes": minutes})
            await db.commit()
            return lease
        holder = await current_lease(db, device.id, now)
        if holder is not None and holder.user_id != caller.user_id:
            raise held_by(holder)
    raise changing_hands()


async def may_release(db: AsyncSession, caller: Caller, lease: ControlLease | None) -> bool:
    """Whether the caller may give the lease back: the holder, or a user above the holder in the tree (a user
    beside or below the holder may not, so the console offers them no release button)."""
    if lease is None or lease.user_id == caller.user_id:
        return lease is not None
    holder = await db.get(User, lease.user_id)
    return holder is not None and holder.path != caller.acting_path and caller.owns_path(holder.path)


async def release_control(db: AsyncSession, caller: Caller, device: Device) -> bool:
    """Gives control back: the holder, or a user above the holder in the tree; answers whether one was held.

    The delete names the holder the caller was checked against, so a lease another user took in between (after
    this one expired or was released) is never removed unchecked: the call looks again and decides anew."""
    for _ in range(_ATTEMPTS):
        now = utcnow()
        lease = await current_lease(db, device.id, now)
        if lease is None:  # nothing held: an expired row goes, unless someone takes the robot meanwhile
            await db.execute(delete(ControlLease).where(
                ControlLease.device_id == device.id, ControlLease.expires_at.is_not(None),
                ControlLease.expires_at <= now).execution_options(synchronize_session=False))
            await db.commit()
            return False
        if not await may_release(db, caller, lease):
            raise held_by(lease)
        gone = await db.execute(delete(ControlLease).where(
            ControlLease.device_id == device.id, ControlLease.user_id == lease.user_id,
        ).execution_options(synchronize_session=False))
        if gone.rowcount:  # type: ignore[attr-defined]
            record_here(db, "control_released", target=f"device#{device.id}",
                        detail={"sn": device.serial_number, "holder": lease.account})
            await db.commit()
            return True
    raise changing_hands()


def lease_answer(device: Device, lease: ControlLease | None, caller: Caller,
                 may_release: bool = False) -> dict[str, object]:
    return {"deviceId": device.id, "held": lease is not None,
            "holder": lease.account if lease else None, "holderId": lease.user_id if lease else None,
            "mine": bool(lease and lease.user_id == caller.user_id), "mayRelease": may_release,
            "takenAt": lease.taken_at if lease else None, "expiresAt": lease.expires_at if lease else None,
            "longTerm": bool(lease and lease.expires_at is None)}


def lease_event(device: Device, lease: ControlLease | None) -> dict[str, Any]:
    """What every console watching the robot hears when its lease changes (``live.leases``, routed): the same
    fields for every viewer; whether it is theirs or theirs to release they ask ``/device/control/state``."""
    return routed(device.owner_path, LiveLease(
        deviceId=device.id, held=lease is not None, holder=lease.account if lease else None,
        holderId=lease.user_id if lease else None,
        expiresAt=lease.expires_at.isoformat() if lease and lease.expires_at else None,
        longTerm=bool(lease and lease.expires_at is None)))
