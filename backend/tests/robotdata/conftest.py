"""Two real simulated robots (web API on free ports) owned by a staff user holding the robot data keys, another
branch's staff user, and each robot's cloud link pointed at the app itself (httpx over ASGI): the robot streams
its uploads to the real transfer calls and downloads restores from them."""

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from cleanfleet_sim.clock import ManualClock
from cleanfleet_sim.identity import RobotIdentity
from cleanfleet_sim.robot import Robot
from cleanfleet_sim.server import RobotWebServer

from cleanfleet.roles.catalogue import ROLE_DEALER
from tests.conftest import Api
from tests.gateway.helpers import free_ports, robot_device, unique_prefix
from tests.permission_matrix import ROBOT_DATA_KEYS

DATA_KEYS = ROBOT_DATA_KEYS


class AsgiCloud:
    """The robot's CloudLink, reaching the app in process."""

    def __init__(self, app: Any) -> None:
        self.client = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://cleanfleet.test")

    async def upload(self, path: str, chunks: AsyncIterator[bytes], size: int) -> int:
        answer = await self.client.put(path, content=chunks, headers={"Content-Length": str(size)})
        return answer.status_code

    async def report(self, path: str, body: dict[str, Any]) -> int:
        return (await self.client.post(path, json=body)).status_code

    async def download(self, path: str, into: Path) -> int:
        async with self.client.stream("GET", path) as answer:
            if answer.status_code != 200:
                return answer.status_code
            with into.open("wb") as out:
                async for chunk in answer.aiter_bytes():
                    out.write(chunk)
        return 200


@dataclass
class Setup:
    staff: Api
    other: Api
    robots: list[Robot]
    device_ids: list[int]
    clock: ManualClock

    async def finished(self, robot: Robot) -> None:
        """Waits until the robot's jobs have ended (they run as tasks on the test's loop)."""
        tasks = [job.task for job in robot.data.jobs.values() if job.task is not None]
        await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 20)


async def data_role(admin: Api, name: str) -> int:
    role = await admin.call("/user/role/insert", {"name": name, "keys": DATA_KEYS})
    assert role.code == 0, role.body
    return int(role.data["id"])


@pytest.fixture
async def setup(app, admin, db, make_user, signed_in) -> AsyncIterator[Setup]:
    prefix = unique_prefix()
    role = await data_role(admin, f"robotdata {prefix}")
    staff, staff_pw = await make_user(2, roles=[ROLE_DEALER, role])
    other, other_pw = await make_user(2, roles=[ROLE_DEALER, role])
    port = free_ports(2)
    clock = ManualClock()
    robots = [Robot(RobotIdentity(f"{prefix}{protocol}-{i}", "secret", protocol, port + i, "CF-S3 scrubber"), clock,
                    seed=7, alarm_rate=0.0, home_map=home)
              for i, (protocol, home) in enumerate(((3, "office-3F"), (2, "lobby-hall")))]
    server = RobotWebServer()
    await server.start()
    cloud = AsgiCloud(app)
    ids = []
    for robot in robots:
        robot.tick()
        robot.book.add_task({"task_name": f"whole {robot.map_name}", "map_name": robot.map_name}, set(robot.maps))
        robot.data.cloud = cloud
        await server.add(robot)
        ids.append((await robot_device(db, staff, robot.sn, port=robot.identity.port, protocol=robot.protocol,
                                       online=True)).id)
    yield Setup(await signed_in(staff, staff_pw), await signed_in(other, other_pw), robots, ids, clock)
    for robot in robots:
        for job in robot.data.jobs.values():
            if job.task is not None:
                job.task.cancel()
    await server.stop()
    await cloud.client.aclose()
