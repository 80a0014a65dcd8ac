"""Shared by the embedded broker's tests: a broker with registered robots, an in-process subscriber that
records (and acknowledges when told), robots signed in through paho (aiomqtt), and a raw socket client."""

import asyncio
import struct
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import aiomqtt
import pytest

from cleanfleet.gateway.broker import EmbeddedBroker, Limits
from cleanfleet.gateway.directory import Directory
from cleanfleet.gateway.mqtt import PUBLISH, _string, connect_packet, packet
from tests.gateway.helpers import robot_device, unique_prefix, wait_until

SECRET = "robot-secret"


@dataclass
class Recorder:
    """An in-process subscriber: keeps what arrives; acknowledges at once unless ``hold`` is set."""
    hold: bool = False
    messages: list[tuple[str, bytes, int]] = field(default_factory=list)
    acks: list[Callable[[], None]] = field(default_factory=list)

    async def handle(self, topic: str, payload: bytes, qos: int, ack: Callable[[], None] | None) -> None:
        self.messages.append((topic, payload, qos))
        if ack is not None:
            if self.hold:
                self.acks.append(ack)
            else:
                ack()

    def topics(self) -> list[str]:
        return [topic for topic, _, _ in self.messages]

    def payloads(self, topic: str) -> list[bytes]:
        return [payload for t, payload, _ in self.messages if t == topic]


@dataclass
class BrokerUnderTest:
    broker: EmbeddedBroker
    recorder: Recorder
    serials: list[str]

    @property
    def port(self) -> int:
        return self.broker.port

    def robot(self, sn: str, **options: Any) -> aiomqtt.Client:
        """A robot signed in as the simulator does (client id = user name = serial number)."""
        options.setdefault("password", SECRET)
        return aiomqtt.Client("127.0.0.1", self.port, identifier=sn, username=sn, timeout=10, **options)


async def device_check(app: Any) -> Callable[[str, str], Any]:
    directory = Directory(app.state.db)
    await directory.load()

    async def check(serial_number: str, secret: str) -> bool:
        device = await directory.find(serial_number)
        return device is not None and device.secret_matches(secret)

    return check


@asynccontextmanager
async def running_broker(app: Any, db: Any, owner: Any, *, robots: int = 3, limits: Limits | None = None,
                         filters: list[tuple[str, int]] | None = None) -> AsyncIterator[BrokerUnderTest]:
    prefix = unique_prefix()
    serials = [f"{prefix}{i}" for i in range(robots)]
    for sn in serials:
        await robot_device(db, owner, sn, secret=SECRET)
    broker = EmbeddedBroker("127.0.0.1:0", await device_check(app), limits)
    recorder = Recorder()
    broker.attach("recorder", filters or [("cf/+/up/#", 1)], recorder.handle)
    await broker.start()
    try:
        yield BrokerUnderTest(broker, recorder, serials)
    finally:
        await broker.stop()


@pytest.fixture
async def owner(make_user: Any) -> Any:
    user, _ = await make_user(3)
    return user


class RawClient:
    """A bare TCP client that writes exactly the bytes a test gives it."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, port: int) -> "RawClient":
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        return cls(reader, writer)

    async def send(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def sign_in(self, client_id: str, *, username: str | None, password: str | None,
                      clean_session: bool = True, keepalive: int = 30, connect: bytes = b"") -> bytes:
        """Sends CONNECT (or ``connect``, a complete one of the test's own) and answers the CONNACK."""
        await self.send(connect or connect_packet(client_id, clean_session=clean_session, keepalive=keepalive,
                                               username=username, password=password))
        return await self.packet()

    async def packet(self, seconds: float = 10.0) -> bytes:
        """The next whole packet (fixed header included)."""
        async with asyncio.timeout(seconds):
            first = await self.reader.readexactly(1)
            length, multiplier, header = 0, 1, bytearray(first)
            while True:
                digit = (await self.reader.readexactly(1))[0]
                header.append(digit)
                length += (digit & 0x7F) * multiplier
                if not digit & 0x80:
                    break
                multiplier *= 128
            return bytes(header) + await self.reader.readexactly(length)

    async def closed_by_broker(self, seconds: float = 10.0) -> bool:
        """True once the broker closed the connection (reads until end of stream)."""
        async with asyncio.timeout(seconds):
            while True:
                try:
                    if not await self.reader.read(65536):
                        return True
                except ConnectionError:
                    return True

    def close(self) -> None:
        self.writer.close()


def publish_packet(topic: str, payload: bytes, qos: int = 0, packet_id: int = 1, retain: bool = False,
                   dup: bool = False) -> bytes:
    flags = qos << 1 | (1 if retain else 0) | (0x08 if dup else 0)
    return packet(PUBLISH, flags, _string(topic) + (struct.pack("!H", packet_id) if qos else b"") + payload)


def unsubscribe_packet(packet_id: int, filters: list[str]) -> bytes:
    return packet(10, 2, struct.pack("!H", packet_id) + b"".join(_string(f) for f in filters))


async def robot_still_heard(under: BrokerUnderTest, sn: str, body: bytes) -> None:
    """A robot signs in, publishes a heartbeat, and the in-process subscriber gets it."""
    topic = f"cf/{sn}/up/heartbeat"
    async with under.robot(sn) as robot:
        await robot.publish(topic, body, qos=1)
    await wait_until(lambda: body in under.recorder.payloads(topic), 10, f"{sn}'s heartbeat")


async def anonymous_sign_ins_refused(port: int, client_ids: tuple[str, ...]) -> None:
    """Anonymous CONNECTs with each client id, clean and persistent: every one refused."""
    for client_id in client_ids:
        for clean_session in (True, False):
            intruder = await RawClient.open(port)
            try:
                answer = await intruder.sign_in(client_id, username=None, password=None, clean_session=clean_session)
                assert answer[3] != 0, (client_id, clean_session)
            finally:
                intruder.close()
