"""QoS 0, 1 and 2 flows both ways, redelivery with DUP, order, overlapping subscriptions, unsubscribing
(MQTT 3.1.1, 3.3, 3.8, 3.10, 4.3, 4.4 and 4.6)."""

import asyncio

from cleanfleet.gateway import wire
from cleanfleet.gateway.wire import Publish, packet
from tests.gateway.conformance.conftest import Target
from tests.gateway.conformance.peer import DEADLINE, publish_bytes

OVER_TLS = True  # these tests run on the embedded broker's TLS listener too (conftest.py)

async def test_qos0_and_qos1_messages_in_are_forwarded_and_qos1_acknowledged(broker: Target) -> None:
    """[MQTT-4.3.1-1] [MQTT-4.3.2-2] [MQTT-2.3.1-6]: QoS 1 gets a PUBACK with the PUBLISH's packet id."""
    seen = await broker.observer([broker.up("#")])
    robot, _ = await broker.robot()
    await robot.publish(broker.up("status"), b"at most once")
    packet_id = await robot.publish(broker.up("alarm"), b"at least once", 1)
    assert packet_id != 0
    await seen.wait_for(b"at least once")
    assert seen.payloads() == [b"at most once", b"at least once"]


async def test_a_qos2_message_in_is_delivered_once_however_often_it_is_resent(broker: Target) -> None:
    """[MQTT-4.3.3-2] [MQTT-4.3.3-3] [MQTT-3.6.4-1]: every QoS 2 PUBLISH (DUP or not) gets a PUBREC, the
    PUBREL a PUBCOMP, and the message goes on once (the resend before the PUBREL is the same message)."""
    seen = await broker.observer([broker.up("#")])
    robot, _ = await broker.robot()
    await robot.send(publish_bytes(broker.up("report"), b"exactly once", 2, 7))
    assert (await robot.expect(wire.PUBREC)).packet_id == 7
    await robot.send(publish_bytes(broker.up("report"), b"exactly once", 2, 7, dup=True))
    assert (await robot.expect(wire.PUBREC)).packet_id == 7
    await robot.send(wire.acknowledgement(wire.PUBREL, 7))
    assert (await robot.expect(wire.PUBCOMP)).packet_id == 7
    await robot.publish(broker.up("report"), b"marker", 1)
    await seen.wait_for(b"marker")
    assert seen.payloads() == [b"exactly once", b"marker"]


async def test_a_qos2_message_resent_after_a_reconnect_while_still_being_stored_gets_its_pubrec(
        broker: Target) -> None:
    """Issue 28, bug 8. [MQTT-4.3.3-2] [MQTT-4.4.0-1]: the robot's first copy is still being stored (the
    server-side subscriber holds its acknowledgement) when the robot reconnects and resends it with DUP: the
    resend gets its PUBREC on the new connection once the first copy is stored, and the message goes on once."""
    seen = await broker.observer([broker.up("#")], hold=True)
    first, _ = await broker.robot(clean_session=False)
    await first.send(publish_bytes(broker.up("report"), b"stored once", 2, 9))
    pubrec = asyncio.create_task(first.expect(wire.PUBREC))
    handed_on = asyncio.create_task(seen.wait_for(b"stored once"))
    # the broker has the first copy: handed on (the embedded broker) or acknowledged (Mosquitto)
    done, pending = await asyncio.wait({pubrec, handed_on}, timeout=DEADLINE, return_when=asyncio.FIRST_COMPLETED)
    assert done and not any(task.exception() for task in done)
    for task in pending:
        task.cancel()
    first.close()  # the embedded broker is still storing it (no PUBREC yet); Mosquitto forwards it on PUBREL

    again, present = await broker.robot(clean_session=False)
    assert present
    await again.send(publish_bytes(broker.up("report"), b"stored once", 2, 9, dup=True))
    await again.send(packet(wire.PINGREQ, 0, b""))  # answered in order: the broker has read the resend
    answers = [await again.read()]
    while answers[-1].kind != wire.PINGRESP:
        answers.append(await again.read())
    seen.release()  # the first copy is stored now
    if not any(a.kind == wire.PUBREC for a in answers):  # Mosquitto answers at once
        answers.append(await again.expect(wire.PUBREC))
    assert [a.packet_id for a in answers if a.kind == wire.PUBREC] == [9]
    await again.send(wire.acknowledgement(wire.PUBREL, 9))
    assert (await again.expect(wire.PUBCOMP)).packet_id == 9
    await again.publish(broker.up("report"), b"marker", 1)
    await seen.wait_for(b"marker")
    assert seen.payloads() == [b"stored once", b"marker"]


async def test_unacknowledged_qos1_messages_come_again_with_dup_after_a_reconnect(broker: Target) -> None:
    """[MQTT-4.4.0-1] [MQTT-3.3.1-1] [MQTT-2.3.1-2]: resent with DUP 1 and their packet ids, in order;
    acknowledged ones are not resent, and a new message goes out with DUP 0."""
    robot, _ = await broker.robot(clean_session=False)
    await robot.subscribe((broker.down("cmd"), 1))
    for n in range(3):
        await broker.inject(broker.down("cmd"), f"m{n}".encode())
    sent = [await robot.received() for _ in range(3)]
    assert not any(m.dup for m in sent) and len({m.packet_id for m in sent}) == 3 and 0 not in {
        m.packet_id for m in sent}
    await robot.ack(sent[0])
    robot.close()  # m1 and m2 never acknowledged

    robot, present = await broker.robot(clean_session=False)
    assert present
    again = await robot.take(2)
    assert [(m.payload, m.packet_id, m.dup, m.qos) for m in again] == [
        (b"m1", sent[1].packet_id, True, 1), (b"m2", sent[2].packet_id, True, 1)]
    await broker.inject(broker.down("cmd"), b"m3")
    fresh = await robot.received()
    assert (fresh.payload, fresh.dup) == (b"m3", False)


async def test_a_message_goes_out_at_the_lower_of_its_qos_and_the_subscriptions(broker: Target) -> None:
    """[MQTT-3.8.4-6] [MQTT-3.9.3-2]: a QoS 1 message to a QoS 0 subscription arrives at QoS 0
    without a packet id; a QoS 2 subscription is granted at most the broker's maximum (documented: 1 on the
    embedded broker) and a QoS 2 message arrives at that QoS."""
    robot, _ = await broker.robot()
    assert await robot.subscribe((broker.down("zero"), 0), (broker.down("two"), 2)) == [0, broker.max_qos_out]
    await broker.inject(broker.down("zero"), b"lowered", 1)
    lowered = await robot.received()
    assert (lowered.payload, lowered.qos, lowered.packet_id) == (b"lowered", 0, 0)
    await broker.inject(broker.down("two"), b"highest", 2)
    (highest,) = await robot.take(1)
    assert (highest.payload, highest.qos) == (b"highest", broker.max_qos_out)


async def test_messages_to_one_subscriber_keep_their_order(broker: Target) -> None:
    """[MQTT-4.6.0-6] [MQTT-2.3.1-2]: QoS 1 messages of one topic arrive in the order published, each in-flight
    message with its own non-zero packet id."""
    robot, _ = await broker.robot()
    await robot.subscribe((broker.down("cmd"), 1))
    sent = [f"n{n}".encode() for n in range(20)]
    for payload in sent:
        await broker.inject(broker.down("cmd"), payload)
    got = [await robot.received() for _ in sent]
    assert [m.payload for m in got] == sent
    assert 0 not in {m.packet_id for m in got} and len({m.packet_id for m in got}) == len(sent)


async def test_overlapping_subscriptions_deliver_at_the_highest_granted_qos(broker: Target) -> None:
    """[MQTT-3.3.5-1]: a message matching two of a client's subscriptions is delivered (once or once per
    subscription) and at least one copy at the highest QoS of the matching subscriptions."""
    robot, _ = await broker.robot()
    await robot.subscribe((broker.down("x/#"), 1), (broker.down("x/+"), 0))
    await broker.inject(broker.down("x/y"), b"both match")
    await broker.inject(broker.down("x/y/marker"), b"marker")
    got: list[Publish] = []
    while not got or got[-1].payload != b"marker":
        got.extend(await robot.take(1))
    copies = [m for m in got if m.payload == b"both match"]
    assert len(copies) in (1, 2)
    if broker.overlap_at_highest_qos:  # Mosquitto 2.0 sends one copy at the QoS of one of them (documented)
        assert max(m.qos for m in copies) == 1


async def test_after_unsubscribing_no_more_messages_of_that_filter_arrive(broker: Target) -> None:
    """[MQTT-3.10.4-1] [MQTT-3.10.4-4] [MQTT-3.10.4-5]: UNSUBACK with the packet id; the filter's messages stop,
    the other subscriptions go on."""
    robot, _ = await broker.robot()
    await robot.subscribe((broker.down("a"), 1), (broker.down("b"), 1))
    await robot.unsubscribe(broker.down("a"))
    await robot.unsubscribe(broker.down("never-subscribed"))  # still answered
    await broker.inject(broker.down("a"), b"unsubscribed")
    await broker.inject(broker.down("b"), b"still subscribed")
    assert (await robot.received()).payload == b"still subscribed"
