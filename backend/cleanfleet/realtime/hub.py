"""Live events for the consoles: a numbered, bounded history and the open WebSocket connections.

Every worker runs one hub. It hears the gateway's batches through the bus (Redis between workers),
numbers them (``seq``, increasing, per hub) and keeps the latest ones, up to ``capacity`` device updates
in all, so a console that reconnects with ``since=<seq>`` gets exactly what it missed. A console too far
behind, or one coming from another worker or an earlier start (``epoch`` differs), gets ``resync``: it
reloads its lists and carries on live. Each console only ever sees devices whose owner path lies in its
user's subtree: the filter runs here, per connection, before anything is queued for it.
"""

import asyncio
import uuid
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Literal, cast

from cleanfleet.core.auth import Caller
from cleanfleet.realtime.published import ROUTE_KEY
from cleanfleet.realtime.schemas import (
    LiveAlarms,
    LiveBatch,
    LiveDevices,
    LiveHello,
    LiveLeases,
    LiveMessage,
    LiveResync,
    LiveUpdates,
)

QUEUE_LIMIT = 1000  # events waiting for one slow console before it is told to resync
BatchType = Literal["devices", "alarms", "updates", "leases"]
BATCHES: dict[str, type[LiveBatch]] = {"devices": LiveDevices, "alarms": LiveAlarms, "updates": LiveUpdates,
                                       "leases": LiveLeases}


@dataclass
class Event:
    seq: int
    type: BatchType
    items: list[dict[str, Any]]  # each with "ownerPath" (published.routed)


@dataclass
class Close:
    """Not sent: tells the console's send loop to close the socket (``reason``: revoked, changed, stopping)."""

    reason: str


@dataclass(eq=False)
class Console:
    """One open WebSocket: whose it is and what waits to be sent to it."""

    caller: Caller
    queue: asyncio.Queue[LiveMessage | Close] = field(default_factory=lambda: asyncio.Queue(QUEUE_LIMIT))
    closing: str | None = None

    def offer(self, message: LiveMessage | Close) -> None:
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            while not self.queue.empty():
                self.queue.get_nowait()
            seq = message.get("seq", 0) if isinstance(message, dict) else 0
            self.queue.put_nowait(LiveResync(type="resync", seq=cast(int, seq)))

    def close(self, reason: str) -> None:
        self.closing = reason
        self.offer(Close(reason))


def visible(items: list[dict[str, Any]], path: str) -> list[dict[str, Any]]:
    return [{k: v for k, v in item.items() if k != ROUTE_KEY} for item in items
            if item.get(ROUTE_KEY, "").startswith(path)]


class Hub:
    def __init__(self, capacity: int = 50_000) -> None:
        self.capacity = capacity
        self.epoch = uuid.uuid4().hex[:12]
        self.seq = 0
        self._history: deque[Event] = deque()
        self._held = 0
        self.consoles: set[Console] = set()

    def publish(self, type_: BatchType, items: list[dict[str, Any]]) -> None:
        """Numbers an event, keeps it, and queues its visible part for every console."""
        if not items:
            return
        self.seq += 1
        event = Event(self.seq, type_, items)
        self._history.append(event)
        self._held += len(items)
        while self._held > self.capacity and len(self._history) > 1:
            self._held -= len(self._history.popleft().items)
        for console in self.consoles:
            self._send(console, event)

    def _send(self, console: Console, event: Event) -> None:
        data = visible(event.items, console.caller.acting_path)
        if data:  # the items were built with the event's class (schemas.py): the batch only wraps them
            batch: Any = BATCHES[event.type]
            console.offer(cast(LiveBatch, batch(type=event.type, seq=event.seq, data=data)))

    def join(self, caller: Caller, since: int | None = None, epoch: str | None = None) -> Console:
        """A new console; with ``since`` it first gets the events after that seq (or ``resync``)."""
        console = Console(caller)
        console.offer(LiveHello(type="hello", epoch=self.epoch, seq=self.seq, userId=caller.user_id))
        if since is not None:
            oldest = self._history[0].seq if self._history else self.seq + 1
            if (epoch not in (None, self.epoch)) or since > self.seq or since < oldest - 1:
                console.offer(LiveResync(type="resync", seq=self.seq))
            else:
                for event in self._history:
                    if event.seq > since:
                        self._send(console, event)
        self.consoles.add(console)
        return console

    def leave(self, console: Console) -> None:
        self.consoles.discard(console)

    def close_where(self, reason: str, *, token_hash: str | None = None, user_id: int | None = None,
                    everyone: bool = False) -> None:
        """Asks matching consoles to go (a revoked token; changed roles: reconnect to pick them up)."""
        for console in list(self.consoles):
            caller = console.caller
            if everyone or caller.token_hash == token_hash or user_id in (caller.user_id, caller.acting_user_id):
                console.close(reason)
