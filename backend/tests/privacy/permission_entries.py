"""Permission-matrix entries for the privacy calls (/api/privacy/*).

The world gets a person of its own (``p.person``: level 4 under ``user``, the ordinary user preset), the target of
the export and the erasure (the erasure runs for real: nothing else uses that person), and a finished export job
about them (``p.job``). Without ``userId`` an export is the caller's own, which every signed-in person may ask; the
matrix asks for the person's."""

from typing import Any

from cleanfleet.core.db import utcnow
from cleanfleet.privacy.models import DONE, PERSON_EXPORT, DataJob
from cleanfleet.privacy.service import parent_path
from cleanfleet.roles.catalogue import ROLE_USER
from cleanfleet.users import service as users
from tests.conftest import unique_account
from tests.permission_matrix import Entry, World, register, register_world_builder

ONLY_SEES_ITS_OWN = "lists only the jobs the caller sees: its own, and its subtree's with a key (an empty list)"


async def build_privacy_world(world: World, app: Any) -> None:
    async with app.state.db.sessions() as db:
        parent = await db.get(type(world.users["user"]), world.id("user"))
        person = await users.create(db, account=unique_account("p"), name="Privacy person", password="Secret123",
                                    level_depth=4, parent=parent, role_ids=[ROLE_USER])
        job = DataJob(kind=PERSON_EXPORT, owner_path=parent_path(person), requested_by=person.id,
                      subject_id=person.id, subject_name=person.account, state=DONE, progress=100, step="",
                      detail={"counts": {"account.json": 1}}, finished_at=utcnow())
        db.add(job)
        await db.commit()
        world.ids["p.person"] = person.id
        world.ids["p.account"] = person.account
        world.ids["p.job"] = job.id


register_world_builder(build_privacy_world)

register(
    Entry("/api/privacy/export", lambda w: {"userId": w.ids["p.person"]}),
    Entry("/api/privacy/erase/check", lambda w: {"userId": w.ids["p.person"]}),
    Entry("/api/privacy/job/get", lambda w: {"id": w.ids["p.job"]}),
    Entry("/api/privacy/job/list", lambda w: {"subjectId": w.ids["p.person"]}, not_applicable={
        "other_branch": ONLY_SEES_ITS_OWN, "lower_level": ONLY_SEES_ITS_OWN, "shadow_without_key": ONLY_SEES_ITS_OWN}),
    Entry("/api/privacy/erase", lambda w: {"userId": w.ids["p.person"], "confirm": w.ids["p.account"]}, last=3),
)
