"""What robots send that the gateway hands to the domains (issue 49 item 7): the checked alarm and run report
messages, and ``Arrived``, one batch of them, published on ``core.bus.ROBOT_MESSAGES_ARRIVED`` inside the gateway's
transaction. The gateway knows none of the domains that keep them: devices marks the robots heard present, warn
stores the alarms and tells the task-ended notices, reports stores the new runs (and hands their coverage on to the
sites on ``RUNS_COVERED``, and ``run.ended`` to the integrations); each writes back what the gateway tells the
consoles or counts once the batch commits (``alarm_events``, ``coverage_refused``).
"""

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from cleanfleet.core.coverage import RunCoverage
from cleanfleet.settings import Settings

TYPE_REMINDER = "reminder"  # an alarm message's ``level`` (warn's alarm ``type``)
TYPE_ALARM = "alarm"


@dataclass(frozen=True)
class AlarmMessage:
    """One ``cf/<sn>/up/alarm`` message, checked and parsed by the gateway."""

    device_id: int
    serial_number: str
    owner_path: str
    msg_id: str
    action: str  # raise | clear
    robot_alarm_id: str
    key: str
    code: str
    code_num: int | None
    kind: str
    type: str
    content: str
    at: datetime  # when the robot created the message


@dataclass(frozen=True)
class ReportMessage:
    """One ``cf/<sn>/up/report`` message, checked and parsed by the gateway (``fields`` are column values)."""

    device_id: int
    msg_id: str
    fields: dict[str, Any]


@dataclass(frozen=True)
class ArrivedReport:
    """A run report with its robot's serial number and its run's checked coverage grid (None: none, or dropped)."""

    message: ReportMessage
    serial_number: str
    coverage: RunCoverage | None = None


@dataclass
class Arrived:
    """One gateway batch, for its subscribers (in their wiring order, cleanfleet/events.py). ``present``: the devices
    heard from that this gateway has not marked present in this quarter hour yet; ``settings``: the server's (the
    notification policy), None in tests that build an ingest alone (the defaults)."""

    at: datetime
    present: list[int] = field(default_factory=list)
    alarms: list[AlarmMessage] = field(default_factory=list)
    reports: list[ArrivedReport] = field(default_factory=list)
    settings: Settings | None = None
    # written back by the subscribers:
    alarm_events: list[dict[str, Any]] = field(default_factory=list)  # the consoles' alarm events (warn)
    coverage_refused: list[tuple[str, str]] = field(default_factory=list)  # (serial number, why) (reports, sites)

    def __bool__(self) -> bool:
        return bool(self.present or self.alarms or self.reports)
