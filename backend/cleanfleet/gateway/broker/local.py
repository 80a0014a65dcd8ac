"""A subscriber inside the server process (the gateway): no TCP connection, no client id to take over.

Messages reach ``handle(topic, payload, qos, ack)`` in order, from one task. ``ack`` is None at QoS 0;
at QoS 1 it must be called once the message is safely handled (for the gateway: stored): only then does
the publishing robot get its PUBACK. A full queue holds up the robots that publish at QoS 1 (their
connections stop being read) and drops QoS 0 messages (counted).
"""

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

log = logging.getLogger("cleanfleet.gateway.broker")

Ack = Callable[[], None]
Handler = Callable[[str, bytes, int, Ack | None], Awaitable[None] | None]


@dataclass(slots=True)  # not frozen: one per message (frozen doubles the cost of making it)
class Delivery:
    topic: str
    payload: bytes
    qos: int
    ack: Ack | None


class LocalSubscriber:
    """Its deliveries wait in a deque of at most ``queue_size`` (not an ``asyncio.Queue``: a future per put and get
    was a fifth of the broker's CPU per message); one task hands them to ``handler`` in order, as many as came at
    a turn of the loop."""

    def __init__(self, name: str, filters: list[tuple[str, int]], handler: Handler, queue_size: int,
                 progress: asyncio.Event) -> None:
        self.name = name
        self.filters = filters
        self.handler = handler
        self.dropped = 0
        self.progress = progress
        self._size = queue_size
        self._handling = False
        self._waiting: deque[Delivery] = deque()
        self._came: asyncio.Future[None] | None = None  # the task waits for a delivery
        self._room: list[asyncio.Future[None]] = []  # QoS 1 deliveries wait for room, oldest first
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name=f"mqtt-local-{self.name}")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def deliver(self, delivery: Delivery) -> None:
        """``deliver_now``, waiting for room at QoS 1 (in turn with others waiting)."""
        while self._room or not self.deliver_now(delivery):
            room = asyncio.get_running_loop().create_future()
            self._room.append(room)
            try:
                await room
            finally:
                if room in self._room:
                    self._room.remove(room)
            if self.deliver_now(delivery):
                self._make_room()  # room for the next waiting too, if any
                return

    def deliver_now(self, delivery: Delivery) -> bool:
        """``deliver`` if it need not wait: False when a QoS 1 delivery finds the queue full (nothing done)."""
        if len(self._waiting) >= self._size:
            if delivery.qos:
                return False
            self.dropped += 1
            return True
        self._waiting.append(delivery)
        came = self._came
        if came is not None:
            self._came = None
            if not came.done():
                came.set_result(None)
        return True

    @property
    def idle(self) -> bool:
        """Nothing waiting and nothing being handled."""
        return not self._waiting and not self._handling

    def _make_room(self) -> None:
        while self._room and len(self._waiting) < self._size:
            room = self._room.pop(0)
            if not room.done():
                room.set_result(None)
                return

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        waiting = self._waiting
        while True:
            if not waiting:
                self._came = loop.create_future()
                await self._came
                continue
            delivery = waiting.popleft()
            if self._room:
                self._make_room()
            self._handling = True
            try:
                result = self.handler(delivery.topic, delivery.payload, delivery.qos, delivery.ack)
                if result is not None:
                    await result
            except Exception:
                # a handler that fails cannot store the message; acknowledging it keeps the robot from
                # waiting forever on it (handlers drop and count what they cannot use)
                log.exception("the local MQTT subscriber %s failed on %s", self.name, delivery.topic[:120])
                if delivery.ack is not None:
                    delivery.ack()
            finally:
                self._handling = False
                self.progress.set()
