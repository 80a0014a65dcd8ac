"""MQTT 3.1.1 packets as the broker reads and writes them (framing shared with the gateway's client in
``gateway.mqtt``). Anything that breaks the protocol raises ``ProtocolError``: that connection is closed.
"""

import asyncio
import struct
from dataclasses import dataclass

from cleanfleet.gateway.mqtt import CONNACK, PUBLISH, SUBACK, _string, packet

PUBREC, PUBREL, PUBCOMP, UNSUBSCRIBE, UNSUBACK = 5, 6, 7, 10, 11
ACCEPTED, BAD_PROTOCOL, BAD_CLIENT_ID, UNAVAILABLE, BAD_CREDENTIALS, NOT_AUTHORISED = 0, 1, 2, 3, 4, 5
SUBSCRIPTION_REFUSED = 0x80
PROTOCOLS = {("MQTT", 4), ("MQIsdp", 3)}


class ProtocolError(Exception):
    """A client broke MQTT 3.1.1 (or a bound); its connection is closed."""


@dataclass(frozen=True, slots=True)
class Will:
    topic: str
    payload: bytes
    qos: int
    retain: bool


@dataclass(frozen=True, slots=True)
class Connect:
    protocol: tuple[str, int]
    clean_session: bool
    keepalive: int
    client_id: str
    will: Will | None
    username: str | None
    password: str | None


@dataclass(frozen=True, slots=True)
class Publish:
    topic: str
    payload: bytes
    qos: int
    retain: bool
    dup: bool
    packet_id: int


class Fields:
    """Reads a packet body front to back; running past its end is a protocol error."""

    def __init__(self, body: bytes) -> None:
        self.body = body
        self.at = 0

    def take(self, size: int) -> bytes:
        if self.at + size > len(self.body):
            raise ProtocolError("packet shorter than its fields")
        chunk = self.body[self.at:self.at + size]
        self.at += size
        return chunk

    def byte(self) -> int:
        return self.take(1)[0]

    def number(self) -> int:
        return int(struct.unpack("!H", self.take(2))[0])

    def binary(self) -> bytes:
        return self.take(self.number())

    def text(self) -> str:
        try:
            value = self.binary().decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ProtocolError("a string is not UTF-8") from exc
        if "\x00" in value:
            raise ProtocolError("a string holds U+0000")
        return value

    def rest(self) -> bytes:
        chunk, self.at = self.body[self.at:], len(self.body)
        return chunk

    @property
    def left(self) -> int:
        return len(self.body) - self.at


async def read_packet(reader: asyncio.StreamReader, max_size: int) -> tuple[int, bytes]:
    """One packet as (first byte, body); a declared size above ``max_size`` is refused before it is read."""
    first = (await reader.readexactly(1))[0]
    length, multiplier = 0, 1
    for _ in range(4):
        digit = (await reader.readexactly(1))[0]
        length += (digit & 0x7F) * multiplier
        if not digit & 0x80:
            break
        multiplier *= 128
    else:
        raise ProtocolError("malformed remaining length")
    if length > max_size:
        raise ProtocolError(f"packet of {length} bytes is over the limit of {max_size}")
    return first, await reader.readexactly(length) if length else b""


def parse_connect(body: bytes) -> Connect:
    fields = Fields(body)
    protocol = (fields.text(), fields.byte())
    flags = fields.byte()
    keepalive = fields.number()
    if flags & 0x01:
        raise ProtocolError("CONNECT reserved flag set")
    client_id = fields.text()
    will = None
    will_qos = (flags >> 3) & 0x03
    if flags & 0x04:
        if will_qos > 2:
            raise ProtocolError("will QoS 3")
        will = Will(fields.text(), fields.binary(), will_qos, bool(flags & 0x20))
    elif will_qos or flags & 0x20:
        raise ProtocolError("will QoS or retain without a will")
    if flags & 0x40 and not flags & 0x80:
        raise ProtocolError("a password without a user name")
    username = fields.text() if flags & 0x80 else None
    password = fields.binary().decode("utf-8", "replace") if flags & 0x40 else None
    if fields.left:
        raise ProtocolError("bytes after the CONNECT payload")
    return Connect(protocol, bool(flags & 0x02), keepalive, client_id, will, username, password)


def parse_publish(first: int, body: bytes) -> Publish:
    qos = (first >> 1) & 0x03
    if qos == 3:
        raise ProtocolError("PUBLISH with QoS 3")
    fields = Fields(body)
    topic = fields.text()
    packet_id = fields.number() if qos else 0
    if qos and not packet_id:
        raise ProtocolError("PUBLISH with packet id 0")
    return Publish(topic, fields.rest(), qos, bool(first & 0x01), bool(first & 0x08), packet_id)


def parse_subscribe(first: int, body: bytes) -> tuple[int, list[tuple[str, int]]]:
    fields = _flagged(first, body, "SUBSCRIBE")
    packet_id = fields.number()
    wanted: list[tuple[str, int]] = []
    while fields.left:
        topic_filter, qos = fields.text(), fields.byte()
        if qos > 2:
            raise ProtocolError("SUBSCRIBE with QoS above 2 or reserved bits")
        wanted.append((topic_filter, qos))
    if not wanted:
        raise ProtocolError("SUBSCRIBE without a topic filter")
    return packet_id, wanted


def parse_unsubscribe(first: int, body: bytes) -> tuple[int, list[str]]:
    fields = _flagged(first, body, "UNSUBSCRIBE")
    packet_id = fields.number()
    filters = []
    while fields.left:
        filters.append(fields.text())
    if not filters:
        raise ProtocolError("UNSUBSCRIBE without a topic filter")
    return packet_id, filters


def parse_packet_id(body: bytes) -> int:
    if len(body) != 2:
        raise ProtocolError("an acknowledgement of the wrong size")
    return body[0] << 8 | body[1]


def _flagged(first: int, body: bytes, name: str) -> Fields:
    if first & 0x0F != 0x02:
        raise ProtocolError(f"{name} with wrong fixed-header flags")
    return Fields(body)


def connack(session_present: bool, code: int) -> bytes:
    return packet(CONNACK, 0, bytes([1 if session_present and code == ACCEPTED else 0, code]))


def publish(message: Publish) -> bytes:
    flags = (0x08 if message.dup else 0) | message.qos << 1 | (0x01 if message.retain else 0)
    packet_id = struct.pack("!H", message.packet_id) if message.qos else b""
    return packet(PUBLISH, flags, _string(message.topic) + packet_id + message.payload)


def acknowledgement(kind: int, packet_id: int) -> bytes:
    """PUBACK, PUBREC, PUBREL (flags 2) or PUBCOMP, UNSUBACK."""
    return packet(kind, 0x02 if kind == PUBREL else 0, struct.pack("!H", packet_id))


def suback(packet_id: int, codes: list[int]) -> bytes:
    return packet(SUBACK, 0, struct.pack("!H", packet_id) + bytes(codes))

