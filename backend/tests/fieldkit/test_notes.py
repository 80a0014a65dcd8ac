"""A note on an incident, from the console (the field kit's queued notes take the same path): shown in the detail's
timeline with who wrote it, refused once the incident ended, for another branch, and when empty or too long."""

from cleanfleet.core.codes import Code
from tests.fieldkit.conftest import incident_of
from tests.sites.conftest import ok

EN = {"language": "en"}


async def test_a_note_shows_in_the_timeline_and_an_ended_incident_takes_none(app, branch, db):
    incident_id = await incident_of(app, db, branch.robots["Scrubber"])
    note = await ok(branch.customer, "/incident/note", {"incidentId": incident_id, "note": "  Wheel wrapped in tape  "})
    assert (note["incidentId"], note["text"], note["userName"]) == (incident_id, "Wheel wrapped in tape", "Test user")
    detail = await ok(branch.dealer, "/incident/detail", {"incidentId": incident_id})
    kinds = [item["kind"] for item in detail["timeline"]]
    assert kinds[0] == "opened" and "note" in kinds
    [shown] = [item for item in detail["timeline"] if item["kind"] == "note"]
    assert (shown["text"], shown["userName"], shown["time"]) == ("Wheel wrapped in tape", "Test user",
                                                                  note["createdAt"])

    await ok(branch.dealer, "/incident/resolve", {"incidentId": incident_id, "cause": "obstacle"})
    late = await branch.customer.call("/incident/note", {"incidentId": incident_id, "note": "also oiled"}, headers=EN)
    assert (late.code, late.field) == (Code.CONFLICT, "incidentId")
    assert late.message.startswith(f"Incident {incident_id} already ended at ")


async def test_refusals_name_the_field(app, branch, db):
    incident_id = await incident_of(app, db, branch.robots["Scrubber"])
    for body, code, field in (({"incidentId": incident_id, "note": "   "}, Code.BAD_PARAMETER, "note"),
                              ({"incidentId": incident_id, "note": "x" * 1001}, Code.BAD_PARAMETER, "note")):
        answer = await branch.customer.call("/incident/note", body, headers=EN)
        assert (answer.code, answer.field) == (code, field), answer.body
    other = await branch.other.call("/incident/note", {"incidentId": incident_id, "note": "hello"})
    assert (other.code, other.field) == (Code.NOT_FOUND, "incidentId")
