"""The privacy calls in the permission matrix: another branch, a lower level, a shadow without the key and a
signed-out caller are refused and change nothing; the dealer is served for a person of its branch."""

from tests.permission_matrix import MATRIX, routes_under, wrong_callers_and_rightful
from tests.privacy.helpers import no_jobs_running

PREFIX = "/api/privacy/"


async def test_every_privacy_call_is_in_the_matrix(app):
    assert routes_under(app, PREFIX) == {path for path in MATRIX if path.startswith(PREFIX)}


async def test_privacy_calls_refuse_wrong_callers_and_serve_the_rightful(app, admin, make_user, signed_in):
    failures = await wrong_callers_and_rightful(app, admin, make_user, signed_in, PREFIX)
    await no_jobs_running(app)
    assert failures == []
