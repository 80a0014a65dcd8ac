"""The robot health calls refuse the wrong callers and change nothing (tests/permission_matrix.py): another branch's
dealer, a user below the robot's owner, a shadow without the key, and a caller signed out."""

from tests.health import permission_entries  # noqa: F401  - registers the entries
from tests.permission_matrix import MATRIX, routes_under, wrong_callers_and_rightful

PREFIX = "/api/robothealth/"


async def test_every_health_call_is_in_the_matrix(app):
    assert routes_under(app, PREFIX) == {path for path in MATRIX if path.startswith(PREFIX)}


async def test_the_wrong_callers_are_refused_and_change_nothing(app, admin, make_user, signed_in):
    failures = await wrong_callers_and_rightful(app, admin, make_user, signed_in, PREFIX)
    assert not failures, "\n".join(failures)
