"""Devices: create, edit, delete, owners, addresses from coordinates, work counters, the password."""

import hashlib
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import exists, func, literal, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from cleanfleet.core.auth import Caller
from cleanfleet.core.bus import (
    DEVICE_DELETED,
    DEVICE_OWNERS_CHANGED,
    DEVICE_PORT_ASSIGNED,
    DEVICE_SECRET_SET,
    IN_TRANSACTION,
)
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.core.retention import purge_rows
from cleanfleet.core.scope import ids_on_path, path_prefix
from cleanfleet.core.validation import REQUIRED
from cleanfleet.devices import listing, texts
from cleanfleet.devices.access import get_device, get_device_by_serial, visible
from cleanfleet.devices.lbs import places
from cleanfleet.devices.models import Device, DeviceState, PasswordView
from cleanfleet.devices.schemas import DeviceInsert, DeviceUpdate
from cleanfleet.devices.types.service import check_type
from cleanfleet.users.models import TYPE_SHADOW, User
from cleanfleet.users.removal import register_owned_records
from cleanfleet.users.scope import user_in_subtree

# API field -> column, for the fields a console edit may set
FIELD_COLUMNS = {
    "deviceCode": "name", "deviceType": "type_id", "deviceUrl": "url", "address": "address",
    "address1": "address1", "area": "area", "customerName": "customer_name", "customerAddress": "customer_address",
    "latitude": "latitude", "longitude": "longitude", "simNo": "sim_no", "simSupport": "sim_support",
    "rackNumber": "rack_number", "frpHost": "frp_host", "frpPort": "frp_port", "sshPort": "ssh_port",
    "webPort": "web_port", "firmwareVersion": "firmware_version", "softVersion": "soft_version",
    "padVersion": "pad_version", "hardDiskInfo": "hard_disk_info", "protocolVersion": "protocol_version",
    "maintenancePassword": "maintenance_password", "elevatorId": "elevator_id",
}
NOT_NULL = {"deviceCode", "deviceType", "protocolVersion"}
NUMBERS = {"latitude", "longitude", "simSupport", "frpPort", "sshPort", "webPort", "elevatorId"}
# Where the relay and the node's tunnels reach the robot. Only transfer-node administrators change them (and a
# robot's own registration): a customer re-pointing frpPort would make the relay forward to whatever listens.
CONNECTION_FIELDS = ("frpHost", "frpPort", "sshPort", "webPort")
CONNECTION_KEY = "device/index/hostManage"


def search_text(name: str, serial_number: str) -> str:
    return f"{name} {serial_number}".lower()


def new_secret() -> tuple[str, str]:
    """A device secret and the hash that is stored."""
    secret = secrets.token_urlsafe(24)
    return secret, hashlib.sha256(secret.encode()).hexdigest()


async def owner_in_scope(db: AsyncSession, caller: Caller, user_id: int | None) -> User:
    """The owner a device may be given: the caller's acting user or a (non-shadow) user below it."""
    user = await user_in_subtree(db, caller, caller.acting_user_id if user_id is None else user_id)
    if user.type == TYPE_SHADOW:
        raise ApiError(Code.BAD_PARAMETER, texts.SHADOW_CANNOT_OWN, field="userId")
    return user


def _serial_taken(serial_number: str) -> ApiError:
    return ApiError(Code.ALREADY_EXISTS, texts.SERIAL_TAKEN, field="deviceSerialNumber",
                    values={"serial": serial_number})


async def check_serial_free(db: AsyncSession, serial_number: str) -> None:
    if await db.scalar(select(Device.id).where(Device.serial_number == serial_number)) is not None:
        raise _serial_taken(serial_number)


def _stored(api_name: str, value: Any) -> Any:
    return "" if value is None and api_name not in NUMBERS else value


def _apply(device: Device, changes: dict[str, Any]) -> None:
    for api_name, value in changes.items():
        if api_name in NOT_NULL and value is None:
            raise ApiError(Code.BAD_PARAMETER, REQUIRED, field=api_name)
        setattr(device, FIELD_COLUMNS[api_name], _stored(api_name, value))


def check_connection_changes(caller: Caller, device: Device | None, changes: dict[str, Any]) -> None:
    """Refuses, naming the field, a change of a connection field by a caller without CONNECTION_KEY; sending
    the value the device already has (or, for a new device, none) is no change."""
    if caller.holds(CONNECTION_KEY):
        return
    for api_name in CONNECTION_FIELDS:
        current = getattr(device, FIELD_COLUMNS[api_name]) if device is not None else _stored(api_name, None)
        if api_name in changes and _stored(api_name, changes[api_name]) != current:
            raise ApiError(Code.NO_PERMISSION, texts.CONNECTION_ADMIN_ONLY, field=api_name)


async def record_assigned_port(db: AsyncSession, device: Device, granted_by: int | None = None) -> None:
    """The device's FRP port counts as assigned on its node (the relay answers only for assigned ports): hosts
    keeps the grants, hearing DEVICE_PORT_ASSIGNED."""
    if not device.frp_host or device.frp_port is None:
        return
    await IN_TRANSACTION.publish(db, DEVICE_PORT_ASSIGNED, host=device.frp_host, port=device.frp_port,
                                 granted_by=granted_by)


def _check_ports_set_first(device: Device, changes: dict[str, Any]) -> None:
    """product-spec 5 "the port must be set first", on the device as it will be stored: an SSH or web port needs
    the FRP port it is reached through, and the FRP port its host. Named: the dependent port when it was sent,
    else the FRP field cleared under it."""
    if device.frp_port is None:
        for api_name in ("sshPort", "webPort"):
            if getattr(device, FIELD_COLUMNS[api_name]) is not None:
                field = api_name if api_name in changes or "frpPort" not in changes else "frpPort"
                raise bad_parameter(field, texts.PORT_NEEDS_FRP_PORT)
    elif not device.frp_host:
        raise bad_parameter("frpHost" if "frpHost" in changes and "frpPort" not in changes else "frpPort",
                            texts.FRP_PORT_NEEDS_HOST)


async def _check_port_free(db: AsyncSession, device: Device) -> None:
    if device.frp_port is None:
        return
    with db.no_autoflush:
        other = (await db.execute(select(Device.id, Device.serial_number).where(
            Device.frp_host == device.frp_host, Device.frp_port == device.frp_port))).first()
    if other is not None and other.id != device.id:
        raise ApiError(Code.ALREADY_EXISTS, texts.PORT_TAKEN, field="frpPort",
                       values={"host": device.frp_host, "port": device.frp_port, "serial": other.serial_number})


async def set_owner(db: AsyncSession, device: Device, owner: User) -> None:
    """Gives the device to ``owner``; its alarms' name counts and its share of the report owner roll-ups move with
    it (warn and reports hear DEVICE_OWNERS_CHANGED in this transaction)."""
    moves = [(device.id, device.user_id, owner.id)]
    await IN_TRANSACTION.publish(db, DEVICE_OWNERS_CHANGED, moves=moves)
    device.user_id = owner.id
    device.owner_path = owner.path


async def add_device(db: AsyncSession, owner: User, serial_number: str, name: str, type_id: int,
                     fields: dict[str, Any]) -> tuple[Device, str]:
    """Insert a device with its state row; answers it and its secret (shown once)."""
    secret, secret_hash = new_secret()
    device = Device(serial_number=serial_number, name=name, type_id=type_id, secret_hash=secret_hash,
                    search_text=search_text(name, serial_number), user_id=owner.id, owner_path=owner.path)
    _apply(device, {k: v for k, v in fields.items() if k in FIELD_COLUMNS and k not in ("deviceCode", "deviceType")})
    _check_ports_set_first(device, fields)
    await _check_port_free(db, device)
    db.add(device)
    try:
        await db.flush()
    except IntegrityError as exc:
        await db.rollback()
        raise _serial_taken(serial_number) from exc
    db.add(DeviceState(device_id=device.id))
    await record_assigned_port(db, device)
    await db.flush()
    await IN_TRANSACTION.publish(db, DEVICE_SECRET_SET, serial_number=serial_number, secret=secret)
    return device, secret


# (db, caller, elevatorId as sent, the device owner's path after the save, the elevator it rides now) -> the
# elevator it rides after the save
ElevatorCheck = Callable[[AsyncSession, Caller, int | None, str, int | None], Awaitable[int | None]]
_elevator_checks: list[ElevatorCheck] = []


def register_elevator_check(check: ElevatorCheck) -> None:
    """The elevators domain registers how a device's ``elevatorId`` is checked and kept
    (``elevators.service.elevator_for_device``), so devices need not import it (elevators imports devices)."""
    _elevator_checks[:] = [check]


async def check_elevator(db: AsyncSession, caller: Caller, elevator_id: int | None, owner_path: str,
                         current: int | None = None) -> int | None:
    """The elevator the device rides after the save (refused naming ``elevatorId`` when it may not)."""
    if not _elevator_checks:
        return elevator_id
    return await _elevator_checks[0](db, caller, elevator_id, owner_path, current)


async def insert_device(db: AsyncSession, caller: Caller, body: DeviceInsert) -> dict[str, Any]:
    """Add a device; answers its details with its secret (shown this once)."""
    fields = body.model_dump(exclude_unset=True, exclude={"deviceSerialNumber", "userId"})
    check_connection_changes(caller, None, fields)
    owner = await owner_in_scope(db, caller, body.userId)
    await check_type(db, body.deviceType)
    if "elevatorId" in fields:
        fields["elevatorId"] = await check_elevator(db, caller, fields["elevatorId"], owner.path)
    await check_serial_free(db, body.deviceSerialNumber)
    device, secret = await add_device(db, owner, body.deviceSerialNumber, body.deviceCode, body.deviceType, fields)
    await db.commit()
    return {**await listing.device_detail(db, device.id), "deviceSecret": secret}


async def detail(db: AsyncSession, caller: Caller, device_id: int) -> dict[str, Any]:
    """One of the caller's devices with its live state."""
    device = await get_device(db, caller, device_id)
    return await listing.device_detail(db, device.id)


async def update_device(db: AsyncSession, caller: Caller, body: DeviceUpdate) -> dict[str, Any]:
    """Only the fields sent change; answers the device's details."""
    device = await get_device(db, caller, body.deviceId)
    changes = body.model_dump(exclude_unset=True, exclude={"deviceId"})
    check_connection_changes(caller, device, changes)
    if changes.get("deviceType") is not None:
        await check_type(db, changes["deviceType"])
    if "elevatorId" in changes:
        changes["elevatorId"] = await check_elevator(db, caller, changes["elevatorId"], device.owner_path,
                                                     device.elevator_id)
    _apply(device, changes)
    _check_ports_set_first(device, changes)
    await _check_port_free(db, device)
    if any(api_name in changes for api_name in CONNECTION_FIELDS):  # allowed, or refused above
        await record_assigned_port(db, device, caller.user_id)
    device.search_text = search_text(device.name, device.serial_number)
    device.updated_at = utcnow()
    await db.commit()
    return await listing.device_detail(db, device.id)


async def delete_device(db: AsyncSession, caller: Caller, device_id: int) -> None:
    """With its records (state, hardware, consumables, leases, repairs, group memberships: cascades)."""
    device = await get_device(db, caller, device_id)
    await IN_TRANSACTION.publish(db, DEVICE_DELETED, device_id=device.id, owner_id=device.user_id)
    await db.delete(device)
    await db.commit()


async def change_owner(db: AsyncSession, caller: Caller, device_id: int, user_id: int,
                       elevator_id: int | None = None) -> dict[str, Any]:
    """Give one of the caller's devices to a user of its subtree (and set the elevator); answers the details."""
    device = await get_device(db, caller, device_id)
    owner = await owner_in_scope(db, caller, user_id)
    await set_owner(db, device, owner)
    device.elevator_id = await check_elevator(db, caller, device.elevator_id if elevator_id is None else elevator_id,
                                              owner.path, device.elevator_id)
    device.updated_at = utcnow()
    await db.commit()
    return await listing.device_detail(db, device.id)


async def bind_user(db: AsyncSession, caller: Caller, device_id: int, user_id: int | None,
                    status: int) -> dict[str, Any]:
    """Bind a device to ``user_id`` (status 1), or take it back to the caller's acting user (status 0)."""
    owner_id = user_id if status == 1 else caller.acting_user_id
    if owner_id is None:
        raise ApiError(Code.BAD_PARAMETER, texts.BIND_NEEDS_USER, field="userId")
    return await change_owner(db, caller, device_id, owner_id)


async def owner_paths_moved(db: AsyncSession, old_prefix: str, new_prefix: str) -> int:
    """After users moved in the tree (their paths went from ``old_prefix`` to ``new_prefix``)."""
    result = await db.execute(
        update(Device)
        .where(path_prefix(Device.owner_path, old_prefix))
        .values(owner_path=literal(new_prefix) + func.substr(Device.owner_path, len(old_prefix) + 1))
        .execution_options(synchronize_session=False)
    )
    return result.rowcount or 0  # type: ignore[attr-defined]


async def move_owned_devices(db: AsyncSession, from_user_id: int, to_user: User) -> int:
    """Give every device of one user to another (a deleted user's devices go to its heir)."""
    moving = await db.scalars(select(Device.id).where(Device.user_id == from_user_id))
    moves = [(device_id, from_user_id, to_user.id) for device_id in moving]
    await IN_TRANSACTION.publish(db, DEVICE_OWNERS_CHANGED, moves=moves)
    result = await db.execute(
        update(Device).where(Device.user_id == from_user_id)
        .values(user_id=to_user.id, owner_path=to_user.path).execution_options(synchronize_session=False)
    )
    return result.rowcount or 0  # type: ignore[attr-defined]


async def resync_owner_paths(db: AsyncSession) -> int:
    """Repair: set every device's owner_path from its owner's current path."""
    owner_path = select(User.path).where(User.id == Device.user_id).scalar_subquery()
    result = await db.execute(update(Device).where(Device.owner_path != owner_path)
                              .values(owner_path=owner_path).execution_options(synchronize_session=False))
    return result.rowcount or 0  # type: ignore[attr-defined]


async def read_password(db: AsyncSession, caller: Caller, device_id: int) -> dict[str, Any]:
    """The maintenance password; the look is recorded."""
    device = await get_device(db, caller, device_id)
    db.add(PasswordView(device_id=device.id, viewer_id=caller.user_id, viewer_account=caller.account))
    await db.commit()
    return {"deviceId": device.id, "deviceSerialNumber": device.serial_number, "password": device.maintenance_password}


def password_views_query(path: str, serial_number: str | None) -> Any:
    query = (
        select(PasswordView.id.label("id"), Device.id.label("deviceId"),
               Device.serial_number.label("deviceSerialNumber"), Device.name.label("deviceCode"),
               PasswordView.viewer_id.label("viewerId"), PasswordView.viewer_account.label("viewerAccount"),
               PasswordView.viewed_at.label("viewTime"))
        .join(Device, Device.id == PasswordView.device_id)
        .where(path_prefix(Device.owner_path, path))
        .order_by(PasswordView.viewed_at.desc(), PasswordView.id.desc())
    )
    if serial_number:
        query = query.where(Device.serial_number.icontains(serial_number, autoescape=True))
    return query


def _owner_node(row: Any, has_children: bool) -> dict[str, Any]:
    return {"userId": row.id, "account": row.account, "name": row.name, "levelDepth": row.level_depth,
            "parentId": row.parent_id, "hasChildren": has_children, "children": []}


async def own_user_tree(db: AsyncSession, caller: Caller) -> list[dict[str, Any]]:
    """The caller's subtree (shadow accounts left out) as nested nodes: the owner filter's cascader."""
    rows = (await db.execute(
        select(User.id, User.account, User.name, User.level_depth, User.parent_id)
        .where(path_prefix(User.path, caller.acting_path), User.type != TYPE_SHADOW).order_by(User.path)
    )).all()
    nodes = {r.id: _owner_node(r, False) for r in rows}
    roots: list[dict[str, Any]] = []
    for r in rows:
        parent = nodes.get(r.parent_id) if r.id != caller.acting_user_id else None
        if parent:
            parent["hasChildren"] = True
        (parent["children"] if parent else roots).append(nodes[r.id])
    return roots


def _owner_nodes_query() -> Any:
    child = aliased(User)
    has_children = exists().where(child.parent_id == User.id, child.type != TYPE_SHADOW)
    return select(User.id, User.account, User.name, User.level_depth, User.parent_id,
                  has_children.label("has_children")).where(User.type != TYPE_SHADOW)


async def own_user_children(db: AsyncSession, caller: Caller, parent_id: int) -> list[dict[str, Any]]:
    """One level of the owner tree (the lazy cascader): a user's child users, each saying hasChildren."""
    parent = await user_in_subtree(db, caller, parent_id, field="parentId")
    rows = await db.execute(_owner_nodes_query().where(User.parent_id == parent.id).order_by(User.id))
    return [_owner_node(r, bool(r.has_children)) for r in rows]


async def own_user_line(db: AsyncSession, caller: Caller, user_id: int) -> list[dict[str, Any]]:
    """The owner tree's nodes from the caller's acting user down to ``user_id`` (to show a chosen owner)."""
    user = await user_in_subtree(db, caller, user_id)
    if user.type == TYPE_SHADOW:
        raise ApiError(Code.BAD_PARAMETER, texts.SHADOW_NOT_IN_TREE, field="userId")
    line = ids_on_path(user.path)
    line = line[line.index(caller.acting_user_id):]
    rows = {r.id: r for r in await db.execute(_owner_nodes_query().where(User.id.in_(line)))}
    return [_owner_node(rows[i], bool(rows[i].has_children)) for i in line]


async def owner_tree(db: AsyncSession, caller: Caller, parent_id: int | None,
                     user_id: int | None) -> list[dict[str, Any]]:
    """The owner filter's cascader: the whole subtree nested, or lazily one user's children (``parent_id``) or
    the line down to a chosen owner (``user_id``)."""
    if parent_id is not None and user_id is not None:
        raise ApiError(Code.BAD_PARAMETER, texts.PARENT_OR_USER, field="userId")
    if parent_id is not None:
        return await own_user_children(db, caller, parent_id)
    if user_id is not None:
        return await own_user_line(db, caller, user_id)
    return await own_user_tree(db, caller)


async def work_info(db: AsyncSession, device: Device) -> dict[str, Any]:
    state = await db.get(DeviceState, device.id) or DeviceState(device_id=device.id, work_seconds=0, work_area=0.0,
                                                                 task_count=0)
    return {"deviceId": device.id, "workSeconds": state.work_seconds or 0, "workArea": state.work_area or 0.0,
            "taskCount": state.task_count or 0, "workSince": state.work_since}


async def device_work_info(db: AsyncSession, caller: Caller, device_id: int) -> dict[str, Any]:
    """The work counters (time, area, tasks) of one of the caller's devices since they were last reset."""
    return await work_info(db, await get_device(db, caller, device_id))


async def reset_work_info(db: AsyncSession, caller: Caller, device_id: int) -> dict[str, Any]:
    device = await get_device(db, caller, device_id)
    state = await db.get(DeviceState, device.id)
    if state is None:
        state = DeviceState(device_id=device.id)
        db.add(state)
    state.work_seconds, state.work_area, state.task_count, state.work_since = 0, 0.0, 0, utcnow()
    await db.commit()
    return await work_info(db, device)


async def locate(db: AsyncSession, caller: Caller, serials: list[str]) -> dict[str, Any]:
    """Fill address, city, province and country from coordinates (offline geocoder) for the listed devices, or
    every device of the caller with coordinates; answers the updated ones and the serials skipped."""
    if serials:
        devices = [await get_device_by_serial(db, caller, s) for s in serials]
    else:
        devices = list(await db.scalars(select(Device).where(visible(caller), Device.latitude.is_not(None),
                                                             Device.longitude.is_not(None))))
    located = [d for d in devices if d.latitude is not None and d.longitude is not None]
    if serials and not located:
        raise ApiError(Code.BAD_PARAMETER, texts.NO_COORDINATES, field="deviceSerialNumber")
    found = await places([(d.latitude, d.longitude) for d in located])  # type: ignore[misc]
    for device, place in zip(located, found, strict=True):
        device.address, device.city, device.province = place.address, place.city, place.province
        device.country, device.country_code = place.country, place.country_code
    await db.commit()
    updated = [{"deviceSerialNumber": d.serial_number, "address": d.address, "city": d.city, "province": d.province,
                "country": d.country, "countryCode": d.country_code} for d in located]
    return {"updated": updated, "skipped": [d.serial_number for d in devices if d not in located]}


async def count_owned(db: AsyncSession, user_id: int) -> int:
    return await db.scalar(select(func.count()).select_from(Device).where(Device.user_id == user_id)) or 0


async def move_owned(db: AsyncSession, from_user_id: int, to_user: User) -> int:
    """A deleted user's devices go to its heir, and those of its subtree follow their owners' new paths."""
    user = await db.get(User, from_user_id)
    assert user is not None
    await owner_paths_moved(db, user.path, to_user.path)
    return await move_owned_devices(db, from_user_id, to_user)


register_owned_records("devices", count_owned, move_owned)


purge_rows("device password views", PasswordView.viewed_at, PasswordView.device_id, Device.id, Device.owner_path,
           kind="audit", row_id=PasswordView.id)  # clear data, and retention with the audit rows
