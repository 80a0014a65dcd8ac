"""The brands this worker has resolved, per node and per host name, for a minute; forgotten at once on any change.

A change commits, then clears this worker's cache and publishes ``BRANDS_CHANGED`` on the bus (core/bus.py), which
every worker hears (app.py clears its cache): changes are rare, so a change forgets everything. The minute bounds
what a move of a user to another branch leaves stale. Like the session cache (core/auth.py), a read that began
before a clear does not store its (possibly stale) answer. Keyed by the database too: the tests run apps on
several databases in one process.
"""

import time
from collections.abc import Hashable
from typing import Any

TTL_SECONDS = 60.0
MAX_ENTRIES = 10_000


class BrandCache:
    def __init__(self, ttl: float = TTL_SECONDS) -> None:
        self.ttl = ttl
        self._entries: dict[Hashable, tuple[float, Any]] = {}
        self._generation = 0

    def generation(self) -> int:
        return self._generation

    def get(self, key: Hashable) -> Any:
        entry = self._entries.get(key)
        if entry is None or time.monotonic() - entry[0] > self.ttl:
            return None
        return entry[1]

    def put(self, key: Hashable, value: Any, generation: int) -> None:
        if generation != self._generation:
            return
        if len(self._entries) >= MAX_ENTRIES:
            self._entries.clear()
        self._entries[key] = (time.monotonic(), value)

    def clear(self, _event: object = None) -> None:
        self._generation += 1
        self._entries.clear()


CACHE = BrandCache()
