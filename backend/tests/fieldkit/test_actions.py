"""Actions a phone queued without signal, sent when it returned: each applied once whatever the replays (one after
the other, or two at once), the same id with other fields refused, a stale one (someone resolved the incident or
marked the window meanwhile) refused with who and when, and the fields each kind needs named."""

import asyncio
import uuid

from sqlalchemy import func, select

from cleanfleet.core.codes import Code
from cleanfleet.fieldkit.models import FieldAction
from cleanfleet.incidents.models import Incident, IncidentNote
from cleanfleet.roles.catalogue import ROLE_USER
from tests.fieldkit.conftest import day_before, incident_of, utc_site
from tests.sites.conftest import ok

EN = {"language": "en"}


def action(kind: str, **fields) -> dict:
    return {"actionId": str(uuid.uuid4()), "kind": kind, **fields}


async def applied(app, action_id: str) -> int:
    async with app.state.db.sessions() as db:
        return int(await db.scalar(select(func.count()).select_from(FieldAction)
                                   .where(FieldAction.action_id == action_id)) or 0)


async def test_an_acknowledgement_sent_twice_is_applied_once_with_the_same_answer(app, branch, db):
    incident_id = await incident_of(app, db, branch.robots["Scrubber"])
    queued = action("acknowledge", incidentId=incident_id)
    first = await ok(branch.customer, "/field/act", queued)
    assert first["replayed"] is False
    assert first["incident"]["state"] == "acknowledged" and first["incident"]["acknowledgedBy"] == "Test user"

    again = await ok(branch.customer, "/field/act", queued)
    assert again["replayed"] is True
    assert {**again, "replayed": False} == first  # the first answer, word for word
    async with app.state.db.sessions() as session:
        incident = await session.get(Incident, incident_id)
        assert incident.acknowledged_at.isoformat() == first["incident"]["acknowledgedAt"]
    assert await applied(app, queued["actionId"]) == 1

    # the same id with other fields is someone else's action: refused, nothing applied
    other = await branch.customer.call("/field/act", {**queued, "kind": "note", "note": "hello"}, headers=EN)
    assert (other.code, other.field) == (Code.CONFLICT, "actionId")
    assert "already used for another action" in other.message


async def test_two_sends_at_once_apply_one_note(app, branch, db):
    incident_id = await incident_of(app, db, branch.robots["Scrubber"])
    queued = action("note", incidentId=incident_id, note="Brush jammed with cable ties, cleared")
    one, two = await asyncio.gather(branch.customer.call("/field/act", queued),
                                    branch.customer.call("/field/act", queued))
    assert (one.code, two.code) == (0, 0), (one.body, two.body)
    assert sorted([one.data["replayed"], two.data["replayed"]]) == [False, True]
    assert one.data["note"] == two.data["note"]
    async with app.state.db.sessions() as session:
        notes = list(await session.scalars(select(IncidentNote.text).where(IncidentNote.incident_id == incident_id)))
    assert notes == ["Brush jammed with cable ties, cleared"]
    detail = await ok(branch.dealer, "/incident/detail", {"incidentId": incident_id})
    [note] = [item for item in detail["timeline"] if item["kind"] == "note"]
    assert (note["userName"], note["text"]) == ("Test user", "Brush jammed with cable ties, cleared")


async def test_an_acknowledgement_queued_before_someone_resolved_it_is_refused_with_who_and_when(app, branch, db):
    incident_id = await incident_of(app, db, branch.robots["Scrubber"])
    queued = action("acknowledge", incidentId=incident_id)
    await ok(branch.dealer, "/incident/resolve", {"incidentId": incident_id, "cause": "stuck"})  # meanwhile
    answer = await branch.customer.call("/field/act", queued, headers=EN)
    assert (answer.code, answer.field) == (Code.CONFLICT, "incidentId")
    assert answer.message.startswith(f"Incident {incident_id} already ended at ")
    assert await applied(app, queued["actionId"]) == 0
    note = await branch.customer.call("/field/act", action("note", incidentId=incident_id, note="on my way"),
                                      headers=EN)
    assert (note.code, note.field) == (Code.CONFLICT, "incidentId")


async def test_an_acknowledgement_queued_while_someone_else_acknowledged_names_them(app, branch, db):
    incident_id = await incident_of(app, db, branch.robots["Scrubber"])
    await ok(branch.dealer, "/incident/acknowledge", {"incidentId": incident_id})
    answer = await branch.customer.call("/field/act", action("acknowledge", incidentId=incident_id), headers=EN)
    assert (answer.code, answer.field) == (Code.CONFLICT, "incidentId")
    assert f"Incident {incident_id} was already acknowledged by Test user at " in answer.message


async def test_a_window_marked_from_the_queue_once_and_a_stale_mark_refused(app, branch, db):
    made = await utc_site(branch, db)
    queued = action("byHand", planItemId=made["planItemId"], day=day_before(1), note="Swept by hand")
    first = await ok(branch.customer, "/field/act", queued)
    assert first["window"]["states"] == ["done"] and first["window"]["mark"]["note"] == "Swept by hand"
    assert (await ok(branch.customer, "/field/act", queued))["replayed"] is True

    stale = await branch.dealer.call("/field/act", action("byHand", planItemId=made["planItemId"], day=day_before(1)),
                                     headers=EN)
    assert (stale.code, stale.field) == (Code.CONFLICT, "planItemId")
    assert stale.message.startswith("This window was already marked cleaned by hand by Test user at ")


async def test_each_kind_names_the_field_it_needs(branch):
    cases = [(action("acknowledge"), "incidentId"), (action("note", incidentId=1), "note"),
             (action("byHand", day=day_before(1)), "planItemId"), (action("byHand", planItemId=1), "day"),
             (action("byHand", planItemId=1, day=day_before(1), note="x" * 501), "note"),
             ({**action("note", incidentId=1, note="x"), "actionId": "not-a-uuid"}, "actionId")]
    for body, field in cases:
        answer = await branch.customer.call("/field/act", body, headers=EN)
        assert (answer.code, answer.field) == (Code.BAD_PARAMETER, field), (body, answer.body)


async def test_an_action_needs_its_own_key(app, branch, db, make_user, signed_in):
    incident_id = await incident_of(app, db, branch.robots["Scrubber"])
    role = await ok(branch.dealer, "/user/role/insert", {"name": "Field viewer " + uuid.uuid4().hex[:6],
                                                         "keys": ["site/field", "incident/index"]})
    viewer, password = await make_user(3, parent=branch.dealer_user, roles=[role["id"]])
    api = await signed_in(viewer, password)
    answer = await api.call("/field/act", action("acknowledge", incidentId=incident_id))
    assert answer.code == Code.NO_PERMISSION
    plain, plain_password = await make_user(3, parent=branch.dealer_user, roles=[ROLE_USER])
    assert (await (await signed_in(plain, plain_password)).call(
        "/field/act", action("acknowledge", incidentId=incident_id))).code == Code.NOT_FOUND  # not its branch
