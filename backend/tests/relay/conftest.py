"""A dealer with a customer whose robot is a real simulated robot serving its web API on a free port."""

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


@dataclass
class Site:
    dealer: Api
    customer: Api
    other_dealer: Api
    customer_user: Any
    robot: Robot
    device_id: int
    port: int
    old_robot_port: int
    free_port: int  # nobody's: never registered


@pytest.fixture
async def site(app, db, make_user, signed_in) -> AsyncIterator[Site]:
    dealer, dealer_pw = await make_user(2, roles=[ROLE_DEALER])
    customer, customer_pw = await make_user(3, parent=dealer, roles=[ROLE_USER])
    other, other_pw = await make_user(2, roles=[ROLE_DEALER])
    port = free_ports(3)
    prefix = unique_prefix()
    clock = ManualClock()
    robots = [Robot(RobotIdentity(f"{prefix}{protocol}-1", "secret", protocol, p, "CF-S3 scrubber"), clock, seed=7,
                    alarm_rate=0.0, home_map="office-3F") for protocol, p in ((3, port), (2, port + 1))]
    server = RobotWebServer()
    await server.start()
    for robot in robots:
        robot.tick()
        await server.add(robot)
    device = await robot_device(db, customer, robots[0].sn, port=port, protocol=3, online=True)
    await robot_device(db, customer, robots[1].sn, port=port + 1, protocol=2, online=True)
    yield Site(await signed_in(dealer, dealer_pw), await signed_in(customer, customer_pw),
               await signed_in(other, other_pw), customer, robots[0], device.id, port, port + 1, port + 2)
    await server.stop()


async def relay(api: Api, m: str, p: int | str, method: str = "POST", **kwargs: Any) -> Any:
    """A /relay call as the console makes it: the same headers as its /api calls."""
    return await api.client.request(method, "/relay", params={"m": m, "p": str(p)}, headers=api.headers(), **kwargs)


def code_of(response: Any) -> int:
    return response.json()["message"]["code"]


def refusal_of(response: Any) -> tuple[int, str | None]:
    """A relay refusal's code and the parameter it concerns."""
    message = response.json()["message"]
    return message["code"], message.get("field")
