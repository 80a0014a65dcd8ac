"""Retained messages (MQTT 3.1.1, 3.3.1.3), wills (3.1.2.5 to 3.1.2.7) and keep-alive (3.1.2.10, 3.12)."""

import asyncio

from cleanfleet.gateway import wire
from cleanfleet.gateway.wire import Will, packet
from tests.gateway.conformance.conftest import Target
from tests.gateway.conformance.peer import publish_bytes


async def test_a_retained_message_replaces_the_last_and_reaches_new_subscribers_flagged(broker: Target) -> None:
    """[MQTT-3.3.1-5] [MQTT-3.3.1-8] [MQTT-3.3.1-9]: the broker keeps the last retained message of a topic and
    sends it to a new subscription with RETAIN 1 (at the lower QoS); a subscriber already there gets RETAIN 0."""
    topic = broker.down("config")
    await broker.inject(topic, b"first", 1, retain=True)
    await broker.inject(topic, b"second", 1, retain=True)

    robot, _ = await broker.robot()
    await robot.subscribe((topic, 1))
    kept = await robot.received()
    assert (kept.payload, kept.retain, kept.qos) == (b"second", True, 1)
    await robot.ack(kept)
    await broker.inject(topic, b"third", 1, retain=True)
    live_copy = await robot.received()
    assert (live_copy.payload, live_copy.retain) == (b"third", False)
    await robot.ack(live_copy)

    lower, _ = await broker.robot(broker.serial)
    await lower.subscribe((topic, 0))
    kept = await lower.received()
    assert (kept.payload, kept.retain, kept.qos) == (b"third", True, 0)


async def test_an_empty_retained_message_clears_the_topic(broker: Target) -> None:
    """[MQTT-3.3.1-10] [MQTT-3.3.1-11]: it goes to the subscribers there as any message, and the topic keeps no
    retained message: a later subscriber gets none (only the live message published after it subscribed)."""
    topic = broker.down("config")
    await broker.inject(topic, b"to be cleared", 1, retain=True)
    robot, _ = await broker.robot()
    await robot.subscribe((topic, 1))
    (kept,) = await robot.take(1)
    assert kept.retain
    await broker.inject(topic, b"", 1, retain=True)
    (cleared,) = await robot.take(1)
    assert (cleared.payload, cleared.retain) == (b"", False)
    robot.close()

    later, _ = await broker.robot()
    await later.subscribe((topic, 1))
    await broker.inject(topic, b"live", 1)
    first = await later.received()
    assert (first.payload, first.retain) == (b"live", False)


async def test_the_will_goes_out_when_the_connection_breaks(broker: Target) -> None:
    """[MQTT-3.1.2-8] [MQTT-3.1.2-14]: closed without DISCONNECT, the client's will is published (at its QoS)."""
    seen = await broker.observer([broker.up("status")])
    robot, _ = await broker.robot(will=Will(broker.up("status"), b"gone", 1, False))
    robot.close()
    await seen.wait_for(b"gone")
    assert seen.messages == [(broker.up("status"), b"gone", 1)]


async def test_the_will_goes_out_when_the_broker_closes_on_a_protocol_violation(broker: Target) -> None:
    """[MQTT-3.1.2-8] [MQTT-4.8.0-1]: a PUBLISH at QoS 3 closes the connection, and the will is published."""
    seen = await broker.observer([broker.up("status")])
    robot, _ = await broker.robot(will=Will(broker.up("status"), b"broke the rules", 0, False))
    await robot.send(packet(wire.PUBLISH, 0x06, wire.string(broker.up("x")) + b"\x00\x01"))
    assert await robot.closed()
    await seen.wait_for(b"broke the rules")


async def test_no_will_after_a_disconnect(broker: Target) -> None:
    """[MQTT-3.1.2-10] [MQTT-3.14.4-3]: DISCONNECT discards the will."""
    seen = await broker.observer([broker.up("status")])
    robot, _ = await broker.robot(will=Will(broker.up("status"), b"must not come", 1, False))
    await robot.disconnect()
    marker, _ = await broker.robot(broker.serial)
    await marker.publish(broker.up("status"), b"marker", 1)
    await seen.wait_for(b"marker")
    assert seen.payloads() == [b"marker"]


async def test_a_disconnect_with_a_body_is_malformed_and_the_will_goes_out(broker: Target) -> None:
    """[MQTT-4.8.0-1] [MQTT-3.1.2-8]: DISCONNECT has no body; one with a body is a malformed packet, not a goodbye,
    so the broker closes the connection and publishes the will."""
    seen = await broker.observer([broker.up("status")])
    robot, _ = await broker.robot(will=Will(broker.up("status"), b"malformed goodbye", 1, False))
    await robot.send(packet(wire.DISCONNECT, 0, b"\x00"))
    assert await robot.closed()
    await seen.wait_for(b"malformed goodbye")


async def test_a_connection_taken_over_sends_its_will(broker: Target) -> None:
    """[MQTT-3.1.4-2] [MQTT-3.1.2-8]: the earlier connection is closed by the broker, not by a DISCONNECT."""
    seen = await broker.observer([broker.up("status")])
    first, _ = await broker.robot(will=Will(broker.up("status"), b"taken over", 1, False))
    await broker.robot()
    assert await first.closed()
    await seen.wait_for(b"taken over")


async def test_a_silent_client_is_closed_after_one_and_a_half_keepalives_and_its_will_goes_out(
        broker: Target) -> None:
    """[MQTT-3.1.2-24]: keep-alive 1 s and nothing sent: the broker closes the connection (within a deadline
    above 1.5 s, plus the time between the broker's keep-alive checks) and publishes the will."""
    seen = await broker.observer([broker.up("status")])
    robot, _ = await broker.robot(keepalive=1, will=Will(broker.up("status"), b"silent", 1, False))
    assert await robot.closed(seconds=1.5 + broker.keepalive_check_seconds + 1)
    await seen.wait_for(b"silent")


async def test_a_client_that_pings_stays_connected(broker: Target) -> None:
    """[MQTT-3.12.4-1] [MQTT-3.1.2-23]: PINGREQ is answered by PINGRESP; a client that sends within its
    keep-alive (1 s) is not closed, here over 1.5 keep-alives."""
    robot, _ = await broker.robot(keepalive=1)
    for _ in range(4):
        await robot.send(packet(wire.PINGREQ, 0, b""))
        await robot.expect(wire.PINGRESP)
        await asyncio.sleep(0.45)  # the client's own pace: within its keep-alive
    await robot.send(publish_bytes(broker.up("status"), b"still here", 1, 1))
    assert (await robot.expect(wire.PUBACK)).packet_id == 1
