"""Sessions: clean and persistent, session present, takeover of a client id (MQTT 3.1.1, 3.1.2 and 3.2.2)."""

from cleanfleet.gateway import wire
from tests.gateway.conformance.conftest import SECRET, Target
from tests.gateway.conformance.peer import connect_bytes

OVER_TLS = True  # these tests run on the embedded broker's TLS listener too (conftest.py)

async def test_a_clean_session_ends_with_its_connection(broker: Target) -> None:
    """[MQTT-3.1.2-6] [MQTT-3.2.2-1] [MQTT-3.2.2-3]: clean session 1 gets session present 0, and nothing of
    that session (its subscription) is there for the next connection."""
    robot, present = await broker.robot()
    assert not present
    assert await robot.subscribe((broker.down("a"), 1)) == [1]
    await robot.disconnect()

    robot, present = await broker.robot(clean_session=False)
    assert not present
    await robot.subscribe((broker.down("b"), 1))
    await broker.inject(broker.down("a"), b"to the ended session")
    await broker.inject(broker.down("b"), b"to the new one")
    assert (await robot.received()).payload == b"to the new one"


async def test_a_persistent_session_keeps_subscriptions_and_queues_qos1_while_away(broker: Target) -> None:
    """[MQTT-3.1.2-4] [MQTT-3.1.2-5] [MQTT-3.2.2-2]: clean session 0 resumes the session (session present 1)
    with its subscriptions, and the QoS 1 messages published while the client was away arrive, in order."""
    robot, present = await broker.robot(clean_session=False)
    assert not present
    await robot.subscribe((broker.down("cmd"), 1))
    await robot.disconnect()
    for n in range(3):
        await broker.inject(broker.down("cmd"), f"while away {n}".encode())

    robot, present = await broker.robot(clean_session=False)
    assert present
    got = await robot.take(3)
    assert [m.payload for m in got] == [b"while away 0", b"while away 1", b"while away 2"]
    assert all(m.qos == 1 for m in got)


async def test_a_second_connection_with_the_client_id_takes_over_the_session(broker: Target) -> None:
    """[MQTT-3.1.4-2]: the broker closes the earlier connection; a persistent session goes on with the new."""
    first, _ = await broker.robot(clean_session=False)
    await first.subscribe((broker.down("cmd"), 1))
    second, present = await broker.robot(clean_session=False)
    assert present
    assert await first.closed()
    await broker.inject(broker.down("cmd"), b"for the new connection")
    assert (await second.received()).payload == b"for the new connection"


async def test_a_persistent_sign_in_taking_over_a_clean_session_starts_its_own(broker: Target) -> None:
    """Issue 28, bug 7. [MQTT-3.1.2-6] [MQTT-3.1.2-4] [MQTT-3.2.2-2]: the clean session ends with the connection
    taken over, so the new clean-session-0 connection gets session present 0 and a new persistent session,
    which outlives that connection: QoS 1 messages queued while the client is away reach it."""
    clean, present = await broker.robot()
    assert not present
    persistent, present = await broker.robot(clean_session=False)
    assert not present, "the clean session of the connection taken over was presented as an existing session"
    assert await clean.closed()
    await persistent.subscribe((broker.down("cmd"), 1))
    await persistent.disconnect()
    await broker.inject(broker.down("cmd"), b"queued while away")

    back, present = await broker.robot(clean_session=False)
    assert present
    message = await back.received()
    assert (message.payload, message.qos) == (b"queued while away", 1)


async def test_a_persistent_sign_in_without_a_client_id_is_refused(broker: Target) -> None:
    """[MQTT-3.1.3-8] [MQTT-3.2.2-4] [MQTT-3.2.2-5]: CONNACK 0x02, session present 0, then the broker closes."""
    peer = await broker.open()
    await peer.send(connect_bytes("", clean_session=False, username="", password=SECRET))
    assert await peer.connack() == (False, wire.BAD_CLIENT_ID)
    assert await peer.closed()


async def test_an_unsupported_protocol_level_is_refused(broker: Target) -> None:
    """[MQTT-3.1.2-2] [MQTT-3.2.2-5]: CONNACK 0x01 (unacceptable protocol level), then the broker closes."""
    peer = await broker.open()
    await peer.send(connect_bytes(broker.serial, level=3, username=broker.serial, password=SECRET))
    assert await peer.connack() == (False, wire.BAD_PROTOCOL)
    assert await peer.closed()
