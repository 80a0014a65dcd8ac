"""The SIEM streaming calls refuse the wrong callers and change nothing (tests/permission_matrix.py); an API token
never manages a destination (person-only)."""

from typing import Any

from tests.permission_matrix import MATRIX, routes_under, wrong_callers_and_rightful
from tests.siem import permission_entries  # noqa: F401  - registers the entries

PREFIX = "/api/audit/siem/"


async def test_every_siem_call_is_in_the_matrix(app: Any) -> None:
    assert routes_under(app, PREFIX) == {path for path in MATRIX if path.startswith(PREFIX)}


async def test_the_wrong_callers_are_refused_and_change_nothing(app: Any, admin: Any, make_user: Any,
                                                                 signed_in: Any) -> None:
    failures = await wrong_callers_and_rightful(app, admin, make_user, signed_in, PREFIX)
    assert not failures, "\n".join(failures)
