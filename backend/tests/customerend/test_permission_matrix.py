"""Every /api/customer/end/ call refused for the wrong callers (another branch's dealer, a lower level, a shadow
without the key, signed out) and changing nothing; and each body works for the rightful dealer."""

from tests.permission_matrix import CASES, MATRIX, build_world, close_world, refusals, rightful, routes_under

PREFIX = "/api/customer/end/"


async def test_every_customer_end_call_is_in_the_matrix(app):
    missing = routes_under(app, PREFIX) - set(MATRIX)
    assert not missing, f"add these calls to the permission matrix: {sorted(missing)}"


async def test_the_wrong_callers_are_refused_and_change_nothing(app, admin, make_user, signed_in):
    world = await build_world(app, admin, make_user, signed_in)
    failures = await refusals(app, world, CASES, PREFIX)
    await close_world(world)
    assert not failures, "\n".join(failures)


async def test_every_matrix_body_works_for_the_rightful_caller(app, admin, make_user, signed_in):
    world = await build_world(app, admin, make_user, signed_in)
    failures = await rightful(world, PREFIX)
    await close_world(world)
    assert not failures, "\n".join(failures)
