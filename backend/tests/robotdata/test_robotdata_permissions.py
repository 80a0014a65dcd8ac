"""The robot data calls refuse other branches, lower levels, a shadow without the keys and signed-out callers,
changing nothing, and serve the rightful caller (tests/permission_matrix.py)."""

from cleanfleet_sim.clock import ManualClock
from cleanfleet_sim.identity import RobotIdentity
from cleanfleet_sim.robot import Robot
from cleanfleet_sim.server import RobotWebServer

from tests.gateway.helpers import free_ports, robot_device, unique_prefix
from tests.permission_matrix import CASES, MATRIX, build_world, close_world, refusals, routes_under
from tests.robotdata.conftest import AsgiCloud
from tests.robotdata.permission_entries import BACKUP_CALLS, PREFIXES, add_robotdata_world, jobs_done


async def test_every_robot_data_call_is_in_the_matrix(app):
    paths = {path for path in app.openapi()["paths"] if path.startswith(PREFIXES)}
    paths |= {path for prefix in PREFIXES for path in routes_under(app, prefix)} | set(BACKUP_CALLS)
    missing = paths - set(MATRIX) - {"/api/qiniuQvs/live"}  # the <img> side: its session token is the authority
    assert not missing, f"add these calls to tests/robotdata/permission_entries.py: {sorted(missing)}"


async def test_the_wrong_callers_are_refused_and_change_nothing(app, admin, make_user, signed_in, db):
    world = await build_world(app, admin, make_user, signed_in)
    port, prefix, clock = free_ports(2), unique_prefix(), ManualClock()
    robots = [Robot(RobotIdentity(f"{prefix}3-{i}", "secret", 3, port + i, "CF-S3 scrubber"), clock, seed=7,
                    alarm_rate=0.0, home_map="office-3F") for i in range(2)]
    server = RobotWebServer()
    await server.start()
    cloud = AsgiCloud(app)
    try:
        ids = []
        for robot in robots:
            robot.tick()
            robot.data.cloud = cloud
            await server.add(robot)
            ids.append((await robot_device(db, world.users["user"], robot.sn, port=robot.identity.port,
                                           online=True)).id)
        await add_robotdata_world(world, app, robots, ids)
        failures = await refusals(app, world, CASES, (*PREFIXES, *BACKUP_CALLS), own=True)
        mine = sorted((entry for path, entry in MATRIX.items() if path.startswith(PREFIXES) or path in BACKUP_CALLS),
                      key=lambda entry: (entry.last, entry.path))
        for entry in mine:  # as permission_matrix.rightful, over the three families at once
            answer = await entry.call(world.callers[entry.rightful], world)
            if answer.code != 0:
                failures.append(f"{entry.path}: {answer.code} {answer.message}")
            await jobs_done(robots)
    finally:
        await server.stop()
        await cloud.client.aclose()
        await close_world(world)
    assert not failures, "\n".join(failures)
