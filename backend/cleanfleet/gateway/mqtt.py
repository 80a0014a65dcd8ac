"""A lean MQTT 3.1.1 subscriber for the gateway: connect, subscribe, receive, acknowledge, keep alive.

Why not paho (through aiomqtt): the gateway's hot path is one PUBLISH per robot heartbeat, and paho
reads every packet with one ``recv`` per header byte, matches each topic against its callback tree and
hands it over through a thread-safe queue: about half of the server's CPU per heartbeat in
``bench/bench_heartbeats.py``. This protocol parses whole socket reads in place and calls the handler
directly, which is all a subscriber needs. It speaks only what the gateway uses: CONNECT (client id,
clean session, user name and password, keep-alive), SUBSCRIBE, PUBLISH in at QoS 0 and 1 with
acknowledgements sent when the caller says (after the write), PUBLISH out at QoS 0 (the gateway's probe of
its own subscriptions) and at QoS 1 (commands down to robots, so the broker keeps one for a robot that is
offline in its persistent session), PINGREQ and DISCONNECT. Robots and tests
keep using paho. The packets themselves are built and parsed by ``gateway.wire``, as the embedded broker's.
"""

import asyncio
import contextlib
import struct
from collections.abc import Callable
from ssl import SSLContext
from typing import cast

from cleanfleet.gateway.wire import (
    CONNACK,
    CONNECT,
    DISCONNECT,
    PINGREQ,
    PINGRESP,
    PUBACK,
    PUBLISH,
    SUBACK,
    SUBSCRIBE,
    MqttError,
    Publish,
    connect_packet,
    packet,
    parse_publish,
    split_packets,
    string,
    subscribe_packet,
)

__all__ = ["CONNACK", "CONNECT", "DISCONNECT", "PINGREQ", "PINGRESP", "PUBACK", "PUBLISH", "SUBACK", "SUBSCRIBE",
           "Message", "MqttClient", "MqttError", "connect_packet", "packet", "split_packets", "subscribe_packet"]

CONNACK_REASONS = {1: "unacceptable protocol version", 2: "client id rejected", 3: "server unavailable",
                   4: "bad user name or password", 5: "not authorised"}
ANSWER_SECONDS = 10.0  # for the broker's CONNACK and SUBACK, and to open the socket
MAX_PENDING = 5_000  # messages read but not yet handled before the socket is paused

Message = Publish  # a PUBLISH received: topic, payload, qos, retain, dup, packet_id
_string = string  # the older name, kept for the tests that build packets by hand
Handler = Callable[[Message], object]


class MqttClient(asyncio.Protocol):
    """One connection to the broker. ``handler`` gets every PUBLISH, in order, from one task."""

    def __init__(self, handler: Callable[[Message], object]) -> None:
        self.handler = handler
        self.transport: asyncio.Transport | None = None
        self.closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._buffer = bytearray()
        self._pending: list[Message] = []
        self._wake = asyncio.Event()
        self._replies: dict[int, asyncio.Future[bytes]] = {}
        self._paused = False
        self._next_id = 0
        self._keepalive = 30
        self._heard_at = asyncio.get_running_loop().time()
        self.session_present = False  # the CONNACK's flag: the broker still had our session

    @classmethod
    async def open(cls, host: str, port: int, handler: Callable[[Message], object], *, client_id: str,
                   clean_session: bool, keepalive: int = 30, username: str | None = None,
                   password: str | None = None, ssl: SSLContext | None = None) -> "MqttClient":
        """Connected and signed in; over TLS with ``ssl`` (the broker's certificate checked for ``host``)."""
        loop = asyncio.get_running_loop()
        try:
            _, client = await asyncio.wait_for(loop.create_connection(
                lambda: cls(handler), host, port, ssl=ssl, server_hostname=host if ssl is not None else None),
                ANSWER_SECONDS)
        except (OSError, TimeoutError) as exc:  # ssl.SSLError (a broker that fails verification) is an OSError
            raise MqttError(f"cannot reach {host}:{port}: {exc}") from exc
        try:
            await client._connect(client_id, clean_session, keepalive, username, password)
        except MqttError:
            if client.closed.done() and not client.closed.cancelled():
                client.closed.exception()  # told to the caller here (a TLS 1.3 refusal comes after the handshake)
            raise
        return client

    # --- asyncio.Protocol ---------------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's transports are not its subclasses

    def data_received(self, data: bytes) -> None:
        self._heard_at = asyncio.get_running_loop().time()
        self._buffer += data
        try:
            packets, used = split_packets(self._buffer)
            del self._buffer[:used]
            for first, body in packets:
                self._dispatch(first, body)
        except MqttError as exc:  # the broker broke the protocol (a ProtocolError)
            self._fail(exc)
            return
        if self._pending:
            self._wake.set()
            if len(self._pending) > MAX_PENDING and not self._paused and self.transport is not None:
                self.transport.pause_reading()
                self._paused = True

    def connection_lost(self, exc: Exception | None) -> None:
        self._fail(MqttError(f"connection lost: {exc}" if exc else "connection closed by the broker"))

    # --- packets in ----------------------------------------------------------------------------------

    def _dispatch(self, first: int, body: bytes) -> None:
        kind = first >> 4
        if kind == PUBLISH:
            self._pending.append(parse_publish(first, body))
        elif kind == CONNACK:
            self._reply(0, body)
        elif kind == SUBACK:
            self._reply(body[0] << 8 | body[1], body[2:])
        elif kind == PUBACK and len(body) >= 2:
            self._reply(body[0] << 8 | body[1], b"")
        elif kind != PINGRESP:
            self._fail(MqttError(f"unexpected packet type {kind}"))

    def _reply(self, key: int, body: bytes) -> None:
        waiter = self._replies.pop(key, None)
        if waiter is not None and not waiter.done():
            waiter.set_result(body)

    def _fail(self, exc: MqttError) -> None:
        for waiter in self._replies.values():
            if not waiter.done():
                waiter.set_exception(exc)
        self._replies.clear()
        if not self.closed.done():
            self.closed.set_exception(exc)
            self.closed.exception()  # read by run(); no "never retrieved" warning when nothing runs
        self._wake.set()
        if self.transport is not None:
            self.transport.close()

    # --- requests ------------------------------------------------------------------------------------

    def _send(self, data: bytes) -> None:
        if self.transport is None or self.transport.is_closing():
            raise MqttError("not connected")
        self.transport.write(data)

    async def _request(self, key: int, data: bytes) -> bytes:
        waiter = asyncio.get_running_loop().create_future()
        self._replies[key] = waiter
        self._send(data)
        try:
            return await asyncio.wait_for(waiter, ANSWER_SECONDS)
        except TimeoutError as exc:
            raise MqttError("the broker did not answer in time") from exc

    async def _connect(self, client_id: str, clean_session: bool, keepalive: int, username: str | None,
                       password: str | None) -> None:
        answer = await self._request(0, connect_packet(client_id, clean_session=clean_session, keepalive=keepalive,
                                                       username=username, password=password))
        if answer[1] != 0:
            self.close()
            raise MqttError(f"connection refused: {CONNACK_REASONS.get(answer[1], answer[1])}")
        self._keepalive = keepalive
        self.session_present = bool(answer[0] & 0x01)

    async def subscribe(self, topics: list[tuple[str, int]]) -> None:
        self._next_id = self._next_id % 0xFFFF + 1
        granted = await self._request(self._next_id, subscribe_packet(self._next_id, topics))
        refused = [topic for (topic, _), code in zip(topics, granted, strict=False) if code == 0x80]
        if refused:
            raise MqttError(f"subscription refused: {', '.join(refused)}")

    def publish(self, topic: str, payload: bytes) -> None:
        """A QoS 0 PUBLISH (the gateway's probe of its own subscriptions)."""
        self._send(packet(PUBLISH, 0, string(topic) + payload))

    async def publish_acknowledged(self, topic: str, payload: bytes) -> None:
        """A QoS 1 PUBLISH, returning once the broker has it (PUBACK): a robot subscribed at QoS 1 with a
        persistent session gets it even if it is offline now. MqttError when the broker does not confirm."""
        self._next_id = self._next_id % 0xFFFF + 1
        packet_id = self._next_id
        await self._request(packet_id, packet(PUBLISH, 0x02, string(topic) + struct.pack("!H", packet_id) + payload))

    def ack(self, message: Message) -> None:
        """PUBACK for a QoS 1 message (a lost connection is fine: the broker sends it again)."""
        if message.qos == 1 and self.transport is not None and not self.transport.is_closing():
            self.transport.write(packet(PUBACK, 0, struct.pack("!H", message.packet_id)))

    def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(packet(DISCONNECT, 0, b""))
            self.transport.close()

    # --- running -------------------------------------------------------------------------------------

    async def run(self) -> None:
        """Hands every received message to the handler (awaiting it when it is a coroutine) and keeps the
        connection alive; returns nothing: it raises MqttError when the connection ends."""
        pinger = asyncio.create_task(self._ping_forever())
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                if self.closed.done():
                    self.closed.result()
                batch, self._pending = self._pending, []
                if self._paused and self.transport is not None:
                    self._paused = False
                    self.transport.resume_reading()
                for message in batch:
                    result = self.handler(message)
                    if asyncio.iscoroutine(result):
                        await result
        finally:
            pinger.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await pinger

    async def _ping_forever(self) -> None:
        """PINGREQ every half keep-alive; a broker silent for 1.5 keep-alives (no PINGRESP) is gone."""
        loop = asyncio.get_running_loop()
        while not self.closed.done():
            await asyncio.sleep(max(1.0, self._keepalive / 2))
            if loop.time() - self._heard_at > self._keepalive * 1.5:
                self._fail(MqttError("the broker stopped answering"))
                return
            with contextlib.suppress(MqttError):
                self._send(packet(PINGREQ, 0, b""))
