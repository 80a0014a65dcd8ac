"""A seeded packet-level fuzz before CONNECT completes: random and garbled bytes on a connection close that
connection (or, for a garbled CONNECT that is still valid, are answered with one CONNACK), never crash the
broker and never stall a well-behaved robot publishing and receiving meanwhile [MQTT-4.8.0-1]."""

import asyncio
import contextlib
import random

from cleanfleet.gateway import wire
from tests.gateway.conformance.conftest import SECRET, Target
from tests.gateway.conformance.peer import DEADLINE, Peer, connect_bytes

SEED = 28
CASES = 120
AT_ONCE = 12


def garbage(rng: random.Random, serial: str) -> tuple[bytes, bool]:
    """Bytes for one connection, and whether to end the stream after them (to end a packet left half sent)."""
    valid = connect_bytes(f"{serial}-fuzz", username=f"{serial}-fuzz", password=SECRET, keepalive=5)
    shape = rng.randrange(5)
    if shape == 0:  # random bytes, any length
        return rng.randbytes(rng.randrange(1, 300)), True
    if shape == 1:  # a valid CONNECT with bytes flipped (the remaining length kept right)
        garbled = bytearray(valid[2:])
        for _ in range(rng.randrange(1, 6)):
            garbled[rng.randrange(len(garbled))] = rng.randrange(256)
        return bytes([valid[0]]) + wire.remaining_length(len(garbled)) + bytes(garbled), False
    if shape == 2:  # a CONNECT cut short, then the stream ends
        return valid[:rng.randrange(1, len(valid))], True
    if shape == 3:  # any other packet type first, with a random body
        kind = rng.choice([k for k in range(16) if k != wire.CONNECT])
        body = rng.randbytes(rng.randrange(0, 40))
        return bytes([kind << 4 | rng.randrange(16)]) + wire.remaining_length(len(body)) + body, False
    flags = rng.randrange(256)  # a CONNECT with random flags and a random payload
    body = wire.string("MQTT") + bytes([4, flags, 0, 5]) + rng.randbytes(rng.randrange(0, 60))
    return bytes([0x10]) + wire.remaining_length(len(body)) + body, False


async def one_case(broker: Target, data: bytes, end: bool) -> None:
    """The broker closes the connection, or answers one CONNACK: a refusal (then closes) or, for a garbled
    CONNECT that is still valid, an acceptance; anything else, or silence past the deadline, fails."""
    peer = await Peer.open(broker.port)
    try:
        with contextlib.suppress(OSError):  # the broker may close before all is written
            await peer.send(data)
            if end:
                peer.writer.write_eof()
        try:
            answer = await peer.read()
        except (asyncio.IncompleteReadError, ConnectionError):
            return  # closed unanswered
        assert answer.kind == wire.CONNACK and len(answer.body) == 2, answer
        if answer.body[1] != wire.ACCEPTED:
            assert await peer.closed()  # [MQTT-3.2.2-5]
            return
        await peer.send(wire.packet(wire.DISCONNECT, 0, b""))
    finally:
        peer.close()


async def test_garbage_before_connect_closes_that_connection_and_disturbs_no_one(broker: Target) -> None:
    seen = await broker.observer([broker.up("#")])
    robot, _ = await broker.robot()
    await robot.subscribe((broker.down("cmd"), 1))
    rng = random.Random(SEED)
    cases = [garbage(rng, broker.serial) for _ in range(CASES)]
    fuzzing = True
    rounds = 0

    async def well_behaved() -> None:
        nonlocal rounds
        while fuzzing or rounds < 3:
            payload = f"round {rounds}".encode()
            await robot.publish(broker.up("heartbeat"), payload, 1)  # each answer has its deadline
            await seen.wait_for(payload)
            await broker.inject(broker.down("cmd"), payload)
            (command,) = await robot.take(1)
            assert command.payload == payload
            rounds += 1

    good = asyncio.create_task(well_behaved())
    try:
        for start in range(0, CASES, AT_ONCE):
            await asyncio.gather(*(one_case(broker, data, end) for data, end in cases[start:start + AT_ONCE]))
            assert not good.done(), good.exception() if good.done() else ""
    finally:
        fuzzing = False
    await asyncio.wait_for(good, DEADLINE)
    assert rounds >= 3
