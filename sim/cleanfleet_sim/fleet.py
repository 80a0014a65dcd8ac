"""A fleet of simulated robots in one asyncio process.

`default_fleet(seed, n)` is the fleet everybody can predict: serial numbers `CF3-0001`, `CF2-0002`,
... (odd positions speak protocol 3, even ones protocol 2), ports from 20000 up, models and device
secrets derived from the seed. The server's demo seeding imports it to write matching device
records, so a robot that has never registered can still sign in to MQTT with its derived secret.

`Fleet` runs robots: their web APIs on their ports, one MQTT link each, one clock loop ticking all
of them, and an "operator" who now and then starts a task on an idle robot so the fleet looks busy.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import random
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path

import aiohttp

from cleanfleet_sim import certificate, signed
from cleanfleet_sim.clock import Clock, SimClock
from cleanfleet_sim.demo import give_demo_work
from cleanfleet_sim.errors import Refusal
from cleanfleet_sim.identity import RobotIdentity, versions_for
from cleanfleet_sim.link import Broker, RobotLink
from cleanfleet_sim.registration import Credentials, CredentialStore, RegistrationError, register
from cleanfleet_sim.robot import Robot
from cleanfleet_sim.robotdata import AiohttpCloud
from cleanfleet_sim.server import RobotWebServer
from cleanfleet_sim.tls import CaUnavailable, fetch_ca
from cleanfleet_sim.worlds import built_in_names

__all__ = ["Fleet", "FleetOptions", "RobotIdentity", "default_fleet", "derive_secret"]

log = logging.getLogger("cleanfleet_sim.fleet")
MODELS = {3: ("CF-S3 scrubber", "CF-D3 disinfector", "CF-V3 vacuum"), 2: ("CF-S2 scrubber", "CF-D2 disinfector")}


def derive_secret(seed: int, sn: str) -> str:
    """The device secret of a robot that never registered: known to anyone who knows the seed (demo only)."""
    return hashlib.sha256(f"cleanfleet-sim:{seed}:{sn}".encode()).hexdigest()[:32]


def default_fleet(seed: int, n: int, *, base_port: int = 20000, serial_prefix: str = "CF",
                  protocol: int | None = None) -> list[RobotIdentity]:
    """n robots: half protocol 3 (odd positions), half protocol 2, unless `protocol` fixes one for all."""
    rng = random.Random(f"fleet:{seed}")
    fleet = []
    for i in range(1, n + 1):
        proto = protocol if protocol is not None else (3 if i % 2 else 2)
        sn = f"{serial_prefix}{proto}-{i:04d}"
        fleet.append(RobotIdentity(sn=sn, secret=derive_secret(seed, sn), protocol=proto, port=base_port + i - 1,
                                   model=rng.choice(MODELS[3 if proto >= 3 else 2])))
    return fleet


def home_map_for(position: int) -> str:
    names = built_in_names()
    return names[position % len(names)]


def with_credentials(identity: RobotIdentity, credentials: Credentials) -> RobotIdentity:
    """The identity with its secret and, when it holds both files, its certificate and key (certificate.py)."""
    cert_file = Path(credentials.cert_file) if credentials.cert_file else None
    key_file = Path(credentials.key_file) if credentials.key_file else None
    if cert_file is None or key_file is None or not (cert_file.exists() and key_file.exists()):
        cert_file = key_file = None
    return replace(identity, secret=credentials.secret, cert_file=cert_file, key_file=key_file)


@dataclass
class FleetOptions:
    seed: int = 0
    speed: float = 1.0
    host: str = "127.0.0.1"
    mqtt: Broker | None = None
    cloud: str | None = None
    auth_codes: tuple[str, ...] = ()
    state_dir: Path | None = None
    heartbeat_s: float = 5.0
    tick_s: float = 0.25
    alarm_rate: float = 0.5
    busy_rate: float = 1.0
    data_fail_rate: float = 0.0  # chance a backup or log upload fails as real ones do (robotdata.FAILURES)
    demo_work: bool = True
    web: bool = True  # serve each robot's web API on its port (a soak of thousands of robots leaves it off)
    ota_failures: dict[str, str] = field(default_factory=dict)  # serial number -> ota.STAGES
    # signed updates (signed.py): the publisher's root.json every robot trusts (the factory's provisioning); kept per
    # robot under state_dir (or a temporary folder); None: older robots that check the SHA-256 only
    tuf_root: Path | None = None
    # robots without a certificate enrol (certificate.enrol: their device secret and a CSR; needs cloud and
    # state_dir) and sign in with it; False: they sign in by password
    enrol: bool = False


class Fleet:
    def __init__(self, identities: list[RobotIdentity], options: FleetOptions, clock: Clock | None = None) -> None:
        self.options = options
        self.clock = clock or SimClock(options.speed)
        self.identities = identities
        self.robots: list[Robot] = []
        self.links: dict[str, RobotLink] = {}
        self.web = RobotWebServer(options.host)
        self.tasks: list[asyncio.Task[None]] = []
        self.link_tasks: list[asyncio.Task[None]] = []
        self.rng = random.Random(f"operator:{options.seed}")
        self._tuf_home: Path | None = None

    def tuf_home(self) -> Path:
        if self.options.state_dir is not None:
            return self.options.state_dir / "tuf"
        if self._tuf_home is None:
            self._tuf_home = Path(tempfile.mkdtemp(prefix="cleanfleet-sim-tuf-"))
        return self._tuf_home

    def robot(self, sn: str) -> Robot:
        return next(r for r in self.robots if r.sn == sn)

    async def credentials(self, identities: list[RobotIdentity]) -> list[RobotIdentity]:
        """Each robot's secret: stored, or freshly registered with an auth code, or derived from the seed."""
        store = CredentialStore(self.options.state_dir)
        codes = list(self.options.auth_codes)
        ready = []
        async with aiohttp.ClientSession() as session:
            for identity in identities:
                stored = store.load(identity.sn)
                if stored is not None:
                    ready.append(with_credentials(identity, stored))
                    continue
                if codes and self.options.cloud:
                    code = codes.pop(0)
                    try:
                        creds = await register(session, self.options.cloud, identity, code,
                                               versions_for(self.options.seed, identity), self.options.state_dir)
                    except RegistrationError as exc:
                        log.warning("%s: registration with code %s failed: %s", identity.sn, code, exc)
                    else:
                        store.save(creds)
                        log.info("%s: registered as device %s%s", identity.sn, creds.device_id,
                                 " with its own certificate" if creds.cert_file else "")
                        ready.append(with_credentials(identity, creds))
                        continue
                ready.append(identity)
        return ready

    async def start(self) -> None:
        identities = await self.credentials(self.identities)
        if self.options.web:
            await self.web.start()
        for position, identity in enumerate(identities):
            robot = Robot(identity, self.clock, seed=self.options.seed, alarm_rate=self.options.alarm_rate,
                          home_map=home_map_for(position))
            robot.cloud = self.options.cloud
            robot.ota_failure = self.options.ota_failures.get(robot.sn)
            if self.options.tuf_root is not None:
                robot.tuf_dir = self.tuf_home() / robot.sn
                if not (robot.tuf_dir / "root.json").exists():  # later roots it trusted stay where they are
                    signed.provision(robot.tuf_dir, self.options.tuf_root.read_bytes())
            robot.data.fail_rate = self.options.data_fail_rate
            if self.options.demo_work:
                give_demo_work(robot)
            if self.options.cloud:
                robot.data.cloud = AiohttpCloud(self.options.cloud)
            robot.tick()
            self.robots.append(robot)
            if identity.cert_file is not None and self.options.cloud and self.options.state_dir is not None:
                renewing = certificate.keep_renewed(self.options.cloud, identity.sn, identity.secret,
                                                    self.options.state_dir)
                self.tasks.append(asyncio.create_task(renewing, name=f"renew-{identity.sn}"))
            if self.options.web:
                await self.web.add(robot)
        broker = self.options.mqtt
        if broker is not None and broker.tls and broker.ca_pem is None:
            if not self.options.cloud:
                raise CaUnavailable("MQTT over TLS needs the product CA: give --cloud (or --mqtt-ca FILE)")
            broker = replace(broker, ca_pem=await fetch_ca(self.options.cloud))  # verifies every broker after
        if broker is not None:
            spread = self.options.heartbeat_s / max(1, len(self.robots))
            for i, robot in enumerate(self.robots):
                link = RobotLink(robot, broker, interval_s=self.options.heartbeat_s,
                                 first_delay_s=i * spread)
                self.links[robot.sn] = link
                job = self.enrol_then_run(robot, link) if self.enrols(robot) else link.run()
                self.link_tasks.append(asyncio.create_task(job, name=f"link-{robot.sn}"))
        self.tasks.append(asyncio.create_task(self.run_clock(), name="fleet-clock"))

    def enrols(self, robot: Robot) -> bool:
        return (self.options.enrol and robot.identity.cert_file is None and bool(self.options.cloud)
                and self.options.state_dir is not None)

    async def enrol_then_run(self, robot: Robot, link: RobotLink) -> None:
        """A robot without a certificate enrols (its device secret and a CSR of a key it makes), keeps the pair with
        its credentials, renews it from then on, and signs in with it. Revoked: it tries its password."""
        identity, cloud, folder = robot.identity, self.options.cloud, self.options.state_dir
        assert cloud is not None and folder is not None
        try:
            cert_file, key_file = await certificate.enrol(cloud, identity.sn, identity.secret, folder)
        except certificate.Revoked as exc:
            log.error("%s: enrolment refused, the robot was revoked (%s): register it again", identity.sn, exc)
        else:
            robot.identity = replace(identity, cert_file=cert_file, key_file=key_file)
            store = CredentialStore(folder)
            kept = store.load(identity.sn) or Credentials(sn=identity.sn, secret=identity.secret, cloud=cloud)
            kept.cert_file, kept.key_file = str(cert_file), str(key_file)
            store.save(kept)
            log.info("%s: enrolled with its own certificate", identity.sn)
            renewing = certificate.keep_renewed(cloud, identity.sn, identity.secret, folder)
            self.tasks.append(asyncio.create_task(renewing, name=f"renew-{identity.sn}"))
        await link.run()

    async def run_clock(self) -> None:
        while True:
            now = self.clock.now()
            for robot in self.robots:
                robot.tick(now)
            self.operator_step()
            await asyncio.sleep(self.options.tick_s)

    def operator_step(self) -> None:
        """Someone starts a task on an idle, charged robot now and then (busy_rate per robot per hour)."""
        rate = self.options.busy_rate
        if rate <= 0 or not self.robots:
            return
        sim_s = self.options.tick_s * self.clock.speed
        robot = self.rng.choice(self.robots)
        if self.rng.random() >= rate * len(self.robots) * sim_s / 3600:
            return
        tasks = [t.task_name for t in robot.book.tasks.values() if t.map_name == robot.map_name]
        if robot.work.job is None and robot.run is None and tasks and robot.battery.level > 50:
            with contextlib.suppress(Refusal):
                robot.work.start_tasks([self.rng.choice(tasks)], source="operator")

    async def stop(self, *, clean: bool = True) -> None:
        """Stop every robot: clean says goodbye (status offline, no will); otherwise lines are cut (wills fire)."""
        await asyncio.gather(*(link.stop(clean=clean) for link in self.links.values()))
        if self.link_tasks:
            await asyncio.wait(self.link_tasks, timeout=5)
        for task in [*self.tasks, *self.link_tasks]:
            task.cancel()
        await asyncio.gather(*self.tasks, *self.link_tasks, return_exceptions=True)
        if self.options.web:
            await self.web.stop()
