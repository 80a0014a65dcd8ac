"""The background writers: each domain's job that wakes on its own timer and writes rows (due messages, the one
outbox's sender: alarm notices, incident notices and webhook deliveries, report mails, the sites' plan watch, the
wear scan, incident escalation, the health scan, site report mails, robot certificates' expiry, the retention purge).

One list, in start order: ``create_app`` starts them in that order and stops them in the reverse one, and tests
pause them (all, or the one a test drives itself) while they compare the database's contents or run a round by
hand (tests/permission_matrix.py: a writer left out once changed ``site_plan_alerts`` in the middle of a refused
caller's calls). The update waits are not here: they tell robots, so they start after the robot link.
"""

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

from cleanfleet.audit.service import start_sealing
from cleanfleet.certificates.scan import start_certificate_scan, stop_certificate_scan
from cleanfleet.core.db import Database
from cleanfleet.core.leader import stop_task
from cleanfleet.core.outbox_sender import start_outbox, stop_outbox
from cleanfleet.health.scan import start_health_scan, stop_health_scan
from cleanfleet.incidents.escalation import start_escalation, stop_escalation
from cleanfleet.messages.service import start_due_scanner, stop_due_scanner
from cleanfleet.reports.mail import start_report_mailer, stop_report_mailer
from cleanfleet.retention.job import start_retention
from cleanfleet.settings import Settings
from cleanfleet.siem.stream import start_streaming, stop_streaming
from cleanfleet.sites.plans.watch import start_plan_watch, stop_plan_watch
from cleanfleet.sites.reports.mail import start_site_report_mailer, stop_site_report_mailer
from cleanfleet.warn import notify as notify  # the outbox's channels register at import: notify, incident, webhook
from cleanfleet.wear.scan import start_wear_scan, stop_wear_scan
from cleanfleet.webhooks import delivery as delivery


@dataclass(frozen=True)
class Writer:
    name: str  # its task's attribute on app.state
    start: Callable[[Database, Settings], asyncio.Task[None]]
    stop: Callable[[asyncio.Task[None]], Awaitable[None]]


WRITERS: tuple[Writer, ...] = (
    Writer("due_scanner", lambda db, _: start_due_scanner(db), stop_due_scanner),
    Writer("outbox", start_outbox, stop_outbox),
    Writer("report_mailer", start_report_mailer, stop_report_mailer),
    Writer("plan_watch", lambda db, _: start_plan_watch(db), stop_plan_watch),
    Writer("wear_scan", lambda db, _: start_wear_scan(db), stop_wear_scan),
    Writer("incident_escalation", start_escalation, stop_escalation),
    Writer("health_scan", start_health_scan, stop_health_scan),
    Writer("site_report_mailer", start_site_report_mailer, stop_site_report_mailer),
    Writer("certificate_scan", start_certificate_scan, stop_certificate_scan),
    Writer("audit_seal", start_sealing, stop_task),
    Writer("retention", start_retention, stop_task),
    Writer("siem_stream", start_streaming, stop_streaming),  # the audit trail to syslog destinations
)
NAMES = frozenset(writer.name for writer in WRITERS)


def _chosen(names: Iterable[str] | None) -> list[Writer]:
    wanted = NAMES if names is None else set(names)
    if unknown := wanted - NAMES:
        raise ValueError(f"no background writer named {sorted(unknown)}")
    return [writer for writer in WRITERS if writer.name in wanted]


def start_writers(state: Any, settings: Settings, names: Iterable[str] | None = None) -> None:
    """Starts the writers (all, or those named) in order, each task on ``state`` under its name."""
    for writer in _chosen(names):
        setattr(state, writer.name, writer.start(state.db, settings))


async def stop_writers(state: Any, names: Iterable[str] | None = None) -> None:
    """Stops the writers (all, or those named) in the reverse order."""
    for writer in reversed(_chosen(names)):
        await writer.stop(getattr(state, writer.name))


@contextlib.asynccontextmanager
async def writers_paused(state: Any, settings: Settings, names: Iterable[str] | None = None) -> AsyncIterator[None]:
    """The writers (all, or those named) stopped for the block, started again after it. A pause inside another
    starts again only what it stopped itself: the outer one's writers stay stopped until the outer one ends (the
    permission matrix pauses every writer inside a domain's pause of its own; starting its writer there as well
    left a second one running for the rest of the session)."""
    chosen = [writer.name for writer in _chosen(names) if not getattr(state, writer.name).done()]
    await stop_writers(state, chosen)
    try:
        yield
    finally:
        start_writers(state, settings, chosen)
