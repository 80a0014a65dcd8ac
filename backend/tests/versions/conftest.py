"""Simulated robots that really update: a software-development dealer with a customer owning four robots, the
server's package download reached through the test client (the robots' HTTP range requests), commands going
straight to the robots, and the robots' events through the real gateway ingest (as maps' tests do)."""

import hashlib
import json
import os
import tempfile
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
import pytest
from cleanfleet_sim import ota as sim_ota
from cleanfleet_sim.clock import ManualClock
from cleanfleet_sim.identity import RobotIdentity
from cleanfleet_sim.robot import Robot
from sqlalchemy import update

from cleanfleet.devices.models import Device
from cleanfleet.gateway.commands import CommandSender
from cleanfleet.gateway.directory import Directory
from cleanfleet.gateway.ingest import Ingest
from cleanfleet.roles.catalogue import ROLE_SOFTWARE, ROLE_USER
from tests.conftest import Answer, Api
from tests.gateway.helpers import robot_device, unique_prefix, wait_until

CLOUD = "http://cleanfleet.test"


@dataclass
class Fleet:
    dealer: Api
    customer: Api
    other_dealer: Api
    robots: list[Robot]
    device_ids: list[int]
    clock: ManualClock
    ingest: Ingest
    sent: list[dict[str, Any]] = field(default_factory=list)

    def robot_of(self, serial_number: str) -> Robot:
        return next(r for r in self.robots if r.sn == serial_number)

    @property
    def serials(self) -> list[str]:
        return [r.sn for r in self.robots]

    async def deliver(self) -> None:
        for robot in self.robots:
            while robot.outbox:
                channel, payload = robot.outbox.popleft()
                if channel == "event":
                    await self.ingest.receive(f"cf/{robot.sn}/up/event", orjson.dumps(payload))

    async def run(self, seconds: float, step: float = 5.0) -> None:
        """Robot time passes (downloads run meanwhile); the robots' events go through the gateway's ingest."""
        while seconds > 0:
            for robot in self.robots:
                for job in list(robot.ota_jobs.values()):
                    if job.task is not None and not job.task.done():
                        await job.task
            self.clock.advance(min(step, seconds))
            for robot in self.robots:
                robot.tick()
            seconds -= step
            await self.deliver()

    async def until(self, check, what: str, seconds: float = 30.0) -> None:
        async def step() -> bool:
            await self.run(5)
            result = check()
            return bool(await result if hasattr(result, "__await__") else result)

        await wait_until(step, seconds=seconds, what=what)


def package(size: int = 200_000) -> bytes:
    return os.urandom(size)


async def add_firmware(api: Api, name: str, version: str = "FW-9.0.0", data: bytes | None = None,
                       targets: bytes | None = None, **fields: str) -> Answer:
    """A firmware through the multipart call. Unsigned with "unsigned allowed" unless a test says otherwise
    (``targets``: the signed targets metadata, tests/versions/test_signed.py)."""
    data = package() if data is None else data
    form = {"name": name, "version": version, "description": "test build", "allowUnsigned": "true", **fields}
    files = {"file": (f"{name}.bin", data, "application/octet-stream")}
    if targets is not None:
        files["targets"] = ("targets.json", targets, "application/json")
    response = await api.client.post("/api/version/insertVersionFireware", data=form, files=files,
                                     headers=api.headers())
    return Answer(response.status_code, response.json())


_PUBLISHER: list[Path] = []


def publisher_keys() -> Path:
    """The firmware publisher's offline keys for the whole test session (one database, one TUF repository: every
    test that signs, and the permission matrix's root upload, signs with these)."""
    if not _PUBLISHER:
        from cleanfleet_publisher import cli

        folder = Path(tempfile.mkdtemp(prefix="cf-publisher-")) / "keys"
        cli.make_keys(folder, "ACME Robotics firmware")
        _PUBLISHER.append(folder)
    return _PUBLISHER[0]


async def next_root(api: Api, reader: Api) -> Answer:
    """The publisher signs the next root after the console's (version 1 the first time) for its online keys (read
    by ``reader``) and ``api`` uploads it."""
    from cleanfleet_publisher import cli

    status = (await reader.call("/version/tuf/status")).data
    keys, served = publisher_keys(), status["roles"]["root"]["version"]
    if served:  # a refused upload left the publisher's files a version ahead: sign after the console's root
        (keys / "root.json").write_bytes((keys / f"{served}.root.json").read_bytes())
    else:
        (keys / "root.json").unlink(missing_ok=True)
    md = cli.sign_root(keys, cli.online_keys(status))
    response = await api.client.post("/api/version/tuf/root", files={"root": ("root.json", md.to_bytes())},
                                     headers=api.headers())
    return Answer(response.status_code, response.json())


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@pytest.fixture
async def fleet(app, db, admin, make_user, signed_in) -> AsyncIterator[Fleet]:
    dealer, dealer_pw = await make_user(2, roles=[ROLE_SOFTWARE])
    customer, customer_pw = await make_user(3, parent=dealer, roles=[ROLE_USER])
    other, other_pw = await make_user(2, roles=[ROLE_SOFTWARE])
    prefix = unique_prefix()
    clock = ManualClock()
    robots, device_ids = [], []
    fetcher = admin.client

    async def fetch(url: str, headers: dict[str, str]) -> tuple[int, bytes]:
        try:
            response = await fetcher.get(url.removeprefix(CLOUD), headers=headers)
        except Exception as exc:  # the transport's errors: a broken download for the robot
            raise sim_ota.FetchFailed(str(exc)) from exc
        return response.status_code, response.content

    for i in range(4):
        robot = Robot(RobotIdentity(f"{prefix}3-{i:04d}", "secret", 3, 20000 + i, "CF-S3 scrubber"), clock, seed=7,
                      alarm_rate=0.0, home_map="office-3F")
        robot.cloud, robot.ota_fetch = CLOUD, fetch
        robot.versions["firmware"] = "FW-3.4.1"
        robot.tick()
        robot.outbox.clear()
        robots.append(robot)
        device = await robot_device(db, customer, robot.sn, port=None, online=True)
        await db.execute(update(Device).where(Device.id == device.id).values(firmware_version="FW-3.4.1"))
        await db.commit()
        device_ids.append(device.id)
    directory = Directory(app.state.db)
    await directory.load()
    ingest = Ingest(app.state.db, app.state.bus, directory)
    fleet = Fleet(await signed_in(dealer, dealer_pw), await signed_in(customer, customer_pw),
                  await signed_in(other, other_pw), robots, device_ids, clock, ingest)

    async def publish(topic: str, payload: bytes) -> None:
        command = json.loads(payload)
        fleet.sent.append({"topic": topic, **command})
        fleet.robot_of(topic.split("/")[1]).handle_command(command)

    earlier = getattr(app.state, "robot_commands", None)
    app.state.robot_commands = CommandSender(publish)
    yield fleet
    app.state.robot_commands = earlier
    for robot in robots:
        for job in robot.ota_jobs.values():
            if job.task is not None:
                job.task.cancel()


async def add_soft(api: Api, name: str, version: str = "SW-2.0.0", data: bytes | None = None, *,
                   type_name: str = "soft", **fields: str) -> Answer:
    """A software version through the multipart call, as the console sends it. ``allowDowngrade`` is on unless
    a test says otherwise: versions of every test share one catalogue (lower numbers need the flag)."""
    data = package(100_000) if data is None else data
    form = {"name": name, "version": version, "typeName": type_name, "description": "test build",
            "allowDowngrade": "true", **fields}
    response = await api.client.post("/api/version/insertVersion", data=form,
                                     files={"file": (f"{name}.bin", data, "application/octet-stream")},
                                     headers=api.headers())
    return Answer(response.status_code, response.json())


async def add_app(api: Api, name: str, *, debug: bool = True, **fields: str) -> Answer:
    files = [("release", (f"{name}.apk", b"release build" * 1000, "application/vnd.android.package-archive"))]
    if debug:
        files.append(("debug", (f"{name}-debug.apk", b"debug build" * 1000, "application/octet-stream")))
    response = await api.client.post("/api/version/insertVersionApp", data={"name": name, "log": "notes", **fields},
                                     files=files, headers=api.headers())
    return Answer(response.status_code, response.json())


async def robots_run_soft(fleet: Fleet, db: Any, version: str) -> None:
    """Every robot of the fleet runs this navigation software (the robot and its device record agree)."""
    for robot in fleet.robots:
        robot.versions["soft"] = version
    await db.execute(update(Device).where(Device.id.in_(fleet.device_ids)).values(soft_version=version))
    await db.commit()
