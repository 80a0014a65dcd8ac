"""The field kit's applied actions (its replay records) leave with the purge job once older than 30 days, whoever
sent them and whether or not they send another, in bounded batches; younger ones stay."""

import uuid
from typing import Any

from sqlalchemy import select

from cleanfleet.fieldkit.models import FieldAction
from cleanfleet.retention import field_actions, job
from cleanfleet.roles.catalogue import ROLE_DEALER
from tests.retention.helpers import NOW, ago


async def _actions(app: Any, user_id: int, *ages: float) -> dict[float, str]:
    made = {age: str(uuid.uuid4()) for age in ages}
    async with app.state.db.sessions() as db:
        db.add_all([FieldAction(action_id=action_id, user_id=user_id, kind="note", digest="0" * 64,
                                answer={"actionId": action_id}, applied_at=ago(age))
                    for age, action_id in made.items()])
        await db.commit()
    return made


async def _kept(app: Any, user_id: int) -> set[str]:
    async with app.state.db.sessions() as db:
        return set(await db.scalars(select(FieldAction.action_id).where(FieldAction.user_id == user_id)))


async def test_actions_older_than_30_days_go_with_the_purge_round(app, make_user, quiet):
    person, _ = await make_user(2, roles=[ROLE_DEALER])
    made = await _actions(app, person.id, 45, 31, 29, 0)
    settings = app.state.settings.model_copy(update={"retention_pause": 0.0, "retention_batch": 100})
    await job.purge_round(app.state.db, app.state.store, settings, NOW)
    assert await _kept(app, person.id) == {made[29], made[0]}
    assert await field_actions.purge_field_actions(app.state.db, settings, NOW) == 0


async def test_a_batch_is_bounded(app, make_user, quiet):
    person, _ = await make_user(2, roles=[ROLE_DEALER])
    await _actions(app, person.id, 40, 41, 42, 43, 44)
    async with app.state.db.sessions() as db:
        assert await field_actions.purge_old_actions(db, ago(30), 2) == 2  # one batch: at most its limit
        await db.commit()
    assert len(await _kept(app, person.id)) == 3
