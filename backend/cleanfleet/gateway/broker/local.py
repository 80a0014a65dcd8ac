"""A subscriber inside the server process (the gateway): no TCP connection, no client id to take over.

Messages reach ``handle(topic, payload, qos, ack)`` in order, from one task. ``ack`` is None at QoS 0;
at QoS 1 it must be called once the message is safely handled (for the gateway: stored): only then does
the publishing robot get its PUBACK. A full queue holds up the robots that publish at QoS 1 (their
connections stop being read) and drops QoS 0 messages (counted).
"""

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

log = logging.getLogger("cleanfleet.gateway.broker")

Ack = Callable[[], None]
Handler = Callable[[str, bytes, int, Ack | None], Awaitable[None] | None]


@dataclass(frozen=True, slots=True)
class Delivery:
    topic: str
    payload: bytes
    qos: int
    ack: Ack | None


class LocalSubscriber:
    def __init__(self, name: str, filters: list[tuple[str, int]], handler: Handler, queue_size: int,
                 progress: asyncio.Event) -> None:
        self.name = name
        self.filters = filters
        self.handler = handler
        self.dropped = 0
        self.progress = progress
        self._handling = False
        self._queue: asyncio.Queue[Delivery] = asyncio.Queue(queue_size)
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name=f"mqtt-local-{self.name}")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def deliver(self, delivery: Delivery) -> None:
        if delivery.qos:
            await self._queue.put(delivery)
            return
        try:
            self._queue.put_nowait(delivery)
        except asyncio.QueueFull:
            self.dropped += 1

    def deliver_now(self, delivery: Delivery) -> bool:
        """``deliver`` if it need not wait: False when a QoS 1 delivery finds the queue full (nothing done)."""
        try:
            self._queue.put_nowait(delivery)
        except asyncio.QueueFull:
            if delivery.qos:
                return False
            self.dropped += 1
        return True

    @property
    def idle(self) -> bool:
        """Nothing waiting and nothing being handled."""
        return self._queue.empty() and not self._handling

    async def _run(self) -> None:
        while True:
            delivery = await self._queue.get()
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
