"""One client's TCP connection: sign-in, then its packets in the order they came, until it leaves or breaks a rule.

Nothing a connection does before its CONNECT is accepted touches a session. Whatever goes wrong in one
connection (a malformed packet, an exception) ends that connection only. The PUBACK (QoS 1) or PUBREC
(QoS 2) of a robot's message goes out once every in-process subscriber acknowledged it, and in the order
the messages came (MQTT 3.1.1, 4.6); at most ``max_unacked_in`` of them wait before the connection is
no longer read. A QoS 2 message resent before its PUBREL (after a reconnect, say) is not routed again: it
gets its PUBREC once the first copy is stored, whichever connection that copy came on (MQTT-4.3.3-2).
"""

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, cast

from cryptography import x509

from cleanfleet.gateway import wire
from cleanfleet.gateway.broker.receipts import PUBACK_HEAD, Receipts
from cleanfleet.gateway.broker.session import Session
from cleanfleet.gateway.broker.tls import peer_certificate
from cleanfleet.gateway.broker.topics import granted, robot_may_publish, topic_name_ok
from cleanfleet.gateway.wire import (
    ACCEPTED,
    CONNECT,
    DISCONNECT,
    PINGREQ,
    PINGRESP,
    PUBACK,
    PUBLISH,
    SUBSCRIBE,
    ProtocolError,
    Publish,
    packet,
)

if TYPE_CHECKING:
    from cleanfleet.gateway.broker.server import EmbeddedBroker

log = logging.getLogger("cleanfleet.gateway.broker")
READ_AHEAD = 128 * 1024  # bytes read ahead of what is handled before the socket is no longer read
TOPICS_KEPT = 16  # topic names a connection remembers as checked (a robot publishes to a few)
PINGRESP_PACKET = packet(PINGRESP, 0, b"")
FLAGS = {PUBACK: 0, wire.PUBREC: 0, wire.PUBREL: 2, wire.PUBCOMP: 0, SUBSCRIBE: 2, wire.UNSUBSCRIBE: 2,
         PINGREQ: 0, DISCONNECT: 0}


class Goodbye(Exception):
    """The client sent DISCONNECT: no will."""


class Connection(asyncio.Protocol):
    """Packets are read and handled in ``data_received``, several at a time when they came together, with no
    task per connection: a task runs only for what has to wait (the sign-in, a routing that waits for room in
    an in-process subscriber's queue, the will), and reading resumes after it. What a batch of packets owes
    the client (PUBACKs above all) goes out in one write."""

    def __init__(self, broker: "EmbeddedBroker", tls: bool = False) -> None:
        self.broker = broker
        self.tls = tls  # came through the TLS listener
        self.certificate: x509.Certificate | None = None  # the client certificate its TLS handshake verified
        self.limits = broker.limits
        self.transport: asyncio.Transport | None = None
        self.peer: object = None
        self.client_id = ""
        self.session: Session | None = None
        self.will: wire.Will | None = None
        self.keepalive = 0
        self.taken_over = False
        self.task: asyncio.Task[None] | None = None  # the step that waits (None: packets are handled as they come)
        self._buffer = bytearray()
        self._signed_in = False
        self._held = False  # too many of the client's messages await our acknowledgement: not read meanwhile
        self._halted = False  # the broker stops: nothing more is read
        self._lost = False  # the client went away (or half-closed): the connection ends once what it sent is read
        self._ended = False
        self._reading_paused = False
        self._out: list[bytes] | None = None  # what the batch being handled owes the client, written at its end
        self._topics_ok: dict[bytes, str] = {}  # topic names this robot published to that passed the checks, as sent
        self._receipts = Receipts(self.write, self._settled)
        self._waiting_since: float | None = None  # when the wait for the next packet began (None: not reading)
        self._silent = False  # closed for its silence (the keep-alive)
        self._timer: asyncio.TimerHandle | None = None  # the CONNECT's deadline, then the keep-alive's watchdog
        self.accepted_at = 0.0  # the loop's time of the TCP accept (or of the TLS handshake's end)

    # --- the connection's life --------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport = cast(asyncio.Transport, transport)  # uvloop's is not an asyncio.Transport
        self.peer = transport.get_extra_info("peername")
        if self.tls:
            self.certificate = peer_certificate(transport)
        broker = self.broker
        if broker.stopping or len(broker.connections) >= self.limits.max_connections:
            self.warn("connection refused: too many connections or stopping", len(broker.connections))
            self._ended = True
            transport.close()
            return
        loop = asyncio.get_running_loop()
        self.accepted_at = loop.time()
        broker.connections.add(self)
        broker.awaiting_connect(self)
        self._timer = loop.call_later(self.limits.connect_seconds, self._too_late)

    @property
    def _reading(self) -> bool:
        """Packets are read as they come: no step waits, the client is not held back, the broker goes on."""
        return self.task is None and not self._held and not self._halted and not self._ended

    def data_received(self, data: bytes) -> None:
        if self._topics_ok and not self._buffer and self._lone_heartbeat(data):
            return
        self._buffer += data
        if self._reading:
            self._read()
        elif len(self._buffer) > READ_AHEAD and not self._reading_paused and self.transport is not None:
            self._reading_paused = True  # bounded like a stream's buffer: the client waits
            self.transport.pause_reading()

    def eof_received(self) -> bool:
        self._went_away()
        return True  # still open for our answers to what it sent, until the connection ends

    def connection_lost(self, exc: Exception | None) -> None:
        self._went_away()
        if self._timer is not None:  # closed by the broker's stop, say: nothing more to watch
            self._timer.cancel()
            self._timer = None

    def _went_away(self) -> None:
        self._lost = True
        if self.task is None and not self._held and not self._halted:
            self._end(graceful=False)

    def _too_late(self) -> None:
        """No whole CONNECT within ``connect_seconds`` of the accept (a silent or trickling client)."""
        self._timer = None
        if not self._signed_in and not self._ended:
            self.warn("no CONNECT in time", "")
            self.evict()

    def evict(self) -> None:
        """Closed before its sign-in began (no whole CONNECT yet): in time, or to make room for another."""
        if self.transport is not None:
            self.transport.abort()
        self._end(graceful=False)

    def _watch(self, silence: float) -> None:
        """Ends the connection once the wait for one packet lasted ``silence`` seconds (time spent handling a
        packet, or holding back an impatient client, does not count): one timer per connection, set again when it
        fires, rather than a timeout around every read."""
        loop = asyncio.get_running_loop()
        waited = 0.0 if self._waiting_since is None else loop.time() - self._waiting_since
        if waited >= silence:
            self._timer = None
            self._silent = True
            self.warn("keep-alive expired", "")
            if self.transport is not None:
                self.transport.abort()
            self._end(graceful=False)
            return
        self._timer = loop.call_later(silence - waited, self._watch, silence)

    def _end(self, graceful: bool) -> None:
        """The connection is over: a persistent session waits for its client, a clean one goes; the will goes out
        unless the client said goodbye (or was taken over, or the broker stops)."""
        if self._ended:
            return
        self._ended = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._waiting_since = None
        self.broker.connections.discard(self)
        self.broker.connect_came(self)
        if self.taken_over or self.broker.stopping:
            return  # the new connection or the broker's stop takes it from here
        if self.session is None:
            self.close()
            return
        self.broker.left(self)
        if self.will is not None and not graceful:
            waiting = self.broker.will_now(self.client_id, self.will)  # no task per will: a storm ends 10,000
            if waiting is not None:  # an in-process subscriber's queue is full: closed once it took the will
                self._step(self._close_after(waiting))
                return
        self.close()

    async def _close_after(self, waiting: Coroutine[object, object, None]) -> None:
        try:
            await waiting
        finally:
            self.close()

    def hand_over(self) -> wire.Will | None:
        """Another connection signed in with this client id: this one ends; its will goes out."""
        self.taken_over = True
        if self.session is not None:
            self.session.send = None
        self.close()
        if self.task is not None:
            self.task.cancel()
        self._end(graceful=True)
        return self.will

    def halt(self) -> asyncio.Task[None] | None:
        """The broker stops: nothing more is read; what waits is cancelled (its task is answered)."""
        self._halted = True
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self.transport is not None and not self._reading_paused and not self.transport.is_closing():
            self._reading_paused = True
            self.transport.pause_reading()
        task = self.task
        if task is not None:
            task.cancel()
        return task

    # --- reading ----------------------------------------------------------------------------------

    def _step(self, waiting: Coroutine[object, object, None], cancelled: Callable[..., None] | None = None) -> None:
        """Runs what has to wait; the packets after it are read once it is done (``cancelled`` answers a step
        cancelled before or while it ran)."""
        self._waiting_since = None
        task = self.task = asyncio.get_running_loop().create_task(waiting, name="mqtt-connection")
        task.add_done_callback(lambda done: self._stepped(done, cancelled))

    def _stepped(self, task: "asyncio.Task[None]", cancelled: Callable[..., None] | None) -> None:
        if self.task is task:
            self.task = None
        if task.cancelled():
            if cancelled is not None:
                cancelled(owed=False)  # not read to the end: the robot sends it again
            return
        exc = task.exception()
        if exc is not None:
            self._failed(exc)
        elif not self._ended:
            self._resume()

    def _resume(self) -> None:
        """Reading goes on after a step or a hold: first what came meanwhile, then the socket again."""
        if self._signed_in:
            self._waiting_since = asyncio.get_running_loop().time()
        self._read()
        if self._reading_paused and self._reading and self.transport is not None:
            self._reading_paused = False
            self.transport.resume_reading()

    def _read(self) -> None:
        """Handles every whole packet in the buffer, until one has to wait; their answers go out in one write."""
        buffer, offset, handled = self._buffer, 0, False
        max_packet = self.limits.max_packet
        self._out = []
        try:
            while self.task is None and not self._held and not self._ended:
                found = wire.next_packet(buffer, offset, max_packet)
                if found is None:
                    break
                first, body, offset = found
                if not self._signed_in:
                    if first != CONNECT << 4:
                        raise ProtocolError("the first packet is not a CONNECT")
                    connect = wire.parse_connect(body)
                    if self._timer is not None:  # whole: the deadline stops (the checks may queue behind a storm's)
                        self._timer.cancel()
                        self._timer = None
                    self.broker.connect_came(self)
                    self._step(self._sign_in(connect))
                    break
                handled = True
                self._handle(first, body)
                if len(self._receipts) >= self.limits.max_unacked_in:
                    self._held = True
                    self._waiting_since = None
        except Exception as exc:  # told apart in _failed
            self._flush()
            self._failed(exc)
            return
        finally:
            if offset:
                del buffer[:offset]
        self._flush()
        if self._ended or self.task is not None or self._held:
            return
        if self._lost:
            self._end(graceful=False)
        elif handled:
            self._waiting_since = asyncio.get_running_loop().time()

    def _failed(self, exc: BaseException) -> None:
        if isinstance(exc, Goodbye):
            self._end(graceful=True)
            return
        if isinstance(exc, ProtocolError):
            self.warn("protocol violation", exc)
        elif not isinstance(exc, ConnectionError):  # never reaches another connection or the accept loop
            log.error("MQTT connection of %s failed", repr(self.client_id[:64]), exc_info=exc)
            self.warn("internal error", exc)
        self._end(graceful=False)

    async def _sign_in(self, connect: wire.Connect) -> None:
        self.client_id = connect.client_id
        refusal = wire.UNAVAILABLE if self._lost else await self.broker.admit(connect, self.certificate)
        if self._ended:
            return
        if self._lost:  # the client gave up waiting (a storm): it takes over no session, least of all its next try's
            self._end(graceful=False)
            return
        if refusal != ACCEPTED:
            self.warn("sign-in refused", f"CONNACK {refusal}")
            self.write(wire.connack(False, refusal))
            self.close()
            self._end(graceful=False)
            return
        self.will, self.keepalive = connect.will, connect.keepalive
        self.session, present = await self.broker.take_session(connect, self)
        self.write(wire.connack(present, ACCEPTED))
        self.session.resume(self.send)
        self._signed_in = True
        if self.keepalive:
            self._waiting_since = asyncio.get_running_loop().time()
            self._watch(self.keepalive * 1.5)

    # --- packets in -------------------------------------------------------------------------------

    def _handle(self, first: int, body: bytes) -> None:
        kind = first >> 4
        if kind == PUBLISH:
            self._publish(wire.parse_publish(first, body))
            return
        if FLAGS.get(kind) != first & 0x0F:
            raise ProtocolError(f"unexpected packet type {kind} or flags {first & 0x0F}")
        session = self.session
        assert session is not None
        if kind == PUBACK:
            session.acknowledged(wire.parse_packet_id(body))
        elif kind == wire.PUBREL:
            packet_id = wire.parse_packet_id(body)
            session.qos2_received.pop(packet_id, None)
            self.write(wire.acknowledgement(wire.PUBCOMP, packet_id))
        elif kind == SUBSCRIBE:
            self._subscribe(*wire.parse_subscribe(first, body))
        elif kind == wire.UNSUBSCRIBE:
            packet_id, filters = wire.parse_unsubscribe(first, body)
            for topic_filter in filters:
                self.broker.unsubscribe(session, topic_filter)
            self.write(wire.acknowledgement(wire.UNSUBACK, packet_id))
        elif kind == PINGREQ:
            wire.parse_empty(body, "PINGREQ")
            self.write(PINGRESP_PACKET)
        elif kind == DISCONNECT:
            wire.parse_empty(body, "DISCONNECT")  # a malformed one is a violation: the will goes out
            raise Goodbye()
        else:  # PUBREC and PUBCOMP: the broker never sends at QoS 2
            raise ProtocolError(f"unexpected packet type {kind}")

    def _lone_heartbeat(self, data: bytes) -> bool:
        """What came is one QoS 1 PUBLISH to a topic this robot published to before, answered at once (a heartbeat,
        as robots send them): routed and answered without the packet loop, which costs as much again (issue 52 item
        5). Anything else (False) goes through the loop."""
        if self._receipts or self.task is not None or self._halted or self._ended or self._lost:
            return False
        lone = wire.lone_publish(data, self.limits.max_packet)
        if lone is None or (topic := self._topics_ok.get(lone[0])) is None:
            return False
        if not self.broker.route_at_once(topic, lone[2]):
            return False
        self.write(PUBACK_HEAD + lone[1])
        self._waiting_since = asyncio.get_running_loop().time()
        return True

    def _publish(self, message: Publish) -> None:
        topic, session, limits = message.topic, self.session, self.limits
        assert session is not None
        name = topic.encode()
        if name not in self._topics_ok and not topic_name_ok(topic, limits.max_topic_bytes, limits.max_topic_levels):
            raise ProtocolError("a topic name with wildcards, empty or over the bounds")
        if message.qos == 2 and (incoming := session.qos2_received.get(message.packet_id)) is not None:
            self._receipts.owe_resend(message.packet_id, incoming)  # a resend (a reconnect, say): never routed twice
            return
        if name not in self._topics_ok:
            if not robot_may_publish(self.client_id, topic):
                self.warn("publish outside the robot's topics dropped", topic)
                self._answer(message)()
                return
            if len(self._topics_ok) >= TOPICS_KEPT:
                self._topics_ok.clear()
            self._topics_ok[name] = topic
        if message.qos == 1 and not message.retain and not self._receipts and self.broker.route_at_once(
                topic, message.payload):  # a heartbeat: the gateway takes it at QoS 0
            self.write(PUBACK_HEAD + message.packet_id.to_bytes(2, "big"))  # nothing owed before it: in order
            return
        handled = self._answer(message)
        waiting = self.broker.route_now(message, self.client_id, handled)
        if waiting is not None:  # an in-process subscriber's queue is full: read on once it took the message
            self._step(waiting, handled)

    def _answer(self, message: Publish) -> Callable[..., None]:
        """What to call once the message is handled: owes the client its PUBACK or PUBREC, in order."""
        return self._receipts.owe(message, self.session) if message.qos else _nothing

    def _settled(self, owed: int) -> None:
        if self._held and owed < self.limits.max_unacked_in:
            self._held = False  # read on, but not from inside whoever handled the message
            asyncio.get_running_loop().call_soon(self._unhold)
        self.broker.progress.set()

    def _unhold(self) -> None:
        if not self._held and not self._ended and self.task is None and not self._halted:
            self._resume()

    @property
    def owes_answers(self) -> bool:
        return bool(self._receipts)

    def _subscribe(self, packet_id: int, wanted: list[tuple[str, int]]) -> None:
        session, limits = self.session, self.limits
        assert session is not None
        codes, grant = granted(self.client_id, wanted, session.subscriptions, limits.max_subscriptions,
                               limits.max_topic_bytes, limits.max_topic_levels, self.warn)
        for topic_filter, qos in grant:
            self.broker.subscribe(session, topic_filter, qos)
        self.write(wire.suback(packet_id, codes))
        for topic_filter, qos in grant:
            self.broker.send_retained(session, topic_filter, qos)

    # --- packets out ------------------------------------------------------------------------------

    def send(self, message: Publish) -> None:
        self.write(wire.publish(message))

    def write(self, data: bytes) -> None:
        if self._out is not None:  # a batch of packets is being handled: its answers go out together
            self._out.append(data)
            return
        transport = self.transport
        if transport is None or transport.is_closing():
            return
        if transport.get_write_buffer_size() > self.limits.max_write_buffer:
            self.warn("client does not read; connection closed", "")
            self.close()
            return
        transport.write(data)

    def _flush(self) -> None:
        out, self._out = self._out, None
        if out:
            self.write(out[0] if len(out) == 1 else b"".join(out))

    def close(self) -> None:
        self._flush()
        if self.transport is not None and not self.transport.is_closing():
            self.transport.close()

    def warn(self, reason: str, detail: object) -> None:
        self.broker.notices.warn(reason, client=self.client_id, peer=self.peer, detail=detail)


def _nothing(owed: bool = True) -> None:
    return None
