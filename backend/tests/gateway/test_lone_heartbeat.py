"""A lone QoS 1 heartbeat skips the broker's packet loop (issue 52 item 5): ``wire.lone_publish`` takes exactly what
the loop would read as one QoS 1 PUBLISH (neither a resend nor retained) and nothing else, and the robot sees the same
broker either way: its PUBACKs in order, every message handed over once, a held acknowledgement still held."""

import asyncio

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cleanfleet.gateway import wire
from cleanfleet.gateway.broker.topics import Matches, SubscriptionTree
from cleanfleet.gateway.mqtt import PINGREQ, PUBACK, packet
from tests.gateway.broker_kit import (
    SECRET,
    RawClient,
    owner,  # noqa: F401  (a fixture)
    publish_packet,
    running_broker,
)
from tests.gateway.helpers import heartbeat, topic, wait_until

MAX = 256 * 1024


def looped(data: bytes, max_size: int) -> tuple[bytes, bytes, bytes] | None:
    """What the packet loop reads from ``data``, put as ``lone_publish`` answers it (None: not a lone heartbeat)."""
    try:
        found = wire.next_packet(bytearray(data), 0, max_size)
        if found is None or found[2] != len(data) or found[0] != 0x32:
            return None
        message = wire.parse_publish(found[0], found[1])
    except wire.ProtocolError:
        return None
    return message.topic.encode(), message.packet_id.to_bytes(2, "big"), message.payload


def text(name: bytes) -> bool:
    try:
        return "\x00" not in name.decode()
    except UnicodeDecodeError:
        return False


@pytest.mark.database_free
@settings(max_examples=400, deadline=None)
@given(first=st.sampled_from([0x30, 0x32, 0x33, 0x34, 0x3A, 0x40, 0x10]),
       name=st.binary(max_size=40) | st.text(max_size=40).map(str.encode), packet_id=st.integers(0, 3),
       payload=st.binary(max_size=300),
       cut=st.integers(-3, 3), max_size=st.sampled_from([MAX, 120]))
def test_a_lone_publish_is_taken_exactly_when_the_loop_reads_one_qos_1_publish(first, name, packet_id, payload, cut,
                                                                               max_size):
    whole = packet(first >> 4, first & 0x0F, len(name).to_bytes(2, "big") + name + packet_id.to_bytes(2, "big")
                   + payload)
    data = whole[:cut] if cut < 0 else whole + bytes(cut)  # cut short, whole, or with the next packet's bytes after it
    lone = wire.lone_publish(data, max_size)
    expected = looped(data, max_size)
    if expected is not None:
        assert lone == expected
    elif lone is not None:  # only a name the loop refuses (no UTF-8, or U+0000): no topic a robot was let publish to
        assert not text(lone[0])


@pytest.mark.database_free
def test_a_kept_plan_goes_with_the_subscribers_it_was_made_from():
    tree = SubscriptionTree()
    matches = Matches(tree, 100)
    made: list[str] = []

    def make(topic: str, subscribers: dict) -> int:
        made.append(topic)
        return len(subscribers)

    tree.add("cf/+/up/heartbeat", "gateway", 0)
    heartbeats = "cf/SN1/up/heartbeat"
    assert [matches.plan(heartbeats, make) for _ in range(3)] == [1, 1, 1] and made == [heartbeats]
    tree.add("cf/SN1/up/heartbeat", "another", 0)
    matches.changed("cf/SN1/up/heartbeat")
    assert matches.plan(heartbeats, make) == 2 and made == [heartbeats] * 2
    tree.add("cf/+/up/#", "a third", 0)
    matches.changed("cf/+/up/#")
    assert matches.plan(heartbeats, make) == 3


async def test_heartbeats_one_at_a_time_are_answered_in_order_and_each_handed_over_once(app, db, owner,  # noqa: F811
                                                                                      monkeypatch):
    looped_publishes = []
    parse = wire.parse_publish
    monkeypatch.setattr(wire, "parse_publish", lambda first, body: looped_publishes.append(1) or parse(first, body))
    async with running_broker(app, db, owner, filters=[("cf/+/up/heartbeat", 0), ("cf/+/up/alarm", 1)]) as under:
        sn = under.serials[0]
        raw = await RawClient.open(under.port)
        try:
            await raw.sign_in(sn, username=sn, password=SECRET)
            sent = [heartbeat(sn, battery=packet_id) for packet_id in range(1, 21)]
            for packet_id, body in enumerate(sent, 1):
                await raw.send(publish_packet(topic(sn, "heartbeat"), body, 1, packet_id))
                assert await raw.packet() == packet(PUBACK, 0, packet_id.to_bytes(2, "big"))
            await wait_until(lambda: len(under.recorder.messages) == 20, 10, "the 20 heartbeats")
            assert under.recorder.payloads(topic(sn, "heartbeat")) == sent
            assert len(looped_publishes) == 1  # only the first: the topic is checked once, then it is known
            # an alarm (taken at QoS 1) held by the subscriber: the heartbeat after it waits for its PUBACK in order
            under.recorder.hold = True
            await raw.send(publish_packet(topic(sn, "alarm"), b"a", 1, 30))
            await raw.send(publish_packet(topic(sn, "heartbeat"), heartbeat(sn, battery=31), 1, 31))
            await wait_until(lambda: len(under.recorder.messages) == 22, 10, "the alarm and the heartbeat")
            await raw.send(packet(PINGREQ, 0, b""))
            assert await raw.packet() == b"\xd0\x00"  # nothing went out before the PINGRESP
            under.recorder.acks.pop()()
            assert [await raw.packet(), await raw.packet()] == [packet(PUBACK, 0, b"\x00\x1e"),
                                                                packet(PUBACK, 0, b"\x00\x1f")]
        finally:
            raw.close()


async def test_a_held_heartbeat_subscriber_holds_every_lone_heartbeat(app, db, owner):  # noqa: F811
    async with running_broker(app, db, owner, filters=[("cf/+/up/heartbeat", 1)]) as under:
        sn = under.serials[0]
        raw = await RawClient.open(under.port)
        try:
            await raw.sign_in(sn, username=sn, password=SECRET)
            await raw.send(publish_packet(topic(sn, "heartbeat"), heartbeat(sn, battery=1), 1, 1))
            assert await raw.packet() == packet(PUBACK, 0, b"\x00\x01")
            under.recorder.hold = True
            for packet_id in (2, 3):
                await raw.send(publish_packet(topic(sn, "heartbeat"), heartbeat(sn, battery=packet_id), 1, packet_id))
            await wait_until(lambda: len(under.recorder.acks) == 2, 10, "both heartbeats handed over")
            await raw.send(packet(PINGREQ, 0, b""))
            assert await raw.packet() == b"\xd0\x00"
            for ack in under.recorder.acks:
                ack()
            assert [await raw.packet(), await raw.packet()] == [packet(PUBACK, 0, b"\x00\x02"),
                                                                packet(PUBACK, 0, b"\x00\x03")]
        finally:
            raw.close()


async def test_a_foreign_topic_stays_dropped_however_often_it_comes(app, db, owner):  # noqa: F811
    async with running_broker(app, db, owner) as under:
        sn, other = under.serials[0], under.serials[1]
        raw = await RawClient.open(under.port)
        try:
            await raw.sign_in(sn, username=sn, password=SECRET)
            for packet_id in (1, 2, 3):
                body = heartbeat(other, battery=packet_id)
                await raw.send(publish_packet(topic(other, "heartbeat"), body, 1, packet_id))
                assert await raw.packet() == packet(PUBACK, 0, packet_id.to_bytes(2, "big"))
            await raw.send(publish_packet(topic(sn, "heartbeat"), heartbeat(sn, battery=4), 1, 4))
            assert await raw.packet() == packet(PUBACK, 0, b"\x00\x04")
            await wait_until(lambda: bool(under.recorder.messages), 10, "the robot's own heartbeat")
            await asyncio.sleep(0)
            assert under.recorder.topics() == [topic(sn, "heartbeat")]
        finally:
            raw.close()
