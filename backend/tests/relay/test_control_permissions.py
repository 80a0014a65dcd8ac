"""The remote control lease calls refuse the wrong callers and change nothing (tests/permission_matrix.py)."""

from tests.devices import permission_entries as _device_world  # noqa: F401  - the world has devices
from tests.permission_matrix import CASES, build_world, close_world, refusals, rightful
from tests.relay import permission_entries  # noqa: F401  - registers the entries

PREFIX = "/api/device/control/"


async def test_the_wrong_callers_are_refused_and_change_nothing(app, admin, make_user, signed_in):
    world = await build_world(app, admin, make_user, signed_in)
    failures = await refusals(app, world, CASES, PREFIX)
    failures += await rightful(world, PREFIX)
    await close_world(world)
    assert not failures, "\n".join(failures)
