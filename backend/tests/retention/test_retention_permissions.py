"""The retention calls refuse the wrong callers and change nothing (tests/permission_matrix.py); the preview changes
nothing for the rightful caller either, and counts what a shorter period would remove."""

from typing import Any

from sqlalchemy import func, select

from cleanfleet.roles.catalogue import PRESET_ROLES, ROLE_DEALER, ROLE_USER
from cleanfleet.warn.models import Alarm
from tests.permission_matrix import MATRIX, routes_under, wrong_callers_and_rightful
from tests.retention import permission_entries  # noqa: F401  - registers the entries
from tests.retention.helpers import a_robot, alarms_aged

PREFIX = "/api/retention/"


async def test_every_retention_call_is_in_the_matrix(app: Any) -> None:
    assert routes_under(app, PREFIX) == {path for path in MATRIX if path.startswith(PREFIX)}


async def test_the_wrong_callers_are_refused_and_change_nothing(app: Any, admin: Any, make_user: Any,
                                                                 signed_in: Any) -> None:
    failures = await wrong_callers_and_rightful(app, admin, make_user, signed_in, PREFIX)
    assert not failures, "\n".join(failures)


def test_dealers_and_customers_see_and_set_their_periods() -> None:
    for role in (ROLE_DEALER, ROLE_USER):
        assert {"retention", "retention/edit"} <= PRESET_ROLES[role][1]


async def test_the_preview_counts_what_would_go_and_removes_nothing(app: Any, make_user: Any,
                                                                    signed_in: Any) -> None:
    user, password = await make_user(2, roles=[ROLE_DEALER])
    robot = await a_robot(app, user)
    await alarms_aged(app, robot, 3, 50, 70, 90)
    dealer = await signed_in(user, password)
    preview = await dealer.call("/retention/preview", {"kind": "alarms", "days": 60})
    assert preview.code == 0, preview.body
    assert (preview.data["count"], preview.data["capped"]) == (2, False)
    async with app.state.db.sessions() as db:
        left = await db.scalar(select(func.count()).select_from(Alarm).where(Alarm.device_id == robot.id))
    assert left == 4
