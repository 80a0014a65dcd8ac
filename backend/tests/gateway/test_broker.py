"""The embedded broker speaks MQTT 3.1.1 as robots (paho, through aiomqtt) and the gateway need it."""

import asyncio
from typing import Any

import aiomqtt
import pytest

from cleanfleet.gateway.broker import EmbeddedBroker, Limits
from cleanfleet.gateway.mqtt import PINGREQ, PUBACK, connect_packet, packet
from cleanfleet.gateway.wire import parse_publish
from tests.gateway.broker_kit import (
    SECRET,
    RawClient,
    device_check,
    owner,  # noqa: F401  (a fixture)
    publish_packet,
    running_broker,
)
from tests.gateway.helpers import heartbeat, topic, wait_until

PINGRESP_BYTES = b"\xd0\x00"


def puback(packet_id: int) -> bytes:
    return packet(PUBACK, 0, packet_id.to_bytes(2, "big"))


async def next_message(robot: Any) -> Any:
    """The next message the robot's client receives (within 10 s)."""
    async with asyncio.timeout(10):
        async for message in robot.messages:
            return message
    raise AssertionError("no message")


def will_connect(sn: str, *, keepalive: int = 30, clean_session: bool = True) -> bytes:
    """CONNECT of a robot with a retained QoS 1 will on its status topic (as the simulator's)."""
    from cleanfleet.gateway.mqtt import _string

    flags = 0x80 | 0x40 | 0x04 | 0x08 | 0x20 | (0x02 if clean_session else 0)
    body = (_string("MQTT") + bytes([4, flags]) + keepalive.to_bytes(2, "big") + _string(sn)
            + _string(topic(sn, "status")) + _string('{"online":false}') + _string(sn) + _string(SECRET))
    return packet(1, 0, body)


async def test_a_robot_signs_in_only_as_itself_with_its_secret(app, db, owner):  # noqa: F811
    async with running_broker(app, db, owner) as under:
        sn, other = under.serials[0], under.serials[1]
        refused = [dict(identifier=sn, username=sn, password="wrong"),
                   dict(identifier="someone", username=sn, password=SECRET),
                   dict(identifier=other, username=sn, password=SECRET),
                   dict(identifier=f"{sn}x", username=f"{sn}x", password=SECRET),
                   dict(identifier=sn)]
        for options in refused:
            with pytest.raises(aiomqtt.MqttError):
                async with aiomqtt.Client("127.0.0.1", under.port, timeout=5, **options):
                    pass
        async with under.robot(sn) as robot:
            await robot.publish(topic(sn, "heartbeat"), heartbeat(sn), qos=1)
        await wait_until(lambda: under.recorder.topics() == [topic(sn, "heartbeat")], 10, "the heartbeat")


async def test_a_robot_publishes_only_on_its_own_up_topics(app, db, owner):  # noqa: F811
    async with running_broker(app, db, owner) as under:
        sn, other = under.serials[0], under.serials[1]
        async with under.robot(sn) as robot:
            for foreign in (topic(other, "alarm"), f"cf/{sn}/down/cmd", "cf", f"cf/{sn}/up", "elsewhere/x"):
                await robot.publish(foreign, b"{}", qos=1)  # acknowledged and dropped
            await robot.publish(topic(sn, "alarm"), b"mine", qos=1)
        await wait_until(lambda: bool(under.recorder.messages), 10, "the robot's own alarm")
        assert under.recorder.messages == [(topic(sn, "alarm"), b"mine", 1)]


async def test_a_robot_gets_its_acknowledgement_only_after_the_gateway_acknowledged(app, db, owner):  # noqa: F811
    async with running_broker(app, db, owner, filters=[("cf/+/up/heartbeat", 0), ("cf/+/up/alarm", 1)]) as under:
        under.recorder.hold = True
        sn = under.serials[0]
        raw = await RawClient.open(under.port)
        try:
            assert await raw.sign_in(sn, username=sn, password=SECRET) == b"\x20\x02\x00\x00"
            await raw.send(publish_packet(topic(sn, "alarm"), b"a1", qos=1, packet_id=1))
            await raw.send(publish_packet(topic(sn, "heartbeat"), b"h2", qos=1, packet_id=2))
            await wait_until(lambda: len(under.recorder.messages) == 2, 10, "both messages handed over")
            await raw.send(packet(PINGREQ, 0, b""))
            # the heartbeat (taken at QoS 0) is handled, but its PUBACK waits behind the alarm's (in order)
            assert await raw.packet() == PINGRESP_BYTES
            (ack,) = under.recorder.acks
            ack()
            assert [await raw.packet(), await raw.packet()] == [puback(1), puback(2)]
        finally:
            raw.close()


async def test_qos_2_is_handed_over_once_and_completed(app, db, owner):  # noqa: F811
    async with running_broker(app, db, owner) as under:
        sn = under.serials[0]
        raw = await RawClient.open(under.port)
        try:
            await raw.sign_in(sn, username=sn, password=SECRET)
            await raw.send(publish_packet(topic(sn, "report"), b"r1", qos=2, packet_id=9))
            assert await raw.packet() == packet(5, 0, b"\x00\x09")  # PUBREC
            await raw.send(publish_packet(topic(sn, "report"), b"r1", qos=2, packet_id=9, dup=True))
            assert await raw.packet() == packet(5, 0, b"\x00\x09")  # the resend is not handed over again
            await raw.send(packet(6, 2, b"\x00\x09"))  # PUBREL
            assert await raw.packet() == packet(7, 0, b"\x00\x09")  # PUBCOMP
        finally:
            raw.close()
        async with under.robot(sn) as robot:
            await robot.publish(topic(sn, "report"), b"r2", qos=2)
        await wait_until(lambda: len(under.recorder.messages) == 2, 10, "the second report")
        assert under.recorder.messages == [(topic(sn, "report"), b"r1", 1), (topic(sn, "report"), b"r2", 1)]


async def test_commands_reach_the_robot_at_the_lower_qos_and_qos_2_goes_out_as_1(app, db, owner):  # noqa: F811
    async with running_broker(app, db, owner) as under:
        sn = under.serials[0]
        got: list[tuple[bytes, int]] = []
        async with under.robot(sn) as robot:
            await robot.subscribe(f"cf/{sn}/down/+", qos=2)
            await robot.subscribe(f"cf/{sn}/down/low", qos=0)
            await under.broker.publish(f"cf/{sn}/down/cmd", b"c2", qos=2)
            await under.broker.publish(f"cf/{sn}/down/cmd", b"c0", qos=0)
            await under.broker.publish(f"cf/{under.serials[1]}/down/cmd", b"not yours", qos=1)
            async with asyncio.timeout(10):
                async for message in robot.messages:
                    got.append((message.payload, message.qos))
                    if len(got) == 2:
                        break
        assert got == [(b"c2", 1), (b"c0", 0)]


async def test_a_persistent_session_gets_unacknowledged_messages_again_with_dup(app, db, owner):  # noqa: F811
    async with running_broker(app, db, owner) as under:
        sn = under.serials[0]
        raw = await RawClient.open(under.port)
        await raw.sign_in(sn, username=sn, password=SECRET, clean_session=False)
        await raw.send(packet(8, 2, b"\x00\x01" + b"\x00" + bytes([len(f"cf/{sn}/down/cmd")]) +
                              f"cf/{sn}/down/cmd".encode() + b"\x01"))
        assert (await raw.packet())[-1] == 1  # SUBACK granted QoS 1
        await under.broker.publish(f"cf/{sn}/down/cmd", b"go", qos=1)
        first = await raw.packet()
        raw.close()  # never acknowledged
        await under.broker.publish(f"cf/{sn}/down/cmd", b"while away", qos=1)
        again = await RawClient.open(under.port)
        try:
            assert await again.sign_in(sn, username=sn, password=SECRET, clean_session=False) == b"\x20\x02\x01\x00"
            resent, queued = await again.packet(), await again.packet()
            one, two = parse_publish(resent[0], resent[2:]), parse_publish(queued[0], queued[2:])
            assert resent[0] & 0x08 and one.payload == b"go"
            assert one.packet_id == parse_publish(first[0], first[2:]).packet_id
            assert two.payload == b"while away"
        finally:
            again.close()


async def test_retained_commands_reach_later_subscribers_until_cleared(app, db, owner):  # noqa: F811
    async with running_broker(app, db, owner) as under:
        sn = under.serials[0]
        command = f"cf/{sn}/down/config"
        await under.broker.publish(command, b"v1", qos=1, retain=True)

        async def first_message() -> tuple[bytes, bool]:
            async with under.robot(sn) as robot:
                await robot.subscribe(f"cf/{sn}/down/#", qos=1)
                await under.broker.publish(f"cf/{sn}/down/marker", b"marker", qos=1)
                message = await next_message(robot)
                return message.payload, message.retain

        assert await first_message() == (b"v1", True)
        await under.broker.publish(command, b"", qos=1, retain=True)  # an empty retained message clears it
        assert await first_message() == (b"marker", False)


async def test_a_silent_client_is_dropped_after_one_and_a_half_keepalives_and_its_will_goes_out(
        app, db, owner):  # noqa: F811
    async with running_broker(app, db, owner) as under:
        sn = under.serials[0]
        raw = await RawClient.open(under.port)
        try:
            assert await raw.sign_in(sn, username=None, password=None,
                                     connect=will_connect(sn, keepalive=1)) == b"\x20\x02\x00\x00"
            assert await raw.closed_by_broker(10)
        finally:
            raw.close()
        await wait_until(lambda: under.recorder.topics() == [topic(sn, "status")], 10, "the will")


async def test_a_goodbye_sends_no_will_and_a_second_sign_in_takes_over_with_the_will(app, db, owner):  # noqa: F811
    async with running_broker(app, db, owner) as under:
        sn = under.serials[0]
        first = await RawClient.open(under.port)
        await first.sign_in(sn, username=None, password=None, connect=will_connect(sn))
        await first.send(packet(14, 0, b""))  # DISCONNECT
        assert await first.closed_by_broker()
        first = await RawClient.open(under.port)
        await first.sign_in(sn, username=None, password=None, connect=will_connect(sn))
        second = await RawClient.open(under.port)
        try:
            assert await second.sign_in(sn, username=sn, password=SECRET) == b"\x20\x02\x00\x00"
            assert await first.closed_by_broker()
            await second.send(publish_packet(topic(sn, "status"), b"back", qos=1, packet_id=3))
            assert await second.packet() == puback(3)
        finally:
            first.close()
            second.close()
        assert under.recorder.payloads(topic(sn, "status")) == [b'{"online":false}', b"back"]


async def test_unsubscribed_topics_are_no_longer_delivered(app, db, owner):  # noqa: F811
    async with running_broker(app, db, owner) as under:
        sn = under.serials[0]
        async with under.robot(sn) as robot:
            await robot.subscribe(f"cf/{sn}/down/a", qos=1)
            await robot.subscribe(f"cf/{sn}/down/b", qos=1)
            await robot.unsubscribe(f"cf/{sn}/down/a")
            await under.broker.publish(f"cf/{sn}/down/a", b"a", qos=1)
            await under.broker.publish(f"cf/{sn}/down/b", b"b", qos=1)
            assert (await next_message(robot)).payload == b"b"


async def test_a_topic_routed_before_a_subscription_reaches_the_subscriber_after_it(app, db, owner):  # noqa: F811
    """The broker keeps each topic's subscribers between messages: a subscription made since is still seen."""
    async with running_broker(app, db, owner) as under:
        sn = under.serials[0]
        async with under.robot(sn) as robot:
            await under.broker.publish(f"cf/{sn}/down/a", b"before", qos=1)  # nobody subscribed yet: not kept
            await robot.subscribe(f"cf/{sn}/down/a", qos=1)
            await under.broker.publish(f"cf/{sn}/down/a", b"after", qos=1)
            assert (await next_message(robot)).payload == b"after"


async def test_packets_that_come_together_are_each_answered_in_order(app, db, owner):  # noqa: F811
    """A sign-in, messages and a ping in one write: each is handled, and the answers keep the packets' order
    (the gateway takes these at QoS 0, so each is answered as it is read)."""
    async with running_broker(app, db, owner, filters=[("cf/+/up/#", 0)]) as under:
        sn = under.serials[0]
        raw = await RawClient.open(under.port)
        try:
            beats = topic(sn, "heartbeat")
            together = connect_packet(sn, clean_session=True, keepalive=30, username=sn, password=SECRET) \
                + b"".join(publish_packet(beats, b"h%d" % n, qos=1, packet_id=n) for n in range(1, 6)) \
                + packet(PINGREQ, 0, b"")
            await raw.send(together)
            answers = [await raw.packet() for _ in range(7)]
            assert answers == [b"\x20\x02\x00\x00", *(puback(n) for n in range(1, 6)), PINGRESP_BYTES]
            await wait_until(lambda: len(under.recorder.messages) == 5, 10, "the five handed over")
            assert under.recorder.payloads(beats) == [b"h%d" % n for n in range(1, 6)]
        finally:
            raw.close()


async def test_a_client_over_its_unacknowledged_bound_is_read_again_once_acknowledged(app, db, owner):  # noqa: F811
    async with running_broker(app, db, owner, limits=Limits(max_unacked_in=3)) as under:
        under.recorder.hold = True
        sn = under.serials[0]
        raw = await RawClient.open(under.port)
        try:
            await raw.sign_in(sn, username=sn, password=SECRET)
            await raw.send(b"".join(publish_packet(topic(sn, "alarm"), b"a%d" % n, qos=1, packet_id=n)
                                    for n in range(1, 8)))
            await wait_until(lambda: len(under.recorder.messages) == 3, 10, "the first three handed over")
            await asyncio.sleep(0.2)
            assert len(under.recorder.messages) == 3  # the rest waits, unread
            while len(under.recorder.messages) < 7:
                acks, under.recorder.acks = under.recorder.acks, []
                for ack in acks:
                    ack()
                await wait_until(lambda: bool(under.recorder.acks), 10, "more handed over")
            for ack in under.recorder.acks:
                ack()
            assert [await raw.packet() for _ in range(7)] == [puback(n) for n in range(1, 8)]
            assert under.recorder.payloads(topic(sn, "alarm")) == [b"a%d" % n for n in range(1, 8)]
        finally:
            raw.close()


async def test_a_full_in_process_queue_holds_the_robot_back_and_loses_nothing(app, db, owner):  # noqa: F811
    """The gateway's queue is full: the robot's next message waits for room (its connection is not read
    meanwhile), then everything arrives in order and is acknowledged in order."""
    release = asyncio.Event()
    seen: list[bytes] = []

    async def slow(topic_name: str, payload: bytes, qos: int, ack: Any) -> None:
        await release.wait()
        seen.append(payload)
        if ack is not None:
            ack()

    async with running_broker(app, db, owner) as under:  # for the robots' records and their check
        sn = under.serials[0]
        broker = EmbeddedBroker("127.0.0.1:0", await device_check(app), Limits(local_queue=1))
        broker.attach("slow", [("cf/+/up/#", 1)], slow)
        await broker.start()
        raw = await RawClient.open(broker.port)
        try:
            await raw.sign_in(sn, username=sn, password=SECRET)
            await raw.send(b"".join(publish_packet(topic(sn, "alarm"), b"a%d" % n, qos=1, packet_id=n)
                                    for n in range(1, 6)))
            await raw.send(packet(PINGREQ, 0, b""))
            await asyncio.sleep(0.2)
            assert not seen
            release.set()
            assert [await raw.packet() for _ in range(6)] == [*(puback(n) for n in range(1, 6)), PINGRESP_BYTES]
            assert seen == [b"a%d" % n for n in range(1, 6)]
        finally:
            raw.close()
            await broker.stop()
