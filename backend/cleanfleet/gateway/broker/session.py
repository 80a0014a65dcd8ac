"""A client's session: its subscriptions and the messages on their way to it (sent and not yet
acknowledged, or waiting), kept across connections unless it asked for a clean session.

Messages go out at QoS 0 or 1 (a QoS 2 delivery is downgraded to 1). At most ``max_inflight`` QoS 1
messages wait for the client's PUBACK; the rest wait in a queue of ``max_queued``: when it is full the
oldest QoS 0 message makes room, and without one the new message is refused (and counted).
"""

from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field

from cleanfleet.gateway.wire import Publish

Send = Callable[[Publish], None]  # writes the message to the connected client


@dataclass(eq=False)
class Incoming:
    """A QoS 2 message the client sent, from its PUBLISH to its PUBREL: ``handled`` once every in-process
    subscriber stored it (PUBREC is due); ``waiting`` are the PUBRECs owed to resends that came meanwhile.
    A copy whose connection ended before it was routed to the end is forgotten (``stored=False``): the
    client's next resend is routed again (at least once to the gateway, which drops a msgId it has)."""
    handled: bool = False
    waiting: list[Callable[[bool], None]] = field(default_factory=list)

    def done(self, stored: bool = True) -> None:
        self.handled = stored
        waiting, self.waiting = self.waiting, []
        for answer in waiting:
            answer(stored)


@dataclass(eq=False)  # a session is itself: compared and hashed by identity (a key in the subscription tree)
class Session:
    client_id: str
    clean: bool
    max_inflight: int
    max_queued: int
    subscriptions: dict[str, int] = field(default_factory=dict)
    inflight: OrderedDict[int, Publish] = field(default_factory=OrderedDict)
    queued: deque[Publish] = field(default_factory=deque)
    qos2_received: dict[int, Incoming] = field(default_factory=dict)  # by packet id, until its PUBREL
    send: Send | None = None  # the connected client, None while it is away
    refused: int = 0
    _last_id: int = 0

    def deliver(self, topic: str, payload: bytes, qos: int, retain: bool) -> None:
        message = Publish(topic, payload, min(qos, 1), retain, False, 0)
        if self.send is not None and (message.qos == 0 or len(self.inflight) < self.max_inflight) \
                and not self.queued:
            self._send(message)
        elif self.send is not None or message.qos:  # QoS 0 to a client that is away is not kept
            self._queue(message)
            self.pump()

    def acknowledged(self, packet_id: int) -> None:
        """The client's PUBACK: the message is done, the next waiting ones go out."""
        self.inflight.pop(packet_id, None)
        self.pump()

    def resume(self, send: Send) -> None:
        """A client (re)connected to this session: unacknowledged messages again with DUP, then the queue."""
        self.send = send
        for packet_id, message in list(self.inflight.items()):
            send(Publish(message.topic, message.payload, 1, message.retain, True, packet_id))
        self.pump()

    def pump(self) -> None:
        while self.send is not None and self.queued and \
                (self.queued[0].qos == 0 or len(self.inflight) < self.max_inflight):
            self._send(self.queued.popleft())

    def _send(self, message: Publish) -> None:
        assert self.send is not None
        if message.qos:
            packet_id = self._next_id()
            message = Publish(message.topic, message.payload, 1, message.retain, False, packet_id)
            self.inflight[packet_id] = message
        self.send(message)

    def _queue(self, message: Publish) -> None:
        if len(self.queued) >= self.max_queued:
            oldest_qos0 = next((m for m in self.queued if m.qos == 0), None)
            if oldest_qos0 is None:
                self.refused += 1
                return
            self.queued.remove(oldest_qos0)
            self.refused += 1
        self.queued.append(message)

    def _next_id(self) -> int:
        for _ in range(0xFFFF):
            self._last_id = self._last_id % 0xFFFF + 1
            if self._last_id not in self.inflight:
                return self._last_id
        raise RuntimeError("no free packet id")  # cannot happen: inflight is bounded far below 65535
