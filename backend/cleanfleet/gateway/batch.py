"""What the ingest holds between two writes: the latest state per device, and alarms and reports in order.

A batch splits into parts of one message each (one device's state, one alarm, one report): when a batch
write fails, the parts are written one at a time, so one row the database refuses costs only its own message.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cleanfleet.core.arrivals import AlarmMessage, ArrivedReport, ReportMessage
from cleanfleet.core.coverage import RunCoverage
from cleanfleet.gateway.directory import KnownDevice

BEAT, ONLINE, OFFLINE = "beat", "online", "offline"
Ack = Callable[[], None]


@dataclass
class Held:
    """An alarm or report waiting for its write, with its robot; ``ack`` is called once stored or dropped. A report
    may carry its run's coverage (added to the day's counts when the report is new)."""

    message: AlarmMessage | ReportMessage
    serial_number: str
    ack: Ack | None = None
    coverage: RunCoverage | None = None


@dataclass
class State:
    """A device's state to write: a checked heartbeat, or only online or offline."""

    kind: str
    device: KnownDevice
    beat: dict[str, Any] | None = None


@dataclass
class Batch:
    states: dict[int, State] = field(default_factory=dict)
    alarms: list[Held] = field(default_factory=list)
    reports: list[Held] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.states or self.alarms or self.reports)

    def held(self) -> list[Held]:
        return self.alarms + self.reports

    def alarm_messages(self) -> list[AlarmMessage]:
        return [h.message for h in self.alarms if isinstance(h.message, AlarmMessage)]

    def report_messages(self) -> list[ReportMessage]:
        return [h.message for h in self.reports if isinstance(h.message, ReportMessage)]

    def arrived_reports(self) -> list[ArrivedReport]:
        return [ArrivedReport(h.message, h.serial_number, h.coverage) for h in self.reports
                if isinstance(h.message, ReportMessage)]

    def parts(self) -> list[tuple[str, "Batch"]]:
        """(serial number, a batch of that one message) for every message, in the order they are written."""
        return [(s.device.serial_number, Batch(states={i: s})) for i, s in self.states.items()] \
            + [(h.serial_number, Batch(alarms=[h])) for h in self.alarms] \
            + [(h.serial_number, Batch(reports=[h])) for h in self.reports]

    def then(self, newer: "Batch") -> "Batch":
        """This batch followed by ``newer`` (whose states win)."""
        return Batch(states={**self.states, **newer.states}, alarms=self.alarms + newer.alarms,
                     reports=self.reports + newer.reports)


def joined(batches: list[Batch]) -> Batch:
    """The batches as one, in order (later states win)."""
    whole = Batch()
    for batch in batches:
        whole.states.update(batch.states)
        whole.alarms.extend(batch.alarms)
        whole.reports.extend(batch.reports)
    return whole


@dataclass
class Stored:
    """What one or more writes stored: the consoles' events, the acknowledgements due, how many states."""

    states: list[dict[str, Any]] = field(default_factory=list)
    alarm_events: list[dict[str, Any]] = field(default_factory=list)
    held: list[Held] = field(default_factory=list)
    written: int = 0
    coverage_refused: list[tuple[str, str]] = field(default_factory=list)  # (serial number, why) once stored

    def add(self, other: "Stored") -> None:
        self.states.extend(other.states)
        self.alarm_events.extend(other.alarm_events)
        self.held.extend(other.held)
        self.written += other.written
        self.coverage_refused.extend(other.coverage_refused)
