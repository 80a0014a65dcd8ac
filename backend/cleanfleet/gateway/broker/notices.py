"""Refused sign-ins and protocol violations, logged at most once per reason every ``EVERY_SECONDS``
(with how many were left out), so a flood of bad connections cannot fill the log."""

import logging
import time

log = logging.getLogger("cleanfleet.gateway.broker")
EVERY_SECONDS = 60.0
SHOWN_CHARS = 64


def shown(value: object) -> str:
    """A client-supplied value fit for a log line: bounded, control characters escaped."""
    return repr(str(value)[:SHOWN_CHARS])[1:-1]


class Notices:
    def __init__(self, every_seconds: float = EVERY_SECONDS) -> None:
        self.every_seconds = every_seconds
        self._last: dict[str, tuple[float, int]] = {}
        self.counts: dict[str, int] = {}

    def warn(self, reason: str, *, client: object, peer: object, detail: object = "") -> None:
        self.counts[reason] = self.counts.get(reason, 0) + 1
        now = time.monotonic()
        logged_at, left_out = self._last.get(reason, (-self.every_seconds, 0))
        if now - logged_at < self.every_seconds:
            self._last[reason] = (logged_at, left_out + 1)
            return
        self._last[reason] = (now, 0)
        log.warning("MQTT %s", reason, extra={"fields": {"client": shown(client), "peer": shown(peer),
                                                         "detail": shown(detail), "notLoggedBefore": left_out}})
