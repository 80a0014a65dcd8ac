"""The escalation: the periodic job ``incident-escalation`` (core.leader.start_scanning: one worker of a cluster
runs it) takes each due step of the incidents nobody acknowledged, then sends what the steps wrote.

**A step** (incidents/policy.py ``next_step``): level *i*'s first notice, or a reminder to the level last told. A
round that finds several steps of an incident due (the job was down) takes only the latest of them.
Its state is the incident row's (``level``, ``reminders``, ``level_at``, ``next_step_at``), so a restart continues
where the last step left it. A worker takes a step with one conditional UPDATE from the state it read to the next
(``WHERE level = :read AND reminders = :read AND not acknowledged``): of two workers (a leadership hand-over) or
two scans, exactly one wins; the winner writes the step's sends (``incident_sends``, unique per incident, level,
step, user and channel) and the people's message-centre messages in the same transaction.

**Who.** Level *i* tells the people on duty (policy.people_on_duty) of the user ``levels[i].up`` levels above the
robot's owner when the incident opened; a level above the tree's root tells nobody. Each person is told through
the channels of their alarm settings for the alarm's name (warn/settings_service.py; the defaults without one):
every adapter of warn/channels that delivers (e-mail, webhook providers, web push) gets a pending send; the cloud
platform channel (the console's own) is the message-centre message, recorded as sent at once.

**Sending.** Each pending send due is claimed by one conditional UPDATE (as warn/notify.py does), then handed to
its channel adapter in the recipient's language; the e-mail carries a one-time acknowledge link
(incidents/links.py). A failed send is retried after ``notify_backoff`` seconds, doubled, up to
``notify_attempts`` tries; a send whose incident was acknowledged or ended meanwhile is ``skipped``.
"""

import asyncio
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.alarm_texts import alarm_text
from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.leader import start_scanning, stop_task
from cleanfleet.core.texts import render_value
from cleanfleet.devices.models import Device
from cleanfleet.incidents import texts
from cleanfleet.incidents.links import new_link
from cleanfleet.incidents.models import SEND_FAILED, SEND_PENDING, SEND_SENT, Incident, IncidentSend
from cleanfleet.incidents.policy import Step, branch_at, next_step, people_on_duty
from cleanfleet.messages.service import insert_messages, message_row
from cleanfleet.settings import Settings
from cleanfleet.users.models import User
from cleanfleet.warn.channels import Outgoing, SendFailed, all_channels, default_channels, get_channel
from cleanfleet.warn.settings_service import channels_on

JOB = "incident-escalation"
ROUND = 50  # steps, then sends, per round
CLAIM_SECONDS = 120.0  # a claimed send is tried again after this when its worker died while sending
SEND_SKIPPED = "skipped"


def incident_link(incident_id: int) -> str:
    """The console's address of an incident (the message centre's link)."""
    return f"/incident/index?incidentId={incident_id}"


def _values(incident: Incident, device: Device | None, step: Step | None = None) -> dict[str, Any]:
    values = {"id": incident.id, "device": device.name if device else "", "serial": device.serial_number if device
              else "", "alarmKey": incident.key, "code": incident.code, "content": "",
              "time": incident.opened_at.isoformat(), "urgency": incident.urgency, "link": incident_link(incident.id)}
    if step is not None:
        values |= {"level": step.level, "step": step.step}
    return values


async def take_step(db: AsyncSession, incident_id: int, now: datetime) -> int:
    """Takes the incident's due step if this worker wins it; answers 1 when it did."""
    incident = await db.get(Incident, incident_id, populate_existing=True)
    if incident is None or incident.ended_at or incident.acknowledged_at or incident.next_step_at is None \
            or incident.next_step_at > now:
        return 0
    policy = incident.policy or {}
    step = next_step(policy, incident.level, incident.level_at, incident.reminders, incident.opened_at)
    level_at = now if step is None or step.step == 0 else incident.level_at
    after = next_step(policy, step.level, level_at, step.step, incident.opened_at) if step else None
    while step is not None and after is not None and after.at <= now:  # behind (a restart): only the latest due step
        step = after
        level_at = now if step.step == 0 else level_at
        after = next_step(policy, step.level, level_at, step.step, incident.opened_at)
    claimed = await db.execute(update(Incident).where(
        Incident.id == incident.id, Incident.ended_at.is_(None), Incident.acknowledged_at.is_(None),
        Incident.level == incident.level, Incident.reminders == incident.reminders,
    ).values(**({"next_step_at": None} if step is None else {
        "level": step.level, "reminders": step.step, "level_at": level_at,
        "next_step_at": after.at if after else None})).execution_options(synchronize_session=False))
    if (claimed.rowcount or 0) != 1 or step is None:  # type: ignore[attr-defined]
        await db.commit()
        return 0
    await _write_sends(db, incident, step, now)
    await db.commit()
    return 1


async def _write_sends(db: AsyncSession, incident: Incident, step: Step, now: datetime) -> None:
    levels = (incident.policy or {}).get("levels") or []
    branch = branch_at(incident.owner_path, int(levels[step.level]["up"])) if step.level < len(levels) else None
    if branch is None:
        return  # above the tree's root: nobody more to tell
    people = (await people_on_duty(db, {branch}, now))[branch]
    users = {u.id: u for u in await db.scalars(select(User).where(User.id.in_(people)))}
    settings = await channels_on(db, set(users), {incident.key})
    reach = {c.key: await c.reachable(db, set(users)) for c in all_channels() if c.reachable is not None}
    device = await db.get(Device, incident.device_id)
    values = _values(incident, device, step)
    rows, messages = [], []
    for uid in people:
        user = users.get(uid)
        if user is None:
            continue
        messages.append(message_row(uid, incident.device_id, "incident", values,
                                    f"incident:{incident.id}:{step.level}:{step.step}:{uid}", now))
        for channel in sorted(settings.get((uid, incident.key), default_channels())):
            adapter = get_channel(channel)
            if adapter is None or (channel in reach and uid not in reach[channel]):
                continue
            recipient = "console" if adapter.deliver is None else adapter.recipient(user, incident.key)
            if recipient is None:
                continue
            done = adapter.deliver is None  # the cloud platform: the message centre's message is the notice
            rows.append({"incident_id": incident.id, "level": step.level, "step": step.step, "user_id": uid,
                         "channel": channel, "recipient": recipient[:255], "state": SEND_SENT if done else SEND_PENDING,
                         "attempts": 0, "next_at": now, "created_at": now, "sent_at": now if done else None})
    if rows:
        insert = postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert
        await db.execute(insert(IncidentSend).on_conflict_do_nothing(), rows)
    await insert_messages(db, messages)


# --- sending ----------------------------------------------------------------------------------------------------

def notice(incident: Incident, send: IncidentSend, device: Device | None, language: str | None) -> tuple[str, str]:
    """The subject and text of a send in the recipient's language (times in UTC)."""
    shown = {"id": str(incident.id), "device": device.name if device else "",
             "serial": device.serial_number if device else "",
             "alarm": alarm_text(incident.key, incident.code, "", language),
             "time": render_value(incident.opened_at, None),
             "urgency": texts.URGENCY.get(incident.urgency, texts.URGENCY["high"]).render(language)}
    subject = texts.NOTICE_SUBJECT.render(language, shown)
    lines = [texts.NOTICE_BODY.render(language, shown)]
    if send.step:
        limit = (incident.policy or {}).get("reminderLimit", send.step)
        lines.append(texts.REMINDER_LINE.render(language, {"n": send.step, "limit": limit}))
    elif send.level:
        lines.append(texts.ESCALATED_LINE.render(language, {"level": send.level}))
    return subject, "\n".join(lines)


async def _claim(db: AsyncSession, send_id: int, now: datetime) -> bool:
    result = await db.execute(update(IncidentSend).where(
        IncidentSend.id == send_id, IncidentSend.state == SEND_PENDING, IncidentSend.next_at <= now,
    ).values(next_at=now + timedelta(seconds=CLAIM_SECONDS)).execution_options(synchronize_session=False))
    await db.commit()
    return (result.rowcount or 0) == 1  # type: ignore[attr-defined]


async def _deliver(db: AsyncSession, settings: Settings, send: IncidentSend, incident: Incident, user: User,
                   now: datetime) -> None:
    adapter = get_channel(send.channel)
    if adapter is None or adapter.deliver is None:
        raise SendFailed(f"no channel {send.channel!r} delivers", final=True)
    device = await db.get(Device, incident.device_id)
    subject, text = notice(incident, send, device, user.language)
    if send.channel == "email":
        url, until = await new_link(db, settings, incident.id, user.id, now)
        text += "\n\n" + texts.LINK_LINE.render(user.language, {"url": url, "until": render_value(until, None)})
    await adapter.deliver(settings, Outgoing(
        send_id=send.id, channel=send.channel, event=incident.key, count=incident.alarm_count,
        recipient=send.recipient, values={**_values(incident, device), "level": send.level, "step": send.step},
        user=user, device=device, subject=subject, text=text, alarm_id=incident.first_alarm_id, db=db))


async def deliver_pending(database: Database, settings: Settings, now: datetime) -> int:
    """Sends the pending sends due (a round of at most ``ROUND``); answers how many went out."""
    sent = 0
    async with database.sessions() as db:
        due = list(await db.scalars(select(IncidentSend.id).where(
            IncidentSend.state == SEND_PENDING, IncidentSend.next_at <= now)
            .order_by(IncidentSend.next_at, IncidentSend.id).limit(ROUND)))
    for send_id in due:
        async with database.sessions() as db:
            if not await _claim(db, send_id, now):
                continue  # another worker has it
            send = await db.get(IncidentSend, send_id)
            incident = await db.get(Incident, send.incident_id) if send else None
            user = await db.get(User, send.user_id) if send and send.user_id else None
            if send is None or incident is None or user is None:
                continue
            if incident.acknowledged_at is not None or incident.ended_at is not None:
                send.state = SEND_SKIPPED  # somebody acted: no more notices
                await db.commit()
                continue
            send.attempts += 1
            try:
                await _deliver(db, settings, send, incident, user, now)
            except SendFailed as exc:
                send.last_error = str(exc)[:255]
                if exc.final or send.attempts >= settings.notify_attempts:
                    send.state = SEND_FAILED
                else:
                    send.next_at = now + timedelta(seconds=settings.notify_backoff * 2 ** (send.attempts - 1))
            else:
                send.state, send.sent_at, send.last_error = SEND_SENT, utcnow(), None
                sent += 1
            await db.commit()
    return sent


async def escalate_due(database: Database, settings: Settings, now: datetime | None = None) -> int:
    """One round: the due steps (each taken once), then the due sends; answers how many of both."""
    now = now or utcnow()
    async with database.sessions() as db:
        due = list(await db.scalars(select(Incident.id).where(
            Incident.next_step_at <= now, Incident.ended_at.is_(None), Incident.acknowledged_at.is_(None))
            .order_by(Incident.next_step_at, Incident.id).limit(ROUND)))
    steps = 0
    for incident_id in due:
        async with database.sessions() as db:
            steps += await take_step(db, incident_id, now)
    return steps + await deliver_pending(database, settings, now)


def start_escalation(database: Database, settings: Settings) -> asyncio.Task[None]:
    async def scan(db: Database) -> int:
        return await escalate_due(db, settings)

    every = settings.incident_scan_every  # the first round too: a restart does not rush the steps it missed
    return start_scanning(database, JOB, scan, every, every)


async def stop_escalation(task: asyncio.Task[None]) -> None:
    await stop_task(task)
