"""The embedded broker against an attacker and a broken robot: nobody disturbs another's session or reads
another's messages, every bound holds, and a bad connection ends only itself."""

import asyncio
import contextlib
from collections.abc import Callable

import aiomqtt
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cleanfleet.gateway.broker import Limits
from cleanfleet.gateway.mqtt import connect_packet, packet, subscribe_packet
from tests.gateway.broker_kit import (
    SECRET,
    RawClient,
    anonymous_sign_ins_refused,
    owner,  # noqa: F401  (a fixture)
    publish_packet,
    robot_still_heard,
    running_broker,
    unsubscribe_packet,
)
from tests.gateway.helpers import heartbeat, topic, wait_until

REFUSED_SIGN_INS = [
    dict(username=None, password=None),  # anonymous
    dict(username="", password=""),
    dict(username="cleanfleet-gateway", password="guess"),
]


async def commands_received(robot: aiomqtt.Client, count: int) -> list[bytes]:
    got: list[bytes] = []
    async with asyncio.timeout(10):
        async for message in robot.messages:
            got.append(bytes(message.payload))
            if len(got) == count:
                return got
    return got


@pytest.mark.parametrize("credentials", REFUSED_SIGN_INS)
async def test_a_refused_sign_in_with_a_robots_client_id_changes_nothing(app, db, owner, credentials):  # noqa: F811
    async with running_broker(app, db, owner) as under:
        sn = under.serials[0]
        async with under.robot(sn, clean_session=False) as robot:
            await robot.subscribe(f"cf/{sn}/down/cmd", qos=1)
            for clean_session in (True, False):
                intruder = await RawClient.open(under.port)
                try:
                    answer = await intruder.sign_in(sn, clean_session=clean_session, **credentials)
                    assert answer[:2] == b"\x20\x02" and answer[3] in (4, 5)
                    assert await intruder.closed_by_broker()
                finally:
                    intruder.close()
            await under.broker.publish(f"cf/{sn}/down/cmd", b"still yours", qos=1)
            assert await commands_received(robot, 1) == [b"still yours"]
            await robot.publish(topic(sn, "heartbeat"), b"still heard", qos=1)
        await wait_until(lambda: b"still heard" in under.recorder.payloads(topic(sn, "heartbeat")), 10, "heartbeat")


async def test_no_client_id_reaches_the_in_process_gateway(app, db, owner):  # noqa: F811
    """The gateway has no connection: its old well-known client id is just a refused stranger."""
    async with running_broker(app, db, owner) as under:
        await anonymous_sign_ins_refused(under.port, ("cleanfleet-gateway", "gateway", "", "$SYS"))
        await robot_still_heard(under, under.serials[0], heartbeat(under.serials[0]))


async def test_retained_messages_of_one_robot_never_reach_another(app, db, owner):  # noqa: F811
    async with running_broker(app, db, owner) as under:
        first, second = under.serials[0], under.serials[1]
        async with under.robot(first) as robot:
            await robot.publish(topic(first, "status"), b'{"online":true,"relayPort":29001}', qos=1, retain=True)
        await under.broker.publish(f"cf/{first}/down/cmd", b"first's command", qos=1, retain=True)
        async with under.robot(second) as robot:
            refused = [f"cf/{first}/down/#", "cf/+/down/#", "cf/+/up/#", "#", "cf/#", f"cf/{first}/#", "+/+/+/+",
                       f"cf/{second}/#", f"cf/{second}/+/cmd"]
            for topic_filter in refused:
                (granted,) = await robot.subscribe(topic_filter, qos=1)
                assert int(getattr(granted, "value", granted)) == 0x80, topic_filter
            await robot.subscribe(f"cf/{second}/down/#", qos=1)
            await under.broker.publish(f"cf/{second}/down/cmd", b"second's own", qos=1)
            assert await commands_received(robot, 1) == [b"second's own"]


async def test_a_subscription_flood_is_bounded_and_delivery_to_others_goes_on(app, db, owner):  # noqa: F811
    limits = Limits(max_subscriptions=32)
    async with running_broker(app, db, owner, limits=limits) as under:
        flooder, other = under.serials[0], under.serials[1]
        flood = await RawClient.open(under.port)
        await flood.sign_in(flooder, username=flooder, password=SECRET)
        filters = [(f"cf/{flooder}/down/f{i}", 1) for i in range(100)]
        await flood.send(subscribe_packet(1, filters))
        codes = (await flood.packet())[4:]
        assert list(codes) == [1] * 32 + [0x80] * 68
        async with under.robot(other) as robot:
            await robot.subscribe(f"cf/{other}/down/cmd", qos=1)

            async def churn() -> None:  # subscriptions change while messages are routed
                for n in range(200):
                    changing = f"cf/{flooder}/down/f{n % 40}"
                    await flood.send(unsubscribe_packet(n + 2, [changing]))
                    await flood.send(subscribe_packet(n + 1000, [(changing, 1)]))

            churning = asyncio.create_task(churn())
            for n in range(50):
                await under.broker.publish(f"cf/{other}/down/cmd", f"c{n}".encode(), qos=1)
                await under.broker.publish(f"cf/{flooder}/down/f{n % 40}", b"x", qos=0)
            assert await commands_received(robot, 50) == [f"c{n}".encode() for n in range(50)]
            await churning
        flood.close()
        await robot_still_heard(under, other, heartbeat(other))


MALFORMED = {
    "garbage before CONNECT": b"\x00\x01\x02\x03\x04\x05",
    "a PUBLISH before CONNECT": publish_packet("cf/x/up/heartbeat", b"{}"),
    "remaining length of five bytes": b"\x10\xff\xff\xff\xff\x7f",
    "CONNECT with a reserved flag": packet(1, 0, b"\x00\x04MQTT\x04\x03\x00\x1e\x00\x01a"),
    "CONNECT cut short": packet(1, 0, b"\x00\x04MQTT\x04"),
    "CONNECT with a string longer than the packet": packet(1, 0, b"\x00\x04MQTT\x04\x02\x00\x1e\xff\xffab"),
    "CONNECT with bad UTF-8": packet(1, 0, b"\x00\x04MQTT\x04\x02\x00\x1e\x00\x02\xff\xfe"),
    "CONNECT with a password but no user name": packet(1, 0, b"\x00\x04MQTT\x04\x42\x00\x1e\x00\x01a\x00\x01p"),
}
MALFORMED_AFTER_SIGN_IN: dict[str, Callable[[str], bytes]] = {  # by the robot's serial number
    "PUBLISH at QoS 3": lambda sn: packet(3, 0x06, b"\x00\x03a/b\x00\x01x"),
    "PUBLISH with packet id 0": lambda sn: publish_packet(topic(sn, "heartbeat"), b"{}", qos=1, packet_id=0),
    "PUBLISH to a wildcard topic": lambda sn: publish_packet(f"cf/{sn}/up/#", b"{}"),
    "SUBSCRIBE with wrong flags": lambda sn: packet(8, 0, b"\x00\x01\x00\x03a/b\x01"),
    "SUBSCRIBE without filters": lambda sn: packet(8, 2, b"\x00\x01"),
    "SUBSCRIBE with QoS 3": lambda sn: packet(8, 2, b"\x00\x01\x00\x03a/b\x03"),
    "a second CONNECT": lambda sn: connect_packet(sn, clean_session=True, keepalive=30, username=sn, password=SECRET),
    "a reserved packet type": lambda sn: packet(15, 0, b""),
    "PUBREC from a client": lambda sn: packet(5, 0, b"\x00\x01"),
    "PUBACK of the wrong size": lambda sn: packet(4, 0, b"\x00\x01\x00"),
    "a packet over the size limit": lambda sn: b"\x30\xff\xff\xff\x7f",
}


@pytest.mark.parametrize("name", list(MALFORMED) + list(MALFORMED_AFTER_SIGN_IN))
async def test_a_malformed_packet_closes_only_its_own_connection(app, db, owner, name):  # noqa: F811
    async with running_broker(app, db, owner, limits=Limits(max_packet=64 * 1024)) as under:
        sn, other = under.serials[0], under.serials[1]
        async with under.robot(other, clean_session=False) as bystander:
            await bystander.subscribe(f"cf/{other}/down/cmd", qos=1)
            bad = await RawClient.open(under.port)
            try:
                if name in MALFORMED:
                    await bad.send(MALFORMED[name])
                else:
                    assert (await bad.sign_in(sn, username=sn, password=SECRET))[3] == 0
                    await bad.send(MALFORMED_AFTER_SIGN_IN[name](sn))
                assert await bad.closed_by_broker()
            finally:
                bad.close()
            await under.broker.publish(f"cf/{other}/down/cmd", b"unharmed", qos=1)
            assert await commands_received(bystander, 1) == [b"unharmed"]
        await robot_still_heard(under, sn, heartbeat(sn))


async def test_an_oversized_packet_is_refused_before_it_is_read(app, db, owner):  # noqa: F811
    async with running_broker(app, db, owner, limits=Limits(max_packet=1024)) as under:
        sn = under.serials[0]
        raw = await RawClient.open(under.port)
        try:
            await raw.sign_in(sn, username=sn, password=SECRET)
            big = publish_packet(topic(sn, "heartbeat"), b"x" * 2048, qos=0)
            with contextlib.suppress(ConnectionError):
                await raw.send(big[:600])  # the header says 2 KB: the broker does not wait for the rest
            assert await raw.closed_by_broker()
        finally:
            raw.close()
        assert under.recorder.messages == []
        await robot_still_heard(under, sn, heartbeat(sn))


async def test_a_connection_without_a_timely_connect_is_closed(app, db, owner):  # noqa: F811
    async with running_broker(app, db, owner, limits=Limits(connect_seconds=0.5)) as under:
        silent, trickling = await RawClient.open(under.port), await RawClient.open(under.port)
        try:
            await trickling.send(b"\x10")  # one byte of a CONNECT, then nothing (slow-loris)
            assert await silent.closed_by_broker()
            assert await trickling.closed_by_broker()
        finally:
            silent.close()
            trickling.close()
        await robot_still_heard(under, under.serials[0], heartbeat(under.serials[0]))


async def test_connections_beyond_the_limit_are_closed(app, db, owner):  # noqa: F811
    async with running_broker(app, db, owner, limits=Limits(max_connections=3)) as under:
        held = [await RawClient.open(under.port) for _ in range(3)]
        extra = await RawClient.open(under.port)
        try:
            assert await extra.closed_by_broker()
        finally:
            for client in [*held, extra]:
                client.close()
        sn = under.serials[0]

        async def signs_in() -> bool:  # once the broker has seen the held connections go
            client = await RawClient.open(under.port)
            try:
                return (await client.sign_in(sn, username=sn, password=SECRET))[3] == 0
            except (ConnectionError, asyncio.IncompleteReadError):
                return False
            finally:
                client.close()

        await wait_until(signs_in, 10, "a connection below the limit again")
        await robot_still_heard(under, sn, heartbeat(sn))


async def test_messages_for_an_absent_robot_are_bounded(app, db, owner):  # noqa: F811
    async with running_broker(app, db, owner, limits=Limits(max_inflight=4, max_queued=10)) as under:
        sn = under.serials[0]
        async with under.robot(sn, clean_session=False) as robot:
            await robot.subscribe(f"cf/{sn}/down/cmd", qos=1)
        for n in range(100):
            await under.broker.publish(f"cf/{sn}/down/cmd", f"c{n}".encode(), qos=1)
        raw = await RawClient.open(under.port)
        try:
            assert await raw.sign_in(sn, username=sn, password=SECRET, clean_session=False) == b"\x20\x02\x01\x00"
            first = [await raw.packet() for _ in range(4)]  # in flight: the oldest kept
            assert [p[-2:] for p in first] == [b"c0", b"c1", b"c2", b"c3"]
            await raw.send(packet(12, 0, b""))
            assert await raw.packet() == b"\xd0\x00"  # nothing more until acknowledged
        finally:
            raw.close()


async def test_a_robot_that_never_reads_is_disconnected_not_buffered(app, db, owner):  # noqa: F811
    limits = Limits(max_write_buffer=64 * 1024, max_inflight=1000, max_queued=1000)
    async with running_broker(app, db, owner, limits=limits) as under:
        sn = under.serials[0]
        raw = await RawClient.open(under.port)
        try:
            await raw.sign_in(sn, username=sn, password=SECRET)
            await raw.send(subscribe_packet(1, [(f"cf/{sn}/down/cmd", 0)]))
            await raw.packet()
            big = b"x" * 60_000
            for _ in range(200):  # ~12 MB the robot does not read
                await under.broker.publish(f"cf/{sn}/down/cmd", big, qos=0)
            assert await raw.closed_by_broker(20)
        finally:
            raw.close()
        await robot_still_heard(under, sn, heartbeat(sn))


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(noise=st.lists(st.binary(min_size=1, max_size=64), min_size=1, max_size=6))
async def test_any_bytes_after_a_sign_in_leave_other_robots_working(app, db, owner, noise):  # noqa: F811
    async with running_broker(app, db, owner, robots=2) as under:
        sn, other = under.serials
        raw = await RawClient.open(under.port)
        try:
            await raw.sign_in(sn, username=sn, password=SECRET)
            for chunk in noise:
                with contextlib.suppress(ConnectionError):
                    await raw.send(chunk)
        finally:
            raw.close()
        await robot_still_heard(under, other, heartbeat(other))
