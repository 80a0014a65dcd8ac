"""The message centre: writing messages (``insert_messages``, ``message_row``), the due-item scanner, and the
caller's own messages (unread, all, mark read, delete).

A message is stored with a text key of ``messages/texts.py`` (or the keys of two registered texts:
``keyed_row``) and its values, and rendered in the reader's language when read: the language of the screen
reading it (issue 48 item 7), never the one its account had when it was written; ``title``/``content`` hold the
English text (what a writer without a key stores, and what rows from before keys show).
Messages are the acting user's (a shadow reads its owner's messages). A robot's alarms fold (``folding``,
``fold_messages``): one open message per user, robot and problem counts them; reading or deleting it ends the fold.

Owner messages when a consumable or a maintenance falls due:

``scan_due`` may run on every worker at any time: each message has a key unique to its device, item
and due period, and is inserted with "on conflict do nothing", so a due item gives one message however
many scans see it. ``start_due_scanner`` runs it periodically from the app's lifespan.
"""

import asyncio
import contextlib
import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import case, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.consumables.models import Consumable, MaintenanceReminder
from cleanfleet.consumables.service import periods_passed
from cleanfleet.core.alarm_texts import alarm_text
from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.errors import not_found
from cleanfleet.core.language import caller_zone, reader_language
from cleanfleet.core.leader import start_scanning, stop_task
from cleanfleet.core.retention import purge_rows
from cleanfleet.core.texts import Text, render_stored, render_value, stored_values, text_key
from cleanfleet.devices.models import Device
from cleanfleet.messages import texts
from cleanfleet.messages.models import Message
from cleanfleet.users.models import User

log = logging.getLogger("cleanfleet.messages")

KIND_CONSUMABLE = "consumable_due"
KIND_MAINTENANCE = "maintenance_due"
SCAN_EVERY_SECONDS = 3600.0
FIRST_SCAN_AFTER_SECONDS = 60.0


async def insert_messages(db: AsyncSession, rows: Sequence[dict[str, Any]]) -> int:
    """Insert messages, skipping those whose dedup_key exists. Answers how many are new."""
    if not rows:
        return 0
    dialect = db.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = insert(Message).on_conflict_do_nothing(index_elements=["dedup_key"]).returning(Message.id)
    result = await db.execute(statement, list(rows))
    return len(result.all())


def folding(row: dict[str, Any], fold_key: str) -> dict[str, Any]:
    """``row`` (a ``message_row``) as a message that folds into the user's open message of ``fold_key``
    (``fold_messages``); the fold key is the one that keeps it from being written twice."""
    return {**row, "dedup_key": None, "fold_key": fold_key[:160], "count": 1}


def _folded_in_python(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per fold key (a statement may not fold into one row twice): the latest, counting them all; sorted
    by key, so two writers lock the open messages in the same order."""
    by_key: dict[str, dict[str, Any]] = {}
    for row in sorted(rows, key=lambda r: r["created_at"]):
        earlier = by_key.get(row["fold_key"])
        by_key[row["fold_key"]] = {**row, "count": row["count"] + (earlier["count"] if earlier else 0)}
    return [by_key[key] for key in sorted(by_key)]


async def fold_messages(db: AsyncSession, rows: Sequence[dict[str, Any]]) -> None:
    """Insert ``folding`` rows, each folded into its user's open message of the same fold key when there is one:
    that message counts it and shows the latest (its time, text and values). One statement that yields to the
    unique fold key, so two writers at once fold into one message."""
    if not rows:
        return
    insert = postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert
    statement = insert(Message)
    new = statement.excluded
    newer = Message.created_at < new.created_at

    def latest(column: Any) -> Any:
        return case((newer, new[column.key]), else_=column)

    statement = statement.on_conflict_do_update(index_elements=["fold_key"], set_={
        "count": Message.count + new["count"], "created_at": latest(Message.created_at),
        "title": latest(Message.title), "content": latest(Message.content),
        "text_values": latest(Message.text_values)})
    await db.execute(statement, _folded_in_python(rows))


async def end_folds(db: AsyncSession, device_id: int, fold_prefix: str) -> None:
    """The device's open messages whose fold key starts with ``fold_prefix`` fold no more (the next is new)."""
    await db.execute(update(Message).where(Message.device_id == device_id,
                                           Message.fold_key.startswith(fold_prefix, autoescape=True))
                     .values(fold_key=None).execution_options(synchronize_session=False))


def _shown(values: dict[str, Any], language: str | None, zone: Any) -> dict[str, str]:
    shown: dict[str, str] = {}
    for name, value in values.items():
        if name.endswith(("time", "since")) and isinstance(value, str):
            with contextlib.suppress(ValueError):
                value = datetime.fromisoformat(value)
        shown[name] = render_value(value, zone)
    if "alarmKey" in values:
        shown["alarm"] = alarm_text(str(values["alarmKey"]), str(values.get("code", "")),
                                    str(values.get("content", "")), language)
    return shown


def render(kind: str, values: dict[str, Any], language: str | None, zone: Any = None) -> tuple[str, str]:
    """A message's title and content in ``language`` (``kind`` is a key of ``texts.MESSAGE_TEXTS``)."""
    title, content = texts.MESSAGE_TEXTS[kind]
    shown = _shown(values, language, zone)
    return title.render(language, shown), content.render(language, shown)


def message_row(user_id: int, device_id: int | None, kind: str, values: dict[str, Any], dedup_key: str,
                at: datetime) -> dict[str, Any]:
    """A row for ``insert_messages`` shown in the reader's language (``values`` JSON: datetimes as ISO text)."""
    title, content = render(kind, values, "en")
    return {"user_id": user_id, "device_id": device_id, "kind": kind, "title": title[:128],
            "content": content[:1024], "read": False, "deleted": False, "created_at": at,
            "dedup_key": dedup_key[:160], "text_key": kind, "text_values": values}


def keyed_row(user_id: int, device_id: int | None, kind: str, title: Text, content: Text,
              values: dict[str, Any], at: datetime, dedup_key: str | None) -> dict[str, Any]:
    """A row for ``insert_messages`` of any domain: its title and content are registered texts (core/texts.py
    ``register``) kept by key with ``values`` (a Text value by its key, a moment as ISO text), shown in the
    reader's language when read; the English is kept as the fallback."""
    kept = stored_values(values)
    english = (render_stored(text_key(title), kept, "en") or "", render_stored(text_key(content), kept, "en") or "")
    return {"user_id": user_id, "device_id": device_id, "kind": kind, "title": english[0][:128],
            "content": english[1][:1024], "read": False, "deleted": False, "created_at": at,
            "dedup_key": dedup_key[:160] if dedup_key else None, "text_key": text_key(title),
            "content_key": text_key(content), "text_values": kept}


async def _due_consumables(db: AsyncSession, now: datetime) -> list[dict[str, Any]]:
    rows = await db.execute(
        select(Consumable, Device.user_id, Device.serial_number, Device.name)
        .join(Device, Device.id == Consumable.device_id)
        .where(Consumable.used_hours >= Consumable.life_hours))
    return [message_row(
        user_id, item.device_id, KIND_CONSUMABLE,
        {"item": item.name, "device": name, "serial": serial, "used": f"{item.used_hours:g}",
         "life": f"{item.life_hours:g}", "since": item.replaced_at.isoformat()},
        f"consumable:{item.device_id}:{item.kind}:{int(item.replaced_at.timestamp())}", now,
    ) for item, user_id, serial, name in rows]


async def _due_maintenance(db: AsyncSession, now: datetime) -> list[dict[str, Any]]:
    rows = await db.execute(
        select(MaintenanceReminder, Device.user_id, Device.serial_number, Device.name)
        .join(Device, Device.id == MaintenanceReminder.device_id).where(MaintenanceReminder.maintained_at < now))
    messages = []
    for reminder, user_id, serial, name in rows:
        period = periods_passed(reminder.maintained_at, reminder.period_hours, now)
        if period < 1:
            continue
        messages.append(message_row(
            user_id, reminder.device_id, KIND_MAINTENANCE,
            {"item": reminder.name, "device": name, "serial": serial, "period": f"{reminder.period_hours:g}",
             "since": reminder.maintained_at.isoformat()},
            f"maintain:{reminder.id}:{int(reminder.maintained_at.timestamp())}:{period}", now))
    return messages


async def scan_due(db: AsyncSession, now: datetime | None = None) -> int:
    """Write a message to the owner of each device with a consumable or a maintenance due; answers how many
    messages are new (items already told about in their current period are skipped)."""
    now = now or utcnow()
    created = await insert_messages(db, await _due_consumables(db, now) + await _due_maintenance(db, now))
    await db.commit()
    return created


async def _scan_once(database: Database) -> int:
    async with database.sessions() as db:
        return await scan_due(db)


def start_due_scanner(database: Database, every: float = SCAN_EVERY_SECONDS,
                      first_after: float = FIRST_SCAN_AFTER_SECONDS) -> asyncio.Task[None]:
    return start_scanning(database, "due-scanner", _scan_once, every, first_after)  # one worker scans


async def stop_due_scanner(task: asyncio.Task[None]) -> None:
    await stop_task(task)


# --- the message centre's calls (the acting user's own messages) -------------------------------------------

def mine(user_id: int, *, unread: bool = False, kind: str | None = None) -> Any:
    query = select(Message).where(Message.user_id == user_id, Message.deleted.is_(False))
    if unread:
        query = query.where(Message.read.is_(False))
    if kind:
        query = query.where(Message.kind == kind)
    return query.order_by(Message.created_at.desc(), Message.id.desc())


def message_answer(message: Message) -> dict[str, Any]:
    """A message as the console shows it, in the reader's language (the screen's: core/language.py
    ``reader_language``) and the caller's time zone."""
    title, content = message.title, message.content
    language, zone = reader_language(), caller_zone()
    if message.text_key in texts.MESSAGE_TEXTS and message.text_values is not None:
        title, content = render(message.text_key, message.text_values, language, zone)
    elif message.text_key and message.content_key:  # a registered title and content (``keyed_row``)
        title = render_stored(message.text_key, message.text_values, language, zone) or title
        content = render_stored(message.content_key, message.text_values, language, zone) or content
    answer = {"id": message.id, "kind": message.kind, "title": title, "content": content,
              "deviceId": message.device_id, "read": message.read, "time": message.created_at.isoformat(),
              "count": message.count}
    if message.text_values and isinstance(message.text_values.get("link"), str):
        answer["link"] = message.text_values["link"]
    return answer


async def count_unread(db: AsyncSession, user_id: int) -> int:
    return await db.scalar(select(func.count(Message.id)).where(
        Message.user_id == user_id, Message.deleted.is_(False), Message.read.is_(False))) or 0


async def _own(db: AsyncSession, user_id: int, message_id: int) -> Message:
    message = await db.get(Message, message_id)
    if message is None or message.user_id != user_id or message.deleted:
        raise not_found(texts.MESSAGE_NOT_FOUND, field="id", id=message_id)
    return message


def _close(message: Message) -> None:
    """Read: the message folds no more (the next alarm of its robot and problem starts a new one)."""
    message.read = True
    message.fold_key = None


async def mark_read(db: AsyncSession, user_id: int, message_id: int | None) -> int:
    """Marks one of the user's messages read (``None``: all of them); answers how many changed."""
    if message_id is not None:
        message = await _own(db, user_id, message_id)
        changed = 0 if message.read else 1
        _close(message)
    else:
        result = await db.execute(update(Message).where(Message.user_id == user_id, Message.read.is_(False),
                                                        Message.deleted.is_(False))
                                  .values(read=True, fold_key=None)
                                  .execution_options(synchronize_session=False))
        changed = result.rowcount or 0  # type: ignore[attr-defined]
    await db.commit()
    return changed


async def open_message(db: AsyncSession, user_id: int, message_id: int) -> dict[str, Any]:
    """One of the user's messages as opened in the message centre: it becomes read (issue 29 item 9: an opened
    message no longer counts as unread) and is answered whole, with the unread count after."""
    message = await _own(db, user_id, message_id)
    _close(message)
    await db.commit()
    return {"message": message_answer(message), "unread": await count_unread(db, user_id)}


async def delete_message(db: AsyncSession, user_id: int, message_id: int) -> None:
    """Deletes one of the user's messages (kept as deleted, so a rescan does not write it again)."""
    message = await _own(db, user_id, message_id)
    message.deleted = True
    message.fold_key = None
    await db.commit()


# clear data: the subtree's users' messages older than the cut-off
purge_messages = purge_rows("messages", Message.created_at, Message.user_id, User.id, User.path, kind="messages",
                            row_id=Message.id)
