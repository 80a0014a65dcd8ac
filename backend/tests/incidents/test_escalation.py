"""Escalation with a controlled clock: who is told at each step and when, reminders up to the limit, each step sent
once by two workers scanning together, a restart in the middle, and the e-mail's one-time link (the real SMTP
server of tests/users): a GET shows a page and changes nothing, the POST acknowledges once."""

import asyncio
import re
from datetime import timedelta
from email.header import decode_header, make_header
from typing import Any

from sqlalchemy import select

from cleanfleet.core.codes import Code
from cleanfleet.core.db import Database, utcnow
from cleanfleet.incidents.escalation import escalate_due
from cleanfleet.incidents.models import IncidentLink
from cleanfleet.messages.models import Message
from tests.incidents.helpers import incidents_of, robot_alarm, sends_of
from tests.users.conftest import mail_text

POLICY = {"code": "replan_failed", "opens": True, "urgency": "high", "reminderMinutes": 10, "reminderLimit": 2,
          "levels": [{"up": 0, "waitMinutes": 0}, {"up": 1, "waitMinutes": 30}, {"up": 2, "waitMinutes": 15}]}


def steps(sends: list[Any]) -> list[tuple[int, int, int, str]]:
    return sorted((s.level, s.step, s.user_id, s.channel) for s in sends)


def subject(mail: Any) -> str:
    return str(make_header(decode_header(mail["Subject"])))


async def _opened(app, branch, policy=POLICY):
    answer = await branch["api"].call("/incident/rule/edit", {"userId": branch["dealer"].id, **policy})
    assert answer.code == 0, answer.body
    t0 = utcnow().replace(microsecond=0) - timedelta(hours=3)
    await robot_alarm(app, branch["robot"], at=t0)
    [incident] = await incidents_of(app, branch["robot"])
    return incident, t0


async def test_levels_and_reminders_follow_the_policy_with_a_controlled_clock(app, branch, smtp_inbox):
    incident, t0 = await _opened(app, branch)
    database, settings = app.state.db, app.state.settings
    customer, dealer = branch["customer"].id, branch["dealer"].id
    admin_id = int(branch["robot"].owner_path.strip("/").split("/")[0])
    # level 0 is written when the incident opens (issue 49 item 4), its sends then go through the outbox
    assert steps(await sends_of(app, incident.id)) == [(0, 0, customer, "cloud"), (0, 0, customer, "email")]
    await escalate_due(database, settings, t0)
    assert {s.state for s in await sends_of(app, incident.id)} == {"sent"}
    for minutes, expected in ((9, []), (10, [(0, 1, customer)]), (20, [(0, 2, customer)]), (29, []),
                              (30, [(1, 0, dealer)]), (40, [(1, 1, dealer)]), (45, [(2, 0, admin_id)]),
                              (55, [(2, 1, admin_id)]), (65, [(2, 2, admin_id)]), (200, [])):
        before = {(s.level, s.step) for s in await sends_of(app, incident.id)}
        await escalate_due(database, settings, t0 + timedelta(minutes=minutes))
        new = sorted({(s.level, s.step, s.user_id) for s in await sends_of(app, incident.id)
                      if (s.level, s.step) not in before})
        assert new == expected, minutes
    [incident] = await incidents_of(app, branch["robot"])
    assert (incident.level, incident.reminders, incident.next_step_at) == (2, 2, None)
    mails = [mail for to, mail in smtp_inbox.mails if to == ["customer@example.com"]
             and f"#{incident.id}" in subject(mail)]
    assert len(mails) == 3  # the notice and two reminders, in Japanese
    assert "ロボット" in mail_text(mails[0]) and "リマインダー 1/2" in mail_text(mails[1])
    dealer_mails = [mail for to, mail in smtp_inbox.mails if to == ["dealer@example.com"]
                    and f"#{incident.id}" in subject(mail)]
    assert "Escalated to level 1" in mail_text(dealer_mails[0]) or "已升级到第 1 级" in mail_text(dealer_mails[0])
    async with database.sessions() as db:
        told = set(await db.scalars(select(Message.user_id).where(Message.kind == "incident",
                                                                  Message.dedup_key.like(f"incident:{incident.id}:%"))))
    assert {customer, dealer} <= told
    messages = await branch["customer_api"].call("/message/findAllMessage", {"kind": "incident"})
    assert messages.data["list"][0]["link"] == f"/incident/index?incidentId={incident.id}"


async def test_two_workers_scanning_together_send_each_step_once(app, branch, smtp_inbox):
    incident, t0 = await _opened(app, branch)
    second = Database(app.state.settings.db_url)  # another worker's own pool
    try:
        for minutes in (0, 10, 20, 30, 45):
            now = t0 + timedelta(minutes=minutes)
            await asyncio.gather(escalate_due(app.state.db, app.state.settings, now),
                                 escalate_due(second, app.state.settings, now))
    finally:
        await second.dispose()
    sends = await sends_of(app, incident.id)
    keys = [(s.level, s.step, s.user_id, s.channel) for s in sends]
    # five steps, each told on the console and by e-mail (but the admin, level 2, has no address): each once
    assert len(keys) == len(set(keys)) == 9
    assert all(s.attempts == 1 for s in sends if s.channel == "email")
    mails = [mail for _to, mail in smtp_inbox.mails if f"#{incident.id}" in subject(mail)]
    assert len(mails) == 4


async def test_a_restart_mid_policy_continues_where_it_stopped(app, branch):
    incident, t0 = await _opened(app, branch)
    await escalate_due(app.state.db, app.state.settings, t0)
    await escalate_due(app.state.db, app.state.settings, t0 + timedelta(minutes=10))
    # the worker goes away; a new process (its own engine, nothing in memory) takes over later
    restarted = Database(app.state.settings.db_url)
    try:
        await escalate_due(restarted, app.state.settings, t0 + timedelta(minutes=31))
    finally:
        await restarted.dispose()
    sent = sorted({(s.level, s.step) for s in await sends_of(app, incident.id)})
    assert sent == [(0, 0), (0, 1), (1, 0)]  # the 20-minute reminder came due after the level's time: skipped


async def test_acknowledging_stops_the_escalation_and_skips_what_was_pending(app, branch, monkeypatch):
    monkeypatch.setattr(app.state.settings, "smtp_host", None)
    incident, t0 = await _opened(app, branch)
    # level 0 taken when it opened (issue 49 item 4), its e-mail not sent yet
    assert {s.state for s in await sends_of(app, incident.id) if s.channel == "email"} == {"pending"}
    acked = await branch["customer_api"].call("/incident/acknowledge", {"incidentId": incident.id})
    assert acked.code == 0, acked.body
    await escalate_due(app.state.db, app.state.settings, t0 + timedelta(hours=2))
    sends = await sends_of(app, incident.id)
    assert {s.state for s in sends if s.channel == "email"} == {"skipped"}
    assert {s.level for s in sends} == {0}


async def _mailed_link(app, branch, smtp_inbox) -> tuple[Any, str]:
    incident, t0 = await _opened(app, branch)
    await escalate_due(app.state.db, app.state.settings, t0)
    [mail] = [mail for to, mail in smtp_inbox.mails if to == ["customer@example.com"]
              and f"#{incident.id}" in subject(mail)]
    url = re.search(r"https?://\S+/api/incident/link/(\S+)", mail_text(mail))
    assert url, mail_text(mail)
    return incident, url.group(1)


async def test_the_mailed_link_shows_a_page_then_acknowledges_once(app, branch, smtp_inbox, api):
    incident, token = await _mailed_link(app, branch, smtp_inbox)
    page = await api.client.get(f"/api/incident/link/{token}", headers={"Accept-Language": "en"})
    assert page.status_code == 200 and "I&#x27;m on it" in page.text and branch["robot"].serial_number in page.text
    [unchanged] = await incidents_of(app, branch["robot"])
    assert unchanged.acknowledged_at is None  # a mail scanner fetching the link acknowledges nothing
    acked = await api.call("/incident/link/acknowledge", {"token": token})
    assert acked.code == 0, acked.body
    assert acked.data["incidentId"] == incident.id
    [done] = await incidents_of(app, branch["robot"])
    assert (done.state, done.acknowledged_by, done.acknowledged_via) == ("acknowledged", branch["customer"].id,
                                                                         "link")
    reused = await api.call("/incident/link/acknowledge", {"token": token})
    assert (reused.code, reused.field) == (Code.CODE_EXPIRED, "token")
    after = await api.client.get(f"/api/incident/link/{token}")
    assert "<form" not in after.text
    unknown = await api.call("/incident/link/acknowledge", {"token": "x" * 43})
    assert (unknown.code, unknown.field) == (Code.NOT_FOUND, "token")


async def test_an_expired_link_or_an_incident_acknowledged_elsewhere_is_refused(app, branch, smtp_inbox, api):
    incident, token = await _mailed_link(app, branch, smtp_inbox)
    async with app.state.db.sessions() as db:
        link = await db.scalar(select(IncidentLink).where(IncidentLink.incident_id == incident.id))
        kept = link.expires_at
        link.expires_at = utcnow() - timedelta(seconds=1)
        await db.commit()
    expired = await api.call("/incident/link/acknowledge", {"token": token})
    assert (expired.code, expired.field) == (Code.CODE_EXPIRED, "token")
    async with app.state.db.sessions() as db:
        link = await db.scalar(select(IncidentLink).where(IncidentLink.incident_id == incident.id))
        assert link.used_at is None
        link.expires_at = kept
        await db.commit()
    await branch["api"].call("/incident/acknowledge", {"incidentId": incident.id})
    second = await api.call("/incident/link/acknowledge", {"token": token})
    assert (second.code, second.field) == (Code.CONFLICT, "token")
    async with app.state.db.sessions() as db:
        link = await db.scalar(select(IncidentLink).where(IncidentLink.incident_id == incident.id))
        assert link.used_at is None  # nothing changed
    [done] = await incidents_of(app, branch["robot"])
    assert done.acknowledged_by == branch["dealer"].id
