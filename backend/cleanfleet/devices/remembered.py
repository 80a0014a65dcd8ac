"""What the device list remembers between calls (devices/listing.py): the sizes of the scopes it met lately, and
the whole fleet's count of each text pattern with the version of the text index it was counted at."""

import time


class ScopeSizes:
    """Devices last counted in each (subtree, type), for a minute: whether a scope is small enough to sort is
    known before the call, so counts and page go in one statement. A stale size only picks the slower plan,
    never another answer; a scope not seen lately, or a large one, is counted first. ``FLEET`` keys the
    whole fleet's size."""

    LIMIT = 10_000
    FRESH_SECONDS = 60.0
    FLEET = ("", None)

    def __init__(self) -> None:
        self._sizes: dict[tuple[str, int | None], tuple[int, float]] = {}

    def get(self, key: tuple[str, int | None]) -> int | None:
        size, counted_at = self._sizes.get(key, (0, -self.FRESH_SECONDS))
        return size if time.monotonic() - counted_at < self.FRESH_SECONDS else None

    def put(self, key: tuple[str, int | None], size: int) -> None:
        if len(self._sizes) >= self.LIMIT:
            self._sizes.clear()
        self._sizes[key] = (size, time.monotonic())


class FleetMatches:
    """The whole fleet's matches of each text pattern lately counted (keyed by database and pattern), with the text
    index's version read in the same statement (``device_search_version``: PostgreSQL's mirror, migration 0064;
    SQLite's devices_fts, 0066): the next page, or the same search again, is counted again only if a device's text
    changed meanwhile. Exact, never stale: the statement compares
    the version itself, and a database made again starts from a later version (the clock's microseconds)."""

    LIMIT = 1_000
    UNKNOWN = (-1, 0)  # no version is negative: counted

    def __init__(self) -> None:
        self._counts: dict[tuple[str, str], tuple[int, int]] = {}

    def get(self, key: tuple[str, str]) -> tuple[int, int]:
        return self._counts.get(key, self.UNKNOWN)

    def put(self, key: tuple[str, str], version: int, count: int) -> None:
        if len(self._counts) >= self.LIMIT and key not in self._counts:
            self._counts.clear()
        self._counts[key] = (version, count)
