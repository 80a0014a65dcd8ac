"""The two brokers under the same tests: the embedded one (a fresh one per test, robots admitted by a fixed
secret, no database) and the system Mosquitto on 127.0.0.1:1883 (skipped, with the reason, when it cannot be
reached). Every test uses its own client ids and topics (a random serial number), so tests running at the
same time on the shared Mosquitto never see each other.

What the tests need from a broker besides its port, said the same for both:

- ``robot(...)``: a connection signed in as a robot (client id = user name = serial number, password = the
  secret), the way the embedded broker admits robots; Mosquitto (anonymous allowed) ignores the credentials;
- ``inject(...)``: a message from the server side (the embedded broker's own ``publish``, or a Mosquitto
  client publishing it and waiting for the broker's acknowledgement);
- ``observer(...)``: a subscriber on the server side (the embedded broker's in-process subscriber, the
  gateway's place, or a Mosquitto client); ``hold=True`` keeps its acknowledgements until ``release()``
  (meaningful for the embedded broker only, which acknowledges a robot's message once it is stored).
"""

import abc
import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from ssl import SSLContext

import pytest

from cleanfleet.gateway.broker import EmbeddedBroker, Limits
from cleanfleet.gateway.broker.tls import ca_file, client_context, server_context
from cleanfleet.gateway.wire import Will
from cleanfleet.settings import Settings
from tests.gateway.conformance.peer import DEADLINE, Peer, connect_bytes
from tests.gateway.helpers import mosquitto_up

SECRET = "conformance-secret"
MOSQUITTO_PORT = 1883


async def robot_check(serial_number: str, secret: str) -> bool:
    return secret == SECRET


@dataclass
class Observer:
    """What a server-side subscriber received, in order: (topic, payload, qos)."""
    messages: list[tuple[str, bytes, int]] = field(default_factory=list)
    held: list[Callable[[], None]] = field(default_factory=list)
    hold: bool = False
    close: Callable[[], None] = lambda: None
    arrived: asyncio.Event = field(default_factory=asyncio.Event)

    def add(self, topic: str, payload: bytes, qos: int) -> None:
        self.messages.append((topic, payload, qos))
        self.arrived.set()

    def payloads(self, topic: str | None = None) -> list[bytes]:
        return [payload for t, payload, _ in self.messages if topic is None or t == topic]

    async def wait_for(self, payload: bytes) -> None:
        async with asyncio.timeout(DEADLINE):
            while payload not in self.payloads():
                self.arrived.clear()
                await self.arrived.wait()

    def release(self) -> None:
        held, self.held, self.hold = self.held, [], False
        for ack in held:
            ack()


class Target(abc.ABC):
    name = ""
    port = 0
    max_qos_out = 2  # the highest QoS a subscription is granted (and a message goes out at)
    closes_on_bad_filter = True  # an invalid topic filter closes the connection (else: SUBACK 0x80)
    overlap_at_highest_qos = False  # overlapping subscriptions: a copy at the highest QoS (MQTT-3.3.5-1)
    keepalive_check_seconds = 5.0  # how long after 1.5 keep-alives a silent client may still be connected

    def __init__(self) -> None:
        self._peers: list[Peer] = []
        self._observers: list[Observer] = []
        self._persistent: set[str] = set()
        self._retained: set[str] = set()
        self.serial = self.new_serial()

    @staticmethod
    def new_serial() -> str:
        return f"CT{uuid.uuid4().hex[:10].upper()}"

    def up(self, path: str, serial: str | None = None) -> str:
        return f"cf/{serial or self.serial}/up/{path}"

    def down(self, path: str, serial: str | None = None) -> str:
        return f"cf/{serial or self.serial}/down/{path}"

    ssl: SSLContext | None = None  # the clients' TLS context (None: plain TCP)

    async def open(self) -> Peer:
        peer = await Peer.open(self.port, self.ssl)
        self._peers.append(peer)
        return peer

    async def robot(self, serial: str | None = None, *, clean_session: bool = True, keepalive: int = 30,
                    will: Will | None = None) -> tuple[Peer, bool]:
        """A robot connection accepted by the broker, and its CONNACK's session-present flag."""
        serial = serial or self.serial
        if not clean_session:
            self._persistent.add(serial)
        peer = await self.open()
        await peer.send(connect_bytes(serial, clean_session=clean_session, keepalive=keepalive, will=will,
                                      username=serial, password=SECRET))
        present, code = await peer.connack()
        assert code == 0, f"CONNACK {code}"
        return peer, present

    @abc.abstractmethod
    async def start(self) -> None:
        """Each broker's own way (the embedded one in process, Mosquitto over a server-side client)."""

    @abc.abstractmethod
    async def inject(self, topic: str, payload: bytes, qos: int = 1, retain: bool = False) -> None:
        """Each broker's own way (the embedded one in process, Mosquitto over a server-side client)."""

    @abc.abstractmethod
    async def observer(self, filters: list[str], *, hold: bool = False) -> Observer:
        """Each broker's own way (the embedded one in process, Mosquitto over a server-side client)."""

    async def close(self) -> None:
        for topic in self._retained:  # Mosquitto keeps retained messages (on disk, too)
            with contextlib.suppress(Exception):
                await self.inject(topic, b"", 1, retain=True)
        for observer in self._observers:
            observer.close()
        for peer in self._peers:
            peer.close()
        for serial in self._persistent:  # a clean sign-in ends a persistent session (Mosquitto keeps them)
            with contextlib.suppress(Exception):
                peer, _ = await self.robot(serial)
                await peer.disconnect()


class Embedded(Target):
    name = "embedded"
    max_qos_out = 1
    closes_on_bad_filter = False
    overlap_at_highest_qos = True
    keepalive_check_seconds = 0.0

    def __init__(self, limits: Limits | None) -> None:
        super().__init__()
        self.broker = EmbeddedBroker("127.0.0.1:0", robot_check, limits)

    async def start(self) -> None:
        await self.broker.start()
        self.port = self.broker.port

    async def inject(self, topic: str, payload: bytes, qos: int = 1, retain: bool = False) -> None:
        await self.broker.publish(topic, payload, qos, retain)

    async def observer(self, filters: list[str], *, hold: bool = False) -> Observer:
        seen = Observer(hold=hold)

        async def handle(topic: str, payload: bytes, qos: int, ack: Callable[[], None] | None) -> None:
            seen.add(topic, payload, qos)
            if ack is not None and seen.hold:
                seen.held.append(ack)
            elif ack is not None:
                ack()

        self.broker.attach(f"observer-{len(self._observers)}", [(f, 1) for f in filters], handle)
        self._observers.append(seen)
        return seen

    async def close(self) -> None:
        await super().close()
        await self.broker.stop()


class EmbeddedTls(Embedded):
    """The embedded broker's TLS listener alone (no plain one): a server certificate from a product CA of the
    session's own, clients verifying it; robots sign in by password over TLS."""
    name = "embedded-tls"

    def __init__(self, limits: Limits | None, settings: Settings) -> None:
        Target.__init__(self)
        self.broker = EmbeddedBroker("none", robot_check, limits, tls_bind="127.0.0.1:0",
                                     tls_context=server_context(settings, ["127.0.0.1"]))
        self.ssl = client_context(ca_file(settings).read_text())

    async def start(self) -> None:
        await self.broker.start()
        self.port = self.broker.tls_port


class Mosquitto(Target):
    name = "mosquitto"
    port = MOSQUITTO_PORT

    async def start(self) -> None:
        self._server = await self.open()
        await self._server.send(connect_bytes(f"{self.serial}-server"))
        assert (await self._server.connack())[1] == 0

    async def inject(self, topic: str, payload: bytes, qos: int = 1, retain: bool = False) -> None:
        if retain:
            self._retained.add(topic)
        await self._server.publish(topic, payload, qos, retain=retain)

    async def observer(self, filters: list[str], *, hold: bool = False) -> Observer:
        peer = await self.open()
        await peer.send(connect_bytes(f"{self.serial}-observer-{len(self._observers)}"))
        assert (await peer.connack())[1] == 0
        assert all(code == 1 for code in await peer.subscribe(*[(f, 1) for f in filters]))
        seen = Observer(hold=hold)

        async def read() -> None:
            while True:
                message = await peer.received(seconds=3600)
                seen.add(message.topic, message.payload, message.qos)
                await peer.ack(message)

        task = asyncio.create_task(read())
        seen.close = lambda: None if task.cancel() else None
        self._observers.append(seen)
        return seen


@pytest.hookimpl(tryfirst=True)  # before tests/conftest.py's hook, which skips what is marked
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test of this suite is ``database_free``: it talks to brokers only (the embedded one admits a fixed
    secret), so the PostgreSQL run skips it and the SQLite run has it."""
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.database_free)


@pytest.fixture(scope="session")
def tls_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """A data folder (with its product CA) for the embedded broker's TLS listener."""
    return Settings(data_dir=tmp_path_factory.mktemp("conformance-tls"))


@pytest.fixture(params=["embedded", "embedded-tls", "mosquitto"])
async def broker(request: pytest.FixtureRequest, embedded_limits: Limits | None,
                 tls_settings: Settings) -> AsyncIterator[Target]:
    """Each test once on the embedded broker and once on the system Mosquitto; the modules that set ``OVER_TLS``
    (sign-in and sessions, delivery) also on the embedded broker's TLS listener."""
    if request.param == "embedded-tls" and not getattr(request.module, "OVER_TLS", False):
        pytest.skip("over TLS: the sign-in, session and delivery modules only")
    if request.param == "embedded-tls":
        target: Target = EmbeddedTls(embedded_limits, tls_settings)
        await target.start()
    else:
        target = await _start(request.param, embedded_limits)
    try:
        yield target
    finally:
        await target.close()


@pytest.fixture
def embedded_limits() -> Limits | None:
    """The embedded broker's bounds (a module overrides this fixture to test one)."""
    return None


async def _start(name: str, limits: Limits | None) -> Target:
    if name == "mosquitto":
        if not mosquitto_up():
            pytest.skip("Mosquitto is not reachable on 127.0.0.1:1883: only the embedded broker was checked")
        target: Target = Mosquitto()
    else:
        target = Embedded(limits)
    await target.start()
    return target


@pytest.fixture
async def embedded(embedded_limits: Limits | None) -> AsyncIterator[Target]:
    """The embedded broker alone: for its own bounds, which Mosquitto does not have by default (documented)."""
    target = await _start("embedded", embedded_limits)
    try:
        yield target
    finally:
        await target.close()
