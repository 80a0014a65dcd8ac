"""The gateway's memory of the devices it marked present in the current quarter hour (``devices.presence`` stores
the marks: the gateway's batch hands them over on ``core.bus.ROBOT_MESSAGES_ARRIVED``), so a heartbeat every few
seconds costs no write."""

from datetime import UTC, date, datetime
from typing import Any

from cleanfleet.core.ranges import quarter_of


class PresenceMarks:
    """The devices already marked present in the current quarter hour (one gateway's memory of its writes)."""

    def __init__(self) -> None:
        self.quarter: tuple[date, int] | None = None
        self._marked: set[int] = set()

    def unmarked(self, device_ids: Any, now: datetime) -> list[int]:
        """Those of ``device_ids`` not marked in ``now``'s quarter hour yet (a new quarter forgets the last)."""
        quarter = (now.astimezone(UTC).date(), quarter_of(now))
        if quarter != self.quarter:
            self.quarter, self._marked = quarter, set()
        marked = self._marked
        return [device_id for device_id in device_ids if device_id not in marked]

    def remember(self, device_ids: list[int], now: datetime) -> None:
        """Called once the marks are stored."""
        if (now.astimezone(UTC).date(), quarter_of(now)) == self.quarter:
            self._marked.update(device_ids)
