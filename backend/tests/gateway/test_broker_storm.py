"""The embedded broker under a reconnect storm (issue 52 item 8): silent and half-open sockets keep no robot out, a
sign-in whose client gave up takes over nobody's session, the subscribers kept per topic follow every subscription
(a storm of robots subscribing forgets only their own topics), and the sign-ins' records are written together."""

import asyncio

from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import select, update

from cleanfleet.devices.models import Device, DeviceState
from cleanfleet.gateway.broker import EmbeddedBroker, Limits
from cleanfleet.gateway.broker.topics import Matches, SubscriptionTree
from cleanfleet.gateway.mqtt import connect_packet, packet
from cleanfleet.passwordrobots.service import PASSWORD, PasswordPolicy
from cleanfleet.users.models import User
from tests.gateway.broker_kit import (
    SECRET,
    RawClient,
    Recorder,
    owner,  # noqa: F401  (a fixture)
    publish_packet,
    robot_still_heard,
    running_broker,
)
from tests.gateway.helpers import heartbeat, robot_device, unique_prefix, wait_until


async def test_half_open_sockets_keep_no_robot_out(app, db, owner):  # noqa: F811
    """Sixty sockets that never send their CONNECT (a half-open crowd, or an attacker's) against a broker that lets
    five wait at a time and holds twelve connections: the stale ones are closed as new ones come, and a robot still
    signs in, publishes and is heard."""
    limits = Limits(max_connections=12, max_awaiting_connect=5, stale_connect_seconds=0.0, connect_seconds=60)
    async with running_broker(app, db, owner, limits=limits) as under:
        silent = [await RawClient.open(under.port) for _ in range(60)]
        try:
            await robot_still_heard(under, under.serials[0], heartbeat(under.serials[0]))
            closed = await asyncio.gather(*(client.closed_by_broker(5) for client in silent[:50]),
                                          return_exceptions=True)
            assert sum(result is True for result in closed) >= 45  # all but the last few waiting
            assert len(under.broker.connections) <= 12
        finally:
            for client in silent:
                client.close()
        await robot_still_heard(under, under.serials[1], heartbeat(under.serials[1]))


async def test_a_half_sent_connect_is_closed_at_its_deadline_and_a_robot_signs_in_meanwhile(app, db, owner):  # noqa: F811
    async with running_broker(app, db, owner, limits=Limits(connect_seconds=0.5)) as under:
        trickling = [await RawClient.open(under.port) for _ in range(20)]
        try:
            for client in trickling:
                await client.send(b"\x10\x20\x00\x04MQ")  # the start of a CONNECT, then nothing
            await robot_still_heard(under, under.serials[0], heartbeat(under.serials[0]))
            assert all(await asyncio.gather(*(client.closed_by_broker() for client in trickling)))
        finally:
            for client in trickling:
                client.close()


async def test_a_sign_in_whose_client_gave_up_takes_over_no_session(app, db, owner):  # noqa: F811
    """A storm: a robot's first try waits for its check, the robot gives up and signs in again at once. When the first
    try's check ends, it must not take the session over from the second (which would cut the robot again)."""
    sn = f"{unique_prefix()}0"
    await robot_device(db, owner, sn, secret=SECRET)
    gate, waiting = asyncio.Event(), asyncio.Event()

    async def slow_first_check(serial_number: str, secret: str) -> bool:
        if not waiting.is_set():
            waiting.set()
            await gate.wait()
        return secret == SECRET

    broker = EmbeddedBroker("127.0.0.1:0", slow_first_check)
    recorder = Recorder()
    broker.attach("recorder", [("cf/+/up/#", 1)], recorder.handle)
    await broker.start()
    first, second = await RawClient.open(broker.port), await RawClient.open(broker.port)
    try:
        await first.send(connect_packet(sn, clean_session=False, keepalive=30, username=sn, password=SECRET))
        await asyncio.wait_for(waiting.wait(), 10)
        first.close()  # gave up waiting
        assert await second.sign_in(sn, username=sn, password=SECRET, clean_session=False) == b"\x20\x02\x00\x00"
        gate.set()  # the first try's check ends
        await wait_until(lambda: len(broker.connections) == 1, 10, "the first try's connection ended")
        await second.send(packet(12, 0, b""))  # PINGREQ: the second try is still served
        assert await second.packet() == b"\xd0\x00"
        await second.send(publish_packet(f"cf/{sn}/up/heartbeat", b"still in", qos=1))
        assert await second.packet() == b"\x40\x02\x00\x01"  # PUBACK
        assert b"still in" in recorder.payloads(f"cf/{sn}/up/heartbeat")
    finally:
        first.close()
        second.close()
        await broker.stop()


FILTERS = ["cf/+/up/heartbeat", "cf/+/up/#", "cf/A1/down/cmd", "cf/A1/down/#", "cf/B2/down/cmd", "#", "cf/+/down/+",
           "cf/A1/up/status", "$SYS/#"]
TOPICS = ["cf/A1/up/heartbeat", "cf/A1/up/status", "cf/B2/up/heartbeat", "cf/A1/down/cmd", "cf/B2/down/cmd",
          "cf/B2/down/ota", "$SYS/load"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.sampled_from(FILTERS), st.integers(0, 3)), max_size=30))
def test_the_subscribers_kept_per_topic_are_the_trees_after_any_changes(changes: list[tuple[bool, str, int]]) -> None:
    tree = SubscriptionTree()
    kept = Matches(tree, kept=5)  # small: forgetting everything when full is exercised too
    for subscribe, topic_filter, who in changes:
        for topic in TOPICS:
            kept.get(topic)  # answers kept before the change
        if subscribe:
            tree.add(topic_filter, f"session-{who}", who % 2)
        else:
            tree.remove(topic_filter, f"session-{who}")
        kept.changed(topic_filter)
        for topic in TOPICS:
            assert kept.get(topic) == tree.match(topic), (topic, changes)


async def test_many_sign_ins_are_recorded_together_as_by_password(app, db, owner):  # noqa: F811
    prefix = unique_prefix()
    devices = [await robot_device(db, owner, f"{prefix}{i}") for i in range(30)]
    policy = PasswordPolicy(app.state.db)
    for device in devices:
        policy.note(device.serial_number, PASSWORD)

    async def all_recorded() -> bool:
        async with app.state.db.sessions() as session:
            methods = (await session.scalars(select(DeviceState.broker_auth).join(Device)
                                             .where(Device.serial_number.startswith(prefix)))).all()
        return sorted(methods) == [PASSWORD] * len(devices)

    await wait_until(all_recorded, 15, "every robot recorded as signed in by password")


async def test_a_switch_turned_off_reaches_the_sign_ins_without_one_waiting_for_it(app, db, make_user):
    dealer, _ = await make_user(2)
    policy = PasswordPolicy(app.state.db)
    assert await policy.allows(dealer.path)
    async with app.state.db.sessions() as session:
        await session.execute(update(User).where(User.id == dealer.id).values(password_robots=False))
        await session.commit()
    policy._read_at -= 3.0  # older than half its age: the next sign-in reads again in the background
    assert await policy.allows(dealer.path)  # answered from what was read, at once

    async def refused() -> bool:
        return not await policy.allows(dealer.path)

    await wait_until(refused, 10, "the switch read again")
