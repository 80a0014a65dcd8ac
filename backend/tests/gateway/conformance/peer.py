"""The suite's own MQTT 3.1.1 client: one TCP connection, packets written and read one at a time with the
project's wire module, so every flag (session present, DUP, RETAIN, QoS) and packet id is visible."""

import asyncio
import struct
from dataclasses import dataclass
from ssl import SSLContext

from cleanfleet.gateway import wire
from cleanfleet.gateway.wire import Publish, Will, packet, string

DEADLINE = 5.0  # for an answer the broker owes now (a deadline, not a timing assertion)


@dataclass(frozen=True, slots=True)
class Packet:
    kind: int
    flags: int
    body: bytes

    @property
    def packet_id(self) -> int:
        return int(struct.unpack("!H", self.body[:2])[0])

    def publish(self) -> Publish:
        assert self.kind == wire.PUBLISH, f"expected a PUBLISH, got packet type {self.kind}"
        return wire.parse_publish(self.kind << 4 | self.flags, self.body)


def connect_bytes(client_id: str, *, clean_session: bool = True, keepalive: int = 30, will: Will | None = None,
                  username: str | None = None, password: str | None = None, level: int = 4,
                  reserved: bool = False) -> bytes:
    flags = (0x02 if clean_session else 0) | (0x01 if reserved else 0)
    payload = string(client_id)
    if will is not None:
        flags |= 0x04 | will.qos << 3 | (0x20 if will.retain else 0)
        payload += string(will.topic) + struct.pack("!H", len(will.payload)) + will.payload
    if username is not None:
        flags |= 0x80
        payload += string(username)
    if password is not None:
        flags |= 0x40
        payload += string(password)
    return packet(wire.CONNECT, 0, string("MQTT") + bytes([level, flags]) + struct.pack("!H", keepalive) + payload)


def publish_bytes(topic: str, payload: bytes, qos: int = 0, packet_id: int = 0, *, retain: bool = False,
                  dup: bool = False) -> bytes:
    return wire.publish(Publish(topic, payload, qos, retain, dup, packet_id))


class Peer:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self._next_id = 0
        self.leftover = b""

    @classmethod
    async def open(cls, port: int, ssl: "SSLContext | None" = None) -> "Peer":
        reader, writer = await asyncio.open_connection("127.0.0.1", port, ssl=ssl)
        return cls(reader, writer)

    def next_id(self) -> int:
        self._next_id = self._next_id % 0xFFFF + 1
        return self._next_id

    async def send(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def read(self, seconds: float = DEADLINE) -> Packet:
        """The next packet; fails when none comes within ``seconds`` or the broker closed the connection."""
        async with asyncio.timeout(seconds):
            first, body = await wire.read_packet(self.reader, 1 << 28)
        return Packet(first >> 4, first & 0x0F, body)

    async def expect(self, kind: int, seconds: float = DEADLINE) -> Packet:
        got = await self.read(seconds)
        assert got.kind == kind, f"expected packet type {kind}, got {got.kind} ({got.body[:40]!r})"
        return got

    async def connack(self) -> tuple[bool, int]:
        """(session present, return code) of the CONNACK."""
        answer = await self.expect(wire.CONNACK)
        assert len(answer.body) == 2 and answer.flags == 0 and answer.body[0] in (0, 1)
        return bool(answer.body[0] & 0x01), answer.body[1]

    async def subscribe(self, *filters: tuple[str, int]) -> list[int]:
        packet_id = self.next_id()
        await self.send(wire.subscribe_packet(packet_id, list(filters)))
        answer = await self.expect(wire.SUBACK)
        assert answer.packet_id == packet_id  # MQTT-3.8.4-2
        return list(answer.body[2:])

    async def unsubscribe(self, *filters: str) -> None:
        packet_id = self.next_id()
        await self.send(packet(wire.UNSUBSCRIBE, 2, struct.pack("!H", packet_id) + b"".join(map(string, filters))))
        assert (await self.expect(wire.UNSUBACK)).packet_id == packet_id  # MQTT-3.10.4-4

    async def publish(self, topic: str, payload: bytes, qos: int = 0, *, retain: bool = False) -> int:
        """A whole publication: QoS 1 up to its PUBACK, QoS 2 up to its PUBCOMP; its packet id."""
        packet_id = self.next_id() if qos else 0
        await self.send(publish_bytes(topic, payload, qos, packet_id, retain=retain))
        if qos == 1:
            assert (await self.expect(wire.PUBACK)).packet_id == packet_id
        elif qos == 2:
            assert (await self.expect(wire.PUBREC)).packet_id == packet_id
            await self.send(wire.acknowledgement(wire.PUBREL, packet_id))
            assert (await self.expect(wire.PUBCOMP)).packet_id == packet_id
        return packet_id

    async def received(self, seconds: float = DEADLINE) -> Publish:
        """The next PUBLISH, not acknowledged (the test decides)."""
        return (await self.expect(wire.PUBLISH, seconds)).publish()

    async def ack(self, message: Publish) -> None:
        """Completes the broker's delivery: PUBACK, or PUBREC / PUBREL / PUBCOMP."""
        if message.qos == 1:
            await self.send(wire.acknowledgement(wire.PUBACK, message.packet_id))
        elif message.qos == 2:
            await self.send(wire.acknowledgement(wire.PUBREC, message.packet_id))
            assert (await self.expect(wire.PUBREL)).packet_id == message.packet_id
            await self.send(wire.acknowledgement(wire.PUBCOMP, message.packet_id))

    async def take(self, count: int) -> list[Publish]:
        """The next ``count`` PUBLISHes, each acknowledged."""
        got = []
        for _ in range(count):
            message = await self.received()
            await self.ack(message)
            got.append(message)
        return got

    async def closed(self, seconds: float = DEADLINE) -> bool:
        """True once the broker closed the connection (what it still sent is kept in ``leftover``)."""
        async with asyncio.timeout(seconds):
            while True:
                try:
                    data = await self.reader.read(65536)
                except ConnectionError:
                    return True
                if not data:
                    return True
                self.leftover += data

    async def disconnect(self) -> None:
        await self.send(packet(wire.DISCONNECT, 0, b""))
        await self.closed()
        self.close()

    def close(self) -> None:
        """Drops the connection without DISCONNECT (an abnormal close for the broker)."""
        self.writer.close()
