"""The product's Prometheus series, defined once (prometheus-client).

In a cluster (cluster.py) the workers share ``PROMETHEUS_MULTIPROC_DIR``: each writes its values there and any
worker's /metrics sums them (``multiprocess_mode``: a gauge that is per process is summed over the live ones; one
read from the database, the same in every worker, takes the highest). Without it (``make run``) the values live in
the process. The directory must be set before this module is imported, which the worker's environment does.

Labels are bounded: routes are the API's route templates (anything else is ``other``), channels and reasons are
the fixed words of the code that counts them, jobs the leader's job names, codes the answer codes.
"""

from prometheus_client import Counter, Gauge, Histogram, disable_created_metrics

disable_created_metrics()  # the *_created series say when a process started counting: noise on a dashboard

HTTP_SECONDS = Histogram(
    "cleanfleet_http_request_seconds", "Time to answer an HTTP request, by route template and method",
    ["route", "method"], buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0))
HTTP_ANSWERS = Counter(
    "cleanfleet_http_requests", "HTTP answers by route template, method and status class (2xx, 4xx, 5xx)",
    ["route", "method", "status"])
API_REFUSALS = Counter(
    "cleanfleet_api_refusals", "API calls answered with a non-zero answer code (docs/api.md), by route and code",
    ["route", "code"])

ROBOT_MESSAGES = Counter(
    "cleanfleet_robot_messages", "Robot messages received by the gateway, by channel", ["channel"])
ROBOT_DROPS = Counter(
    "cleanfleet_robot_messages_dropped",
    "Robot messages dropped (unknown_sender, bad_message, failed) or report coverage grids dropped (bad_coverage), "
    "by channel and reason", ["channel", "reason"])
ROBOT_WRITES = Counter("cleanfleet_robot_rows_written", "Rows the gateway's batches wrote")
ROBOTS_CONNECTED = Gauge(
    "cleanfleet_robots_connected", "Robots online now (the fleet's live state)", multiprocess_mode="max")
CONSOLES_CONNECTED = Gauge(
    "cleanfleet_consoles_connected", "Consoles on the live WebSocket", multiprocess_mode="livesum")

JOBS_RUNNING = Gauge(
    "cleanfleet_jobs_running", "Background jobs running (1 on the worker leading it)", ["job"],
    multiprocess_mode="livesum")
JOB_ROUNDS = Counter(
    "cleanfleet_job_rounds", "Rounds of the periodic jobs, by job and outcome (ok, failed)", ["job", "outcome"])
QUEUE_DUE = Gauge(
    "cleanfleet_queue_due", "Sends due in the outbox and not done yet, by kind (notify, incident, webhook)",
    ["queue"], multiprocess_mode="max")

RETENTION_REMOVED = Counter(
    "cleanfleet_retention_removed", "Records the retention purge job removed, by kind of data (core/retention.py)",
    ["kind"])
OUTBOX_SENDS = Counter(
    "cleanfleet_outbox_sends", "The outbox's sends by kind (notify, incident, webhook), channel and outcome (sent, "
    "retried, failed, skipped, dropped)", ["kind", "channel", "outcome"])

DB_POOL = Gauge(
    "cleanfleet_db_pool_connections", "Database pool connections by state (in_use, idle, overflow)", ["state"],
    multiprocess_mode="livesum")
SPOOL_BYTES = Gauge(
    "cleanfleet_upload_spool_bytes", "Bytes of robots' uploads spooled to disk and not stored yet",
    multiprocess_mode="max")
SPOOL_FILES = Gauge("cleanfleet_upload_spool_files", "Files in the upload spool", multiprocess_mode="max")
