"""The in-transaction subscriptions (core/bus.py, ``IN_TRANSACTION``): who keeps what in step when a device changes.

Devices publishes what happened to a device (owner changed, deleted, online days stored or purged, a port given, a
type about to go) and imports none of the domains that keep records about devices; the gateway publishes the
robot messages of each batch (devices marks presence, warn stores alarms, reports stores runs and publishes their
coverage, which the sites domain adds into the days: the gateway imports none of them); their handlers are wired here,
in the order they run. The relay's per-call checks (relay/checks.py) are registered here too. Called by
``create_app`` and ``bootstrap.prepare`` (the demo seeding stores online days before any app exists); wiring twice
subscribes once.
"""

from cleanfleet.batches import service as batches
from cleanfleet.certificates import service as certificates
from cleanfleet.core.bus import (
    ALARMS_STORED,
    DEVICE_DELETED,
    DEVICE_ONLINE_ADDED,
    DEVICE_ONLINE_PURGED,
    DEVICE_OWNERS_CHANGED,
    DEVICE_PORT_ASSIGNED,
    DEVICE_SECRET_SET,
    DEVICE_TYPE_DELETING,
    FACTS_HAPPENED,
    IN_TRANSACTION,
    PASSWORD_SIGN_IN,
    REPORT_DAYS_CHANGED,
    ROBOT_MESSAGES_ARRIVED,
    RUNS_COVERED,
    SECOND_STEP_OWED,
    SIGN_IN_HAPPENED,
    SITE_DELETED,
)
from cleanfleet.devices import presence as device_presence
from cleanfleet.factors import tickets as factor_tickets
from cleanfleet.gateway.brokerauth import passwords as broker_passwords
from cleanfleet.hosts import service as hosts
from cleanfleet.incidents import rollup as incident_months
from cleanfleet.incidents import service as incidents
from cleanfleet.maps import names as map_names
from cleanfleet.relay import checks as relay_checks
from cleanfleet.reports import arrivals as report_arrivals
from cleanfleet.reports import owners as report_owners
from cleanfleet.sessions import signins as sign_in_events
from cleanfleet.sites import robots as site_robots
from cleanfleet.sites.availability import history as site_availability
from cleanfleet.sites.coverage import store as site_coverage
from cleanfleet.sites.plans import actual_days as site_actual_days
from cleanfleet.sso import events as sso_events
from cleanfleet.warn import arrivals as warn_arrivals
from cleanfleet.warn import counts as alarm_counts
from cleanfleet.wear import service as wear_forecasts
from cleanfleet.webhooks import outbox as webhook_outbox


def wire_events() -> None:
    """The alarm counts first, then the report roll-ups: both lock the devices in the same order."""
    IN_TRANSACTION.subscribe(DEVICE_OWNERS_CHANGED, alarm_counts.owners_changed)
    IN_TRANSACTION.subscribe(DEVICE_OWNERS_CHANGED, report_owners.owners_changed)
    IN_TRANSACTION.subscribe(DEVICE_OWNERS_CHANGED, site_robots.owners_changed)  # a robot given away leaves its site
    IN_TRANSACTION.subscribe(DEVICE_OWNERS_CHANGED, wear_forecasts.owners_changed)  # its forecasts follow the owner
    IN_TRANSACTION.subscribe(DEVICE_DELETED, alarm_counts.device_deleted)
    IN_TRANSACTION.subscribe(DEVICE_DELETED, report_owners.device_deleted)
    IN_TRANSACTION.subscribe(DEVICE_DELETED, incident_months.device_deleted)  # its incidents leave the counts
    IN_TRANSACTION.subscribe(DEVICE_DELETED, certificates.device_deleted)  # its certificates revoked (and the CRL)
    IN_TRANSACTION.subscribe(DEVICE_ONLINE_ADDED, report_owners.add_online)
    IN_TRANSACTION.subscribe(DEVICE_ONLINE_PURGED, report_owners.recount_online)
    IN_TRANSACTION.subscribe(DEVICE_TYPE_DELETING, batches.refuse_type_in_use)
    IN_TRANSACTION.subscribe(DEVICE_PORT_ASSIGNED, hosts.record_grant)
    IN_TRANSACTION.subscribe(DEVICE_SECRET_SET, broker_passwords.device_secret_set)  # a Mosquitto's robot client
    # a gateway batch (the gateway knows none of them): the robots heard present, their alarms, their run reports
    IN_TRANSACTION.subscribe(ROBOT_MESSAGES_ARRIVED, device_presence.robots_heard)
    IN_TRANSACTION.subscribe(ROBOT_MESSAGES_ARRIVED, warn_arrivals.robot_messages)
    IN_TRANSACTION.subscribe(ROBOT_MESSAGES_ARRIVED, report_arrivals.robot_messages)
    IN_TRANSACTION.subscribe(RUNS_COVERED, site_coverage.store_runs)  # the gateway's new reports' coverage grids
    IN_TRANSACTION.subscribe(REPORT_DAYS_CHANGED, site_actual_days.runs_changed)  # kept site days go stale
    IN_TRANSACTION.subscribe(ALARMS_STORED, incidents.on_alarms_stored)  # alarms that need a person: incidents
    IN_TRANSACTION.subscribe(ALARMS_STORED, webhook_outbox.on_alarms_stored)  # alarm.raised, alarm.resolved
    IN_TRANSACTION.subscribe(FACTS_HAPPENED, webhook_outbox.on_facts)  # the integrations' events: webhooks' outbox
    IN_TRANSACTION.subscribe(FACTS_HAPPENED, wear_forecasts.runs_ended)  # a run's hours wear its robot's parts now
    IN_TRANSACTION.subscribe(FACTS_HAPPENED, site_availability.presence_changed)  # a site robot's offline spans
    IN_TRANSACTION.subscribe(SITE_DELETED, incident_months.site_deleted)  # its incidents' months counted again
    IN_TRANSACTION.subscribe(PASSWORD_SIGN_IN, sso_events.password_sign_in)  # passwords off for a provider's people
    IN_TRANSACTION.subscribe(SIGN_IN_HAPPENED, sso_events.sign_in_happened)  # a provider's sign-in after its 2nd step
    IN_TRANSACTION.subscribe(SIGN_IN_HAPPENED, sign_in_events.happened)  # the audit's event, a new browser's notice
    IN_TRANSACTION.subscribe(SECOND_STEP_OWED, factor_tickets.second_step)  # a second factor owed: a ticket
    relay_checks.register(map_names.CHECKED_CALLS, map_names.check_robot_call)
