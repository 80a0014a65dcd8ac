"""The field kit's calls refuse the wrong callers and change nothing (tests/permission_matrix.py): another branch's
dealer, a user below the incident's and site's owner, a shadow without the keys, and a caller signed out."""

from tests.fieldkit import permission_entries  # noqa: F401  - registers the entries
from tests.permission_matrix import MATRIX, routes_under, wrong_callers_and_rightful

PREFIX = "/api/field/"


async def test_every_field_call_is_in_the_matrix(app):
    assert routes_under(app, PREFIX) == {path for path in MATRIX if path.startswith(PREFIX)}


async def test_the_wrong_callers_are_refused_and_change_nothing(app, admin, make_user, signed_in):
    failures = await wrong_callers_and_rightful(app, admin, make_user, signed_in, (PREFIX, "/api/site/plan/byHand/"))
    assert not failures, "\n".join(failures)
