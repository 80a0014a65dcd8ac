"""The brand calls refuse the wrong callers and change nothing (tests/permission_matrix.py); the presets that hold
them."""

from typing import Any

from cleanfleet.roles.catalogue import PERSON_ONLY_KEYS, PRESET_ROLES, ROLE_DEALER, ROLE_USER
from tests.branding import permission_entries  # noqa: F401  - registers the entries
from tests.permission_matrix import MATRIX, routes_under, wrong_callers_and_rightful

PREFIX = "/api/brand/"


async def test_every_brand_call_is_in_the_matrix(app: Any) -> None:
    assert routes_under(app, PREFIX) == {path for path in MATRIX if path.startswith(PREFIX)}


async def test_the_wrong_callers_are_refused_and_change_nothing(app: Any, admin: Any, make_user: Any,
                                                                 signed_in: Any) -> None:
    failures = await wrong_callers_and_rightful(app, admin, make_user, signed_in, PREFIX)
    assert not failures, "\n".join(failures)


def test_dealers_and_customers_hold_the_brand_page() -> None:
    for role in (ROLE_DEALER, ROLE_USER):  # a customer saves only while its dealer lets it (test_brand.py)
        assert {"user/brand", "user/brand/edit"} <= PRESET_ROLES[role][1]
    assert not {"user/brand", "user/brand/edit"} & PERSON_ONLY_KEYS  # no credential, no session, no person's data
