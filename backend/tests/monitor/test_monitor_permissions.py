"""Status monitoring refuses other branches, lower levels and signed-out callers, changing nothing."""

from tests.devices import permission_entries as _device_world  # noqa: F401  - the world has devices
from tests.monitor import permission_entries  # noqa: F401  - registers the entries
from tests.permission_matrix import CASES, MATRIX, build_world, close_world, refusals, rightful, routes_under

PREFIX = "/api/monitor/"


async def test_every_monitor_call_is_in_the_matrix(app):
    missing = routes_under(app, PREFIX) - set(MATRIX)
    assert not missing, f"add these calls to tests/monitor/permission_entries.py: {sorted(missing)}"


async def test_the_wrong_callers_are_refused_and_change_nothing(app, admin, make_user, signed_in):
    world = await build_world(app, admin, make_user, signed_in)
    failures = await refusals(app, world, CASES, PREFIX)
    failures += await rightful(world, PREFIX)
    await close_world(world)
    assert not failures, "\n".join(failures)


async def test_the_shadow_without_keys_sees_its_owner_s_branch(app, admin, make_user, signed_in):
    world = await build_world(app, admin, make_user, signed_in)
    answer = await world.callers["shadow_without_key"].call("/monitor/status", {"userId": world.id("user")})
    await close_world(world)
    assert answer.code == 0 and answer.data["total"] >= 2, answer.body
