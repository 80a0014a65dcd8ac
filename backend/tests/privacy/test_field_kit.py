"""What a person wrote in the field kit (issue 53 items 5-6): their export holds the notes they added to incidents and
the windows they marked cleaned by hand, and nothing of another person's; after their erasure the notes and marks stay
with the customer under the pseudonym, their own replay records are gone, another person's replay answer that named
them names the pseudonym, and no column of any table spells their values."""

import json
import os
import uuid

from sqlalchemy import select

from cleanfleet.fieldkit.models import FieldAction
from cleanfleet.roles.catalogue import ROLE_USER
from tests.fieldkit.conftest import day_before, incident_of, utc_site
from tests.fieldkit.conftest import sites_removed_after as sites_removed_after  # noqa: PLC0414 - its fixture
from tests.privacy.conftest import download
from tests.privacy.helpers import finished
from tests.privacy.test_erasure import _found_anywhere
from tests.sites.conftest import branch as branch  # noqa: PLC0414 - the sites' fixture
from tests.sites.conftest import ok

EN = {"language": "en"}


def action(kind: str, **fields: object) -> dict:
    return {"actionId": str(uuid.uuid4()), "kind": kind, **fields}


async def test_field_notes_and_marks_are_exported_and_take_the_pseudonym_at_erasure(app, branch, db, make_user):
    person, who = branch.customer, branch.customer_user
    n = f"{os.getpid()}f{uuid.uuid4().hex[:8]}"
    name, email, phone = f"Fieldworker {n}", f"field{n}@example.org", f"1391{uuid.uuid4().int % 10**7:07d}"
    await ok(person, "/user/updateUserInfo", {"name": name, "email": email, "phone": phone})
    await make_user(4, parent=who, roles=[ROLE_USER])  # another administrator of the customer: the person may go
    made, day = await utc_site(branch, db), day_before(2)
    incident_id = await incident_of(app, db, branch.robots["Scrubber"])
    await ok(person, "/field/act", action("note", incidentId=incident_id, note=f"Wheel taped, {name} calls back"))
    await ok(person, "/field/act", action("byHand", planItemId=made["planItemId"], day=day, note="Mopped the ramp"))
    acked = await ok(branch.dealer, "/field/act", action("acknowledge", incidentId=incident_id))
    assert acked["incident"]["ownerName"] == name  # another person's kept answer names them
    await ok(branch.dealer, "/incident/note", {"incidentId": incident_id, "note": "Dealer's own note"})

    exported = await ok(branch.dealer, "/privacy/export", {"userId": who.id})
    job = await finished(branch.dealer, exported["id"])
    assert job["state"] == "done", job
    archive = await download(branch.dealer, job["link"])
    notes = json.loads(archive.read("incident_notes.json"))
    assert [(row["incidentId"], row["text"]) for row in notes] == [(incident_id, f"Wheel taped, {name} calls back")]
    marks = json.loads(archive.read("cleaned_by_hand.json"))
    assert [(row["siteId"], row["planItemId"], row["day"], row["note"]) for row in marks] == [
        (made["siteId"], made["planItemId"], day, "Mopped the ramp")]
    readme = archive.read("README.txt").decode()
    assert "incident_notes.json (1)" in readme and "cleaned_by_hand.json (1)" in readme

    erased = await ok(branch.dealer, "/privacy/erase", {"userId": who.id, "confirm": who.account})
    job = await finished(branch.dealer, erased["id"])
    assert job["state"] == "done", job
    pseudonym = job["pseudonym"]
    detail = await ok(branch.dealer, "/incident/detail", {"incidentId": incident_id})
    shown = [(item["userName"], item["text"]) for item in detail["timeline"] if item["kind"] == "note"]
    assert (pseudonym, f"Wheel taped, {pseudonym} calls back") in shown and len(shown) == 2
    found = await ok(branch.dealer, "/site/actual/detail", {"siteId": made["siteId"], "period": "day", "day": day},
                     headers=EN)
    [run] = found["items"][0]["runs"]
    assert run["state"] == "done" and run["byHand"]["markedBy"] == pseudonym
    async with app.state.db.sessions() as session:
        kept = list(await session.scalars(select(FieldAction).where(FieldAction.user_id.in_(
            (who.id, branch.dealer_user.id)))))
    assert [row.user_id for row in kept] == [branch.dealer_user.id]
    assert kept[0].answer["incident"]["ownerName"] == pseudonym
    assert not await _found_anywhere(app, [name, email, phone, who.account])
