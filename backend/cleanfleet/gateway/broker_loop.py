"""The embedded broker's own event loop, on a thread of its own, and the hand-overs between it and the API's loop.

The API's loop (uvicorn's, where every call, the live hub and the bus run) and the broker's loop (this thread: the
broker's sockets, sessions, retained index and QoS 1 state, the in-process gateway, the ingest with its own database
engine and pool) share no object. What crosses goes through the standard library's thread-safe hand-overs:

- API -> broker: ``BrokerLoop.run(coroutine)`` (``asyncio.run_coroutine_threadsafe``, awaited on the caller's loop
  through ``asyncio.wrap_future``): a command to a robot, dropping a revoked robot, starting and stopping.
- broker -> API: ``LoopBus.publish`` (``loop.call_soon_threadsafe`` onto an ordered queue that one task of the API's
  loop hands to the bus): the consoles' live updates and the robots' command events. It never waits for the API's
  loop: a busy or blocked API delays the consoles, never a robot's PUBACK nor the ingest's writes. After the ingest's
  commit, the outbox's wake-up (core/outbox.py ``wake``) and the map learner's held runs (sites/coverage/
  map_learning.py ``hold``) hop to the API's loop themselves; the ingest's sessions count as the app's database
  (core/db.py ``engine_key``).

A thread, not a process: the gateway stays in-process (no client id, no socket between them), the ingest's batch
publishes to the bus and the in-transaction subscribers (cleanfleet/events.py) run as before, and the broker still
reads the certificates' in-memory revoked set. The price is the GIL shared with the API: a CPU-bound call on the
API's loop hands it over every ``sys.getswitchinterval()`` (5 ms by default, 0.5 ms on SQLite: __main__.py) instead
of holding a PUBACK for the whole call (measured: bench/README.md ``puback``; docs/operations.md).
"""

import asyncio
import contextlib
import ctypes
import logging
import threading
from collections import deque
from collections.abc import Coroutine
from typing import Any, Protocol, TypeVar

log = logging.getLogger("cleanfleet.gateway")
T = TypeVar("T")
JOIN_SECONDS = 10.0  # for the thread to end once its loop stopped (its last tasks cancelled)
EARLY_EVENTS = 10_000  # the consoles' events kept while the API's loop does not run yet (the robots' come first)
PR_SET_NAME = 15  # prctl: the thread's name in /proc/<pid>/task/<id>/comm (its own CPU time: bench_puback.py)


class Publisher(Protocol):
    """What the ingest publishes on: the bus (``core.bus.Bus``) or, from the broker's loop, ``LoopBus``."""

    async def publish(self, channel: str, payload: dict[str, Any]) -> None: ...


class BrokerLoop:
    """An event loop running on a thread of its own (``start``), until ``stop``."""

    def __init__(self, name: str = "cleanfleet-broker") -> None:
        self.name = name
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()

    @property
    def native_id(self) -> int | None:
        """The thread's id as the operating system knows it (/proc/<pid>/task/<id>: its own CPU time)."""
        return self._thread.native_id if self._thread is not None else None

    @property
    def alive(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        self._thread = threading.Thread(target=self._main, name=self.name, daemon=True)
        self._thread.start()
        self._ready.wait()

    def _main(self) -> None:
        _name_os_thread(self.name)
        loop = self.loop = new_loop()
        asyncio.set_event_loop(loop)
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            _finish(loop)

    async def run(self, job: Coroutine[Any, Any, T]) -> T:
        """Runs ``job`` on the broker's loop; the caller's loop waits without blocking."""
        if self.loop is None or not self.alive:
            job.close()
            raise RuntimeError("the broker's loop is not running")
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(job, self.loop))

    def run_here(self, job: Coroutine[Any, Any, T]) -> T:
        """Runs ``job`` on the broker's loop and blocks until it is done: for a caller with no loop of its own
        (``runtime.start_early_link``, before the API's loop exists)."""
        if self.loop is None or not self.alive:
            job.close()
            raise RuntimeError("the broker's loop is not running")
        return asyncio.run_coroutine_threadsafe(job, self.loop).result()

    async def stop(self) -> None:
        """Stops the loop (what still runs on it is cancelled) and waits, off the caller's loop, for the thread."""
        await asyncio.to_thread(self.halt)

    def halt(self) -> None:
        """``stop``, blocking the caller until the thread ended."""
        if self.loop is None or self._thread is None:
            return
        with contextlib.suppress(RuntimeError):  # stopped already
            self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(JOIN_SECONDS)
        if self._thread.is_alive():
            log.error("the embedded broker's thread did not end within %.0f s", JOIN_SECONDS)


def new_loop() -> asyncio.AbstractEventLoop:
    """uvloop's loop when it is installed (it comes with uvicorn[standard]), else asyncio's: its accepts, reads, writes,
    timers and TLS run in C, which halved the broker thread's CPU per CONNECT in a storm and per message
    (bench/README.md ``reconnect-storm``, ``broker-cpu``)."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover - not on Windows
        return asyncio.new_event_loop()
    return uvloop.new_event_loop()


def _name_os_thread(name: str) -> None:
    """The operating system's name of this thread (Linux; 15 bytes at most): ``top -H`` and /proc show it apart."""
    with contextlib.suppress(Exception):
        ctypes.CDLL(None).prctl(PR_SET_NAME, name.encode()[:15], 0, 0, 0)


def _finish(loop: asyncio.AbstractEventLoop) -> None:
    """Cancels what is left on the stopped loop, lets it unwind, closes the loop."""
    try:
        left = [task for task in asyncio.all_tasks(loop) if not task.done()]
        for task in left:
            task.cancel()
        if left:
            loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
        loop.run_until_complete(loop.shutdown_asyncgens())
        loop.run_until_complete(loop.shutdown_default_executor())
    finally:
        loop.close()


class LoopBus:
    """The bus as the broker's loop sees it: ``publish`` hands the event to the API's loop and returns at once; one
    task there publishes them in the order they came (a console sees a robot's states in order). Started before the
    API's loop exists (``runtime.start_early_link``), it keeps the latest ``EARLY_EVENTS`` events until ``bind``."""

    def __init__(self) -> None:
        self.bus: Publisher | None = None
        self.loop: asyncio.AbstractEventLoop | None = None  # the API's
        self.early_dropped = 0  # events beyond ``EARLY_EVENTS`` before the API's loop ran
        self._early: deque[tuple[str, dict[str, Any]]] = deque()
        self._lock = threading.Lock()
        self._queue: asyncio.Queue[tuple[str, dict[str, Any]] | None] | None = None
        self._task: asyncio.Task[None] | None = None

    def bind(self, bus: Publisher) -> None:
        """On the API's loop: from now on the events go to ``bus``, those kept before first."""
        queue: asyncio.Queue[tuple[str, dict[str, Any]] | None] = asyncio.Queue()
        with self._lock:
            self.bus, self.loop, self._queue = bus, asyncio.get_running_loop(), queue
            early, self._early = list(self._early), deque()
        for event in early:
            queue.put_nowait(event)
        self._task = self.loop.create_task(self._forward(queue), name="broker-to-bus")

    async def publish(self, channel: str, payload: dict[str, Any]) -> None:
        with self._lock:
            if self.loop is None or self._queue is None:
                if len(self._early) >= EARLY_EVENTS:
                    self._early.popleft()
                    self.early_dropped += 1
                self._early.append((channel, payload))
                return
            loop, queue = self.loop, self._queue
        with contextlib.suppress(RuntimeError):  # the API's loop closed: the server is stopping
            loop.call_soon_threadsafe(queue.put_nowait, (channel, payload))

    async def _forward(self, queue: asyncio.Queue[tuple[str, dict[str, Any]] | None]) -> None:
        while (event := await queue.get()) is not None:
            try:
                assert self.bus is not None
                await self.bus.publish(*event)
            except Exception:
                log.exception("handing a robot event from the broker's loop to the bus failed")

    async def stop(self) -> None:
        """On the API's loop, once the broker's loop ended: what is queued is published, then the task ends."""
        if self._task is None or self._queue is None:
            return
        self._queue.put_nowait(None)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._task), 5.0)
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
