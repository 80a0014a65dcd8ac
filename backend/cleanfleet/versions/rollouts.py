"""Staged rollouts (as Eclipse hawkBit has them): a firmware to a set of robots, split into groups.

- Targets: the robots named, or every robot of the caller's the firmware applies to; all are checked
  (subtree, type, downgrade) before anything is written. They are ordered by serial number and cut into
  groups of ``groupSize`` percent of the targets (rounded up) or ``groupSize`` robots.
- Group 1 starts at once. After each update of the current group ends, the group is evaluated:
  failed past ``errorThreshold`` percent of the group: the rollout pauses itself (reason error_threshold);
  updated at or above ``successThreshold`` percent: the group SUCCEEDED and the next one starts (the last one
  finishes the rollout); every update ended without reaching it: the rollout pauses (success_threshold).
- Pause stops starting groups (updates already on robots go on); resume retries the current group's failed
  updates and evaluates again; cancel cancels every update not ended (robots are asked to stop).
- Moving to the next group is a compare-and-set on ``current_group``: with several workers hearing the same
  event, exactly one starts the next group.
"""

import math
import secrets
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.bus import Bus
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError
from cleanfleet.core.scope import path_prefix
from cleanfleet.core.validation import AT_MOST
from cleanfleet.devices.access import get_devices, visible
from cleanfleet.devices.models import Device
from cleanfleet.gateway.commands import CommandSender, new_cmd_id
from cleanfleet.versions import ota, service, texts, waits, windows
from cleanfleet.versions.models import (
    CANCELLED,
    FAILED,
    OPEN,
    PAUSED,
    QUEUED,
    RUNNING,
    UPDATED,
    WAITING,
    DeviceUpdate,
    Firmware,
    Rollout,
    RolloutGroup,
)
from cleanfleet.versions.schemas import RolloutIn

INSERT_CHUNK = 1000
BY_HAND = "by_hand"


def split(count: int, group_by: str, group_size: int) -> list[int]:
    """Group sizes for ``count`` targets: ``group_size`` percent of them (rounded up) or robots per group."""
    per_group = max(1, math.ceil(count * group_size / 100)) if group_by == "percent" else group_size
    sizes = []
    while count > 0:
        sizes.append(min(per_group, count))
        count -= sizes[-1]
    return sizes


async def _targets(db: AsyncSession, caller: Caller, firmware: Firmware, device_ids: list[int] | None) -> list[Device]:
    if device_ids:
        devices = await get_devices(db, caller, device_ids)
    else:
        query = select(Device).where(visible(caller))
        if firmware.device_types:
            query = query.where(Device.type_id.in_(firmware.device_types))
        devices = list(await db.scalars(query))
    if not devices:
        raise ApiError(Code.BAD_PARAMETER, texts.NO_TARGETS, field="deviceIds")
    return sorted(devices, key=lambda d: d.serial_number)


async def create(db: AsyncSession, commands: CommandSender | None, bus: Bus | None, caller: Caller,
                 body: RolloutIn) -> int:
    if body.groupBy == "percent" and body.groupSize > 100:  # refused, never cut to 100 (issue 48 item 11)
        raise ApiError(Code.BAD_PARAMETER, AT_MOST, field="groupSize", values={"limit": 100})
    window = windows.checked(body.window)
    firmware = await service.get_firmware(db, body.versionId, field="versionId")
    devices = await _targets(db, caller, firmware, body.deviceIds)
    service.check_targets(firmware, devices, body.allowDowngrade, "deviceIds")
    sender = ota.link(commands)
    now = utcnow()
    rollout = Rollout(name=body.name, firmware_id=firmware.id, user_id=caller.user_id, owner_path=caller.acting_path,
                      state=RUNNING, reason="", group_by=body.groupBy, group_size=body.groupSize,
                      success_threshold=body.successThreshold, error_threshold=body.errorThreshold,
                      allow_downgrade=body.allowDowngrade, current_group=1, window=window, created_at=now,
                      updated_at=now)
    db.add(rollout)
    await db.flush()
    sizes = split(len(devices), body.groupBy, body.groupSize)
    db.add_all([RolloutGroup(rollout_id=rollout.id, number=n, size=size, state=RUNNING if n == 1 else WAITING,
                             started_at=now if n == 1 else None) for n, size in enumerate(sizes, start=1)])
    await service.supersede(db, [d.id for d in devices])
    rows = []
    position = 0
    for number, size in enumerate(sizes, start=1):
        for device in devices[position:position + size]:  # group 1 waits from now, the others from their start
            rows.append(ota.new_update(device, firmware, rollout_id=rollout.id, group_number=number,
                                       wait_since=now if number == 1 else None,
                                       spread_seconds=waits.spread_offset(window)))
        position += size
    for start in range(0, len(rows), INSERT_CHUNK):
        await db.execute(insert(DeviceUpdate), rows[start:start + INSERT_CHUNK])
    await db.flush()
    await waits.release(db, sender, bus, now, rollout_id=rollout.id)
    return rollout.id


async def get_rollout(db: AsyncSession, caller: Caller, rollout_id: int) -> Rollout:
    rollout = await db.get(Rollout, rollout_id)
    if rollout is None or not caller.owns_path(rollout.owner_path):
        raise ApiError(Code.NOT_FOUND, texts.ROLLOUT_NOT_FOUND, field="rolloutId", values={"id": rollout_id})
    return rollout


async def pause(db: AsyncSession, caller: Caller, rollout_id: int) -> None:
    rollout = await get_rollout(db, caller, rollout_id)
    if not await waits.pause_rollout(db, rollout.id, BY_HAND):
        raise ApiError(Code.CONFLICT, texts.ROLLOUT_STATE, field="rolloutId", values={"state": rollout.state})
    await db.commit()


async def resume(db: AsyncSession, commands: CommandSender | None, bus: Bus | None, caller: Caller,
                 rollout_id: int) -> None:
    """A paused rollout runs again: the current group's failed updates are sent again (new command ids) and its
    updates not sent yet go out; then the group is evaluated."""
    rollout = await get_rollout(db, caller, rollout_id)
    sender = ota.link(commands)
    result = await db.execute(update(Rollout).where(Rollout.id == rollout.id, Rollout.state == PAUSED)
                              .values(state=RUNNING, reason="", updated_at=utcnow()))
    if not getattr(result, "rowcount", 0):
        raise ApiError(Code.CONFLICT, texts.ROLLOUT_STATE, field="rolloutId", values={"state": rollout.state})
    failed = list(await db.scalars(select(DeviceUpdate).where(DeviceUpdate.rollout_id == rollout.id,
                                                              DeviceUpdate.group_number == rollout.current_group,
                                                              DeviceUpdate.state == FAILED)))
    for item in failed:
        item.cmd_id, item.token = new_cmd_id(ota.PREFIX), secrets.token_hex(16)
        item.state, item.progress, item.reason, item.updated_at = QUEUED, 0, "", utcnow()
    await db.flush()
    await waits.start_group(db, sender, rollout, rollout.current_group, bus)
    await db.commit()
    await waits.evaluate_rollout(db, sender, bus, rollout.id)


async def cancel(db: AsyncSession, commands: CommandSender | None, caller: Caller, rollout_id: int) -> None:
    rollout = await get_rollout(db, caller, rollout_id)
    if rollout.state not in (RUNNING, PAUSED):
        raise ApiError(Code.CONFLICT, texts.ROLLOUT_STATE, field="rolloutId", values={"state": rollout.state})
    in_flight = (await db.execute(select(DeviceUpdate.cmd_id, Device.serial_number)
                                  .join(Device, Device.id == DeviceUpdate.device_id)
                                  .where(DeviceUpdate.rollout_id == rollout.id, DeviceUpdate.state.in_(OPEN),
                                         DeviceUpdate.state != QUEUED))).all()
    await db.execute(update(DeviceUpdate).where(DeviceUpdate.rollout_id == rollout.id, DeviceUpdate.state.in_(OPEN))
                     .values(state=CANCELLED, reason="rollout cancelled", updated_at=utcnow()))
    rollout.state, rollout.reason, rollout.updated_at = CANCELLED, "", utcnow()
    await db.commit()
    await ota.cancel_on_robots(commands, in_flight)


def rollouts_query(caller: Caller) -> Any:
    return (select(Rollout, Firmware.name, Firmware.version).join(Firmware, Firmware.id == Rollout.firmware_id)
            .where(path_prefix(Rollout.owner_path, caller.acting_path))
            .order_by(Rollout.created_at.desc(), Rollout.id.desc()))


async def answer(db: AsyncSession, row: Any) -> dict[str, Any]:
    rollout, firmware_name, version = row
    counts = await waits.group_counts(db, rollout.id)
    groups = []
    for group in await db.scalars(select(RolloutGroup).where(RolloutGroup.rollout_id == rollout.id)
                                  .order_by(RolloutGroup.number)):
        n = group.number
        groups.append({"number": n, "size": group.size, "state": group.state,
                       "waiting": counts.get((n, QUEUED), 0),
                       "running": sum(counts.get((n, s), 0) for s in OPEN if s != QUEUED),
                       "updated": counts.get((n, UPDATED), 0), "failed": counts.get((n, FAILED), 0),
                       "cancelled": counts.get((n, CANCELLED), 0)})
    return {"rolloutId": rollout.id, "name": rollout.name, "versionId": rollout.firmware_id,
            "firmwareName": firmware_name, "version": version, "state": rollout.state, "reason": rollout.reason,
            "groupBy": rollout.group_by, "groupSize": rollout.group_size,
            "successThreshold": rollout.success_threshold, "errorThreshold": rollout.error_threshold,
            "allowDowngrade": rollout.allow_downgrade, "currentGroup": rollout.current_group,
            "total": sum(g["size"] for g in groups), "groups": groups, "createTime": service.iso(rollout.created_at),
            "window": rollout.window, "waiting": await db.scalar(select(func.count(DeviceUpdate.id)).where(
                DeviceUpdate.rollout_id == rollout.id, waits.waiting_filter())) or 0,
            "deferred": await db.scalar(select(func.count(DeviceUpdate.id)).where(
                DeviceUpdate.rollout_id == rollout.id, DeviceUpdate.state == FAILED,
                DeviceUpdate.reason == windows.MAX_DEFER)) or 0}


async def answer_for(db: AsyncSession, rollout_id: int) -> dict[str, Any]:
    row = (await db.execute(select(Rollout, Firmware.name, Firmware.version)
                            .join(Firmware, Firmware.id == Rollout.firmware_id).where(Rollout.id == rollout_id))).one()
    return await answer(db, row)
