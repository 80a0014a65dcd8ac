"""The identity provider calls in the permission matrix: another branch, a lower level, a shadow without the key and
a signed-out caller are refused and change nothing; the dealer is served for its customer's providers."""

from tests.permission_matrix import MATRIX, routes_under, wrong_callers_and_rightful
from tests.sso.permission_entries import NOT_KEYED

PREFIX = "/api/sso/"


async def test_every_keyed_sso_call_is_in_the_matrix(app):
    calls = routes_under(app, PREFIX)
    assert set(NOT_KEYED) <= calls, "a call said to need no key is gone: update NOT_KEYED"
    assert calls - set(NOT_KEYED) == {path for path in MATRIX if path.startswith(PREFIX)}


async def test_sso_calls_refuse_wrong_callers_and_serve_the_rightful(app, admin, make_user, signed_in):
    assert await wrong_callers_and_rightful(app, admin, make_user, signed_in, PREFIX) == []
