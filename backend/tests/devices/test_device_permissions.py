"""Every device-side call refused for the wrong callers, changing nothing (tests/permission_matrix.py).

Each call is tried as a dealer of another branch, as a lower level, as a shadow user without the key and
signed out. A call added to one of the device side's packages (permission_entries.DEVICE_SIDE) without an
entry fails ``test_every_device_call_is_in_the_matrix``; other domains' calls under the same prefixes (such as
/api/device/control/*) are their owners' to register.
"""

from tests.devices.permission_entries import DEVICE_PREFIXES, USER_DEVICE_CALLS, device_calls
from tests.permission_matrix import CASES, MATRIX, build_world, close_world, refusals, routes_under

MINE = device_calls()


def _mine(path: str) -> bool:
    return path in MINE


async def test_every_device_call_is_in_the_matrix(app):
    mounted = set().union(*(routes_under(app, prefix) for prefix in DEVICE_PREFIXES)) | set(USER_DEVICE_CALLS)
    assert mounted >= MINE >= set(USER_DEVICE_CALLS)
    missing = MINE - set(MATRIX)
    assert not missing, f"add these calls to tests/devices/permission_entries.py: {sorted(missing)}"


async def test_the_wrong_callers_are_refused_and_change_nothing(app, admin, make_user, signed_in):
    world = await build_world(app, admin, make_user, signed_in)
    failures = await refusals(app, world, CASES, (*DEVICE_PREFIXES, *USER_DEVICE_CALLS))
    await close_world(world)
    assert not failures, "\n".join(failures)


async def test_every_matrix_body_works_for_the_rightful_caller(app, admin, make_user, signed_in):
    """Guards the matrix itself: a refusal above is about the caller, not a broken body."""
    world = await build_world(app, admin, make_user, signed_in)
    failures = []
    for path, entry in sorted(MATRIX.items(), key=lambda item: (item[1].last, item[0])):
        if _mine(path) and entry.rightful in world.callers and len(entry.not_applicable) < len(CASES):
            answer = await entry.call(world.callers[entry.rightful], world)
            if answer.code != 0:
                failures.append(f"{path}: {answer.code} {answer.message}")
    await close_world(world)
    assert not failures, "\n".join(failures)
