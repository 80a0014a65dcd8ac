"""The field kit (issue 53 items 5-6): the snapshot a phone keeps to read in a basement, and the actions it queued
there, applied once when the connection returns.

**The snapshot** (``snapshot``) is what a person on site needs, scoped to the caller's subtree like every call: the
sites (at most ``MAX_SITES``, by name) with today's windows of their plans (today on each site's clock) and each
planned run's state as plan against actual reads it now; the robots (at most ``MAX_ROBOTS``, online first) with
their last state and the site they are at; the active incidents (at most ``MAX_INCIDENTS``, newest first) with the
alarm's name in the caller's language (the phone has no catalogue to read offline). Each list says how many there
are in all, so the phone says when one was cut. A part the caller has no key for is empty. The phone keeps the
answer in IndexedDB with ``generatedAt`` and shows its age; the service worker never caches ``/api/*``.

**A queued action** (``act``) carries the id the phone made when it queued it (a UUID). Applied, it is kept
(``field_actions``) in the same transaction as the change, with its answer: a replay (a flaky reconnect sends it
twice, two tabs flush the same queue) answers that first answer again, ``replayed`` true, and changes nothing; the
same id with other fields is refused (CONFLICT naming ``actionId``). A replay that races the first send waits on
the first's row lock (PostgreSQL) or the database's one writer (SQLite), is refused by the domain's own rule, and
then finds the first's row: it answers as a replay too. An action the world moved past while the phone was offline
(the incident was acknowledged or resolved by someone else, the window was marked) gets the domain's own refusal,
CONFLICT with who and when, which the phone shows beside the queued action. Rows are kept ``KEEP_DAYS`` days (the
purge job removes older ones every round: retention/field_actions.py); a replay after that is judged again (and
refused as stale).
"""

import hashlib
import json
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.alarm_texts import alarm_text
from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.core.scope import path_prefix
from cleanfleet.core.texts import LACKS_KEYS
from cleanfleet.core.validation import REQUIRED, TOO_LONG
from cleanfleet.devices.models import Device, DeviceState
from cleanfleet.fieldkit import texts
from cleanfleet.fieldkit.models import FieldAction
from cleanfleet.fieldkit.schemas import ActIn
from cleanfleet.incidents import notes
from cleanfleet.incidents import service as incidents
from cleanfleet.incidents.models import ACKNOWLEDGED, OPEN, Incident
from cleanfleet.sites import days
from cleanfleet.sites import service as sites
from cleanfleet.sites.models import Site, SiteRobot
from cleanfleet.sites.plans import actual, byhand

MAX_SITES, MAX_ROBOTS, MAX_INCIDENTS = 50, 200, 200
KEEP_DAYS = 30
SITE_KEYS, ROBOT_KEYS, INCIDENT_KEYS = ("site/index", "site/actual"), ("index", "device/index"), ("incident/index",)
ACT_KEYS = {"acknowledge": "incident/index/ack", "note": "incident/index/ack", "byHand": byhand.KEY}
BY_HAND_NOTE = 500


def _holds_any(caller: Caller, keys: tuple[str, ...]) -> bool:
    return any(caller.holds(key) for key in keys)


# --- the snapshot --------------------------------------------------------------------------------------------------


async def site_part(db: AsyncSession, caller: Caller, now: datetime) -> tuple[list[dict[str, Any]], int]:
    """The caller's sites (the first ``MAX_SITES`` by name) with today's windows, and how many sites it has."""
    found = await sites.sites_in(db, caller.acting_path, None)
    shown = found[:MAX_SITES]
    periods = {}
    for site in shown:
        today = days.today(days.zone_of(site), now)
        periods[site.id] = (site, today, today)
    plans = await actual.load(db, periods)
    out = []
    for site in shown:
        plan = plans[site.id]
        by_item: dict[int, list[actual.Slot]] = {}
        for slot in await actual.evaluate(db, plan, now):
            by_item.setdefault(slot.item.id, []).append(slot)
        windows = [{"planItemId": item.id, "buildingName": building, "floorName": floor, "areaName": item.area_name,
                    "taskName": item.task_name, "windowStart": days.clock(item.window_start),
                    "windowEnd": days.clock(item.window_end),
                    "opensAt": days.moment(plan.first, item.window_start, plan.zone).isoformat(),
                    "runs": [{"slot": s.slot, "state": s.state, "byHand": byhand.mark_answer(s.by_hand)}
                             for s in by_item[item.id]]}
                   for item, floor, building in plan.items if item.id in by_item]
        windows.sort(key=lambda w: (w["windowStart"], w["buildingName"], w["floorName"], w["planItemId"]))
        out.append({"siteId": site.id, "siteName": site.name, "address": site.address, "timeZone": site.time_zone,
                    "day": plan.first.isoformat(), "windows": windows})
    return out, len(found)


async def robot_part(db: AsyncSession, caller: Caller) -> tuple[list[dict[str, Any]], int]:
    """The caller's robots (the first ``MAX_ROBOTS``, online first, then by name) with their last state and the
    site each is at now, and how many robots it has."""
    mine = path_prefix(Device.owner_path, caller.acting_path)
    total = await db.scalar(select(func.count(Device.id)).where(mine)) or 0
    online = func.coalesce(DeviceState.online, False)
    rows = (await db.execute(
        select(Device.id, Device.name, Device.serial_number, online, DeviceState.battery, DeviceState.charging,
               DeviceState.activity, DeviceState.task_name, DeviceState.map_name, DeviceState.heartbeat_at,
               Site.id, Site.name)
        .outerjoin(DeviceState, DeviceState.device_id == Device.id)
        .outerjoin(SiteRobot, (SiteRobot.device_id == Device.id) & SiteRobot.ended_at.is_(None))
        .outerjoin(Site, Site.id == SiteRobot.site_id)
        .where(mine).order_by(online.desc(), Device.name, Device.id).limit(MAX_ROBOTS))).all()
    return [{"deviceId": r[0], "deviceName": r[1], "serialNumber": r[2], "online": int(bool(r[3])), "battery": r[4],
             "charging": bool(r[5]), "activity": r[6] or "", "taskName": r[7] or "", "mapName": r[8] or "",
             "heartbeatTime": r[9].isoformat() if r[9] is not None else None, "siteId": r[10], "siteName": r[11]}
            for r in rows], int(total)


async def incident_part(db: AsyncSession, caller: Caller, language: str) -> tuple[list[dict[str, Any]], int]:
    """The caller's active incidents (the first ``MAX_INCIDENTS``, newest first), and how many there are."""
    query = incidents.listed(caller.acting_path, states=[OPEN, ACKNOWLEDGED])
    total = await db.scalar(select(func.count()).select_from(query.order_by(None).with_only_columns(
        Incident.id).subquery())) or 0
    rows = list(await db.scalars(query.limit(MAX_INCIDENTS)))
    answers = await incidents.answers(db, rows)
    return [{**answer, "alarmText": alarm_text(answer["code"], answer["alarmCode"], "", language)}
            for answer in answers], int(total)


async def snapshot(db: AsyncSession, caller: Caller, language: str, now: datetime) -> dict[str, Any]:
    found_sites, site_count = await site_part(db, caller, now) if _holds_any(caller, SITE_KEYS) else ([], 0)
    robots, robot_count = await robot_part(db, caller) if _holds_any(caller, ROBOT_KEYS) else ([], 0)
    active, incident_count = await incident_part(db, caller, language) \
        if _holds_any(caller, INCIDENT_KEYS) else ([], 0)
    return {"generatedAt": now.isoformat(), "userId": caller.acting_user_id, "sites": found_sites,
            "siteCount": site_count, "robots": robots, "robotCount": robot_count, "incidents": active,
            "incidentCount": incident_count}


# --- a queued action -----------------------------------------------------------------------------------------------


def digest_of(body: ActIn) -> str:
    what = {"kind": body.kind, "incidentId": body.incidentId, "planItemId": body.planItemId,
            "day": body.day.isoformat() if body.day else None, "note": body.note}
    return hashlib.sha256(json.dumps(what, sort_keys=True).encode()).hexdigest()


def _needs(body: ActIn) -> None:
    """The fields the action's kind needs, named when missing (the sentences of body validation)."""
    if body.kind in ("acknowledge", "note") and body.incidentId is None:
        raise bad_parameter("incidentId", REQUIRED)
    if body.kind == "note" and not body.note:
        raise bad_parameter("note", REQUIRED)
    if body.kind == "byHand":
        for name in ("planItemId", "day"):
            if getattr(body, name) is None:
                raise bad_parameter(name, REQUIRED)
        if len(body.note) > BY_HAND_NOTE:
            raise bad_parameter("note", TOO_LONG, max=BY_HAND_NOTE)


def _replay(found: FieldAction, caller: Caller, digest: str) -> dict[str, Any]:
    if found.user_id != caller.acting_user_id or found.digest != digest:
        raise ApiError(Code.CONFLICT, texts.ACTION_ID_TAKEN, field="actionId", values={"actionId": found.action_id})
    return {**found.answer, "replayed": True}


async def _apply(db: AsyncSession, caller: Caller, body: ActIn, now: datetime) -> dict[str, Any]:
    """The action's change (not committed) and its part of the answer."""
    if body.kind == "acknowledge":
        assert body.incidentId is not None
        incident = await incidents.visible(db, caller, body.incidentId)
        await incidents.acknowledge_as(db, incident, caller.acting_user_id, "console", "incidentId", now)
        await db.refresh(incident)
        return {"incident": (await incidents.answers(db, [incident]))[0]}
    if body.kind == "note":
        assert body.incidentId is not None
        return {"note": await notes.write_note(db, caller, body.incidentId, body.note, now)}
    assert body.planItemId is not None and body.day is not None
    return {"window": await byhand.write_mark(db, caller, body.planItemId, body.day, body.note, now)}


async def act(db: AsyncSession, caller: Caller, body: ActIn, now: datetime) -> dict[str, Any]:
    """Applies a queued action once (see the module's docstring)."""
    digest = digest_of(body)
    found = await db.get(FieldAction, body.actionId)
    if found is not None:
        return _replay(found, caller, digest)
    _needs(body)
    key = ACT_KEYS[body.kind]
    if not caller.holds(key):
        raise ApiError(Code.NO_PERMISSION, LACKS_KEYS, values={"keys": [key]})
    try:
        answer = {"actionId": body.actionId, "kind": body.kind, "appliedAt": now.isoformat(),
                  **await _apply(db, caller, body, now)}
        db.add(FieldAction(action_id=body.actionId, user_id=caller.acting_user_id, kind=body.kind, digest=digest,
                           answer=answer, applied_at=now))
        await db.commit()
    except (ApiError, IntegrityError):
        await db.rollback()
        again = await db.get(FieldAction, body.actionId)  # the same action, sent alongside, landed first
        if again is not None:
            return _replay(again, caller, digest)
        raise
    return {**answer, "replayed": False}
