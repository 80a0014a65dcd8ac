"""One client's TCP connection: sign-in, then its packets one at a time, until it leaves or breaks a rule.

Nothing a connection does before its CONNECT is accepted touches a session. Whatever goes wrong in one
connection (a malformed packet, an exception) ends that connection only. The PUBACK (QoS 1) or PUBREC
(QoS 2) of a robot's message goes out once every in-process subscriber acknowledged it, and in the order
the messages came (MQTT 3.1.1, 4.6); at most ``max_unacked_in`` of them wait before the connection is
no longer read. A QoS 2 message resent before its PUBREL (after a reconnect, say) is not routed again: it
gets its PUBREC once the first copy is stored, whichever connection that copy came on (MQTT-4.3.3-2).
"""

import asyncio
import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cleanfleet.gateway import wire
from cleanfleet.gateway.broker.session import Incoming, Session
from cleanfleet.gateway.broker.topics import robot_may_publish, robot_may_read, topic_filter_ok, topic_name_ok
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
FLAGS = {PUBACK: 0, wire.PUBREC: 0, wire.PUBREL: 2, wire.PUBCOMP: 0, SUBSCRIBE: 2, wire.UNSUBSCRIBE: 2,
         PINGREQ: 0, DISCONNECT: 0}


@dataclass(slots=True)
class Receipt:
    """The answer owed for one received message, sent once it is handled (None: owed no more)."""
    answer: bytes | None
    handled: bool = False


class Goodbye(Exception):
    """The client sent DISCONNECT: no will."""


class Connection:
    def __init__(self, broker: "EmbeddedBroker", reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.broker = broker
        self.limits = broker.limits
        self.reader = reader
        self.writer = writer
        self.transport = writer.transport
        self.peer = writer.get_extra_info("peername")
        self.client_id = ""
        self.session: Session | None = None
        self.will: wire.Will | None = None
        self.keepalive = 0
        self.taken_over = False
        self.task: asyncio.Task[None] | None = None
        self._receipts: deque[Receipt] = deque()
        self._receipts_moved = asyncio.Event()
        self._waiting_since: float | None = None  # when the read of the next packet began (None: not reading)
        self._silent = False  # closed for its silence (the keep-alive)
        self._watchdog: asyncio.TimerHandle | None = None

    # --- the connection's life --------------------------------------------------------------------

    async def serve(self) -> None:
        graceful = False
        try:
            if await self._sign_in():
                await self._read_packets()
        except Goodbye:
            graceful = True
        except ProtocolError as exc:
            self.warn("protocol violation", exc)
        except TimeoutError:
            self.warn("no CONNECT in time", "")
        except (asyncio.IncompleteReadError, ConnectionError):  # the client went away, or was silent too long
            if self._silent:
                self.warn("keep-alive expired", "")
        except Exception as exc:  # never reaches another connection or the accept loop
            log.exception("MQTT connection of %s failed", repr(self.client_id[:64]))
            self.warn("internal error", exc)
        await self._end(graceful)

    async def _sign_in(self) -> bool:
        async with asyncio.timeout(self.limits.connect_seconds):
            first, body = await wire.read_packet(self.reader, self.limits.max_packet)
            if first != CONNECT << 4:
                raise ProtocolError("the first packet is not a CONNECT")
            connect = wire.parse_connect(body)
            self.client_id = connect.client_id
            refusal = await self.broker.admit(connect)
        if refusal != ACCEPTED:
            self.warn("sign-in refused", f"CONNACK {refusal}")
            self.write(wire.connack(False, refusal))
            self.close()
            return False
        self.will, self.keepalive = connect.will, connect.keepalive
        self.session, present = await self.broker.take_session(connect, self)
        self.write(wire.connack(present, ACCEPTED))
        self.session.resume(self.send)
        return True

    async def _read_packets(self) -> None:
        loop = asyncio.get_running_loop()
        if self.keepalive:
            self._watch(self.keepalive * 1.5)
        try:
            while True:
                self._waiting_since = loop.time()
                first, body = await wire.read_packet(self.reader, self.limits.max_packet)
                self._waiting_since = None
                await self._handle(first, body)
                while len(self._receipts) >= self.limits.max_unacked_in:
                    self._receipts_moved.clear()
                    await self._receipts_moved.wait()
        finally:
            if self._watchdog is not None:
                self._watchdog.cancel()

    def _watch(self, silence: float) -> None:
        """Ends the connection once the wait for one packet lasted ``silence`` seconds (time spent handling a
        packet, or holding back an impatient client, does not count): one timer per connection, set again when it
        fires, rather than a timeout around every read."""
        loop = asyncio.get_running_loop()
        waited = 0.0 if self._waiting_since is None else loop.time() - self._waiting_since
        if waited >= silence:
            self._silent = True
            self.transport.abort()  # the read ends at once; serve() tells the silence apart from a client leaving
            return
        self._watchdog = loop.call_later(silence - waited, self._watch, silence)

    async def _end(self, graceful: bool) -> None:
        if self.taken_over or self.broker.stopping:
            return  # the new connection or the broker's stop takes it from here
        if self.session is None:
            self.close()
            return
        self.broker.left(self)
        if self.will is not None and not graceful:
            await self.broker.publish_will(self.client_id, self.will)
        self.close()

    def hand_over(self) -> wire.Will | None:
        """Another connection signed in with this client id: this one ends; its will goes out."""
        self.taken_over = True
        if self.session is not None:
            self.session.send = None
        self.close()
        if self.task is not None:
            self.task.cancel()
        return self.will

    # --- packets in -------------------------------------------------------------------------------

    async def _handle(self, first: int, body: bytes) -> None:
        kind = first >> 4
        if kind == PUBLISH:
            await self._publish(wire.parse_publish(first, body))
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
            self.write(packet(PINGRESP, 0, b""))
        elif kind == DISCONNECT:
            raise Goodbye()
        else:  # PUBREC and PUBCOMP: the broker never sends at QoS 2
            raise ProtocolError(f"unexpected packet type {kind}")

    async def _publish(self, message: Publish) -> None:
        if not topic_name_ok(message.topic, self.limits.max_topic_bytes, self.limits.max_topic_levels):
            raise ProtocolError("a topic name with wildcards, empty or over the bounds")
        session = self.session
        assert session is not None
        incoming = session.qos2_received.get(message.packet_id) if message.qos == 2 else None
        if incoming is not None:  # a resend (after a reconnect, say): PUBREC again, never a second delivery
            self._answer_resend(message.packet_id, incoming)
            return
        if not robot_may_publish(self.client_id, message.topic):
            self.warn("publish outside the robot's topics dropped", message.topic)
            self._answer(message)()
            return
        handled = self._answer(message)
        try:
            await self.broker.route(message, self.client_id, handled)
        except asyncio.CancelledError:
            handled(owed=False)  # not read to the end: the robot sends it again
            raise

    def _answer(self, message: Publish) -> Callable[..., None]:
        """What to call once the message is handled: owes the client its PUBACK or PUBREC, in order."""
        if not message.qos:
            return _nothing
        kind = PUBACK if message.qos == 1 else wire.PUBREC
        receipt = Receipt(wire.acknowledgement(kind, message.packet_id))
        self._receipts.append(receipt)
        session = self.session
        incoming = None
        if message.qos == 2 and session is not None:
            incoming = session.qos2_received[message.packet_id] = Incoming()

        def handled(owed: bool = True) -> None:
            if receipt.handled:
                return
            receipt.handled = True
            if not owed:
                receipt.answer = None
                if incoming is not None and session is not None:  # not routed to the end: a resend routes it
                    if session.qos2_received.get(message.packet_id) is incoming:
                        del session.qos2_received[message.packet_id]
                    incoming.done(stored=False)
            elif incoming is not None:
                incoming.done()
            self._settle()

        return handled

    def _answer_resend(self, packet_id: int, incoming: Incoming) -> None:
        """The PUBREC owed to a resent QoS 2 message (MQTT-4.3.3-2), in order with this connection's other
        answers: at once when the first copy is handled, else once it is, even if that copy came on an
        earlier connection (which can no longer answer)."""
        receipt = Receipt(wire.acknowledgement(wire.PUBREC, packet_id), handled=incoming.handled)
        self._receipts.append(receipt)
        if incoming.handled:
            self._settle()
            return

        def answer(stored: bool) -> None:
            receipt.handled = True
            if not stored:
                receipt.answer = None  # the first copy was never routed to the end: the client sends it again
            self._settle()

        incoming.waiting.append(answer)

    def _settle(self) -> None:
        while self._receipts and self._receipts[0].handled:
            answer = self._receipts.popleft().answer
            if answer is not None:
                self.write(answer)
        self._receipts_moved.set()
        self.broker.progress.set()

    @property
    def owes_answers(self) -> bool:
        return bool(self._receipts)

    def _subscribe(self, packet_id: int, wanted: list[tuple[str, int]]) -> None:
        session = self.session
        assert session is not None
        limits = self.limits
        codes, granted = [], []
        for topic_filter, qos in wanted:
            if not topic_filter_ok(topic_filter, limits.max_topic_bytes, limits.max_topic_levels) \
                    or not robot_may_read(self.client_id, topic_filter):
                self.warn("subscription outside the robot's topics refused", topic_filter)
                codes.append(wire.SUBSCRIPTION_REFUSED)
            elif topic_filter not in session.subscriptions and len(session.subscriptions) >= limits.max_subscriptions:
                self.warn("subscription over the limit refused", topic_filter)
                codes.append(wire.SUBSCRIPTION_REFUSED)
            else:
                codes.append(min(qos, 1))
                granted.append((topic_filter, min(qos, 1)))
                self.broker.subscribe(session, topic_filter, min(qos, 1))
        self.write(wire.suback(packet_id, codes))
        for topic_filter, qos in granted:
            self.broker.send_retained(session, topic_filter, qos)

    # --- packets out ------------------------------------------------------------------------------

    def send(self, message: Publish) -> None:
        self.write(wire.publish(message))

    def write(self, data: bytes) -> None:
        transport = self.transport
        if transport.is_closing():
            return
        if transport.get_write_buffer_size() > self.limits.max_write_buffer:
            self.warn("client does not read; connection closed", "")
            self.close()
            return
        transport.write(data)

    def close(self) -> None:
        if not self.writer.is_closing():
            self.writer.close()

    def warn(self, reason: str, detail: object) -> None:
        self.broker.notices.warn(reason, client=self.client_id, peer=self.peer, detail=detail)


def _nothing(owed: bool = True) -> None:
    return None
