"""Publishing a firmware to a white list of robots, and deleting a publication (the version page's calls; also the
path advisories and machine versions publish through). Above ``ota`` (the command), ``service`` (the checks) and
``waits`` (the update rule)."""

from typing import Any

from sqlalchemy import delete, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.bus import Bus
from cleanfleet.core.db import utcnow
from cleanfleet.devices.models import Device
from cleanfleet.gateway.commands import CommandSender
from cleanfleet.versions import ota, service, waits, windows
from cleanfleet.versions.models import OPEN, DeviceUpdate, Publication


async def publish(db: AsyncSession, commands: CommandSender | None, caller: Any, firmware_id: int,
                  serials: list[str], allow_downgrade: bool, window: Any = None, bus: Bus | None = None) -> int:
    """Publishes a firmware to a white list: every robot is checked first (in the caller's subtree, a type the
    firmware applies to, no downgrade unless allowed), then each gets its update as soon as the update rule lets
    it (versions/waits.py: at once when it is not busy and no window is given). Answers the publication's id."""
    stored_window = windows.checked(window)
    firmware = await service.get_firmware(db, firmware_id, field="versionId")
    devices = await service.white_list(db, caller, serials)
    service.check_targets(firmware, devices, allow_downgrade, "deviceSerialNumbers")
    sender = ota.link(commands)
    now = utcnow()
    publication = Publication(firmware_id=firmware.id, user_id=caller.user_id, owner_path=caller.acting_path,
                              allow_downgrade=allow_downgrade, window=stored_window, created_at=now)
    db.add(publication)
    await db.flush()
    await service.supersede(db, [d.id for d in devices])
    rows = [ota.new_update(d, firmware, public_id=publication.id, wait_since=now,
                       spread_seconds=waits.spread_offset(stored_window)) for d in devices]
    await db.execute(insert(DeviceUpdate), rows)
    await db.flush()
    await waits.release(db, sender, bus, now, public_id=publication.id)
    return publication.id


async def cancel_publication(db: AsyncSession, commands: CommandSender | None, caller: Any, public_id: int) -> None:
    """Deletes a publication: its open updates are cancelled on the robots (best effort) and its records go."""
    publication = await service.get_publication(db, caller, public_id)
    open_rows = (await db.execute(select(DeviceUpdate.cmd_id, Device.serial_number)
                                  .join(Device, Device.id == DeviceUpdate.device_id)
                                  .where(DeviceUpdate.public_id == public_id, DeviceUpdate.state.in_(OPEN)))).all()
    await db.execute(delete(DeviceUpdate).where(DeviceUpdate.public_id == public_id))
    await db.execute(delete(Publication).where(Publication.id == publication.id))
    await db.commit()
    await ota.cancel_on_robots(commands, open_rows)
