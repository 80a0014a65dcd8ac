"""The certificate calls refuse the wrong callers and change nothing (tests/permission_matrix.py): another branch's
dealer, a user below the robot's owner (no revoke key), a shadow without the key, and a caller signed out; the
rightful dealer is served."""

from tests.certificates import permission_entries  # noqa: F401  - registers the entries
from tests.permission_matrix import MATRIX, routes_under, wrong_callers_and_rightful

PREFIXES = ("/api/device/certificate/", "/api/robot/certificate/")


async def test_every_certificate_call_is_in_the_matrix(app):
    mounted = set().union(*(routes_under(app, prefix) for prefix in PREFIXES))
    assert mounted == {path for path in MATRIX if path.startswith(PREFIXES)}


async def test_the_wrong_callers_are_refused_and_change_nothing(app, admin, make_user, signed_in):
    failures = await wrong_callers_and_rightful(app, admin, make_user, signed_in, PREFIXES)
    assert not failures, "\n".join(failures)
