"""The task calls refuse the wrong callers and change nothing (tests/permission_matrix.py)."""

from tests.permission_matrix import MATRIX, routes_under, wrong_callers_and_rightful
from tests.tasks import permission_entries

PREFIX = "/api/task/"


async def test_every_task_call_is_in_the_matrix(app):
    assert routes_under(app, PREFIX) == {path for path in MATRIX if path.startswith(PREFIX)}


async def test_the_wrong_callers_are_refused_and_change_nothing(app, admin, make_user, signed_in):
    async with permission_entries.task_world():
        failures = await wrong_callers_and_rightful(app, admin, make_user, signed_in, PREFIX)
    assert not failures, "\n".join(failures)
