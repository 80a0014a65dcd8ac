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

**At once.** An incident that opens takes its level 0 in the alarm's own transaction (``step_now``, called by
incidents/service.py) when it is due then (no wait in the policy): its sends go when the alarm commits, not at the
next round; the rounds take the later levels and the reminders.

**Sending.** The sends are the one outbox's (core/outbox.py, kind ``incident``; this module's ``send`` is its
channel): claimed, handed to its channel adapter in the recipient's language, recorded; the e-mail carries a
one-time acknowledge link (incidents/links.py). A failed send is retried after ``notify_backoff`` seconds, doubled,
up to ``notify_attempts`` tries; a send whose incident was acknowledged or ended meanwhile is ``skipped``.
"""

import asyncio
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core import outbox
from cleanfleet.core.alarm_texts import alarm_text
from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.leader import start_scanning, stop_task
from cleanfleet.core.outbox_sender import retry_waits, run_round
from cleanfleet.core.texts import render_value
from cleanfleet.devices.models import Device
from cleanfleet.incidents import texts
from cleanfleet.incidents.links import new_link
from cleanfleet.incidents.models import SEND_KIND, Incident, IncidentSend
from cleanfleet.incidents.steps import incident_link as incident_link
from cleanfleet.incidents.steps import take_step, values_of
from cleanfleet.settings import Settings
from cleanfleet.users.models import User
from cleanfleet.warn.channels import Outgoing, SendFailed, get_channel

JOB = "incident-escalation"
ROUND = 50  # steps per round
SEND_SKIPPED = "skipped"


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
        recipient=send.recipient, values={**values_of(incident, device), "level": send.level, "step": send.step},
        user=user, device=device, subject=subject, text=text, alarm_id=incident.first_alarm_id, db=db))


async def send(database: Database, settings: Settings, item: outbox.Item) -> outbox.Result:
    """The outbox's channel ``incident``: one notice, unless somebody acted meanwhile (``skipped``)."""
    async with database.sessions() as db:
        send = await db.get(IncidentSend, item.ref_id)
        incident = await db.get(Incident, send.incident_id) if send else None
        user = await db.get(User, send.user_id) if send and send.user_id else None
        if send is None or incident is None or user is None:
            return outbox.Result(False, gone=True)
        if incident.acknowledged_at is not None or incident.ended_at is not None:
            return outbox.Result(False, skipped=True)  # somebody acted: no more notices
        try:
            await _deliver(db, settings, send, incident, user, item.now)
        except SendFailed as exc:
            result = outbox.Result(False, error=str(exc)[:255], final=exc.final)
        else:
            result = outbox.Result(True)
        await db.commit()  # the acknowledge link
    return result


async def take_steps(database: Database, now: datetime | None = None) -> int:
    """One round: the due steps (each taken once; their sends go at once through the outbox)."""
    now = now or utcnow()
    async with database.sessions() as db:
        due = list(await db.scalars(select(Incident.id).where(
            Incident.next_step_at <= now, Incident.ended_at.is_(None), Incident.acknowledged_at.is_(None))
            .order_by(Incident.next_step_at, Incident.id).limit(ROUND)))
    steps = 0
    for incident_id in due:
        async with database.sessions() as db:
            steps += await take_step(db, incident_id, now)
    return steps


async def escalate_due(database: Database, settings: Settings, now: datetime | None = None) -> int:
    """One round (tests): the due steps, then their sends (the outbox sends them on its own); answers how many of
    both were taken or sent."""
    now = now or utcnow()
    steps = await take_steps(database, now)
    return steps + (await run_round(database, settings, (SEND_KIND,), now))["sent"]


def start_escalation(database: Database, settings: Settings) -> asyncio.Task[None]:
    async def scan(db: Database) -> int:
        return await take_steps(db)

    every = settings.incident_scan_every  # the first round too: a restart does not rush the steps it missed
    return start_scanning(database, JOB, scan, every, every)


async def stop_escalation(task: asyncio.Task[None]) -> None:
    await stop_task(task)


outbox.register(outbox.Sender(
    SEND_KIND, send, retry=lambda s: retry_waits(s.notify_backoff, s.notify_attempts), timeout=lambda _: 60.0,
    per_lane=2, table="incident_sends"))
