"""Malformed packets and broken rules close that connection, before and after CONNECT (MQTT 3.1.1, 4.8), and
the embedded broker's own bounds (a documented choice: Mosquitto has none of them by default)."""

import struct

import pytest

from cleanfleet.gateway import wire
from cleanfleet.gateway.broker import Limits
from cleanfleet.gateway.wire import packet, string
from tests.gateway.conformance.conftest import SECRET, Target
from tests.gateway.conformance.peer import connect_bytes, publish_bytes


def _connect(flags: int, payload: bytes, *, header: int = 0x10) -> bytes:
    body = string("MQTT") + bytes([4, flags]) + struct.pack("!H", 30) + payload
    return bytes([header]) + wire.remaining_length(len(body)) + body


BEFORE_CONNECT = {
    "[MQTT-3.1.0-1] the first packet is not a CONNECT": packet(wire.PINGREQ, 0, b""),
    "[MQTT-3.1.0-1] a PUBLISH before CONNECT": publish_bytes("cf/x/up/a", b"early"),
    "[MQTT-2.2.2-2] CONNECT with fixed-header flags": _connect(0x02, string("fuzz"), header=0x12),
    "[MQTT-3.1.2-3] CONNECT reserved flag set": _connect(0x03, string("fuzz")),
    "[MQTT-3.1.2-14] will QoS 3": _connect(0x1E, string("fuzz") + string("cf/fuzz/up/s") + string("w")),
    "[MQTT-3.1.2-13] will QoS without a will": _connect(0x0A, string("fuzz")),
    "[MQTT-3.1.2-15] will retain without a will": _connect(0x22, string("fuzz")),
    "[MQTT-3.1.2-22] a password without a user name": _connect(0x42, string("fuzz") + string(SECRET)),
    "[MQTT-1.5.3-1] a client id that is not UTF-8": _connect(0x02, b"\x00\x02\xc3\x28"),
    "[MQTT-4.8.0-1] a CONNECT shorter than its fields": _connect(0x02, b"\x00\x09abc"),
    "[MQTT-4.8.0-1] a remaining length of five bytes": b"\x10\xff\xff\xff\xff\x01",
}


def _after_connect(serial: str) -> dict[str, bytes]:
    up = f"cf/{serial}/up/x"
    return {
        "[MQTT-3.1.0-2] a second CONNECT": connect_bytes(serial, username=serial, password=SECRET),
        "[MQTT-3.3.1-4] PUBLISH at QoS 3": packet(wire.PUBLISH, 0x06, string(up) + b"\x00\x01"),
        "[MQTT-3.3.2-2] a PUBLISH topic with a wildcard": publish_bytes(f"cf/{serial}/up/+", b"x"),
        "[MQTT-4.7.3-1] a PUBLISH with an empty topic": publish_bytes("", b"x"),
        "[MQTT-1.5.3-2] a topic holding U+0000": publish_bytes(f"cf/{serial}/up/\x00", b"x"),
        "[MQTT-1.5.3-1] a topic that is not UTF-8": packet(wire.PUBLISH, 0, b"\x00\x02\xc3\x28x"),
        "[MQTT-2.3.1-1] a QoS 1 PUBLISH with packet id 0": packet(wire.PUBLISH, 0x02, string(up) + b"\x00\x00x"),
        "[MQTT-3.8.1-1] SUBSCRIBE with flags 0": packet(wire.SUBSCRIBE, 0, b"\x00\x01" + string(up) + b"\x01"),
        "[MQTT-3.8.3-3] SUBSCRIBE without a topic filter": packet(wire.SUBSCRIBE, 2, b"\x00\x01"),
        "[MQTT-3.8.3-4] SUBSCRIBE at QoS 3": wire.subscribe_packet(1, [(f"cf/{serial}/down/x", 3)]),
        "[MQTT-3.10.1-1] UNSUBSCRIBE with flags 0": packet(wire.UNSUBSCRIBE, 0, b"\x00\x01" + string(up)),
        "[MQTT-3.10.3-2] UNSUBSCRIBE without a topic filter": packet(wire.UNSUBSCRIBE, 2, b"\x00\x01"),
        "[MQTT-3.6.1-1] PUBREL with flags 0": packet(wire.PUBREL, 0, b"\x00\x01"),
        "[MQTT-4.8.0-1] a PUBACK of the wrong size": packet(wire.PUBACK, 0, b"\x00"),
        "[MQTT-4.8.0-1] reserved packet type 0": packet(0, 0, b""),
        "[MQTT-4.8.0-1] reserved packet type 15": packet(15, 0, b""),
    }


@pytest.mark.parametrize("rule", list(BEFORE_CONNECT))
async def test_a_broken_rule_before_connect_closes_the_connection_unanswered(broker: Target, rule: str) -> None:
    """The statement each case breaks is in its id; the broker closes without accepting the connection."""
    peer = await broker.open()
    await peer.send(BEFORE_CONNECT[rule])
    assert await peer.closed()
    assert peer.leftover == b""


@pytest.mark.parametrize("rule", list(_after_connect("X")))
async def test_a_broken_rule_after_connect_closes_that_connection_only(broker: Target, rule: str) -> None:
    """The statement each case breaks is in its id; another client's connection goes on."""
    other, _ = await broker.robot(broker.new_serial())
    await other.subscribe((f"cf/{broker.serial}/down/x", 0))
    robot, _ = await broker.robot()
    await robot.send(_after_connect(broker.serial)[rule])
    assert await robot.closed()
    await other.send(packet(wire.PINGREQ, 0, b""))
    await other.expect(wire.PINGRESP)


class TestEmbeddedBounds:
    """The embedded broker's bounds and strictness, which Mosquitto (by default) does not have."""

    @pytest.fixture
    def embedded_limits(self) -> Limits:
        return Limits(max_packet=1024, connect_seconds=1.0)

    async def test_a_packet_over_the_size_limit_closes_the_connection_before_it_is_read(
            self, embedded: Target) -> None:
        """[MQTT-4.8.0-1] (a bound): the declared size alone closes it; 1 KiB here."""
        robot, _ = await embedded.robot()
        await robot.send(bytes([0x30]) + wire.remaining_length(10_000))
        assert await robot.closed()

    async def test_a_connection_without_a_connect_in_time_is_closed(self, embedded: Target) -> None:
        """A CONNECT half sent (or none) holds no connection beyond ``connect_seconds`` (1 s here)."""
        peer = await embedded.open()
        await peer.send(connect_bytes("slow")[:5])
        assert await peer.closed()

    async def test_reserved_flags_of_any_packet_are_checked(self, embedded: Target) -> None:
        """[MQTT-2.2.2-2]: PINGREQ with a flag set closes the connection (Mosquitto 2.0 answers it)."""
        robot, _ = await embedded.robot()
        await robot.send(packet(wire.PINGREQ, 1, b""))
        assert await robot.closed()

    @pytest.mark.parametrize("sent", [packet(wire.PINGREQ, 0, b"\x00"), packet(wire.PINGREQ, 0, b"\x00" * 300),
                                      packet(wire.PINGRESP, 0, b"")],
                             ids=["PINGREQ with a body", "PINGREQ with a long body", "PINGRESP from a client"])
    async def test_a_malformed_ping_closes_that_connection_only(self, embedded: Target, sent: bytes) -> None:
        """[MQTT-4.8.0-1]: a PINGREQ has remaining length 0 (3.12) and only the server sends PINGRESP (3.13);
        either broken closes the connection unanswered, and another client's goes on (Mosquitto 2.0.11 answers
        a PINGREQ with a body and ignores a client's PINGRESP)."""
        other, _ = await embedded.robot(embedded.new_serial())
        robot, _ = await embedded.robot()
        await robot.send(sent)
        assert await robot.closed()
        assert robot.leftover == b""
        await other.send(packet(wire.PINGREQ, 0, b""))
        await other.expect(wire.PINGRESP)
