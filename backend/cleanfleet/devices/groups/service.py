"""Device groups (ordinary, same project, same map, same building) owned by a user, with members."""

from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError
from cleanfleet.core.scope import path_prefix
from cleanfleet.devices.access import get_devices
from cleanfleet.devices.groups import texts
from cleanfleet.devices.groups.models import DeviceGroup, DeviceGroupMember
from cleanfleet.devices.models import Device
from cleanfleet.devices.service import owner_in_scope
from cleanfleet.users.models import User
from cleanfleet.users.removal import register_owned_named_records


async def get_group(db: AsyncSession, caller: Caller, group_id: int,
                    field: str = "id") -> tuple[DeviceGroup, User]:
    """The group and its owner if the owner lies in the caller's subtree; NOT_FOUND on ``field`` otherwise."""
    row = (await db.execute(select(DeviceGroup, User).join(User, User.id == DeviceGroup.user_id)
                            .where(DeviceGroup.id == group_id))).first()
    if row is None or not caller.owns_path(row[1].path):
        raise ApiError(Code.NOT_FOUND, texts.GROUP_NOT_FOUND, field=field, values={"id": group_id})
    return row[0], row[1]


async def _members(db: AsyncSession, caller: Caller, owner: User, device_ids: list[int]) -> list[Device]:
    devices = await get_devices(db, caller, device_ids)
    for device in devices:
        if not device.owner_path.startswith(owner.path):
            raise ApiError(Code.BAD_PARAMETER, texts.NOT_OWNERS_DEVICE, field="deviceIds",
                           values={"serial": device.serial_number})
    return devices


async def _check_name_free(db: AsyncSession, user_id: int, name: str, own_id: int | None = None) -> None:
    other = await db.scalar(select(DeviceGroup.id).where(DeviceGroup.user_id == user_id, DeviceGroup.name == name))
    if other is not None and other != own_id:
        raise ApiError(Code.ALREADY_EXISTS, texts.GROUP_NAME_TAKEN, field="name", values={"name": name})


async def _set_members(db: AsyncSession, group_id: int, devices: list[Device]) -> None:
    await db.execute(delete(DeviceGroupMember).where(DeviceGroupMember.group_id == group_id))
    db.add_all(DeviceGroupMember(group_id=group_id, device_id=d.id) for d in devices)


async def insert_group(db: AsyncSession, caller: Caller, name: str, kind: int, device_ids: list[int],
                       user_id: int | None) -> DeviceGroup:
    owner = await owner_in_scope(db, caller, user_id)
    await _check_name_free(db, owner.id, name)
    devices = await _members(db, caller, owner, device_ids)
    group = DeviceGroup(name=name, kind=kind, user_id=owner.id)
    db.add(group)
    await db.flush()
    await _set_members(db, group.id, devices)
    await db.commit()
    return group


async def update_group(db: AsyncSession, caller: Caller, group_id: int, name: str | None, kind: int | None,
                       device_ids: list[int] | None) -> DeviceGroup:
    group, owner = await get_group(db, caller, group_id)
    if name is not None:
        await _check_name_free(db, owner.id, name, group.id)
        group.name = name
    if kind is not None:
        group.kind = kind
    if device_ids is not None:
        await _set_members(db, group.id, await _members(db, caller, owner, device_ids))
    await db.commit()
    return group


async def delete_group(db: AsyncSession, caller: Caller, group_id: int) -> None:
    group, _owner = await get_group(db, caller, group_id)
    await db.delete(group)
    await db.commit()


async def list_groups(db: AsyncSession, path: str, group_id: int | None = None) -> list[dict[str, Any]]:
    query = (select(DeviceGroup, User.name).join(User, User.id == DeviceGroup.user_id)
             .where(path_prefix(User.path, path)).order_by(DeviceGroup.id))
    if group_id is not None:
        query = query.where(DeviceGroup.id == group_id)
    groups = (await db.execute(query)).all()
    members: dict[int, list[dict[str, Any]]] = {g.id: [] for g, _ in groups}
    if members:
        rows = await db.execute(
            select(DeviceGroupMember.group_id, Device.id, Device.serial_number, Device.name)
            .join(Device, Device.id == DeviceGroupMember.device_id)
            .where(DeviceGroupMember.group_id.in_(list(members))).order_by(Device.id)
        )
        for group_id, device_id, serial_number, device_name in rows:
            members[group_id].append({"deviceId": device_id, "deviceSerialNumber": serial_number,
                                      "deviceCode": device_name})
    return [{"id": g.id, "name": g.name, "kind": g.kind, "userId": g.user_id, "userName": user_name,
             "createTime": g.created_at, "devices": members[g.id]} for g, user_name in groups]


async def group_answer(db: AsyncSession, caller: Caller, group_id: int) -> dict[str, Any]:
    """One group as the list answers it; NOT_FOUND if a delete committed since the caller's change did."""
    _group, owner = await get_group(db, caller, group_id)
    for group in await list_groups(db, owner.path, group_id):
        return group
    raise ApiError(Code.NOT_FOUND, texts.GROUP_NOT_FOUND, field="id", values={"id": group_id})


register_owned_named_records("device groups", DeviceGroup)
