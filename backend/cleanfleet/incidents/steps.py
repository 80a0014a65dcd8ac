"""The escalation's steps (incidents/escalation.py has the rounds and the sending): a step taken writes its sends,
with their sends in the one outbox (core/outbox.py), and the people's message-centre messages, in the caller's
transaction. incidents/service.py takes level 0 here when an incident opens (``step_now``), so its first notices go
when the alarm commits.
"""

from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core import outbox
from cleanfleet.core.db import utcnow
from cleanfleet.devices.models import Device
from cleanfleet.incidents.models import SEND_KIND, SEND_PENDING, SEND_SENT, Incident, IncidentSend
from cleanfleet.incidents.policy import Step, branch_at, next_step, people_on_duty
from cleanfleet.messages.service import insert_messages, message_row
from cleanfleet.users.models import User
from cleanfleet.warn.channels import all_channels, default_channels, get_channel
from cleanfleet.warn.settings_service import channels_on


def incident_link(incident_id: int) -> str:
    """The console's address of an incident (the message centre's link)."""
    return f"/incident/index?incidentId={incident_id}"


def values_of(incident: Incident, device: Device | None, step: Step | None = None) -> dict[str, Any]:
    values = {"id": incident.id, "device": device.name if device else "", "serial": device.serial_number if device
              else "", "alarmKey": incident.key, "code": incident.code, "content": "",
              "time": incident.opened_at.isoformat(), "urgency": incident.urgency, "link": incident_link(incident.id)}
    if step is not None:
        values |= {"level": step.level, "step": step.step}
    return values


async def take_step(db: AsyncSession, incident_id: int, now: datetime) -> int:
    """Takes the incident's due step if this worker wins it; answers 1 when it did (it commits)."""
    taken = await step_now(db, incident_id, now)
    await db.commit()
    return taken


async def step_now(db: AsyncSession, incident_id: int, now: datetime | None = None) -> int:
    """Takes the incident's due step in the caller's transaction (it commits) if this transaction wins it: an
    incident that opens tells its level 0 at once (issue 49 item 4), its sends woken when the alarm commits."""
    now = now or utcnow()
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
        return 0
    await _write_sends(db, incident, step, now)
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
    values = values_of(incident, device, step)
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
            rows.append({"incident_id": incident.id, "level": step.level, "step": step.step, "user_id": uid,
                         "channel": channel, "recipient": recipient[:255], "created_at": now})
    await _queue(db, incident, rows, now)
    await insert_messages(db, messages)


async def _queue(db: AsyncSession, incident: Incident, rows: list[dict[str, Any]], now: datetime) -> None:
    """The step's sends and their sends in the outbox (the cloud platform's recorded as sent at once: the message
    centre's message is the notice), each person's channel a lane."""
    if not rows:
        return
    insert = postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert
    written = (await db.execute(insert(IncidentSend).on_conflict_do_nothing().returning(
        IncidentSend.id, IncidentSend.user_id, IncidentSend.channel), rows)).all()
    queued = []
    for send_id, user_id, channel in written:
        adapter = get_channel(channel)
        done = adapter is not None and adapter.deliver is None
        queued.append(outbox.New(send_id, channel, f"incident:{channel}:{user_id}", f"u{user_id}", now,
                                 SEND_SENT if done else SEND_PENDING))
    await outbox.enqueue(db, SEND_KIND, queued, now)
