"""Heavy work on uploaded data (unpacking an archive, decoding an image): off the event loop, under limits.

``await run_heavy(key, field, function, *args)`` runs a blocking function in a small thread pool of its own
and answers its result (or raises what it raised). ``release_connection(db)`` ends a session's read-only
transaction first, so no pooled database connection waits on that work (nor on reading the upload).

Decisions (a fleet operator's view):
- The limits: one caller (``key``, the signed-in user's id) runs at most ``PER_CALLER`` such jobs at once, and
  a worker process at most ``IN_ALL`` (the pool's size, so a job that is admitted starts at once). A job over
  either limit is refused at once with RATE_LIMITED naming the upload's field ("busy, try again in a moment"),
  never queued: the upload is already in memory, a queue would keep it there, and the user retries in a second.
- The limits are per worker process; a cluster of N workers admits N × ``IN_ALL`` in all.
- A thread cannot be stopped: a job whose caller went away keeps its slot until the function returns, so a
  burst of abandoned uploads cannot pile up threads or memory behind the limit.
- The pool is our own, not asyncio's default executor, so heavy uploads never delay the short ``to_thread``
  hops other calls make (file reads, password hashes).
"""

import asyncio
import threading
from collections.abc import Callable, Hashable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError
from cleanfleet.core.texts import BUSY_UNPACKING

T = TypeVar("T")

PER_CALLER = 1
IN_ALL = 2


class HeavyWork:
    """The slots: per caller and in all (thread-safe: a slot is given back by the worker thread's callback)."""

    def __init__(self, per_caller: int = PER_CALLER, in_all: int = IN_ALL) -> None:
        self.per_caller, self.in_all = per_caller, in_all
        self._lock = threading.Lock()
        self._running: dict[Hashable, int] = {}
        self._total = 0
        self._pool: ThreadPoolExecutor | None = None

    @property
    def running(self) -> int:
        return self._total

    def _take(self, key: Hashable) -> bool:
        with self._lock:
            if self._total >= self.in_all or self._running.get(key, 0) >= self.per_caller:
                return False
            self._total += 1
            self._running[key] = self._running.get(key, 0) + 1
            return True

    def _give_back(self, key: Hashable) -> None:
        with self._lock:
            self._total -= 1
            left = self._running.pop(key) - 1
            if left:
                self._running[key] = left

    def _executor(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=self.in_all, thread_name_prefix="heavy")
            return self._pool

    async def run(self, key: Hashable, field: str, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in the pool; RATE_LIMITED naming ``field`` when ``key`` or the process is at
        its limit."""
        if not self._take(key):
            raise ApiError(Code.RATE_LIMITED, BUSY_UNPACKING, field=field)
        try:
            future: Future[T] = self._executor().submit(function, *args)
        except BaseException:
            self._give_back(key)
            raise
        future.add_done_callback(lambda _: self._give_back(key))
        return await asyncio.wrap_future(future)


HEAVY = HeavyWork()


async def run_heavy(key: Hashable, field: str, function: Callable[..., T], *args: Any) -> T:
    """Runs a blocking function on uploaded data under the caller's and the process's limit (``HEAVY``)."""
    return await HEAVY.run(key, field, function, *args)


async def release_connection(db: AsyncSession) -> None:
    """Ends the session's transaction so its connection goes back to the pool before long work; the objects it
    loaded stay readable (they are not expired) and the next query begins a new transaction. Only for a
    session that has changed nothing yet (a change would be lost: refused loudly instead)."""
    if db.new or db.dirty or db.deleted:
        raise RuntimeError("release_connection on a session with unsaved changes")
    if db.in_transaction():
        await db.commit()  # nothing to write: ends the transaction, keeps the objects (expire_on_commit off)
