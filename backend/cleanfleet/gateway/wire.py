"""MQTT 3.1.1 on the wire, written once for both ends: the gateway's client (``gateway.mqtt``) and the
embedded broker (``gateway.broker``) frame, build and parse their packets here.

Reading: ``read_packet`` (from a stream), ``next_packet`` (from a buffer, bounded: the broker) and ``split_packets``
(from a buffer, the client) frame; the ``parse_*`` functions read a body front to back. Anything that breaks the
protocol raises ``ProtocolError``: the side that reads it closes that connection.
"""

import asyncio
import struct
from dataclasses import dataclass

CONNECT, CONNACK, PUBLISH, PUBACK, PUBREC, PUBREL, PUBCOMP = 1, 2, 3, 4, 5, 6, 7
SUBSCRIBE, SUBACK, UNSUBSCRIBE, UNSUBACK, PINGREQ, PINGRESP, DISCONNECT = 8, 9, 10, 11, 12, 13, 14
ACCEPTED, BAD_PROTOCOL, BAD_CLIENT_ID, UNAVAILABLE, BAD_CREDENTIALS, NOT_AUTHORISED = 0, 1, 2, 3, 4, 5
SUBSCRIPTION_REFUSED = 0x80
PROTOCOLS = {("MQTT", 4), ("MQIsdp", 3)}


class MqttError(Exception):
    """The other side refused us, broke the protocol, or the connection is gone."""


class ProtocolError(MqttError):
    """The other side broke MQTT 3.1.1 (or a bound): its connection is closed."""


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


@dataclass(slots=True)  # not frozen: one is made per message, and a frozen class's __init__ takes twice as long
class Publish:
    topic: str
    payload: bytes
    qos: int
    retain: bool
    dup: bool
    packet_id: int


# --- writing ---------------------------------------------------------------------------------------

def string(value: str) -> bytes:
    data = value.encode()
    return struct.pack("!H", len(data)) + data


def remaining_length(length: int) -> bytes:
    out = bytearray()
    while True:
        length, digit = divmod(length, 128)
        out.append(digit | (0x80 if length else 0))
        if not length:
            return bytes(out)


def packet(kind: int, flags: int, body: bytes) -> bytes:
    return bytes([kind << 4 | flags]) + remaining_length(len(body)) + body


def connect_packet(client_id: str, *, clean_session: bool, keepalive: int, username: str | None,
                   password: str | None) -> bytes:
    flags = (0x02 if clean_session else 0) | (0x80 if username is not None else 0) \
        | (0x40 if username is not None and password is not None else 0)
    body = string("MQTT") + bytes([4, flags]) + struct.pack("!H", keepalive) + string(client_id)
    if username is not None:
        body += string(username)
        if password is not None:
            body += string(password)
    return packet(CONNECT, 0, body)


def subscribe_packet(packet_id: int, topics: list[tuple[str, int]]) -> bytes:
    body = struct.pack("!H", packet_id) + b"".join(string(topic) + bytes([qos]) for topic, qos in topics)
    return packet(SUBSCRIBE, 0x02, body)


def connack(session_present: bool, code: int) -> bytes:
    return packet(CONNACK, 0, bytes([1 if session_present and code == ACCEPTED else 0, code]))


def publish(message: Publish) -> bytes:
    flags = (0x08 if message.dup else 0) | message.qos << 1 | (0x01 if message.retain else 0)
    packet_id = struct.pack("!H", message.packet_id) if message.qos else b""
    return packet(PUBLISH, flags, string(message.topic) + packet_id + message.payload)


def acknowledgement(kind: int, packet_id: int) -> bytes:
    """PUBACK, PUBREC, PUBREL (flags 2) or PUBCOMP, UNSUBACK."""
    return packet(kind, 0x02 if kind == PUBREL else 0, struct.pack("!H", packet_id))


def suback(packet_id: int, codes: list[int]) -> bytes:
    return packet(SUBACK, 0, struct.pack("!H", packet_id) + bytes(codes))


# --- framing ---------------------------------------------------------------------------------------

async def read_packet(reader: asyncio.StreamReader, max_size: int) -> tuple[int, bytes]:
    """One packet as (first byte, body); a declared size above ``max_size`` is refused before it is read."""
    first, digit = await reader.readexactly(2)  # every packet has its first byte and one length byte
    length, multiplier = digit & 0x7F, 128
    for _ in range(3):
        if not digit & 0x80:
            break
        digit = (await reader.readexactly(1))[0]
        length += (digit & 0x7F) * multiplier
        multiplier *= 128
    else:
        if digit & 0x80:
            raise ProtocolError("malformed remaining length")
    if length > max_size:
        raise ProtocolError(f"packet of {length} bytes is over the limit of {max_size}")
    return first, await reader.readexactly(length) if length else b""


def next_packet(buffer: bytearray, offset: int, max_size: int) -> tuple[int, bytes, int] | None:
    """The packet starting at ``offset`` of ``buffer`` as (first byte, body, where it ends), None while it is not
    all there; a declared size above ``max_size`` is refused as soon as the size is there (the broker)."""
    size = len(buffer)
    if offset + 2 > size:
        return None
    digit = buffer[offset + 1]
    length, index = digit, offset + 2
    if digit & 0x80:
        length, multiplier = digit & 0x7F, 128
        while True:
            if index - offset > 4:
                raise ProtocolError("malformed remaining length")
            if index >= size:
                return None
            digit = buffer[index]
            index += 1
            length += (digit & 0x7F) * multiplier
            multiplier *= 128
            if not digit & 0x80:
                break
    if length > max_size:
        raise ProtocolError(f"packet of {length} bytes is over the limit of {max_size}")
    end = index + length
    if end > size:
        return None
    return buffer[offset], bytes(buffer[index:end]), end


MAX_REMAINING_LENGTH = 268_435_455  # the largest body four length bytes can declare


def split_packets(buffer: bytearray) -> tuple[list[tuple[int, bytes]], int]:
    """The whole packets at the start of ``buffer`` as (first byte, body), and how many bytes they took."""
    found: list[tuple[int, bytes]] = []
    offset = 0
    while (framed := next_packet(buffer, offset, MAX_REMAINING_LENGTH)) is not None:
        first, body, offset = framed
        found.append((first, body))
    return found, offset


# --- parsing ---------------------------------------------------------------------------------------

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
        at, body = self.at, self.body
        if at + 2 > len(body):
            raise ProtocolError("packet shorter than its fields")
        self.at = at + 2
        return body[at] << 8 | body[at + 1]

    def binary(self) -> bytes:
        at, body = self.at, self.body
        if at + 2 > len(body):
            raise ProtocolError("packet shorter than its fields")
        end = at + 2 + (body[at] << 8 | body[at + 1])
        if end > len(body):
            raise ProtocolError("packet shorter than its fields")
        self.at = end
        return body[at + 2:end]

    def text(self) -> str:
        return _text(self.binary())

    def rest(self) -> bytes:
        chunk, self.at = self.body[self.at:], len(self.body)
        return chunk

    @property
    def left(self) -> int:
        return len(self.body) - self.at


def _text(data: bytes) -> str:
    try:
        value = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ProtocolError("a string is not UTF-8") from exc
    if "\x00" in value:
        raise ProtocolError("a string holds U+0000")
    return value


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
    """Read in place (the gateway's hot path: one per robot heartbeat)."""
    qos = (first >> 1) & 0x03
    if qos == 3:
        raise ProtocolError("PUBLISH with QoS 3")
    size = len(body)
    if size < 2:
        raise ProtocolError("packet shorter than its fields")
    at = 2 + (body[0] << 8 | body[1])
    if at + (2 if qos else 0) > size:
        raise ProtocolError("packet shorter than its fields")
    topic = _text(body[2:at])
    packet_id = 0
    if qos:
        packet_id = body[at] << 8 | body[at + 1]
        at += 2
        if not packet_id:
            raise ProtocolError("PUBLISH with packet id 0")
    return Publish(topic, body[at:], qos, bool(first & 0x01), bool(first & 0x08), packet_id)


def lone_publish(data: bytes, max_size: int) -> tuple[bytes, bytes, bytes] | None:
    """(topic name as sent, packet id, payload) when ``data`` is exactly one QoS 1 PUBLISH, neither a resend nor
    retained, of at most ``max_size`` bytes (a robot's heartbeat as it comes off the socket); None for anything else,
    which the packet loop reads (and refuses, if it must)."""
    size = len(data)
    if size < 6 or data[0] != (PUBLISH << 4 | 0x02):
        return None
    length, at = data[1], 2
    if length & 0x80:
        if data[2] & 0x80:
            return None
        length, at = (length & 0x7F) | data[2] << 7, 3
    end = at + 2 + (data[at] << 8 | data[at + 1])
    if at + length != size or length > max_size or end + 2 > size or not (data[end] or data[end + 1]):
        return None
    return data[at + 2:end], data[end:end + 2], data[end + 2:]


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


def parse_empty(body: bytes, name: str) -> None:
    """PINGREQ, PINGRESP and DISCONNECT: remaining length 0, anything more is a malformed packet (MQTT 3.1.1,
    3.12 to 3.14)."""
    if body:
        raise ProtocolError(f"{name} with a body")


def _flagged(first: int, body: bytes, name: str) -> Fields:
    if first & 0x0F != 0x02:
        raise ProtocolError(f"{name} with wrong fixed-header flags")
    return Fields(body)
