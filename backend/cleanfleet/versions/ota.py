"""Over-the-air updates: the ``ota`` command down to a robot, the package download, and the robot's reports.

The command (``cf/<sn>/down/cmd``, docs/robot-contract.md "MQTT contract") is ``{"cmd": "ota", "args": {version,
target: "firmware", url, sha256, size}}``; ``url`` is ``/api/ota/package/<token>`` on this server (the robot
puts it after the cloud address it registered with), a random token per update that opens only that
update's package while the update is open. The robot downloads with HTTP range requests (a broken
download resumes where it stopped), checks the SHA-256 and reports ``ota`` events: downloading (with
progress), downloaded, verified, updating, updated, or failed with a reason (cancelled when cancelled).

An event changes only the update whose command id it carries *and* whose robot sent it (the gateway
knows the sender from its MQTT identity), and only forwards: a late or repeated event never moves an
update back, and a final state (UPDATED, FAILED, CANCELLED) never changes (the condition is part of the
UPDATE, so events handled side by side, or by several workers, cannot undo each other). When an update
ends, its robot's owner gets a message, and a rollout it belongs to is evaluated.
"""

import logging
import secrets
from collections.abc import Sequence
from datetime import datetime
from typing import Any, TypeAlias, cast

from sqlalchemy import SmallInteger, String, Table, bindparam, case, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.bus import Fact, tell
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError
from cleanfleet.devices.models import Device
from cleanfleet.gateway.commands import CommandSender, new_cmd_id
from cleanfleet.messages.service import insert_messages
from cleanfleet.realtime.published import routed
from cleanfleet.realtime.schemas import LiveUpdate
from cleanfleet.versions import texts, windows
from cleanfleet.versions.models import (
    CANCELLED,
    DOWNLOADED,
    DOWNLOADING,
    FAILED,
    OPEN,
    QUEUED,
    SENT,
    UPDATED,
    UPDATING,
    VERIFIED,
    DeviceUpdate,
    Firmware,
    SoftVersion,
)

log = logging.getLogger("cleanfleet.versions")
PREFIX = "ota"
PACKAGE_PATH = "/api/ota/package/"
METADATA_PATH = "/api/tuf/metadata/"  # the TUF repository robots verify a signed package with (tuf_router.py)
# the reasons a robot that trusts the publisher's root gives when it refuses a package (docs/robot-contract.md)
SIGNATURE_REASONS = ("tuf_unsigned", "tuf_rollback", "tuf_stale", "tuf_tampered", "tuf_wrong_model", "tuf_untrusted")
SEND_CHUNK = 500
BATCH = 500  # robot events written in one transaction
# the robot's event state -> ours
ROBOT_STATES = {"downloading": DOWNLOADING, "downloaded": DOWNLOADED, "verified": VERIFIED, "updating": UPDATING,
                "updated": UPDATED, "failed": FAILED, "cancelled": CANCELLED}
ORDER = {state: rank for rank, state in enumerate((QUEUED, SENT, DOWNLOADING, DOWNLOADED, VERIFIED, UPDATING))}
KIND_UPDATED, KIND_FAILED = "ota_updated", "ota_failed"
# what an update installs: a firmware or a software version (versions/soft.py) of the robot's soft or pad
Package: TypeAlias = Firmware | SoftVersion
# the device's column of what it runs, by the command's target
RUNS = {"firmware": "firmware_version", "soft": "soft_version", "pad": "pad_version"}


def target_of(package: Package) -> str:
    return package.type_name if isinstance(package, SoftVersion) else "firmware"


def running(device: Device, package: Package) -> str:
    """The version of the package's kind the device runs now."""
    return str(getattr(device, RUNS[target_of(package)]) or "")


def link(commands: CommandSender | None) -> CommandSender:
    if commands is None:
        raise ApiError(Code.CONFLICT, texts.NO_ROBOT_LINK)
    return commands


def new_update(device: Device, firmware: Package, **fields: Any) -> dict[str, Any]:
    """The values of a new update record (QUEUED: not sent yet) to a firmware or a software version."""
    now = utcnow()
    soft = isinstance(firmware, SoftVersion)
    return {"device_id": device.id, "firmware_id": None if soft else firmware.id,
            "soft_version_id": firmware.id if soft else None, "cmd_id": new_cmd_id(PREFIX),
            "token": secrets.token_hex(16), "state": QUEUED, "progress": 0, "reason": "",
            "from_version": running(device, firmware), "created_at": now, "updated_at": now, **fields}


def command_args(firmware: Package, token: str, rule: dict[str, int] | None = None) -> dict[str, Any]:
    """The ``ota`` command's args; ``rule``: the update rule's thresholds the robot applies too (versions/waits.py)."""
    args: dict[str, Any] = {"version": firmware.version, "target": target_of(firmware), "url": PACKAGE_PATH + token,
                            "sha256": firmware.sha256, "size": firmware.size}
    if isinstance(firmware, Firmware) and firmware.target_path is not None:  # signed (versions/signing.py)
        args["tuf"] = {"path": firmware.target_path, "metadata": METADATA_PATH}
    return {**args, "rule": rule} if rule is not None else args


async def dispatch(db: AsyncSession, commands: CommandSender, firmware: Package,
                   rows: Sequence[tuple[str, str, str]], rule: dict[str, int] | None = None) -> int:
    """Sends the ``ota`` command for each (serial number, cmd id, token) and marks the update SENT (or FAILED
    with the link's error); flushed, not committed. Answers how many were handed to the broker.

    It commits what the caller wrote first (every check has passed by then): a robot may ask for its package
    before this request ends, and its token must be there."""
    await db.commit()
    sent: list[str] = []
    for serial, cmd_id, token in rows:
        try:
            await commands.send(serial, "ota", command_args(firmware, token, rule), cmd_id)
        except Exception as exc:  # the link's own error kinds: that update failed, the others go on
            await db.execute(update(DeviceUpdate).where(DeviceUpdate.cmd_id == cmd_id).values(
                state=FAILED, reason=(str(exc) or type(exc).__name__)[:255], updated_at=utcnow()))
        else:
            sent.append(cmd_id)
    for start in range(0, len(sent), SEND_CHUNK):
        await db.execute(update(DeviceUpdate).where(DeviceUpdate.cmd_id.in_(sent[start:start + SEND_CHUNK]),
                                                    DeviceUpdate.state == QUEUED)
                         .values(state=SENT, updated_at=utcnow()))
    return len(sent)


def with_packages(query: Any) -> Any:
    """``query`` (of DeviceUpdate) with the update's firmware and software version (one of them None)."""
    return (query.add_columns(Firmware, SoftVersion)
            .outerjoin(Firmware, Firmware.id == DeviceUpdate.firmware_id)
            .outerjoin(SoftVersion, SoftVersion.id == DeviceUpdate.soft_version_id))


def package_of(firmware: Firmware | None, soft: SoftVersion | None) -> Package:
    package = firmware if firmware is not None else soft
    assert package is not None, "an update installs a firmware or a software version"
    return package


async def update_for_download(db: AsyncSession, token: str) -> tuple[DeviceUpdate, Package] | None:
    """The open update this token opens, with its package; None for an unknown token or an ended update."""
    row = (await db.execute(with_packages(select(DeviceUpdate))
                            .where(DeviceUpdate.token == token, DeviceUpdate.state.in_(OPEN)))).first()
    return (row[0], package_of(row[1], row[2])) if row is not None else None


# an event's target state -> the highest rank (ORDER) its update may be at for the event to apply: forward only
# (DOWNLOADING again carries progress), and an ended update (no rank) never changes
REACHABLE_FROM = {DOWNLOADING: ORDER[DOWNLOADING], DOWNLOADED: ORDER[DOWNLOADING], VERIFIED: ORDER[DOWNLOADED],
                  UPDATING: ORDER[VERIFIED], UPDATED: ORDER[UPDATING], FAILED: ORDER[UPDATING],
                  CANCELLED: ORDER[UPDATING]}
ENDED_RANK = len(ORDER)  # above every limit


def event_change(event: dict[str, Any]) -> dict[str, Any] | None:
    """What an event changes on its update (state, and progress or reason when it says them)."""
    kind = event.get("kind")
    if kind == "cmd_ack":
        if event.get("code") in (0, None):
            return None
        return {"state": FAILED, "reason": str(event.get("msg") or "refused")[:255]}
    if kind != "ota":
        return None
    state = ROBOT_STATES.get(str(event.get("state") or ""))
    if state is None:
        return None
    values: dict[str, Any] = {"state": state}
    progress = event.get("progress")
    if state == UPDATED:
        values["progress"] = 100
    elif state in (FAILED, CANCELLED):
        values["reason"] = str(event.get("reason") or event.get("msg") or state.lower())[:255]
    elif isinstance(progress, int | float) and not isinstance(progress, bool):
        values["progress"] = int(progress)
    return values


def applies(current: str, change: dict[str, Any]) -> bool:
    """Whether a change may move an update that is at ``current`` (the order of states, never back)."""
    return ORDER.get(current, ENDED_RANK) <= REACHABLE_FROM[change["state"]]


def sender_changes(events: Sequence[dict[str, Any]]) -> list[tuple[str, int, dict[str, Any]]]:
    """The (cmd id, sending robot's device id, change) of the events that concern an OTA update, in order."""
    found = []
    for event in events:
        cmd_id = str(event.get("cmdId") or "")
        device_id = event.get("deviceId")
        if not cmd_id.startswith(PREFIX + "-") or not isinstance(device_id, int) or isinstance(device_id, bool):
            continue
        change = event_change(event)
        if change is not None:
            found.append((cmd_id, device_id, change))
    return found


def fold(items: dict[str, DeviceUpdate],
         changes: Sequence[tuple[str, int, dict[str, Any]]]) -> dict[int, dict[str, Any]]:
    """Applies the changes in order to the updates as read (cmd id -> update), in memory: an event only counts
    for the update of its own command *sent to the robot that reports it*; answers each moved update's final
    values (by update id)."""
    states = {item.id: item.state for item in items.values()}
    final: dict[int, dict[str, Any]] = {}
    for cmd_id, device_id, change in changes:
        item = items.get(cmd_id)
        if item is None or item.device_id != device_id or not applies(states[item.id], change):
            continue
        states[item.id] = change["state"]
        final[item.id] = {**final.get(item.id, {}), **change}
    return final


def live_item(item: DeviceUpdate, device: Device, firmware: Package) -> dict[str, Any]:
    """What the consoles are pushed about one robot's update (``live.updates``, routed)."""
    return routed(device.owner_path, LiveUpdate(
        updateId=item.id, deviceId=device.id, target=target_of(firmware), deviceSerialNumber=device.serial_number,
        versionId=firmware.id, version=firmware.version, publicId=item.public_id, rolloutId=item.rollout_id,
        groupNumber=item.group_number, state=item.state, progress=item.progress, reason=item.reason))


def finished_message(item: DeviceUpdate, device: Device, firmware: Package) -> dict[str, Any]:
    done = item.state == UPDATED
    what = "finished" if done else "failed"
    kind = "Firmware" if isinstance(firmware, Firmware) else "Software"
    content = (f"{device.name} ({device.serial_number}) now runs {kind.lower()} {firmware.version} (was "
               f"{item.from_version or 'unknown'})." if done else
               f"{device.name} ({device.serial_number}) stays on {item.from_version or 'its version'}: {item.reason}")
    return {"user_id": device.user_id, "device_id": device.id, "kind": KIND_UPDATED if done else KIND_FAILED,
            "title": f"{kind} update {what}: {firmware.name} {firmware.version}"[:128], "content": content[:1024],
            "read": False, "deleted": False, "created_at": utcnow(), "dedup_key": f"ota:{item.id}"}


def ended_fact(item: DeviceUpdate, device: Device, firmware: Package, at: datetime) -> Fact:
    """The integrations' ``ota.ended`` event of an update that reached a final state."""
    result = {UPDATED: "succeeded", FAILED: "failed"}.get(item.state, "cancelled")
    return Fact("ota.ended", device.owner_path, {
        "robotId": device.id, "serialNumber": device.serial_number, "name": device.name or "", "updateId": item.id,
        "firmwareVersion": firmware.version, "result": result, "endedAt": at}, at)


def rank_of(column: Any) -> Any:
    """SQL: the rank (ORDER) of an update's state, ENDED_RANK for an ended one."""
    return case(*((column == state, rank) for state, rank in ORDER.items()), else_=ENDED_RANK)


def batch_update() -> Any:
    """One UPDATE for a batch (executemany): by id and sender, and only while the stored state may still move
    to the new one (the condition is part of the UPDATE: updates written side by side, or by several workers,
    cannot move an update back); progress and reason stay as stored unless the batch says them."""
    table = cast(Table, DeviceUpdate.__table__)
    return (update(table)
            .where(table.c.id == bindparam("b_id"), table.c.device_id == bindparam("b_device_id"),
                   rank_of(table.c.state) <= bindparam("b_limit"))
            .values(state=bindparam("b_state"), updated_at=bindparam("b_at"),
                    progress=func.coalesce(bindparam("b_progress", type_=SmallInteger), table.c.progress),
                    reason=func.coalesce(bindparam("b_reason", type_=String), table.c.reason)))


async def read_updates(db: AsyncSession, cmd_ids: Sequence[str],
                       refresh: bool = False) -> list[tuple[DeviceUpdate, Device, Package]]:
    """The updates of these command ids with their robot and package (a SELECT per SEND_CHUNK ids)."""
    rows: list[tuple[DeviceUpdate, Device, Package]] = []
    unique = list(dict.fromkeys(cmd_ids))
    for start in range(0, len(unique), SEND_CHUNK):
        query = (with_packages(select(DeviceUpdate, Device)).join(Device, Device.id == DeviceUpdate.device_id)
                 .where(DeviceUpdate.cmd_id.in_(unique[start:start + SEND_CHUNK])))
        if refresh:
            query = query.execution_options(populate_existing=True)
        found = await db.execute(query)
        rows.extend((item, device, package_of(firmware, soft)) for item, device, firmware, soft in found)
    return rows


async def apply_events(db: AsyncSession,
                       events: Sequence[dict[str, Any]]) -> list[tuple[DeviceUpdate, Device, Package]]:
    """Applies robot events to their updates in one transaction (committed); answers the changed updates.

    A few statements per batch, not one per event: the batch's updates are read at once, the events are
    folded in order in memory (``fold``), each moved update is written once (one executemany UPDATE whose
    condition still guards the order), and what was written is read back to tell what really changed."""
    changes = sender_changes(events)
    if not changes:
        return []
    items = {item.cmd_id: item for item, _, _ in await read_updates(db, [c for c, _, _ in changes])}
    final = fold(items, changes)
    if not final:
        await db.rollback()
        return []
    now = utcnow()
    by_id = {item.id: item for item in items.values()}
    await db.execute(batch_update(), [
        {"b_id": update_id, "b_device_id": by_id[update_id].device_id, "b_limit": REACHABLE_FROM[values["state"]],
         "b_state": values["state"], "b_at": now, "b_progress": values.get("progress"),
         "b_reason": values.get("reason")} for update_id, values in final.items()])
    written = await read_updates(db, [by_id[i].cmd_id for i in final], refresh=True)
    rows = [(item, device, firmware) for item, device, firmware in written
            if item.updated_at == now and item.state == final[item.id]["state"]]
    if not rows:
        await db.rollback()
        return []
    messages, facts = [], []
    for item, device, firmware in rows:
        if item.state == UPDATED:
            setattr(device, RUNS[target_of(firmware)], firmware.version)
        if item.state in (UPDATED, FAILED, CANCELLED):
            facts.append(ended_fact(item, device, firmware, now))
        if item.state in (UPDATED, FAILED):
            messages.append(finished_message(item, device, firmware))
    await insert_messages(db, messages)
    await tell(db, facts)  # ota.ended for the integrations (core.bus FACTS_HAPPENED), in this transaction
    await db.commit()
    return rows


REFUSED = "refused"  # the robot's ota event when asked at a bad moment (the update waits again, not failed)


async def record_refusals(db: AsyncSession,
                          events: Sequence[dict[str, Any]]) -> list[tuple[DeviceUpdate, Device, Package]]:
    """The robots' refusals (``ota`` event ``refused`` with its reason): each SENT update of that command and robot
    waits again (QUEUED, waitReason robot_refused, the robot's reason, retried after ``windows.REFUSAL_RETRY``) under
    a new command id and token, so a repeated refusal or a late event of the old command changes nothing.
    Committed; answers the updates that went back to waiting."""
    now = utcnow()
    moved: list[str] = []
    for event in events:
        cmd_id, device_id = str(event.get("cmdId") or ""), event.get("deviceId")
        if event.get("kind") != "ota" or event.get("state") != REFUSED or not cmd_id.startswith(PREFIX + "-") \
                or not isinstance(device_id, int) or isinstance(device_id, bool):
            continue
        again = new_cmd_id(PREFIX)
        result = await db.execute(
            update(DeviceUpdate).where(DeviceUpdate.cmd_id == cmd_id, DeviceUpdate.device_id == device_id,
                                       DeviceUpdate.state == SENT)
            .values(state=QUEUED, wait_reason=windows.REFUSED, reason=str(event.get("reason") or REFUSED)[:255],
                    not_before=now + windows.REFUSAL_RETRY, cmd_id=again, token=secrets.token_hex(16),
                    progress=0, updated_at=now))
        if getattr(result, "rowcount", 0):
            moved.append(again)
    if not moved:
        return []
    await db.commit()
    return await read_updates(db, moved, refresh=True)


async def cancel_on_robots(commands: CommandSender | None, rows: Sequence[Any]) -> None:
    """Asks robots to stop the given updates (cmd id, serial number); a robot that is past downloading ends
    the install anyway."""
    if commands is None:
        return
    for cmd_id, serial in rows:
        try:
            await commands.send(serial, "cancel", {"cmdId": cmd_id}, new_cmd_id("otacancel"))
        except Exception:  # best effort: the update is cancelled on our side already
            log.warning("could not send the cancel of %s to %s", cmd_id, serial)
