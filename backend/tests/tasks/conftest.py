"""A dealer with a customer whose robot is a real simulated robot (protocol 3, on map office-3F, its clock
stepped by the test) reachable through the local transfer node."""

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest
from cleanfleet_sim.clock import ManualClock
from cleanfleet_sim.identity import RobotIdentity
from cleanfleet_sim.robot import Robot
from cleanfleet_sim.server import RobotWebServer

from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from tests.conftest import Api
from tests.gateway.helpers import free_ports, robot_device, unique_prefix

# a rectangle in office-3F's corridor (metres), its start point inside
RECTANGLE = [[2.0, 9.0], [6.0, 9.0], [6.0, 11.5], [2.0, 11.5]]
START = [2.2, 9.2]


@dataclass
class Site:
    dealer: Api
    customer: Api
    other_dealer: Api
    customer_user: Any
    robot: Robot
    clock: ManualClock
    device_id: int


@pytest.fixture
async def site(app, db, make_user, signed_in) -> AsyncIterator[Site]:
    dealer, dealer_pw = await make_user(2, roles=[ROLE_DEALER])
    customer, customer_pw = await make_user(3, parent=dealer, roles=[ROLE_USER])
    other, other_pw = await make_user(2, roles=[ROLE_DEALER])
    port = free_ports(1)
    clock = ManualClock()
    robot = Robot(RobotIdentity(f"{unique_prefix()}T-1", "secret", 3, port, "CF-S3 scrubber"), clock, seed=7,
                  alarm_rate=0.0, home_map="office-3F")
    server = RobotWebServer()
    await server.start()
    robot.tick()
    await server.add(robot)
    device = await robot_device(db, customer, robot.sn, port=port, protocol=3, online=True)
    yield Site(await signed_in(dealer, dealer_pw), await signed_in(customer, customer_pw),
               await signed_in(other, other_pw), customer, robot, clock, device.id)
    await server.stop()


def draft(site: Site, **fields: Any) -> dict[str, Any]:
    return {"deviceId": site.device_id, "taskName": "Corridor", "mapName": "office-3F", "area": RECTANGLE,
            "startPoint": START, "cleanMode": "clean", "taskMode": "normal", "pathType": "bow", "speed": "middle",
            "hardFloor": True, **fields}


def run_robot(site: Site, seconds: float, step: float = 1.0) -> None:
    """Moves the robot's clock on, a step at a time, as its own loop would."""
    elapsed = 0.0
    while elapsed < seconds:
        site.clock.advance(step)
        site.robot.tick()
        elapsed += step
