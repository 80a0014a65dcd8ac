"""/api/screen/ calls refused for the wrong callers (changing nothing), their bodies good for the rightful caller,
and the wall display's one decision: sign-in only, so a shadow user without keys sees its owner's branch."""

from tests.permission_matrix import (
    MATRIX,
    build_world,
    close_world,
    routes_under,
    wrong_callers_and_rightful,
)
from tests.screen.permission_entries import PREFIX


async def test_every_screen_call_is_in_the_matrix(app):
    missing = routes_under(app, PREFIX) - set(MATRIX)
    assert routes_under(app, PREFIX), "no /api/screen/ call is mounted"
    assert not missing, f"add these calls to tests/screen/permission_entries.py: {sorted(missing)}"


async def test_the_wrong_callers_are_refused_and_change_nothing(app, admin, make_user, signed_in):
    failures = await wrong_callers_and_rightful(app, admin, make_user, signed_in, PREFIX)
    assert not failures, "\n".join(failures)


async def test_a_shadow_without_keys_sees_its_owners_wall_but_not_its_map(app, admin, make_user, signed_in):
    world = await build_world(app, admin, make_user, signed_in)
    shadow = world.callers["shadow_without_key"]
    wall = await shadow.call("/screen/summary", {"userId": world.id("user")})
    device_map = await shadow.call("/screen/deviceMap", {"userId": world.id("user")})
    await close_world(world)
    assert wall.code == 0 and wall.data["counts"]["total"] >= 2, wall.body
    assert device_map.code != 0
