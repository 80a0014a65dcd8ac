"""The embedded broker: listening, sessions, routing, retained messages, in-process subscribers, stopping."""

import asyncio
import contextlib
import logging
import ssl
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass

from cryptography import x509

from cleanfleet.gateway import wire
from cleanfleet.gateway.broker.connection import Connection
from cleanfleet.gateway.broker.listener import Listener
from cleanfleet.gateway.broker.local import Delivery, Handler, LocalSubscriber
from cleanfleet.gateway.broker.notices import Notices
from cleanfleet.gateway.broker.retained import Retained, RetainedMessages
from cleanfleet.gateway.broker.routing import Countdown, Handled, at_once, route_rest
from cleanfleet.gateway.broker.session import Session
from cleanfleet.gateway.broker.topics import (
    Matches,
    SubscriptionTree,
    robot_may_publish,
    robot_may_read,
    topic_name_ok,
)
from cleanfleet.gateway.wire import Connect, Publish, Will

log = logging.getLogger("cleanfleet.gateway.broker")
DeviceCheck = Callable[[str, str], Awaitable[bool]]  # (serial, password): a password robot may sign in
CertificateCheck = Callable[[str, x509.Certificate], Awaitable[bool]]  # (serial, its verified client certificate)
NO_LISTENER = ("", "none", "off")
MATCHES_KEPT = 50_000  # topics whose subscribers are kept (five per robot)


@dataclass(frozen=True)
class Limits:
    max_packet: int = 256 * 1024  # bytes; a bigger packet is a protocol error
    max_connections: int = 20_000  # signed in or not yet (CLEANFLEET_MQTT_MAX_CONNECTIONS)
    connect_seconds: float = 10.0  # from the TCP accept (the TLS handshake's end) to a whole CONNECT
    max_awaiting_connect: int = 2_000  # connections with no whole CONNECT yet, beyond which the stale ones are closed
    stale_connect_seconds: float = 1.0  # ... stale: waited this long for their CONNECT (a robot sends it at once)
    backlog: int = 4096  # the listening sockets' queue of connections not accepted yet (the kernel caps it)
    max_client_id: int = 128
    max_subscriptions: int = 32  # per session
    max_topic_bytes: int = 256
    max_topic_levels: int = 16
    max_retained: int = 32  # retained topics per robot
    max_inflight: int = 32  # QoS 1 messages sent to a client and not yet acknowledged
    max_queued: int = 1_000  # further messages waiting per session
    max_unacked_in: int = 64  # a client's messages awaiting our acknowledgement before we stop reading
    max_write_buffer: int = 1024 * 1024  # bytes waiting for a client that does not read
    local_queue: int = 10_000  # messages waiting for an in-process subscriber
    stop_seconds: float = 5.0  # for messages in handling to be acknowledged on stop
    handshake_seconds: float = 10.0  # a TLS handshake's deadline (from the TCP accept)
    max_handshakes: int = 1024  # TLS handshakes under way at once (listener.py)


class EmbeddedBroker:
    def __init__(self, bind: str, check_device: DeviceCheck, limits: Limits | None = None, *,
                 tls_bind: str | None = None, tls_context: ssl.SSLContext | None = None,
                 check_certificate: CertificateCheck | None = None) -> None:
        """``bind``: the plain listener (``none``: none); ``tls_bind`` with ``tls_context``: the TLS listener, where a
        robot that presents a client certificate signs in by it (``check_certificate``) and one without by
        password (``check_device``)."""
        self.bind = bind
        self.tls_bind = tls_bind if tls_context is not None and (tls_bind or "").lower() not in NO_LISTENER else None
        self._tls_context = tls_context
        self._check_certificate = check_certificate
        self._tls_server: Listener | None = None
        self.limits = limits or Limits()
        self.notices = Notices()
        self.stopping = False
        self.progress = asyncio.Event()  # set whenever a message is handled or an acknowledgement goes out
        self._check_device = check_device
        self._tree = SubscriptionTree()
        self._matches = Matches(self._tree, MATCHES_KEPT)  # the tree's answers by topic, until they may change
        self._sessions: dict[str, Session] = {}
        self._connected: dict[str, Connection] = {}
        self.connections: set[Connection] = set()  # open, signing in or signed in
        self._awaiting: dict[Connection, None] = {}  # accepted, no whole CONNECT yet, oldest first
        self._retained = RetainedMessages()
        self._retained_by: dict[str, int] = {}  # how many retained topics each robot holds
        self._local: list[LocalSubscriber] = []
        self._server: asyncio.Server | None = None

    @property
    def port(self) -> int:
        """The plain listener's port (0: none)."""
        if self._server is not None and self._server.sockets:
            return int(self._server.sockets[0].getsockname()[1])
        return 0 if self.bind.lower() in NO_LISTENER else int(self.bind.rsplit(":", 1)[1])

    @property
    def tls_port(self) -> int:
        """The TLS listener's port (0: none)."""
        if self._tls_server is not None and self._tls_server.sockets:
            return int(self._tls_server.sockets[0].getsockname()[1])
        return int(self.tls_bind.rsplit(":", 1)[1]) if self.tls_bind else 0

    # --- starting and stopping --------------------------------------------------------------------

    def attach(self, name: str, filters: list[tuple[str, int]], handler: Handler) -> LocalSubscriber:
        """An in-process subscriber (the gateway); attach it before ``start`` so no message finds nobody."""
        subscriber = LocalSubscriber(name, filters, handler, self.limits.local_queue, self.progress)
        for topic_filter, qos in filters:
            self._tree.add(topic_filter, subscriber, qos)
        self._matches.forget_all()
        self._local.append(subscriber)
        subscriber.start()
        return subscriber

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        if self.bind.lower() not in NO_LISTENER:
            host, port = self.bind.rsplit(":", 1)
            self._server = await loop.create_server(lambda: Connection(self), host.strip("[]") or None, int(port),
                                                    backlog=self.limits.backlog)
        if self.tls_bind is not None and self._tls_context is not None:
            host, port = self.tls_bind.rsplit(":", 1)
            try:
                # the handshake runs on the loop, in steps as bytes come: a client that stalls it is dropped at
                # its deadline and holds nobody else up (nor a connection slot: one counts from the handshake's
                # end); at most max_handshakes at once, the rest wait in the kernel's queue (listener.py)
                self._tls_server = Listener(host.strip("[]") or None, int(port), lambda: Connection(self, tls=True),
                                            context=self._tls_context, handshake_seconds=self.limits.handshake_seconds,
                                            backlog=self.limits.backlog, max_handshakes=self.limits.max_handshakes)
                await self._tls_server.start()
            except BaseException:
                if self._server is not None:
                    self._server.close()
                raise

    async def stop(self) -> None:
        """Stops accepting and reading, waits (at most ``stop_seconds``) until every message read is handled
        and acknowledged (the ingest keeps flushing meanwhile), then closes the connections."""
        self.stopping = True
        for server in (self._server, self._tls_server):
            if server is not None:
                server.close()
        connections = list(self.connections)
        halted = [connection.halt() for connection in connections]
        await asyncio.gather(*(task for task in halted if task is not None), return_exceptions=True)
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(self.limits.stop_seconds):
                while not self._settled(connections):
                    self.progress.clear()
                    await self.progress.wait()
        for connection in connections:
            connection.close()
        for subscriber in self._local:
            await subscriber.stop()
        for server in (self._server, self._tls_server):
            if server is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(server.wait_closed(), 1.0)

    def _settled(self, connections: list[Connection]) -> bool:
        return all(s.idle for s in self._local) and not any(c.owes_answers for c in connections)

    # --- sign-in and sessions ---------------------------------------------------------------------

    def awaiting_connect(self, connection: Connection) -> None:
        """A new connection waits for its CONNECT. Silent sockets (half-open, or an attacker's) must not fill the
        broker: past ``max_awaiting_connect`` waiting, each new one closes the oldest that waited a second or more (a
        robot sends its CONNECT at once). Younger ones stay: in a storm thousands are accepted before the loop reads
        the first CONNECT, and none of them is refused for that (``max_connections`` still bounds them all)."""
        awaiting = self._awaiting
        if len(awaiting) >= self.limits.max_awaiting_connect:
            oldest = next(iter(awaiting))
            if connection.accepted_at - oldest.accepted_at >= self.limits.stale_connect_seconds:
                oldest.warn("connection without a CONNECT closed to make room", len(awaiting))
                oldest.evict()
        awaiting[connection] = None

    def connect_came(self, connection: Connection) -> None:
        """The connection's CONNECT came whole (or it ended): it waits no more."""
        self._awaiting.pop(connection, None)

    async def admit(self, connect: Connect, certificate: x509.Certificate | None = None) -> int:
        """The CONNACK code for a sign-in; nothing changes here, whatever the answer. With a client certificate
        (verified by the TLS handshake) the robot signs in by it: its identity must be the client id (and the
        user name, if any), and the product must still allow it; no password is needed. Without one, by
        password: client id = user name = serial, password = device secret."""
        if connect.protocol not in wire.PROTOCOLS:
            return wire.BAD_PROTOCOL
        client_id = connect.client_id
        if not client_id or len(client_id) > self.limits.max_client_id:
            return wire.BAD_CLIENT_ID
        if certificate is not None:
            if connect.username not in (None, client_id):
                return wire.NOT_AUTHORISED
        elif connect.username != client_id or connect.password is None:
            return wire.NOT_AUTHORISED  # a robot signs in as its serial number, with its secret
        will = connect.will
        if will is not None and not (robot_may_publish(client_id, will.topic) and topic_name_ok(
                will.topic, self.limits.max_topic_bytes, self.limits.max_topic_levels)):
            return wire.NOT_AUTHORISED
        try:
            if certificate is not None:
                check = self._check_certificate
                admitted = check is not None and await check(client_id, certificate)
            else:
                admitted = await self._check_device(client_id, connect.password or "")
        except Exception:
            log.exception("checking a robot's secret failed")
            return wire.UNAVAILABLE
        return wire.ACCEPTED if admitted else wire.BAD_CREDENTIALS

    async def take_session(self, connect: Connect, connection: Connection) -> tuple[Session, bool]:
        """After a successful sign-in: ends an earlier connection with this client id (its will goes out),
        and continues its session, or starts a new one for a clean session.

        A clean session ends with its connection (MQTT-3.1.2-6): one left by a clean-session connection just
        taken over is never continued, so a persistent sign-in after it gets session present 0 and a new
        session of its own, which the earlier connection's end cannot touch (MQTT-3.1.2-4, 3.2.2-2)."""
        client_id = connect.client_id
        earlier = self._connected.pop(client_id, None)
        will = earlier.hand_over() if earlier is not None else None
        session = self._sessions.get(client_id)
        present = session is not None and not session.clean and not connect.clean_session
        if session is None or session.clean or connect.clean_session:
            if session is not None:
                self._forget(session)
            session = Session(client_id, connect.clean_session, self.limits.max_inflight, self.limits.max_queued)
            self._sessions[client_id] = session
        self._connected[client_id] = connection
        if will is not None:
            await self.publish_will(client_id, will)
        return session, present

    def left(self, connection: Connection) -> None:
        """A connection ended (not taken over): a clean session goes, a persistent one waits for its client."""
        if self._connected.get(connection.client_id) is connection:
            del self._connected[connection.client_id]
        session = connection.session
        if session is None:
            return
        session.send = None
        if session.clean:
            self._forget(session)

    def drop(self, client_id: str) -> bool:
        """Ends the connection signed in with ``client_id`` at once (its credentials were revoked: certificates/):
        its will goes out and its session, persistent or not, goes with it (a revoked robot gets nothing queued).
        False when that client is not connected here."""
        connection = self._connected.get(client_id)
        session = self._sessions.get(client_id)
        if session is not None:
            self._forget(session)
        if connection is None:
            return False
        connection.warn("connection dropped: its credentials were revoked", client_id)
        connection.close()
        return True

    def _forget(self, session: Session) -> None:
        for topic_filter in session.subscriptions:
            self._tree.remove(topic_filter, session)
            self._matches.changed(topic_filter)
        session.subscriptions.clear()
        if self._sessions.get(session.client_id) is session:
            del self._sessions[session.client_id]

    def subscribe(self, session: Session, topic_filter: str, qos: int) -> None:
        session.subscriptions[topic_filter] = qos
        self._tree.add(topic_filter, session, qos)
        self._matches.changed(topic_filter)

    def unsubscribe(self, session: Session, topic_filter: str) -> None:
        if session.subscriptions.pop(topic_filter, None) is not None:
            self._tree.remove(topic_filter, session)
            self._matches.changed(topic_filter)

    # --- routing ----------------------------------------------------------------------------------

    async def route(self, message: Publish, publisher: str | None, handled: Handled) -> None:
        """Hands a message to every subscriber that may read it; ``handled`` runs once every in-process
        subscriber that took it at QoS 1 acknowledged it (at once when none did)."""
        waiting = self.route_now(message, publisher, handled)
        if waiting is not None:
            await waiting

    def route_at_once(self, topic: str, payload: bytes) -> bool:
        """Routes a QoS 1 message that is not retained and may be answered as soon as it is routed: no in-process
        subscriber takes ``topic`` at QoS 1 (a heartbeat: the gateway takes those at QoS 0). False, nothing done,
        when one does. Who gets it is worked out once per topic (``Matches.plan``), not per message."""
        plan = self._matches.plan(topic, at_once)
        if plan is None:
            return False
        local, sessions = plan
        for session, qos in sessions:
            session.deliver(topic, payload, qos, False)
        for subscriber in local:
            subscriber.deliver_now(Delivery(topic, payload, 0, None))
        return True

    def route_now(self, message: Publish, publisher: str | None,
                  handled: Handled) -> Coroutine[object, object, None] | None:
        """``route`` without waiting while every in-process subscriber has room (the usual case); else what is
        left to await: the rest of the hand-over, in the same order, waiting for room."""
        if message.retain:
            self._retain(message, publisher)
        topic, payload = message.topic, message.payload
        local: list[tuple[LocalSubscriber, int]] = []
        acknowledging = 0
        for subscriber, granted in self._matches.get(topic).items():
            qos = min(message.qos, granted, 1)
            if isinstance(subscriber, LocalSubscriber):
                local.append((subscriber, qos))
                acknowledging += qos
            elif isinstance(subscriber, Session) and robot_may_read(subscriber.client_id, topic):
                subscriber.deliver(topic, payload, qos, False)
        if not acknowledging:  # a heartbeat: the gateway takes it at QoS 0, so it is answered at once
            handled()
            for subscriber, _ in local:
                subscriber.deliver_now(Delivery(topic, payload, 0, None))
            return None
        countdown = Countdown(acknowledging, handled)
        for index, (subscriber, qos) in enumerate(local):
            delivery = Delivery(topic, payload, qos, countdown.ack() if qos else None)
            if not subscriber.deliver_now(delivery):
                return route_rest(local, index, delivery, countdown)
        return None

    async def publish(self, topic: str, payload: bytes, qos: int = 1, retain: bool = False) -> None:
        """A message from the server itself (a command to a robot): no topic rules apply."""
        await self.route(Publish(topic, payload, qos, retain, False, 0), None, _nothing)

    async def publish_will(self, client_id: str, will: Will) -> None:
        waiting = self.will_now(client_id, will)
        if waiting is not None:
            await waiting

    def will_now(self, client_id: str, will: Will) -> Coroutine[object, object, None] | None:
        """``publish_will`` without waiting while every in-process subscriber has room; else what is left to await."""
        return self.route_now(Publish(will.topic, will.payload, will.qos, will.retain, False, 0), client_id, _nothing)

    def _retain(self, message: Publish, publisher: str | None) -> None:
        """Keeps the message for later subscribers (an empty one clears the topic), a bounded number per robot."""
        owner = publisher or ""
        earlier = self._retained.pop(message.topic)
        if earlier is not None:
            self._retained_by[earlier.owner] -= 1
        if not message.payload:
            return
        if publisher is not None and self._retained_by.get(owner, 0) >= self.limits.max_retained:
            self.notices.warn("retained message over the limit not kept", client=owner, peer="",
                              detail=message.topic)
            return
        self._retained.put(Retained(message.topic, message.payload, message.qos, owner))
        self._retained_by[owner] = self._retained_by.get(owner, 0) + 1

    def send_retained(self, session: Session, topic_filter: str, qos: int) -> None:
        """The retained messages a new subscription matches, only those its client may read (found by the
        filter's levels: a robot's filter never walks another robot's messages)."""
        for retained in self._retained.matching(topic_filter):
            if robot_may_read(session.client_id, retained.topic):
                session.deliver(retained.topic, retained.payload, min(retained.qos, qos), True)


def _nothing(owed: bool = True) -> None:
    return None
