"""Storing the alarms robots send, and the live alarm calls' queries (unresolved, newer than, resolve).

``store_alarms`` takes the parsed ``alarm`` messages of one gateway batch. A raise inserts a row keyed
by its ``msgId`` (a redelivery is skipped); a clear stamps ``cleared_at`` on the raised row with the same
robot ``alarmId``, or, when the raise never arrived, stores the clear as an alarm of unknown state.
Each change answers an event for the consoles (``alarm_event``). A new alarm is also written to the device
owner's message centre (folded into the owner's open message of the same robot and problem: ``fold_prefix``,
backend/README.md "Notifications and messages") and queued for notification (warn/notify.py) in the same
transaction; its event lists in ``quietFor`` the users whose cloud platform channel is off for it (their consoles
show no pop-up).
``resolve_device`` marks a device's unresolved alarms resolved (who, when, release or dismiss), tells the owner's
message centre and the channels, and answers the console event that says so.
"""

import hashlib
from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Select, delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from cleanfleet.core.arrivals import AlarmMessage
from cleanfleet.core.bus import ALARMS_STORED, IN_TRANSACTION
from cleanfleet.core.db import utcnow
from cleanfleet.core.idempotent import insert_new
from cleanfleet.core.retention import Within, register_purge
from cleanfleet.core.scope import ids_on_path, path_prefix
from cleanfleet.devices.models import Device
from cleanfleet.messages.models import Message
from cleanfleet.messages.service import end_folds, fold_messages, folding, insert_messages, message_row
from cleanfleet.realtime.published import routed
from cleanfleet.realtime.schemas import AlarmAction, AlarmState, LiveAlarm
from cleanfleet.users.models import User
from cleanfleet.warn.counts import COUNTED, count_added, count_resolved, uncount
from cleanfleet.warn.models import (
    EVENT_ALARM_RESOLVED,
    EVENT_TASK_ENDED,
    LEVEL_BY_KIND,
    STATE_RESOLVED,
    STATE_UNKNOWN,
    STATE_UNRESOLVED,
    STATES,
    TYPE_ALARM,
    Alarm,
)
from cleanfleet.warn.notify import Notice, NotifyPolicy, queue_notices

BATCH = 1_000  # alarms a delete takes out of the counts and removes at a time (bound parameters, the ids)


def _row(message: AlarmMessage, state: int) -> dict[str, Any]:
    return {
        "device_id": message.device_id, "msg_id": message.msg_id, "robot_alarm_id": message.robot_alarm_id,
        "key": message.key[:64], "code": message.code[:16], "code_num": message.code_num,
        "kind": message.kind[:16], "type": message.type[:16] or TYPE_ALARM,
        "level": LEVEL_BY_KIND.get(message.kind, 2), "content": message.content[:255], "raised_at": message.at,
        "state": state, "created_at": message.at,
        "cleared_at": message.at if state == STATE_UNKNOWN else None,
        "clear_msg_id": message.msg_id if state == STATE_UNKNOWN else None,
    }


def alarm_event(message: AlarmMessage, alarm_id: int, state: int, quiet_for: list[int] | None = None
                ) -> dict[str, Any]:
    """What a console is pushed about an alarm (routed: with the owner path the hub filters on)."""
    event = LiveAlarm(
        warnId=alarm_id, deviceId=message.device_id, deviceSerialNumber=message.serial_number,
        action=cast(AlarmAction, message.action), key=message.key, code=message.code, type=message.type,
        level=LEVEL_BY_KIND.get(message.kind, 2), kind=message.kind, content=message.content,
        time=message.at.isoformat(), state=cast(AlarmState, STATES[state]),
    )
    if quiet_for is not None:
        event["quietFor"] = quiet_for
    return routed(message.owner_path, event)


async def _clear(db: AsyncSession, message: AlarmMessage) -> tuple[int, int] | None:
    """Stamps the raised alarm cleared; answers (id, state) when something changed."""
    raised = (await db.execute(
        select(Alarm.id, Alarm.state, Alarm.cleared_at)
        .where(Alarm.device_id == message.device_id, Alarm.robot_alarm_id == message.robot_alarm_id)
        .order_by(Alarm.id.desc()).limit(1)
    )).first()
    if raised is None:
        new = await insert_new(db, Alarm, [_row(message, STATE_UNKNOWN)], key="msg_id",
                               returning=[Alarm.id, *COUNTED])
        await count_added(db, new)
        return (new[0].id, STATE_UNKNOWN) if new else None
    if raised.cleared_at is not None:
        return None
    await db.execute(update(Alarm).where(Alarm.id == raised.id)
                     .values(cleared_at=message.at, clear_msg_id=message.msg_id))
    return raised.id, raised.state


async def store_alarms(db: AsyncSession, messages: list[AlarmMessage],
                       policy: NotifyPolicy | None = None) -> list[dict[str, Any]]:
    """Stores a batch (raises first, then clears); answers the console events of what changed. New alarms are
    written to their owners' message centres and queued for notification (the caller commits)."""
    raises = [m for m in messages if m.action == "raise"]
    by_msg = {m.msg_id: m for m in raises}
    new = await insert_new(db, Alarm, [_row(m, STATE_UNRESOLVED) for m in by_msg.values()], key="msg_id",
                           returning=[Alarm.id, Alarm.msg_id, *COUNTED])
    await count_added(db, new)
    quiet = await _tell_raised(db, [(row.id, by_msg[row.msg_id]) for row in new], policy or NotifyPolicy()) \
        if new else {}
    events = [alarm_event(by_msg[row.msg_id], row.id, STATE_UNRESOLVED, quiet.get(row.id)) for row in new]
    cleared = []
    for message in messages:
        if message.action == "clear" and (changed := await _clear(db, message)) is not None:
            events.append(alarm_event(message, *changed))
            cleared.append({"device_id": message.device_id, "key": message.key[:64], "at": message.at})
    if new or cleared:  # the incidents (issue 34) open, join or note in this transaction
        raised = [{"alarm_id": row.id, "device_id": m.device_id, "owner_path": m.owner_path, "key": m.key[:64],
                   "code": m.code[:16], "at": m.at} for row in new for m in (by_msg[row.msg_id],)]
        await IN_TRANSACTION.publish(db, ALARMS_STORED, raised=raised, cleared=cleared)
    return events


def _values(name: str, serial: str, key: str, code: str, content: str, at: datetime) -> dict[str, Any]:
    return {"device": name, "serial": serial, "alarmKey": key, "code": code, "content": content,
            "time": at.isoformat()}


async def _tell_raised(db: AsyncSession, new: list[tuple[int, AlarmMessage]],
                       policy: NotifyPolicy) -> dict[int, list[int]]:
    """The new alarms' messages (to each device's owner) and notifications; answers the quiet users per alarm."""
    names: dict[int, str] = {row.id: row.name for row in await db.execute(
        select(Device.id, Device.name).where(Device.id.in_({m.device_id for _, m in new})))}
    notices, rows = [], []
    for alarm_id, m in new:
        values = _values(names.get(m.device_id, m.serial_number), m.serial_number, m.key, m.code, m.content, m.at)
        notices.append(Notice(m.device_id, m.owner_path, m.key, values, alarm_id))
        owner = ids_on_path(m.owner_path)[-1:]
        rows += [folding(message_row(uid, m.device_id, "alarm_raised", values, "", m.at),
                         f"{fold_prefix(m.device_id, m.key, m.code, m.content)}{uid}") for uid in owner]
    await fold_messages(db, rows)
    return (await queue_notices(db, notices, policy)).quiet


def fold_prefix(device_id: int, key: str = "", code: str = "", content: str = "") -> str:
    """The fold key of a robot's alarm messages of one problem (its name; an unnamed one's code, else its text),
    less the user's id that ends it: ``alarm:<device>:<problem>:<user>``. Without a problem: the robot's."""
    if not (key or code or content):
        return f"alarm:{device_id}:"
    problem = key[:64] or code[:16] or f"text-{hashlib.sha256(content[:255].encode()).hexdigest()[:16]}"
    return f"alarm:{device_id}:{problem}:"


async def tell_resolved(db: AsyncSession, device: Device, alarm: Alarm | None, count: int, at: datetime,
                        by: str, policy: NotifyPolicy | None = None) -> None:
    """Writes the resolve to the device owner's message centre and queues its notifications (caller commits).
    ``alarm`` is the one alarm resolved, or None for a device's open alarms (``count`` of them)."""
    values = {**_values(device.name, device.serial_number, alarm.key if alarm else "", alarm.code if alarm else "",
                        alarm.content if alarm else "", at), "by": by, "count": count}
    key = f"resolved:{alarm.id}" if alarm else f"resolved:{device.id}:{at.timestamp()}"
    await insert_messages(db, [message_row(device.user_id, device.id, "alarm_resolved", values, key, at)])
    # what was resolved is over: a new alarm of it is a new message, not a repeat of the resolved one
    await end_folds(db, device.id, fold_prefix(device.id, alarm.key, alarm.code, alarm.content) if alarm
                    else fold_prefix(device.id))
    notice = Notice(device.id, device.owner_path, EVENT_ALARM_RESOLVED, values, alarm.id if alarm else None)
    await queue_notices(db, [notice], policy or NotifyPolicy(), at)


async def tell_task_ended(db: AsyncSession, reports: list[Any], policy: NotifyPolicy | None = None) -> int:
    """A message to each device's owner for every task run that ended (a report stored for the first time: the
    message's key is the report's ``msgId``), and its notifications (e-mail to users with ``emailToTask``);
    answers how many are new (the caller commits)."""
    if not reports:
        return 0
    devices = {d.id: d for d in await db.scalars(select(Device).where(Device.id.in_({r.device_id for r in reports})))}
    rows, notices = [], {}
    for report in reports:
        device = devices.get(report.device_id)
        if device is None:
            continue
        end = report.fields.get("end_time") or utcnow()
        values = {"device": device.name, "serial": device.serial_number, "task": report.fields.get("task_name", ""),
                  "time": end.isoformat(), "area": f"{float(report.fields.get('cleaned_area') or 0):g}"}
        key = f"task:{report.msg_id}"[:160]
        rows.append(message_row(device.user_id, device.id, "task_ended", values, key, end))
        notices[key] = Notice(device.id, device.owner_path, EVENT_TASK_ENDED, values)
    new = await insert_new(db, Message, rows, key="dedup_key", returning=[Message.dedup_key])
    await queue_notices(db, [notices[row.dedup_key] for row in new], policy or NotifyPolicy())
    return len(new)


# --- the live alarm calls ---------------------------------------------------------------------------

_resolver = aliased(User)


def alarm_rows() -> Select[*tuple[Any, ...]]:
    """Alarms with their device's name and serial number and their resolver's name (what ``alarm_answer`` reads)."""
    return (select(Alarm, Device.name, Device.serial_number, _resolver.name.label("resolver"))
            .join(Device, Device.id == Alarm.device_id)
            .outerjoin(_resolver, _resolver.id == Alarm.resolved_by))


def alarms_query(path: str, *, unresolved: bool = False, serial_number: str | None = None,
                 after_id: int | None = None, after_time: datetime | None = None) -> Select[*tuple[Any, ...]]:
    """Alarms of the devices under ``path`` with their device and resolver, newest first."""
    query = alarm_rows().where(path_prefix(Device.owner_path, path))
    if unresolved:
        query = query.where(Alarm.state == STATE_UNRESOLVED)
    if serial_number is not None:
        query = query.where(Device.serial_number == serial_number)
    if after_id is not None:
        query = query.where(Alarm.id > after_id)
    if after_time is not None:
        query = query.where(Alarm.raised_at > after_time)
    return query.order_by(Alarm.raised_at.desc(), Alarm.id.desc())


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def alarm_answer(row: Any) -> dict[str, Any]:
    alarm: Alarm = row[0]
    return {
        "warnId": alarm.id, "deviceId": alarm.device_id, "deviceName": row[1], "deviceSerialNumber": row[2],
        "key": alarm.key, "code": alarm.code, "type": alarm.type, "level": alarm.level, "kind": alarm.kind,
        "content": alarm.content, "time": alarm.raised_at.isoformat(), "clearedAt": _iso(alarm.cleared_at),
        "state": STATES.get(alarm.state, "unknown"), "resolvedAt": _iso(alarm.resolved_at),
        "resolvedBy": row[3], "resolution": alarm.resolution,
    }


async def newer_alarms(db: AsyncSession, path: str, after_id: int | None, after_time: datetime | None,
                       limit: int) -> list[dict[str, Any]]:
    """The newest ``limit`` alarms stored after ``after_id`` and raised after ``after_time`` (either may be None)."""
    query = alarms_query(path, after_id=after_id, after_time=after_time).limit(limit)
    return [alarm_answer(row) for row in await db.execute(query)]


async def count_unresolved(db: AsyncSession, path: str) -> int:
    query = (select(func.count(Alarm.id)).join(Device, Device.id == Alarm.device_id)
             .where(path_prefix(Device.owner_path, path), Alarm.state == STATE_UNRESOLVED))
    return await db.scalar(query) or 0


async def resolve_device(db: AsyncSession, device: Device, user_id: int, by: str = "",
                         resolution: str = "release", policy: NotifyPolicy | None = None) -> tuple[int, datetime]:
    """Marks the device's unresolved alarms resolved by ``user_id`` now (release or dismiss) and tells the owner;
    answers how many and the time."""
    now = utcnow()
    result = await db.execute(update(Alarm).where(Alarm.device_id == device.id, Alarm.state == STATE_UNRESOLVED)
                              .values(state=STATE_RESOLVED, resolved_at=now, resolved_by=user_id,
                                      resolution=resolution)
                              .returning(Alarm.device_id, Alarm.raised_at)
                              .execution_options(synchronize_session=False))
    resolved = result.all()
    await count_resolved(db, resolved, from_state=STATE_UNRESOLVED)
    count = len(resolved)
    if count:
        await tell_resolved(db, device, None, count, now, by, policy)
    await db.commit()
    return count, now


def resolve_event(device: Device, count: int, at: datetime, by: str, warn_id: int | None = None) -> dict[str, Any]:
    """What consoles are pushed when a device's open alarms are resolved (one item for the device; ``warnId``
    when one alarm was resolved by its id)."""
    event = LiveAlarm(action="resolve", deviceId=device.id, deviceSerialNumber=device.serial_number, count=count,
                      time=at.isoformat(), state="resolved", resolvedBy=by)
    if warn_id is not None:
        event["warnId"] = warn_id
    return routed(device.owner_path, event)


async def _delete_batch(db: AsyncSession, where: Sequence[Any], limit: int, skip_locked: bool = False) -> int:
    """Deletes at most ``limit`` of the alarms ``where`` says after taking them out of the day counts in the
    database (counts.uncount); answers how many. PostgreSQL locks them first (FOR UPDATE): none changes between."""
    ids = list(await db.scalars(select(Alarm.id).where(*where).limit(limit)
                                .with_for_update(of=Alarm, skip_locked=skip_locked)))
    if ids:
        await uncount(db, ids)
        await db.execute(delete(Alarm).where(Alarm.id.in_(ids)).execution_options(synchronize_session=False))
    return len(ids)


async def delete_alarms(db: AsyncSession, *where: Any) -> int:
    """Deletes the alarms ``where`` says and takes them out of the day counts, BATCH at a time in the caller's
    transaction; answers how many (caller commits)."""
    total = 0
    while (done := await _delete_batch(db, where, BATCH)) == BATCH:
        total += done
    return total + done


async def purge_alarms(db: AsyncSession, within: Within, before: datetime, limit: int | None = None) -> int:
    """Clear data and retention: the part's alarms raised before the cut-off; with a ``limit``, one batch of at
    most that many, passing over those another transaction is writing (the job never waits for a call)."""
    devices = select(Device.id).where(within.holds(Device.owner_path))
    where = (Alarm.raised_at < before, Alarm.device_id.in_(devices))
    if limit is None:
        return await delete_alarms(db, *where)
    return await _delete_batch(db, where, limit, skip_locked=True)


register_purge("alarms", purge_alarms, kind="alarms")
