"""Which devices a caller may see and touch: those whose owner lies in the caller's subtree."""

from sqlalchemy import ColumnElement, bindparam, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.driver import driver_rows
from cleanfleet.core.errors import ApiError
from cleanfleet.core.scope import in_subtree, path_in_subtree, path_prefix
from cleanfleet.devices import texts
from cleanfleet.devices.models import Device
from cleanfleet.users.models import User

DEVICE_PAGE = "device/index"  # reading devices needs the device list's page key


def visible(caller: Caller) -> ColumnElement[bool]:
    return in_subtree(Device.owner_path, caller)


_USER_PATH = select(User.path).where(User.id == bindparam("user_id"))


async def scope_path(db: AsyncSession, caller: Caller, user_id: int | None, field: str = "userId") -> str:
    """The subtree a list covers: the caller's, or a user's inside it when ``user_id`` is given (its path read
    on the driver's connection: every list with an owner filter asks)."""
    if user_id is None or user_id == caller.acting_user_id:
        return caller.acting_path
    rows = await driver_rows(await db.connection(), _USER_PATH, {"user_id": user_id})
    return path_in_subtree(caller, rows[0][0] if rows else None, user_id, field=field)


def owned_under(path: str) -> ColumnElement[bool]:
    return path_prefix(Device.owner_path, path)


async def get_device(db: AsyncSession, caller: Caller, device_id: int, field: str = "deviceId") -> Device:
    """The device if the caller may see it; NOT_FOUND otherwise (whether missing or someone else's)."""
    device = await db.get(Device, device_id)
    if device is None or not caller.owns_path(device.owner_path):
        raise ApiError(Code.NOT_FOUND, texts.DEVICE_NOT_FOUND, field=field, values={"deviceId": device_id})
    return device


async def get_device_by_serial(db: AsyncSession, caller: Caller, serial_number: str,
                               field: str = "deviceSerialNumber") -> Device:
    device = await db.scalar(select(Device).where(Device.serial_number == serial_number))
    if device is None or not caller.owns_path(device.owner_path):
        raise ApiError(Code.NOT_FOUND, texts.SERIAL_NOT_FOUND, field=field, values={"serial": serial_number})
    return device


async def get_devices(db: AsyncSession, caller: Caller, device_ids: list[int],
                      field: str = "deviceIds") -> list[Device]:
    """All of ``device_ids`` or a refusal naming the first one the caller may not touch."""
    wanted = sorted(set(device_ids))
    if not wanted:
        return []
    found = {d.id: d for d in await db.scalars(select(Device).where(Device.id.in_(wanted), visible(caller)))}
    for device_id in wanted:
        if device_id not in found:
            raise ApiError(Code.NOT_FOUND, texts.DEVICE_NOT_FOUND, field=field, values={"deviceId": device_id})
    return [found[i] for i in wanted]
