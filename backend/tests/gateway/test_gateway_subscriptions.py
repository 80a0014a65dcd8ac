"""A gateway on an external broker (Mosquitto) that lost its subscriptions notices and restores them: after
another connection took its client id over, and while its own connection stays up (found by its probe)."""

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator
from typing import Any

import aiomqtt
import pytest

from cleanfleet.gateway.directory import Directory
from cleanfleet.gateway.ingest import Ingest
from cleanfleet.gateway.link import BrokerAddress, GatewayLink, gateway_links
from cleanfleet.gateway.mqtt import _string, packet, split_packets
from cleanfleet.gateway.payloads import SUBSCRIPTIONS
from tests.gateway.helpers import heartbeat, mosquitto_up, robot_device, topic, unique_prefix, wait_until
from tests.gateway.test_embedded_server import battery_of
from tests.gateway.test_mqtt import forget_session

pytestmark = pytest.mark.skipif(not mosquitto_up(), reason="needs Mosquitto on 127.0.0.1:1883")
LOST_ID = 0xFFFE  # the packet id of the UNSUBSCRIBE the relay slips in


class ForgetfulRelay:
    """Passes the gateway's connection through to Mosquitto; ``forget`` makes Mosquitto drop the gateway's
    subscriptions while the gateway's connection stays up (as a broker that silently loses them would)."""

    def __init__(self) -> None:
        self.upstream: asyncio.StreamWriter | None = None
        self._server: asyncio.Server | None = None

    async def start(self) -> int:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        return int(self._server.sockets[0].getsockname()[1])

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()

    def forget(self, filters: list[str]) -> None:
        assert self.upstream is not None
        body = LOST_ID.to_bytes(2, "big") + b"".join(_string(f) for f in filters)
        self.upstream.write(packet(10, 2, body))

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", 1883)
        self.upstream = up_writer
        await asyncio.gather(self._pump(reader, up_writer, drop_lost_answer=False),
                             self._pump(up_reader, writer, drop_lost_answer=True), return_exceptions=True)
        for end in (writer, up_writer):
            end.close()

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, *,
                    drop_lost_answer: bool) -> None:
        buffer = bytearray()
        try:
            while data := await reader.read(65536):
                buffer += data
                packets, used = split_packets(buffer)
                del buffer[:used]
                for first, body in packets:
                    if drop_lost_answer and first >> 4 == 11 and body[:2] == LOST_ID.to_bytes(2, "big"):
                        continue  # the gateway never hears of it
                    writer.write(packet(first >> 4, first & 0x0F, body))
        finally:
            writer.close()


@contextlib.asynccontextmanager
async def gateway_on(app: Any, address: BrokerAddress, client_id: str) -> AsyncIterator[tuple[GatewayLink, Ingest]]:
    directory = Directory(app.state.db)
    await directory.load()
    ingest = Ingest(app.state.db, app.state.bus, directory, batch_seconds=0.1)
    ingest.start()
    link = GatewayLink(address, ingest, client_id=client_id, probe_seconds=0.5)
    link.start()
    try:
        await asyncio.wait_for(link.connected.wait(), 10)
        yield link, ingest
    finally:
        await link.stop()
        await ingest.stop()
        await forget_session(BrokerAddress.parse("mqtt://127.0.0.1:1883"), client_id)


async def heartbeats_arrive(app: Any, sn: str, device_id: int, battery: int) -> None:
    """A robot's heartbeats reach the database (sent until they do: a fresh subscription may miss one)."""
    async with aiomqtt.Client("127.0.0.1", 1883, identifier=sn, username=sn, password="s") as robot:
        async def stored() -> bool:
            await robot.publish(topic(sn, "heartbeat"), heartbeat(sn, battery=battery), qos=0)
            return await battery_of(app, device_id) == battery

        await wait_until(stored, 20, f"battery {battery} stored")


@pytest.fixture
async def robot(db, make_user) -> Any:
    owner, _ = await make_user(3)
    return await robot_device(db, owner, f"{unique_prefix()}0", secret="s")


async def test_a_gateway_whose_client_id_was_taken_over_comes_back_with_its_subscriptions(app, robot):
    client_id = f"test-gateway-{uuid.uuid4().hex[:8]}"
    async with gateway_on(app, BrokerAddress.parse("mqtt://127.0.0.1:1883"), client_id) as (link, _):
        await heartbeats_arrive(app, robot.serial_number, robot.id, 51)
        for clean_session in (True, False):  # an outsider with the gateway's client id (Mosquitto allows it)
            async with aiomqtt.Client("127.0.0.1", 1883, identifier=client_id, clean_session=clean_session):
                pass
        await heartbeats_arrive(app, robot.serial_number, robot.id, 52)
        assert link.connected.is_set()


async def test_a_gateway_notices_subscriptions_lost_on_a_live_connection_and_restores_them(app, robot):
    relay = ForgetfulRelay()
    port = await relay.start()
    client_id = f"test-gateway-{uuid.uuid4().hex[:8]}"
    try:
        async with gateway_on(app, BrokerAddress("127.0.0.1", port), client_id) as (link, _):
            await heartbeats_arrive(app, robot.serial_number, robot.id, 41)
            relay.forget([topic_filter for topic_filter, _ in SUBSCRIPTIONS] + [link.probe_topic])
            await wait_until(lambda: link.restored >= 1, 30, "the gateway's probe finding its subscriptions gone")
            await heartbeats_arrive(app, robot.serial_number, robot.id, 42)
    finally:
        await relay.stop()


async def test_a_dead_member_of_the_share_group_takes_no_heartbeats_from_the_survivor(app, db, make_user):
    """Two servers in one shared-subscription group; one stops (its persistent session stays at the broker, as a
    killed worker's does). The broker shares the group's messages among its members' sessions, connected or not:
    heartbeats ride the clean-session link, so the survivor now gets every robot's, not every other one."""
    owner, _ = await make_user(3)
    robots = [await robot_device(db, owner, f"{unique_prefix()}{i}", secret="s") for i in range(2)]
    group, address = f"g{uuid.uuid4().hex[:8]}", BrokerAddress.parse("mqtt://127.0.0.1:1883")
    members = []
    for name in ("a", "b"):
        directory = Directory(app.state.db)
        await directory.load()
        ingest = Ingest(app.state.db, app.state.bus, directory, batch_seconds=0.1)
        ingest.start()
        links = gateway_links(address, ingest, client_id=f"test-{group}-{name}", share_group=group)
        for link in links:
            link.start()
            await asyncio.wait_for(link.connected.wait(), 10)
        members.append((ingest, links))
    try:
        for link in members[0][1]:  # a dies: its durable session stays, its live one ends with the connection
            await link.stop()
        await members[0][0].stop()
        clients = [aiomqtt.Client("127.0.0.1", 1883, identifier=r.serial_number, username=r.serial_number,
                                  password="s") for r in robots]
        async with clients[0], clients[1]:
            async def both_stored() -> bool:
                for client, robot, battery in zip(clients, robots, (61, 62), strict=True):
                    await client.publish(topic(robot.serial_number, "heartbeat"),
                                         heartbeat(robot.serial_number, battery=battery), qos=0)
                return [await battery_of(app, r.id) for r in robots] == [61, 62]

            await wait_until(both_stored, 20, "both robots' heartbeats stored by the survivor")
    finally:
        for link in members[1][1]:
            await link.stop()
        await members[1][0].stop()
        for name in ("a", "b"):
            await forget_session(address, f"test-{group}-{name}")
