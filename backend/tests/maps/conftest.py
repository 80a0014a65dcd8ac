"""A dealer with a customer owning two real simulated robots (web API on free ports), the relay client the
server uses, and a stand-in for the MQTT link: commands go straight to the robot, and the robot's events go
through the real gateway ingest (which hands them to the bus as it does from the broker)."""

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import httpx
import orjson
import pytest
from cleanfleet_sim.clock import ManualClock
from cleanfleet_sim.identity import RobotIdentity
from cleanfleet_sim.robot import FAIL_CHANCE, Robot
from cleanfleet_sim.server import RobotWebServer

from cleanfleet.gateway.commands import CommandSender
from cleanfleet.gateway.directory import Directory
from cleanfleet.gateway.ingest import Ingest
from cleanfleet.roles.catalogue import ROLE_DEALER, ROLE_USER
from tests.conftest import Api
from tests.gateway.helpers import free_ports, robot_device, unique_prefix


@dataclass
class Fleet:
    dealer: Api
    customer: Api
    other_dealer: Api
    customer_user: Any
    robots: list[Robot]
    device_ids: list[int]
    clock: ManualClock
    ingest: Ingest
    sent: list[dict[str, Any]]

    def robot_of(self, serial_number: str) -> Robot:
        return next(r for r in self.robots if r.sn == serial_number)

    async def run(self, seconds: float, step: float = 5.0) -> None:
        """Robot time passes; every event the robots sent meanwhile goes through the gateway's ingest."""
        while seconds > 0:
            self.clock.advance(min(step, seconds))
            for robot in self.robots:
                robot.tick()
            seconds -= step
            await self.deliver()

    async def deliver(self) -> None:
        for robot in self.robots:
            while robot.outbox:
                channel, payload = robot.outbox.popleft()
                if channel == "event":
                    await self.ingest.receive(f"cf/{robot.sn}/up/event", orjson.dumps(payload))


@pytest.fixture
async def fleet(app, db, make_user, signed_in, monkeypatch) -> AsyncIterator[Fleet]:
    monkeypatch.setitem(FAIL_CHANCE, "map_sync", 0.0)  # a failure only where a test asks for one
    dealer, dealer_pw = await make_user(2, roles=[ROLE_DEALER])
    customer, customer_pw = await make_user(3, parent=dealer, roles=[ROLE_USER])
    other, other_pw = await make_user(2, roles=[ROLE_DEALER])
    port = free_ports(2)
    prefix = unique_prefix()
    clock = ManualClock()
    robots = [Robot(RobotIdentity(f"{prefix}{protocol}-{i}", "secret", protocol, port + i, "CF-S3 scrubber"), clock,
                    seed=7, alarm_rate=0.0, home_map=home)
              for i, (protocol, home) in enumerate(((3, "office-3F"), (2, "lobby-hall")))]
    server = RobotWebServer()
    await server.start()
    devices = []
    for robot in robots:
        robot.tick()
        await server.add(robot)
        devices.append(await robot_device(db, customer, robot.sn, port=robot.identity.port,
                                          protocol=robot.protocol, online=True))
    directory = Directory(app.state.db)
    await directory.load()
    ingest = Ingest(app.state.db, app.state.bus, directory)
    sent: list[dict[str, Any]] = []
    fleet = Fleet(await signed_in(dealer, dealer_pw), await signed_in(customer, customer_pw),
                  await signed_in(other, other_pw), customer, robots, [d.id for d in devices], clock, ingest, sent)

    async def publish(topic: str, payload: bytes) -> None:
        command = json.loads(payload)
        sent.append({"topic": topic, **command})
        fleet.robot_of(topic.split("/")[1]).handle_command(command)

    earlier = getattr(app.state, "robot_commands", None)
    app.state.robot_commands = CommandSender(publish)
    yield fleet
    app.state.robot_commands = earlier
    await server.stop()


async def relay(api: Api, m: str, port: int, method: str = "POST", **kwargs: Any) -> httpx.Response:
    return await api.client.request(method, "/relay", params={"m": m, "p": str(port)}, headers=api.headers(),
                                    **kwargs)
