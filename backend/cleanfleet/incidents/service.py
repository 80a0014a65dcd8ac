"""Incidents: opened from the alarms as they are stored, acknowledged, resolved or closed as noise, listed.

**Opening.** The alarm writer (warn.service.store_alarms, the gateway's batches) publishes ``ALARMS_STORED`` on
``IN_TRANSACTION`` (core/bus.py); ``on_alarms_stored`` runs in the writer's transaction: a raised alarm whose rule
opens incidents (incidents/policy.py) attaches to the robot's active incident of the same alarm name, or opens one
(one insert that yields to the partial unique index on active rows, so two writers never open two). A robot's
clear stamps ``cleared_at`` and closes nothing: a person must check. Incidents are the branch's where the robot was
when it opened (``owner_path``); the site is the robot's stay (``site_robots``) at that time.

**Acting.** Acknowledge, resolve and close are conditional UPDATEs on the state (two people at once: one wins, the
other is refused naming ``incidentId`` with who was first; nothing changed). Resolving or closing an incident
nobody acknowledged acknowledges it at the same time. Acknowledging stops the escalation (``next_step_at`` null).
"""

from datetime import datetime
from typing import Any

from sqlalchemy import Select, case, delete, exists, func, literal, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.bus import Fact, tell
from cleanfleet.core.codes import Code
from cleanfleet.core.db import UtcDateTime, utcnow
from cleanfleet.core.errors import ApiError, not_found
from cleanfleet.core.language import caller_language
from cleanfleet.core.retention import Within, first_ids, register_purge
from cleanfleet.core.scope import ids_on_path, path_prefix
from cleanfleet.devices.models import Device
from cleanfleet.incidents import metrics, rollup, texts
from cleanfleet.incidents.models import (
    ACKNOWLEDGED,
    CLOSED,
    OPEN,
    RESOLVED,
    Incident,
    IncidentAlarm,
    IncidentNote,
    IncidentSend,
)
from cleanfleet.incidents.policy import next_step, rules_for
from cleanfleet.incidents.steps import step_now
from cleanfleet.sites.models import Site, SiteRobot
from cleanfleet.users.models import User
from cleanfleet.warn.channels import get_channel
from cleanfleet.warn.models import Alarm

ACTIVE = Incident.ended_at.is_(None)
WALK = 20_000  # a list page walks at most about this many index entries newest first; more: sorts the branch's


def _insert(db: AsyncSession) -> Any:
    return postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert


async def _sites_at(db: AsyncSession, raised: list[dict[str, Any]]) -> dict[int, list[tuple[datetime, Any, int]]]:
    """The stays of these robots that may cover their alarms' times: device → [(start, end, site)]."""
    devices = {r["device_id"] for r in raised}
    latest = max(r["at"] for r in raised)
    earliest = min(r["at"] for r in raised)
    stays: dict[int, list[tuple[datetime, Any, int]]] = {}
    for row in await db.execute(select(SiteRobot.device_id, SiteRobot.started_at, SiteRobot.ended_at,
                                       SiteRobot.site_id).where(
            SiteRobot.device_id.in_(devices), SiteRobot.started_at <= latest,
            or_(SiteRobot.ended_at.is_(None), SiteRobot.ended_at > earliest))):
        stays.setdefault(row.device_id, []).append((row.started_at, row.ended_at, row.site_id))
    return stays


def _site(stays: list[tuple[datetime, Any, int]], at: datetime) -> int | None:
    return next((site for start, end, site in stays if start <= at and (end is None or end > at)), None)


async def on_alarms_stored(db: AsyncSession, raised: list[dict[str, Any]], cleared: list[dict[str, Any]]) -> None:
    """In the alarm writer's transaction: raised alarms open or join incidents, clears are noted.

    ``raised``: {alarm_id, device_id, owner_path, key, code, at}; ``cleared``: {device_id, key, at}."""
    if raised:
        rules = await rules_for(db, {r["owner_path"] for r in raised}, {r["key"] for r in raised})
        wanted = [r for r in raised if rules[(r["owner_path"], r["key"])].opens]
        if wanted:
            stays = await _sites_at(db, wanted)
            for alarm in sorted(wanted, key=lambda r: (r["at"], r["alarm_id"])):
                rule = rules[(alarm["owner_path"], alarm["key"])]
                await _open_or_attach(db, alarm, rule.urgency, rule.snapshot(),
                                      _site(stays.get(alarm["device_id"], []), alarm["at"]))
    for clear in cleared:
        await db.execute(update(Incident).where(Incident.device_id == clear["device_id"],
                                                Incident.key == clear["key"], ACTIVE)
                         .values(cleared_at=clear["at"]).execution_options(synchronize_session=False))


async def _open_or_attach(db: AsyncSession, alarm: dict[str, Any], urgency: str, policy: dict[str, Any],
                          site_id: int | None) -> int:
    at = alarm["at"]
    first = next_step(policy, -1, None, 0, at)
    row = {"device_id": alarm["device_id"], "owner_id": ids_on_path(alarm["owner_path"])[-1],
           "owner_path": alarm["owner_path"], "site_id": site_id, "key": alarm["key"][:64],
           "code": (alarm.get("code") or "")[:16], "urgency": urgency, "state": OPEN, "opened_at": at,
           "first_alarm_id": alarm["alarm_id"], "last_alarm_at": at, "alarm_count": 1, "note": "",
           "policy": policy, "level": -1, "reminders": 0, "next_step_at": first.at if first else None}
    # the robot's incident for this problem is active (the common case: an alarm that comes back): the alarm joins it
    incident_id = await _attach(db, alarm["device_id"], row["key"], at)
    if incident_id is None:
        statement = _insert(db)(Incident).values(**row).on_conflict_do_nothing(
            index_elements=["device_id", "key"], index_where=Incident.ended_at.is_(None)).returning(Incident.id)
        incident_id = (await db.execute(statement)).scalar()
        if incident_id is not None:
            await rollup.opened(db, row)
            await _tell(db, "incident.opened", int(incident_id))
            if first is not None and first.at <= at:  # level 0 at once: its sends go when the alarm commits
                await step_now(db, int(incident_id), at)
        else:  # another writer opened it meanwhile
            incident_id = await _attach(db, alarm["device_id"], row["key"], at)
    await db.execute(_insert(db)(IncidentAlarm).values(incident_id=incident_id, alarm_id=alarm["alarm_id"])
                     .on_conflict_do_nothing())
    return int(incident_id or 0)


async def _attach(db: AsyncSession, device_id: int, key: str, at: datetime) -> int | None:
    """The alarm joins the robot's active incident for ``key``, if there is one: its id (one statement)."""
    return (await db.execute(update(Incident).where(Incident.device_id == device_id, Incident.key == key, ACTIVE)
                             .values(alarm_count=Incident.alarm_count + 1, cleared_at=None,
                                     last_alarm_at=case((Incident.last_alarm_at < at, literal(at, UtcDateTime())),
                                                        else_=Incident.last_alarm_at))
                             .returning(Incident.id).execution_options(synchronize_session=False))).scalar()


async def _tell(db: AsyncSession, event: str, incident_id: int) -> None:
    """The integrations' event of an incident's change (core.bus ``FACTS_HAPPENED``, in this transaction)."""
    row = (await db.execute(select(Incident.owner_path, Incident.device_id, Incident.key, Incident.urgency,
                                   Incident.state, Incident.opened_at, Incident.acknowledged_at, Incident.ended_at,
                                   Incident.cause, Device.serial_number, Device.name)
                            .join(Device, Device.id == Incident.device_id).where(Incident.id == incident_id))).first()
    if row is None:
        return
    at = {"incident.opened": row.opened_at, "incident.acknowledged": row.acknowledged_at}.get(event, row.ended_at)
    await tell(db, [Fact(event, row.owner_path, {
        "robotId": row.device_id, "serialNumber": row.serial_number, "name": row.name or "", "incidentId": incident_id,
        "key": row.key, "urgency": row.urgency, "state": row.state, "openedAt": row.opened_at,
        "acknowledgedAt": row.acknowledged_at, "endedAt": row.ended_at, "cause": row.cause}, at or utcnow())])


# --- acting on an incident ------------------------------------------------------------------------------------

async def visible(db: AsyncSession, caller: Caller, incident_id: int, *, field: str = "incidentId") -> Incident:
    incident = await db.get(Incident, incident_id, populate_existing=True)
    if incident is None or not caller.owns_path(incident.owner_path):
        raise not_found(texts.INCIDENT_NOT_FOUND, field=field, id=incident_id)
    return incident


async def _name(db: AsyncSession, user_id: int | None) -> str:
    return (await db.scalar(select(User.name).where(User.id == user_id)) or "") if user_id else ""


async def refuse_state(db: AsyncSession, incident: Incident, field: str, *, acknowledging: bool) -> None:
    """Refuses (CONFLICT, naming ``field``) an incident that ended, or, when acknowledging, one acknowledged."""
    await db.refresh(incident)
    if incident.ended_at is not None:
        raise ApiError(Code.CONFLICT, texts.ALREADY_ENDED, field=field,
                       values={"id": incident.id, "time": incident.ended_at})
    if acknowledging and incident.acknowledged_at is not None:
        raise ApiError(Code.CONFLICT, texts.ALREADY_ACKNOWLEDGED, field=field, values={
            "id": incident.id, "by": await _name(db, incident.acknowledged_by), "time": incident.acknowledged_at})


def _seconds(incident: Incident, at: datetime) -> int:
    return max(0, int((at - incident.opened_at).total_seconds()))


async def acknowledge_as(db: AsyncSession, incident: Incident, user_id: int, via: str, field: str,
                         now: datetime | None = None) -> datetime:
    """Acknowledges for ``user_id`` (the caller commits); refused when it already was or has ended."""
    now = now or utcnow()
    seconds = _seconds(incident, now)
    done = await db.execute(update(Incident).where(Incident.id == incident.id, ACTIVE,
                                                   Incident.acknowledged_at.is_(None)).values(
        state=ACKNOWLEDGED, acknowledged_at=now, acknowledged_by=user_id, acknowledged_via=via,
        ack_seconds=seconds, next_step_at=None).execution_options(synchronize_session=False))
    if (done.rowcount or 0) != 1:  # type: ignore[attr-defined]
        await refuse_state(db, incident, field, acknowledging=True)
    await rollup.acknowledged(db, incident, seconds)
    await _tell(db, "incident.acknowledged", incident.id)
    return now


async def acknowledge(db: AsyncSession, caller: Caller, incident_id: int) -> Incident:
    incident = await visible(db, caller, incident_id)
    await acknowledge_as(db, incident, caller.acting_user_id, "console", "incidentId")
    await db.commit()
    await db.refresh(incident)
    return incident


async def end(db: AsyncSession, caller: Caller, incident_id: int, state: str, cause: str | None,
              note: str) -> Incident:
    """Resolves (with its cause) or closes as noise; an incident nobody acknowledged is acknowledged with it."""
    incident = await visible(db, caller, incident_id)
    now = utcnow()
    seconds = _seconds(incident, now)
    # nobody acknowledged it: acting on it acknowledges it now (a conditional update: whether this did it counts)
    acknowledging = await db.execute(update(Incident).where(Incident.id == incident.id, ACTIVE,
                                                            Incident.acknowledged_at.is_(None)).values(
        acknowledged_at=now, acknowledged_by=caller.acting_user_id, acknowledged_via="console", ack_seconds=seconds)
        .execution_options(synchronize_session=False))
    resolve_seconds = seconds if state == RESOLVED else None
    done = await db.execute(update(Incident).where(Incident.id == incident.id, ACTIVE).values(
        state=state, ended_at=now, ended_by=caller.acting_user_id, cause=cause, note=note, next_step_at=None,
        resolve_seconds=resolve_seconds).execution_options(synchronize_session=False))
    if (done.rowcount or 0) != 1:  # type: ignore[attr-defined]
        await refuse_state(db, incident, "incidentId", acknowledging=False)
    if (acknowledging.rowcount or 0) == 1:  # type: ignore[attr-defined]
        await rollup.acknowledged(db, incident, seconds)
    await rollup.ended(db, incident, state, resolve_seconds)
    await _tell(db, "incident.resolved", incident.id)
    await db.commit()
    await db.refresh(incident)
    return incident


async def resolve(db: AsyncSession, caller: Caller, incident_id: int, cause: str, note: str) -> Incident:
    return await end(db, caller, incident_id, RESOLVED, cause, note)


async def close(db: AsyncSession, caller: Caller, incident_id: int, note: str) -> Incident:
    return await end(db, caller, incident_id, CLOSED, None, note)


# --- reading ---------------------------------------------------------------------------------------------------

def listed(path: str, *, states: list[str] | None = None, device_id: int | None = None, site_id: int | None = None,
           code: str | None = None, urgency: str | None = None, warn_id: int | None = None,
           start: datetime | None = None, end: datetime | None = None, walk: bool = False) -> Select[Any]:
    """The list's query, newest first. ``walk`` (SQLite): the branch is not looked up on its index (``owner_path ||
    ''``), so the planner walks ``ix_incidents_time`` newest first and stops after the page."""
    query = select(Incident).where(path_prefix(Incident.owner_path + "" if walk else Incident.owner_path, path))
    if states:
        query = query.where(Incident.state.in_(states))
        if set(states) <= {OPEN, ACKNOWLEDGED}:  # active ones only: their partial index (ix_incidents_active_branch)
            query = query.where(ACTIVE)
    if device_id is not None:
        query = query.where(Incident.device_id == device_id)
    if site_id is not None:
        query = query.where(Incident.site_id == site_id)
    if code:
        query = query.where(Incident.key == code)
    if urgency:
        query = query.where(Incident.urgency == urgency)
    if warn_id is not None:
        query = query.where(exists().where(IncidentAlarm.incident_id == Incident.id,
                                           IncidentAlarm.alarm_id == warn_id))
    if start is not None:
        query = query.where(Incident.opened_at >= start)
    if end is not None:
        query = query.where(Incident.opened_at < end)
    return query.order_by(Incident.opened_at.desc(), Incident.id.desc())


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


async def answers(db: AsyncSession, incidents: list[Incident]) -> list[dict[str, Any]]:
    """The incidents as the console shows them, with their robots', people's and sites' names (three reads)."""
    if not incidents:
        return []
    devices = {row.id: row for row in await db.execute(select(Device.id, Device.name, Device.serial_number).where(
        Device.id.in_({i.device_id for i in incidents})))}
    people = {i.owner_id for i in incidents} | {i.acknowledged_by for i in incidents if i.acknowledged_by} | \
        {i.ended_by for i in incidents if i.ended_by}
    names = dict((await db.execute(select(User.id, User.name).where(User.id.in_(people)))).all())
    site_ids = {i.site_id for i in incidents if i.site_id}
    sites = dict((await db.execute(select(Site.id, Site.name).where(Site.id.in_(site_ids)))).all()) \
        if site_ids else {}
    out = []
    for i in incidents:
        device = devices.get(i.device_id)
        out.append({
            "incidentId": i.id, "deviceId": i.device_id, "deviceName": device.name if device else "",
            "deviceSerialNumber": device.serial_number if device else "", "ownerId": i.owner_id,
            "ownerName": names.get(i.owner_id, ""), "siteId": i.site_id,
            "siteName": sites.get(i.site_id) if i.site_id is not None else None,
            "code": i.key, "alarmCode": i.code, "urgency": i.urgency, "state": i.state,
            "openedAt": i.opened_at.isoformat(), "lastAlarmAt": i.last_alarm_at.isoformat(),
            "alarmCount": i.alarm_count, "clearedAt": _iso(i.cleared_at), "acknowledgedAt": _iso(i.acknowledged_at),
            "acknowledgedBy": names.get(i.acknowledged_by) if i.acknowledged_by is not None else None,
            "acknowledgedVia": i.acknowledged_via, "endedAt": _iso(i.ended_at),
            "endedBy": names.get(i.ended_by) if i.ended_by else None, "cause": i.cause, "note": i.note,
            "ackSeconds": i.ack_seconds, "resolveSeconds": i.resolve_seconds, "level": i.level,
            "nextStepAt": _iso(i.next_step_at)})
    return out


async def page(db: AsyncSession, size: int, number: int, *, counted: metrics.Scope | None = None,
               **filters: Any) -> dict[str, Any]:
    """A page of the list (``listed(**filters)``, newest first) with its total. ``counted``: the list is filtered by
    no more than a branch, a site and an alarm name, so the total is summed from the month counts
    (incidents/rollup.py) instead of counting the branch's incidents. On SQLite a page of a large branch walks the
    open times newest first and stops after the page instead of sorting all the branch's incidents (PostgreSQL's
    planner chooses so itself)."""
    query = listed(**filters)
    if counted is not None:
        total = await metrics.month_total(db, counted)
    else:
        total = await db.scalar(select(func.count()).select_from(query.order_by(None).with_only_columns(
            Incident.id).subquery())) or 0
    if db.get_bind().dialect.name == "sqlite" and total:
        newest = await db.scalar(select(func.max(Incident.id))) or 0  # about how many incidents there are
        if number * size * newest / total <= WALK:
            query = listed(**filters, walk=True)
    rows = list(await db.scalars(query.limit(size).offset((number - 1) * size))) if total else []
    return {"list": await answers(db, rows), "total": total, "pageNum": number, "pageSize": size}


async def detail(db: AsyncSession, caller: Caller, incident_id: int) -> dict[str, Any]:
    incident = await visible(db, caller, incident_id)
    [answer] = await answers(db, [incident])
    timeline: list[dict[str, Any]] = [{"time": incident.opened_at, "kind": "opened",
                                       "alarmId": incident.first_alarm_id}]
    for alarm_id, raised_at, cleared_at in await db.execute(
            select(Alarm.id, Alarm.raised_at, Alarm.cleared_at).join(IncidentAlarm, IncidentAlarm.alarm_id == Alarm.id)
            .where(IncidentAlarm.incident_id == incident.id).order_by(Alarm.raised_at)):
        if alarm_id != incident.first_alarm_id:
            timeline.append({"time": raised_at, "kind": "alarm", "alarmId": alarm_id})
        if cleared_at is not None:
            timeline.append({"time": cleared_at, "kind": "cleared", "alarmId": alarm_id})
    sends = list(await db.execute(select(IncidentSend, User.name).outerjoin(User, User.id == IncidentSend.user_id)
                                  .where(IncidentSend.incident_id == incident.id).order_by(IncidentSend.id)))
    for send, name in sends:
        channel = get_channel(send.channel)
        timeline.append({"time": send.sent_at or send.created_at, "kind": "sent", "level": send.level,
                         "step": send.step, "userId": send.user_id, "userName": name, "channel": send.channel,
                         "channelName": channel.label.render(caller_language()) if channel else None,
                         "state": send.state, "error": send.last_error})
    for created, name, user_id, text in await db.execute(  # notes (incidents/notes.py)
            select(IncidentNote.created_at, User.name, IncidentNote.user_id, IncidentNote.text)
            .outerjoin(User, User.id == IncidentNote.user_id).where(IncidentNote.incident_id == incident.id)):
        timeline.append({"time": created, "kind": "note", "userId": user_id, "userName": name, "text": text})
    if incident.acknowledged_at is not None:
        timeline.append({"time": incident.acknowledged_at, "kind": "acknowledged", "userId": incident.acknowledged_by,
                         "userName": answer["acknowledgedBy"]})
    if incident.ended_at is not None:
        timeline.append({"time": incident.ended_at, "kind": incident.state, "userId": incident.ended_by,
                         "userName": answer["endedBy"]})
    order = {"opened": 0, "alarm": 1, "cleared": 2, "sent": 3, "acknowledged": 4, "note": 5, "resolved": 6,
             "closed": 6}
    timeline.sort(key=lambda item: (item["time"], order[item["kind"]]))
    for item in timeline:
        item["time"] = item["time"].isoformat()
    return {"incident": answer, "policy": incident.policy or {"levels": [], "reminderMinutes": 0, "reminderLimit": 0},
            "timeline": timeline}


async def counts(db: AsyncSession, path: str) -> dict[str, int]:
    found = dict((await db.execute(select(Incident.state, func.count()).where(
        path_prefix(Incident.owner_path, path), ACTIVE).group_by(Incident.state))).all())
    return {"open": int(found.get(OPEN, 0)), "acknowledged": int(found.get(ACKNOWLEDGED, 0))}


async def purge_incidents(db: AsyncSession, within: Within, before: datetime, limit: int | None = None) -> int:
    """Retention ("alarms"): the part's incidents that ended before the cut-off (at most ``limit``), with their
    alarms' links, sends and acknowledge links (foreign keys); the month figures (``incident_months``) stay."""
    old = first_ids(Incident.id, Incident.ended_at < before, within.holds(Incident.owner_path), limit=limit)
    result = await db.execute(delete(Incident).where(Incident.id.in_(old)).execution_options(synchronize_session=False))
    return result.rowcount or 0  # type: ignore[attr-defined]


register_purge("incidents", purge_incidents, kind="alarms", clear=False)
