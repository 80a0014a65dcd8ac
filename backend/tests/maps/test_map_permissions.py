"""The map calls refuse other branches, lower levels, a shadow without the keys and signed-out callers,
changing nothing, and serve the rightful caller (tests/permission_matrix.py)."""

from cleanfleet_sim.clock import ManualClock
from cleanfleet_sim.identity import RobotIdentity
from cleanfleet_sim.robot import Robot
from cleanfleet_sim.server import RobotWebServer

from cleanfleet.gateway.commands import CommandSender
from tests.gateway.helpers import free_ports, robot_device, unique_prefix
from tests.maps.permission_entries import PREFIX, add_map_world
from tests.permission_matrix import CASES, MATRIX, build_world, close_world, refusals, rightful, routes_under


async def test_every_map_call_is_in_the_matrix(app):
    paths = {path for path in app.openapi()["paths"] if path.startswith(PREFIX)}
    missing = (routes_under(app, PREFIX) | paths) - set(MATRIX)
    assert not missing, f"add these calls to tests/maps/permission_entries.py: {sorted(missing)}"


async def test_the_wrong_callers_are_refused_and_change_nothing(app, admin, make_user, signed_in, db):
    world = await build_world(app, admin, make_user, signed_in)
    port, prefix, clock = free_ports(2), unique_prefix(), ManualClock()
    robots = [Robot(RobotIdentity(f"{prefix}3-{i}", "secret", 3, port + i, "CF-S3 scrubber"), clock, seed=7,
                    alarm_rate=0.0, home_map="office-3F") for i in range(2)]
    server = RobotWebServer()
    await server.start()
    sent: list[bytes] = []

    async def publish(_topic: str, payload: bytes) -> None:
        sent.append(payload)

    earlier = getattr(app.state, "robot_commands", None)
    app.state.robot_commands = CommandSender(publish)
    try:
        ids = []
        for robot in robots:
            robot.tick()
            await server.add(robot)
            ids.append((await robot_device(db, world.users["user"], robot.sn, port=robot.identity.port,
                                           online=True)).id)
        await add_map_world(world, app, *ids)
        failures = await refusals(app, world, CASES, PREFIX)
        assert sent == []
        failures += await rightful(world, PREFIX)
    finally:
        app.state.robot_commands = earlier
        await server.stop()
        await close_world(world)
    assert not failures, "\n".join(failures)
    assert "ward-2F" not in robots[0].maps and "imported" in robots[1].maps and len(sent) == 2
