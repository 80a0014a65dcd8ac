"""Incidents (/incident/*, page ``incident/index`` in the alarm centre; issue 34).

Keys: every read (list, detail, count, figures, chart, rules, duty) needs the page key ``incident/index``;
acknowledging and adding a note its ``ack`` button; resolving and closing as noise its ``resolve`` button; changing
the rules and the duty its ``settings`` button. Everything stays inside the caller's subtree: another branch's incident
or duty answers NOT_FOUND naming the id's field, a ``userId`` outside it is refused naming ``userId``.

The e-mailed acknowledge link (incidents/links.py) is unsigned and needs no session: ``GET /api/incident/link/
<token>`` shows a confirmation page (changes nothing, so mail scanners that fetch links acknowledge nothing), and
its button sends ``POST /api/incident/link/acknowledge {token}``.
"""

import re

from fastapi import Request
from fastapi.responses import HTMLResponse

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession, utcnow
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.language import request_language
from cleanfleet.core.ranges import ALARM_HISTORY, check_times
from cleanfleet.core.routing import ApiRouter, Empty
from cleanfleet.devices.access import scope_path
from cleanfleet.incidents import links, metrics, notes, rules, service
from cleanfleet.incidents.schemas import (
    BranchIn,
    ChartOut,
    CloseIn,
    CountOut,
    DutyIdIn,
    DutyIn,
    DutyOut,
    FigureFilter,
    FiguresIn,
    FiguresOut,
    IncidentDetail,
    IncidentIdIn,
    IncidentListIn,
    IncidentOut,
    IncidentPage,
    LinkAckOut,
    LinkIn,
    NoteIn,
    NoteOut,
    ResolveIn,
    RuleCodeIn,
    RuleIn,
    RuleOut,
)
from cleanfleet.users.models import User
from cleanfleet.users.scope import user_in_subtree

router = ApiRouter(prefix="/incident", tags=["incidents"])
link_router = ApiRouter(prefix="/incident/link", tags=["incidents"], signed=False)
PAGE = "incident/index"
TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,128}$")


async def _branch(db: DbSession, caller: Caller, user_id: int | None) -> User:
    return await user_in_subtree(db, caller, user_id if user_id is not None else caller.acting_user_id)


@router.call("/list", answer=IncidentPage)
async def incident_list(body: IncidentListIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """The branch's incidents, newest opened first (paged), filtered by state, robot, site, alarm name, urgency,
    an alarm (``warnId``: the incident the alarm pop-up's button opens) and opening time. Key: ``incident/index``."""
    path = await scope_path(db, caller, body.userId)
    if body.startTime is not None:
        check_times(body.startTime, body.endTime, ALARM_HISTORY)
    plain = not body.state and body.deviceId is None and body.urgency is None and body.warnId is None and \
        body.startTime is None and body.endTime is None
    counted = metrics.Scope(path, site_id=body.siteId, code=body.code or None) if plain else None
    return ok(await service.page(db, body.pageSize, body.currentPage, counted=counted, path=path,
                                 states=list(body.state or []), device_id=body.deviceId, site_id=body.siteId,
                                 code=body.code, urgency=body.urgency, warn_id=body.warnId, start=body.startTime,
                                 end=body.endTime))


@router.call("/detail", answer=IncidentDetail)
async def incident_detail(body: IncidentIdIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """One incident with its policy and its timeline (opened, alarms attached, robot's clears, every send,
    acknowledged, resolved or closed), oldest first. Key: ``incident/index``."""
    return ok(await service.detail(db, caller, body.incidentId))


@router.call("/count", answer=CountOut)
async def incident_count(_body: Empty, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """The caller's subtree's active incidents: open (nobody acknowledged: the header's badge) and acknowledged.
    Key: ``incident/index``."""
    return ok(await service.counts(db, caller.acting_path))


@router.call("/acknowledge", answer=IncidentOut)
async def incident_acknowledge(body: IncidentIdIn, db: DbSession,
                               caller: Caller = require(f"{PAGE}/ack")) -> JsonResponse:
    """"I'm on it": acknowledges an open incident as the caller and stops its escalation. A second acknowledgement
    or an ended incident is refused (CONFLICT naming ``incidentId``, saying who was first). Key:
    ``incident/index/ack``."""
    incident = await service.acknowledge(db, caller, body.incidentId)
    return ok((await service.answers(db, [incident]))[0])


@router.call("/note", answer=NoteOut)
async def incident_note(body: NoteIn, db: DbSession, caller: Caller = require(f"{PAGE}/ack")) -> JsonResponse:
    """Adds a note to an active incident (its timeline shows it); an ended one is refused (CONFLICT naming
    ``incidentId``, saying when it ended). Key: ``incident/index/ack``."""
    return ok(await notes.add_note(db, caller, body.incidentId, body.note, utcnow()))


@router.call("/resolve", answer=IncidentOut)
async def incident_resolve(body: ResolveIn, db: DbSession,
                           caller: Caller = require(f"{PAGE}/resolve")) -> JsonResponse:
    """Resolves an active incident with its cause and a note (acknowledging it too when nobody had); the robot's
    clear alone never does. Key: ``incident/index/resolve``."""
    incident = await service.resolve(db, caller, body.incidentId, body.cause, body.note)
    return ok((await service.answers(db, [incident]))[0])


@router.call("/close", answer=IncidentOut)
async def incident_close(body: CloseIn, db: DbSession, caller: Caller = require(f"{PAGE}/resolve")) -> JsonResponse:
    """Closes an active incident as noise (not counted in time to resolve). Key: ``incident/index/resolve``."""
    incident = await service.close(db, caller, body.incidentId, body.note)
    return ok((await service.answers(db, [incident]))[0])


@router.call("/figures", answer=FiguresOut)
async def incident_figures(body: FiguresIn, request: Request, db: DbSession,
                           caller: Caller = require(PAGE)) -> JsonResponse:
    """Time to acknowledge and to resolve per site, robot, alarm name or branch (``by``) over the reports'
    periods (``range``, ``endDate``: the reader's days), with the total. Key: ``incident/index``."""
    path = await scope_path(db, caller, body.userId)
    return ok(await metrics.figures(db, path, body, request_language(request)))


@router.call("/chart", answer=ChartOut)
async def incident_chart(body: FigureFilter, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """Incidents opened and their mean time to acknowledge and to resolve per day, week or month of the range.
    Key: ``incident/index``."""
    path = await scope_path(db, caller, body.userId)
    return ok(await metrics.chart(db, path, body))


# --- settings: rules and duty ---------------------------------------------------------------------------------

@router.call("/rule/list", answer=list[RuleOut])
async def rule_list(body: BranchIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """Every alarm name of the catalogue with the rule that applies to the branch (its own, inherited from a branch
    above, or the preset). Key: ``incident/index``."""
    return ok(await rules.branch_rules(db, await _branch(db, caller, body.userId)))


@router.call("/rule/edit", answer=RuleOut)
async def rule_edit(body: RuleIn, db: DbSession, caller: Caller = require(f"{PAGE}/settings")) -> JsonResponse:
    """Sets the branch's own rule for one alarm name. Refused naming the field: an unknown ``code``, a level not
    higher up than the one before (``levels.<i>.up``), a later level waiting 0 minutes (``levels.<i>.waitMinutes``),
    reminders every 0 minutes (``reminderMinutes``), an opening rule without levels. Running incidents keep the
    policy they opened with. Key: ``incident/index/settings``."""
    return ok(await rules.edit_rule(db, await _branch(db, caller, body.userId), body, caller.user_id))


@router.call("/rule/reset", answer=RuleOut)
async def rule_reset(body: RuleCodeIn, db: DbSession, caller: Caller = require(f"{PAGE}/settings")) -> JsonResponse:
    """Removes the branch's own rule for one alarm name: the branch above's (or the preset) applies again.
    Key: ``incident/index/settings``."""
    return ok(await rules.reset_rule(db, await _branch(db, caller, body.userId), body.code))


@router.call("/duty/list", answer=list[DutyOut])
async def duty_list(body: BranchIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """Who is on duty for the branch (without any row: the branch user itself), with whether each is now.
    Key: ``incident/index``."""
    return ok(await rules.duties(db, await _branch(db, caller, body.userId)))


@router.call("/duty/insert", answer=DutyOut)
async def duty_insert(body: DutyIn, db: DbSession, caller: Caller = require(f"{PAGE}/settings")) -> JsonResponse:
    """Puts a person (the branch user or one of its subtree: else refused naming ``personId``) on duty for the
    branch, on some weekdays within a window of the day in a time zone (a weekly rota; default always).
    Key: ``incident/index/settings``."""
    return ok(await rules.add_duty(db, await _branch(db, caller, body.userId), body))


@router.call("/duty/delete", answer=None)
async def duty_delete(body: DutyIdIn, db: DbSession, caller: Caller = require(f"{PAGE}/settings")) -> JsonResponse:
    """Takes a duty row away. Key: ``incident/index/settings``."""
    await rules.remove_duty(db, caller.acting_path, body.dutyId)
    return ok(None)


# --- the e-mailed link (unsigned, no session) -------------------------------------------------------------------

@link_router.call("/acknowledge", answer=LinkAckOut)
async def link_acknowledge(body: LinkIn, db: DbSession) -> JsonResponse:
    """Acknowledges the link's incident as its recipient, once. Refused naming ``token``: an unknown link
    (NOT_FOUND), an expired or used one (CODE_EXPIRED), an incident already acknowledged or ended (CONFLICT).
    No key: the link is the permission."""
    return ok(await links.acknowledge_by_link(db, body.token))


@link_router.get("/{token}", response_class=HTMLResponse, responses={200: {"content": {"text/html": {}}}})
async def link_page(token: str, request: Request, db: DbSession) -> HTMLResponse:
    """The e-mailed link's confirmation page: the robot and alarm and one button that acknowledges (a POST);
    opening it changes nothing. In the reader's language (Accept-Language)."""
    language = request_language(request)
    page = await links.confirmation_page(db, token if TOKEN.match(token) else "-" * 16, language)
    return HTMLResponse(page, headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"})
