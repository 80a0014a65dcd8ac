"""/api/screen/ calls refused for the wrong callers (changing nothing), and their bodies good for the rightful."""

from tests.permission_matrix import CASES, MATRIX, build_world, close_world, refusals, rightful, routes_under
from tests.screen.permission_entries import PREFIX


async def test_every_screen_call_is_in_the_matrix(app):
    missing = routes_under(app, PREFIX) - set(MATRIX)
    assert routes_under(app, PREFIX), "no /api/screen/ call is mounted"
    assert not missing, f"add these calls to tests/screen/permission_entries.py: {sorted(missing)}"


async def test_the_wrong_callers_are_refused_and_change_nothing(app, admin, make_user, signed_in):
    world = await build_world(app, admin, make_user, signed_in)
    failures = [failure for case in CASES for failure in await refusals(app, world, case, PREFIX)]
    failures += await rightful(world, PREFIX)
    await close_world(world)
    assert not failures, "\n".join(failures)
