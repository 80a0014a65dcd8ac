"""The object storage, file, speech, advertising and operation log calls refuse the wrong callers and change
nothing (tests/permission_matrix.py)."""

from tests.files import permission_entries  # noqa: F401  - registers the entries
from tests.permission_matrix import MATRIX, routes_under, wrong_callers_and_rightful

PREFIXES = ("/api/oss/", "/api/file/", "/api/tencent/", "/api/advertising/", "/api/log/")


async def test_every_call_is_in_the_matrix(app):
    for prefix in PREFIXES:
        assert routes_under(app, prefix) == {path for path in MATRIX if path.startswith(prefix)}


async def test_the_wrong_callers_are_refused_and_change_nothing(app, admin, make_user, signed_in):
    failures = await wrong_callers_and_rightful(app, admin, make_user, signed_in, PREFIXES)
    assert not failures, "\n".join(failures)
