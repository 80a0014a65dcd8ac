"""Which devices a user owns itself: set by the user above it, read by user management."""

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError
from cleanfleet.devices import listing, texts
from cleanfleet.devices.access import get_devices, scope_path
from cleanfleet.devices.models import Device
from cleanfleet.devices.service import owner_in_scope, set_owner
from cleanfleet.users.models import User


async def set_user_devices(db: AsyncSession, caller: Caller, user_id: int, device_ids: list[int]) -> dict[str, int]:
    """Make ``device_ids`` exactly the devices ``user_id`` owns; the others it owned go back to its parent."""
    devices = await get_devices(db, caller, device_ids)
    if user_id == caller.acting_user_id:
        raise ApiError(Code.NO_PERMISSION, texts.OWN_DEVICES_FROM_ABOVE, field="userId")
    user = await owner_in_scope(db, caller, user_id)
    parent = await db.get(User, user.parent_id) if user.parent_id else None
    wanted = {d.id for d in devices}
    current = list(await db.scalars(select(Device).where(Device.user_id == user.id)))
    released = [d for d in current if d.id not in wanted]
    if released and parent is None:
        raise ApiError(Code.BAD_PARAMETER, texts.TOP_CANNOT_RELEASE, field="userId")
    for device in released:
        await set_owner(db, device, parent)  # type: ignore[arg-type]
    for device in devices:
        await set_owner(db, device, user)
    await db.commit()
    return {"userId": user_id, "assigned": len(devices), "released": len(released)}


async def user_devices(db: AsyncSession, caller: Caller, user_id: int) -> list[dict[str, Any]]:
    """The devices a user of the caller's subtree owns itself."""
    await scope_path(db, caller, user_id)
    return await listing.brief_list(db, Device.user_id == user_id)
