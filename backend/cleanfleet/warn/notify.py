"""Alarm notifications: who is told of what through which channel, the outbox, and the notifier that sends it.

**Who.** A notice about a device (a new alarm, a resolved alarm, a task run that ended) concerns every user on
the device owner's tree path (the owner and each ancestor: its dealer, the admin). Each of them is told through
the channels of its own setting for the alarm's name or the event (warn/settings_service.py; without one,
the channels registered on by default: the console's pop-up and e-mail). Each channel is an adapter
(warn/channels/): it names the user's recipient on it (e-mail: the user's addresses when its ``emailToWarn`` is
on, ``emailToTask`` for a task run that ended; the provider channels: the user's phone for the webhook) and sends.
The cloud platform channel is the console's own pop-up and sound: a user with it off is listed in the live
event's ``quietFor``, and that user's console shows no pop-up for it. A notice that is no device's
(``UserNotice``: a site plan's window missed or short) goes the same way to the users on a given tree path.
Every send keeps what happened (the event and its values, or a UserNotice's text keys and values) and is written
in its recipient's language when it goes out (issue 48 item 7): two recipients of one notice read it each in their
own language, the one their account has at that time.

**Outbox.** ``queue_notices`` writes one ``notification_sends`` row per user and channel, with its send in the one
outbox (core/outbox.py, kind ``notify``), in the transaction that stores the alarm (a redelivered alarm is not
stored again, so it is not told twice; a crash loses nothing); the outbox wakes when it commits and sends it at
once. ``send`` is this domain's channel: the outbox claims the row, calls it and records the outcome (``sent``;
else retried after ``notify_backoff`` seconds, doubled each time, and ``failed`` after ``notify_attempts`` tries,
or at once when the channel is not configured). Each user's channel is a lane of the outbox (two at a time).

**Storms.** Per device, channel and user, at most ``notify_storm_max`` sends are written in a window of
``notify_storm_window`` seconds: the first ``max - 1`` go out at once, every later alarm of the window is folded
into one summary send (``alarm_count`` alarms; the text names the count, the first time and the latest alarm)
that goes out when the window ends. Every alarm is still stored, listed and counted in the message centre
(where a robot's alarms of one problem fold into one open message: messages/service.py ``fold_messages``).
"""

import logging
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, insert, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core import outbox
from cleanfleet.core.alarm_texts import alarm_text
from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.outbox_sender import retry_waits, run_round
from cleanfleet.core.scope import ids_on_path
from cleanfleet.core.texts import Text, render_stored, render_value, stored_values, text_key
from cleanfleet.devices.models import Device
from cleanfleet.settings import Settings
from cleanfleet.users.models import User
from cleanfleet.warn import texts
from cleanfleet.warn.channels import Outgoing, SendFailed, all_channels, default_channels, get_channel
from cleanfleet.warn.channels.cloud import CLOUD
from cleanfleet.warn.models import EVENT_ALARM_RESOLVED, EVENT_TASK_ENDED, NOTIFY_KIND, SEND_PENDING, NotificationSend
from cleanfleet.warn.settings_service import channels_on

log = logging.getLogger("cleanfleet.notify")
STORM = "storm"  # the event of a send that folds a storm's alarms


@dataclass(frozen=True)
class NotifyPolicy:
    storm_window: float = 600.0
    storm_max: int = 3

    @classmethod
    def of(cls, settings: Settings) -> "NotifyPolicy":
        return cls(settings.notify_storm_window, settings.notify_storm_max)


@dataclass(frozen=True)
class Notice:
    """Something to tell the users above a device about."""

    device_id: int
    owner_path: str
    event: str  # the alarm's name (key), or alarm_resolved / task_ended
    values: dict[str, Any]  # device, serial, alarmKey, code, content, time, ... (JSON)
    alarm_id: int | None = None

    @property
    def is_alarm(self) -> bool:
        return self.event not in (EVENT_ALARM_RESOLVED, EVENT_TASK_ENDED)


@dataclass
class Queued:
    quiet: dict[int, list[int]] = field(default_factory=dict)  # alarm id → users with the cloud channel off
    sends: int = 0
    folded: int = 0


def _recipient(user: User, channel: str, event: str, reach: dict[str, set[int]]) -> str | None:
    adapter = get_channel(channel)
    if adapter is None or adapter.deliver is None:
        return None  # the console's pop-up (the live push itself), or a channel no longer registered
    if channel in reach and user.id not in reach[channel]:
        return None
    return adapter.recipient(user, event)


async def _reach(db: AsyncSession, user_ids: set[int]) -> dict[str, set[int]]:
    """Per channel that knows it from the database, which users it can reach."""
    return {c.key: await c.reachable(db, user_ids) for c in all_channels() if c.reachable is not None}


async def queue_notices(db: AsyncSession, notices: list[Notice], policy: NotifyPolicy,
                        now: datetime | None = None) -> Queued:
    """Writes the sends of ``notices`` (in the caller's transaction; it commits); answers the users who want no
    pop-up per alarm and how many sends were written or folded into a storm's summary."""
    now = now or utcnow()
    queued = Queued()
    if not notices:
        return queued
    user_ids = {uid for notice in notices for uid in ids_on_path(notice.owner_path)}
    users = {u.id: u for u in await db.scalars(select(User).where(User.id.in_(user_ids)))}
    settings = await channels_on(db, set(users), {n.event for n in notices})
    defaults = default_channels()
    reach = await _reach(db, set(users))
    wanted: list[dict[str, Any]] = []
    for notice in notices:
        for uid in ids_on_path(notice.owner_path):
            user = users.get(uid)
            if user is None:
                continue
            channels = settings.get((uid, notice.event), defaults)
            if notice.alarm_id is not None and notice.is_alarm and CLOUD.key not in channels:
                queued.quiet.setdefault(notice.alarm_id, []).append(uid)
            for channel in sorted(channels):
                recipient = _recipient(user, channel, notice.event, reach)
                if recipient is not None:
                    wanted.append({"alarm_id": notice.alarm_id, "device_id": notice.device_id, "user_id": uid,
                                   "event": notice.event, "channel": channel, "recipient": recipient,
                                   "alarm_count": 1, "next_at": now,
                                   "values": notice.values, "created_at": now, "storm": notice.is_alarm})
    rows = await _fold_storms(db, wanted, policy, now, queued)
    await _write(db, rows, now)
    queued.sends = len(rows)
    return queued


async def _write(db: AsyncSession, rows: list[dict[str, Any]], now: datetime) -> None:
    """The sends' rows and their sends in the outbox (due at their ``next_at``), each user's channel a lane."""
    if not rows:
        return
    due = [row.pop("next_at") for row in rows]
    ids = list((await db.execute(insert(NotificationSend).returning(NotificationSend.id, sort_by_parameter_order=True),
                                 rows)).scalars())
    await outbox.enqueue(db, NOTIFY_KIND, [
        outbox.New(send_id, row["channel"], f"notify:{row['channel']}:{row['user_id']}", f"u{row['user_id']}", at)
        for send_id, row, at in zip(ids, rows, due, strict=True)], now)


@dataclass(frozen=True)
class UserNotice:
    """Something to tell the users on a tree path about that is no device's (a site plan's window missed): each
    user on ``owner_path`` (the user at its end and its ancestors) through the channels of its own setting for
    ``event``. ``texts`` are the subject's and the text's registered Texts (core/texts.py) and their values:
    each send keeps their keys and values and is rendered in its recipient's language when it is sent. A notice
    written with ``render`` instead (the subject and text in a language) is stored rendered in the recipient's
    language when queued (``values`` ``subject`` and ``text``). ``values``: ``url``, the console page that shows it,
    which a push notification opens."""

    owner_path: str
    event: str
    render: Callable[[str | None], tuple[str, str]] | None
    values: dict[str, Any]
    texts: tuple[Text, Text, dict[str, Any]] | None = None

    def kept(self, language: str | None) -> dict[str, Any]:
        """What a send keeps of the notice's words: their keys and values, else their rendering in ``language``."""
        if self.texts is not None:
            subject, text, values = self.texts
            return {SUBJECT_KEY: text_key(subject), TEXT_KEY: text_key(text), TEXT_VALUES: stored_values(values)}
        assert self.render is not None, "a UserNotice needs texts or render"
        subject_shown, text_shown = self.render(language)
        return {"subject": subject_shown, "text": text_shown}


SUBJECT_KEY, TEXT_KEY, TEXT_VALUES = "subjectKey", "textKey", "textValues"


async def queue_user_notices(db: AsyncSession, notices: list[UserNotice], now: datetime | None = None) -> int:
    """Writes the sends of ``notices`` (in the caller's transaction; it commits); answers how many. No storm
    folding: such notices are few and each tells of a different thing."""
    now = now or utcnow()
    user_ids = {uid for notice in notices for uid in ids_on_path(notice.owner_path)}
    if not user_ids:
        return 0
    users = {u.id: u for u in await db.scalars(select(User).where(User.id.in_(user_ids)))}
    settings = await channels_on(db, set(users), {n.event for n in notices})
    defaults = default_channels()
    reach = await _reach(db, set(users))
    rows: list[dict[str, Any]] = []
    for notice in notices:
        for uid in ids_on_path(notice.owner_path):
            user = users.get(uid)
            if user is None:
                continue
            kept = notice.kept(user.language)
            for channel in sorted(settings.get((uid, notice.event), defaults)):
                recipient = _recipient(user, channel, notice.event, reach)
                if recipient is not None:
                    rows.append({"alarm_id": None, "device_id": None, "user_id": uid, "event": notice.event,
                                 "channel": channel, "recipient": recipient,
                                 "alarm_count": 1, "next_at": now, "created_at": now,
                                 "values": {**notice.values, **kept}})
    await _write(db, rows, now)
    return len(rows)


async def _fold_storms(db: AsyncSession, wanted: list[dict[str, Any]], policy: NotifyPolicy, now: datetime,
                       queued: Queued) -> list[dict[str, Any]]:
    """The rows to insert: alarm sends past the window's limit are folded into one summary per device, channel
    and user (an existing pending one is updated here)."""
    storming: list[dict[str, Any]] = []
    rows: list[dict[str, Any]] = []
    for send in wanted:
        (storming if send.pop("storm") else rows).append(send)
    if not storming:
        return rows
    devices = {w["device_id"] for w in storming}
    since = now - timedelta(seconds=policy.storm_window)
    key_of = (NotificationSend.device_id, NotificationSend.channel, NotificationSend.user_id)
    counts: dict[tuple[Any, ...], int] = defaultdict(int)
    for device_id, channel, user_id, n in await db.execute(
            select(*key_of, func.count(NotificationSend.id)).where(
                NotificationSend.device_id.in_(devices), NotificationSend.created_at >= since).group_by(*key_of)):
        counts[(device_id, channel, user_id)] = n
    summaries: dict[tuple[Any, ...], Any] = {
        (s.device_id, s.channel, s.user_id): s for s in await db.scalars(
            select(NotificationSend).where(NotificationSend.device_id.in_(devices), NotificationSend.event == STORM,
                                           NotificationSend.state == SEND_PENDING))}
    for send in storming:
        key: tuple[Any, ...] = (send["device_id"], send["channel"], send["user_id"])
        summary = summaries.get(key)
        if summary is None and counts[key] < policy.storm_max - 1:
            rows.append(send)
            counts[key] += 1
        elif summary is None:
            summary = {**send, "event": STORM, "next_at": now + timedelta(seconds=policy.storm_window),
                       "values": {**send["values"], "since": send["values"].get("time")}}
            summaries[key] = summary
            rows.append(summary)
            counts[key] += 1
        else:
            _fold(summary, send)
            queued.folded += 1
    return rows


def _fold(summary: Any, send: dict[str, Any]) -> None:
    """One more alarm in a storm's summary (a row to insert, or a stored pending one)."""
    if isinstance(summary, dict):
        summary["alarm_count"] += 1
        summary["alarm_id"] = send["alarm_id"]
        summary["values"] = {**send["values"], "since": summary["values"].get("since")}
    else:
        summary.alarm_count += 1
        summary.alarm_id = send["alarm_id"]
        summary.values = {**send["values"], "since": summary.values.get("since")}


# --- sending ----------------------------------------------------------------------------------------------

def notice_text(send: NotificationSend, language: str | None) -> tuple[str, str]:
    """The subject and text of a send in ``language`` (times in UTC)."""
    values = send.values or {}
    if send.device_id is None and SUBJECT_KEY in values and TEXT_KEY in values:  # a UserNotice's, by key
        kept = values.get(TEXT_VALUES) or {}
        subject = render_stored(str(values[SUBJECT_KEY]), kept, language)
        text = render_stored(str(values[TEXT_KEY]), kept, language)
        if subject is not None and text is not None:
            return subject, text
    if send.device_id is None and "subject" in values and "text" in values:
        return str(values["subject"]), str(values["text"])  # a UserNotice's, rendered in its recipient's language
    shown = {name: render_value(_as_time(value) if name in ("time", "since") else value, None)
             for name, value in values.items()}
    shown["alarm"] = alarm_text(str(values.get("alarmKey", "")), str(values.get("code", "")),
                                str(values.get("content", "")), language)
    shown["count"] = str(send.alarm_count)
    if send.event == EVENT_TASK_ENDED:
        return texts.TASK_SUBJECT.render(language, shown), texts.TASK_BODY.render(language, shown)
    subject = texts.ALARM_SUBJECT.render(language, shown)
    if send.event == EVENT_ALARM_RESOLVED:
        subject = f"{texts.EVENT_TEXTS[EVENT_ALARM_RESOLVED].render(language)}: {shown['alarm']}"
    if send.event == STORM:
        return subject, texts.STORM_BODY.render(language, {**shown, "time": shown.get("since", shown.get("time"))})
    return subject, texts.ALARM_BODY.render(language, shown)


def _as_time(value: Any) -> Any:
    try:
        return datetime.fromisoformat(value) if isinstance(value, str) else value
    except ValueError:
        return value


async def _send(db: AsyncSession, settings: Settings, send: NotificationSend, user: User,
                device: Device | None) -> None:
    adapter = get_channel(send.channel)
    if adapter is None or adapter.deliver is None:
        raise SendFailed(f"no channel {send.channel!r} is registered", final=True)
    subject, text = notice_text(send, user.language)
    await adapter.deliver(settings, Outgoing(
        send_id=send.id, channel=send.channel, event=send.event, count=send.alarm_count, recipient=send.recipient,
        values=send.values, user=user, device=device, subject=subject, text=text, alarm_id=send.alarm_id, db=db))


async def send(database: Database, settings: Settings, item: outbox.Item) -> outbox.Result:
    """The outbox's channel ``notify``: one send through its channel adapter, in its recipient's language."""
    async with database.sessions() as db:
        send = await db.get(NotificationSend, item.ref_id)
        user = await db.get(User, send.user_id) if send and send.user_id else None
        if send is None or user is None:
            return outbox.Result(False, gone=True)
        device = await db.get(Device, send.device_id) if send.device_id else None
        try:
            await _send(db, settings, send, user, device)
        except SendFailed as exc:
            result = outbox.Result(False, error=str(exc)[:255], final=exc.final)
        else:
            result = outbox.Result(True)
        await db.commit()  # what the adapter wrote (a web push's expired subscriptions)
    return result


async def deliver_due(database: Database, settings: Settings, now: datetime | None = None) -> dict[str, int]:
    """One round of the notifications due now (tests; the outbox sends them on its own); answers how many were
    sent, retried and failed."""
    outcomes = await run_round(database, settings, (NOTIFY_KIND,), now)
    return {"sent": outcomes["sent"], "retried": outcomes["retried"], "failed": outcomes["failed"]}


outbox.register(outbox.Sender(
    NOTIFY_KIND, send, retry=lambda s: retry_waits(s.notify_backoff, s.notify_attempts), timeout=lambda _: 60.0,
    per_lane=2, table="notification_sends"))
