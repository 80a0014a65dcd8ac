"""Live events for the consoles: a numbered, bounded history and the open WebSocket connections.

Every worker runs one hub. It hears the gateway's batches through the bus (Redis between workers),
numbers them (``seq``, increasing, per hub) and keeps the latest ones, up to ``capacity`` device updates
in all, so a console that reconnects with ``since=<seq>`` gets exactly what it missed. A console too far
behind, or one coming from another worker or an earlier start (``epoch`` differs), gets ``resync``: it
reloads its lists and carries on live. Each console only ever sees devices whose owner path lies in its
user's subtree: the filter runs here, per connection, before anything is queued for it.

Between workers the events travel per tenant (core/bus.py ``LIVE_PREFIX``): the hub watches the tenants of its
connected consoles (all of them for a console at the root) and no others, so a worker's fan-out grows with its own
consoles' tenants, not with the fleet (issue 52 item 7). A tenant stays watched ``LINGER_SECONDS`` after its last
console left, so a console that reconnects at once still gets what it missed; one that comes back later to a tenant
this hub stopped watching in between gets ``resync``.
"""

import asyncio
import uuid
from collections import Counter, deque
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, Literal, cast

from cleanfleet.core.auth import Caller
from cleanfleet.core.bus import EVERY_TENANT, Bus, console_tenant
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
LINGER_SECONDS = 30.0
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
    tenant: str = EVERY_TENANT  # what it watches (core.bus.console_tenant)

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
    def __init__(self, capacity: int = 50_000, bus: Bus | None = None) -> None:
        self.capacity = capacity
        self.epoch = uuid.uuid4().hex[:12]
        self.seq = 0
        self._history: deque[Event] = deque()
        self._held = 0
        self.consoles: set[Console] = set()
        self._bus = bus if bus is not None and bus.scoped else None  # None: every event arrives (one process)
        self._watchers: Counter[str] = Counter()
        self._heard_from: dict[str, int] = {}  # tenant watched → the first seq that may hold its events
        self._lingering: dict[str, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[None]] = set()

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
        console = Console(caller, tenant=console_tenant(caller.acting_path))
        self._watch(console.tenant)
        console.offer(LiveHello(type="hello", epoch=self.epoch, seq=self.seq, userId=caller.user_id))
        if since is not None:
            oldest = self._history[0].seq if self._history else self.seq + 1
            if (epoch not in (None, self.epoch)) or since > self.seq or since < oldest - 1 \
                    or not self._heard_since(console.tenant, since):
                console.offer(LiveResync(type="resync", seq=self.seq))
            else:
                for event in self._history:
                    if event.seq > since:
                        self._send(console, event)
        self.consoles.add(console)
        return console

    def leave(self, console: Console) -> None:
        if console in self.consoles:
            self.consoles.discard(console)
            self._unwatch_later(console.tenant)

    def _heard_since(self, tenant: str, since: int) -> bool:
        """Whether every event of ``tenant`` after seq ``since`` reached this hub."""
        if self._bus is None:
            return True
        starts = [self._heard_from[t] for t in (tenant, EVERY_TENANT) if t in self._heard_from]
        return bool(starts) and min(starts) <= since  # watched since before the console last heard

    def _watch(self, tenant: str) -> None:
        self._watchers[tenant] += 1
        lingering = self._lingering.pop(tenant, None)
        if lingering is not None:
            lingering.cancel()
        if self._bus is not None and tenant not in self._heard_from:
            self._heard_from[tenant] = self.seq + 1
            self._run(self._bus.watch_live(tenant))

    def _unwatch_later(self, tenant: str) -> None:
        self._watchers[tenant] -= 1
        if self._watchers[tenant] <= 0 and self._bus is not None and tenant not in self._lingering:
            self._lingering[tenant] = asyncio.get_running_loop().call_later(LINGER_SECONDS, self._unwatch, tenant)

    def _unwatch(self, tenant: str) -> None:
        self._lingering.pop(tenant, None)
        if self._watchers[tenant] <= 0 and self._bus is not None and self._heard_from.pop(tenant, None) is not None:
            del self._watchers[tenant]
            self._run(self._bus.unwatch_live(tenant))

    def _run(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def stop_watching(self) -> None:
        for lingering in self._lingering.values():
            lingering.cancel()
        self._lingering.clear()

    def close_where(self, reason: str, *, token_hash: str | None = None, user_id: int | None = None,
                    everyone: bool = False) -> None:
        """Asks matching consoles to go (a revoked token; changed roles: reconnect to pick them up)."""
        for console in list(self.consoles):
            caller = console.caller
            if everyone or caller.token_hash == token_hash or user_id in (caller.user_id, caller.acting_user_id):
                console.close(reason)
