"""The embedded broker on a loop of its own (issue 52 items 6 and 9): while the API's event loop is blocked, robots
still get their heartbeats' PUBACKs, and what they sent is in the database afterwards; commands from the API reach
the robot across the loops; the broker started before the app (as ``run`` does) stores a robot's
alarm before the app exists, and the app adopts it; a stopped server leaves no broker thread running."""

import asyncio
import socket
import threading
import time
from typing import Any

import aiomqtt
from sqlalchemy import select

from cleanfleet.core import outbox
from cleanfleet.devices.models import DeviceState
from cleanfleet.gateway.broker_loop import BrokerLoop
from cleanfleet.gateway.runtime import start_early_link
from cleanfleet.gateway.wire import PUBLISH, connect_packet, packet, string
from cleanfleet.warn.models import Alarm
from tests.gateway.broker_kit import SECRET
from tests.gateway.helpers import (
    alarm,
    broker_threads,
    free_ports,
    heartbeat,
    robot_device,
    topic,
    unique_prefix,
    wait_until,
)
from tests.gateway.test_embedded_server import embedded_server, serving

BLOCK_SECONDS = 2.0
PUBACK = 0x40


class BlockingRobot:
    """A robot on plain blocking sockets in a thread of its own (the test's loop is the API's, which the test blocks):
    signs in, then, once told, publishes two heartbeats at QoS 1 and notes when each PUBACK came."""

    def __init__(self, sn: str, port: int) -> None:
        self.sn, self.port = sn, port
        self.go = threading.Event()
        self.acked_at: dict[int, float] = {}
        self.error: BaseException | None = None
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.sock.sendall(connect_packet(sn, clean_session=True, keepalive=60, username=sn, password=SECRET))
        connack = self._read(4)
        assert connack[0] == 0x20 and connack[3] == 0, connack
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _read(self, size: int) -> bytes:
        data = b""
        while len(data) < size:
            chunk = self.sock.recv(size - len(data))
            if not chunk:
                raise ConnectionError("the broker closed the connection")
            data += chunk
        return data

    def _publish(self, packet_id: int, channel: str, payload: bytes) -> None:
        self.sock.sendall(packet(PUBLISH, 0x02, string(topic(self.sn, channel)) + packet_id.to_bytes(2, "big")
                                 + payload))

    def _run(self) -> None:
        try:
            self.go.wait(30)
            self._publish(1, "heartbeat", heartbeat(self.sn, battery=41))
            self._publish(2, "heartbeat", heartbeat(self.sn, battery=42))
            while len(self.acked_at) < 2:
                answer = self._read(4)
                assert answer[0] == PUBACK, answer
                self.acked_at[int.from_bytes(answer[2:4], "big")] = time.monotonic()
        except BaseException as exc:  # the test reads it
            self.error = exc

    def close(self) -> None:
        self.sock.close()
        self.thread.join(5)


async def test_puback_and_storage_go_on_while_the_api_loop_is_blocked(app, db, make_user):
    owner, _ = await make_user(3)
    sn = f"{unique_prefix()}0"
    device = await robot_device(db, owner, sn, secret=SECRET)
    port = free_ports(1)
    async with serving(app, port) as server:
        robot = await asyncio.to_thread(BlockingRobot, sn, port)
        try:
            robot.go.set()
            blocked_at = time.monotonic()
            time.sleep(BLOCK_SECONDS)  # noqa: ASYNC251 - the point: the API's loop does nothing meanwhile
            unblocked_at = time.monotonic()
            await asyncio.to_thread(robot.thread.join, 10)
        finally:
            robot.close()
        assert robot.error is None
        # both acknowledged while the API's loop slept (an alarm's PUBACK waits for its store, which on SQLite may
        # wait for a write transaction of the API's that the blocked loop holds open: the next test stores one)
        assert sorted(robot.acked_at) == [1, 2]
        assert all(blocked_at < at < unblocked_at for at in robot.acked_at.values()), (blocked_at, robot.acked_at)

        async def battery_stored() -> bool:
            async with server.state.db.sessions() as session:
                return await session.scalar(select(DeviceState.battery).where(
                    DeviceState.device_id == device.id)) == 42

        await wait_until(battery_stored, 20, "the heartbeat sent while the API's loop was blocked stored")


async def test_a_command_crosses_to_the_robot_and_no_broker_thread_outlives_the_server(app, db, make_user):
    owner, _ = await make_user(3)
    sn = f"{unique_prefix()}0"
    await robot_device(db, owner, sn, secret=SECRET)
    port, before = free_ports(1), broker_threads()  # counted from here: another test's leftover is not this one's
    async with serving(app, port) as server:
        assert broker_threads() == before + 1
        async with aiomqtt.Client("127.0.0.1", port, identifier=sn, username=sn, password=SECRET,
                                  timeout=10) as robot:
            await robot.subscribe(f"cf/{sn}/down/#", qos=1)
            await server.state.robot_commands.send(sn, "locate", {}, "locate-1")
            async with asyncio.timeout(10):
                message: Any = await anext(aiter(robot.messages))
        assert message.topic.value == f"cf/{sn}/down/cmd" and b'"cmdId":"locate-1"' in message.payload
    assert broker_threads() == before


async def test_the_broker_started_before_the_app_stores_alarms_and_the_app_adopts_it(app, db, make_user):
    owner, _ = await make_user(3)
    sn = f"{unique_prefix()}0"
    device = await robot_device(db, owner, sn, secret=SECRET)
    port, before = free_ports(1), broker_threads()
    server = embedded_server(app, port)
    early = await asyncio.to_thread(start_early_link, server.state.settings)
    assert early is not None and early.embedded is not None
    server.state.early_robot_link = early
    async with aiomqtt.Client("127.0.0.1", port, identifier=sn, username=sn, password=SECRET, timeout=10) as robot:
        await robot.publish(topic(sn, "alarm"), alarm(sn, "raise", f"{sn}-a1", f"{sn}-early"), qos=1)
    async with app.state.db.sessions() as session:  # acknowledged, so stored, before the app started
        assert await session.scalar(select(Alarm.msg_id).where(Alarm.device_id == device.id)) == f"{sn}-early"
    async with server.router.lifespan_context(server):
        assert server.state.gateway is early.ingest and broker_threads() == before + 1
        async with aiomqtt.Client("127.0.0.1", port, identifier=sn, username=sn, password=SECRET,
                                  timeout=10) as robot:
            await robot.subscribe(f"cf/{sn}/down/#", qos=1)
            await server.state.robot_commands.send(sn, "locate", {}, "locate-2")
            async with asyncio.timeout(10):
                message: Any = await anext(aiter(robot.messages))
        assert b'"cmdId":"locate-2"' in message.payload
    assert broker_threads() == before


async def test_a_commit_on_the_broker_loop_wakes_the_outbox_on_the_app_loop():
    """The ingest's transaction may queue sends (webhooks on alarms): their wake-up runs on the app's loop."""
    woke: list[int] = []

    def waker() -> None:
        woke.append(threading.get_ident())

    async def commit_there() -> int:
        outbox.wake()  # what a commit that queued sends calls (core/outbox.py)
        return threading.get_ident()

    saved = outbox.HOME[:]
    outbox.HOME[:] = [asyncio.get_running_loop()]
    outbox.WAKERS.add(waker)
    other = BrokerLoop("test-other-loop")
    other.start()
    try:
        there = await other.run(commit_there())
        await wait_until(lambda: bool(woke), 5, "the waker called")
    finally:
        outbox.WAKERS.discard(waker)
        outbox.HOME[:] = saved
        await other.stop()
    assert woke == [threading.get_ident()] and there != threading.get_ident() and not other.alive

