"""Every setting of the server, read from CLEANFLEET_* environment variables.

The README lists them all; keep the two in step.
"""

import re
from datetime import datetime
from functools import lru_cache
from ipaddress import IPv4Network, IPv6Network, ip_address, ip_network
from pathlib import Path

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

REPO_ROOT = Path(__file__).resolve().parents[2]
_SEGMENT = r"[a-zA-Z0-9_-][a-zA-Z0-9._-]*"
S3_PREFIX_PATTERN = rf"^({_SEGMENT}(/{_SEGMENT})*/?)?$"  # folders, none of them "." or ".."


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="CLEANFLEET_", extra="ignore")

    data_dir: Path = Path("./data")
    database_url: str | None = Field(
        default=None, description="SQLAlchemy async URL; default is a SQLite file in data_dir"
    )
    db_pool_size: int = Field(default=10, ge=1, le=100, description="PostgreSQL connections each engine keeps open "
                              "(20 more are opened for a burst and closed after it)")
    host: str = "127.0.0.1"
    port: int = 8000
    admin_password: str | None = None
    demo: bool | None = Field(default=None, description="seed the demo organisation; unset: only when the server "
                              "listens on loopback (host 127.0.0.1, ::1 or localhost), true: wherever it listens")
    demo_password: str | None = Field(default=None, min_length=8, max_length=64, description="the demo accounts' "
                                      "password on the first start; unset: one is generated and printed once")

    token_ttl: int = Field(default=7 * 24 * 3600, gt=0, description="seconds a login token lives")
    sign_key: str = "cleanfleet-sign1"
    sign_iv: str = "cleanfleet-iv-16"
    sign_skew: int = Field(default=30, ge=0, description="seconds of clock difference allowed")

    login_max_failures: int = Field(default=5, gt=0, description="wrong passwords per account (and per own "
                                    "password change) within the window before a lock")
    login_max_failures_per_address: int = Field(default=100, gt=0, description="wrong passwords from one client "
                                                "address, all accounts together, before that address is locked")
    admin_second_factor: bool = Field(default=True, description="the admin account (level 1) must enrol and use "
                                      "a second factor from its second sign-in on (factors/, issue 50 item 7); "
                                      "false turns that off explicitly (the tests, the journeys, a demo)")
    login_failure_window: int = Field(default=15 * 60, gt=0)
    login_lock_seconds: int = Field(default=15 * 60, gt=0)
    trusted_proxies: str = Field(default="", description="comma-separated addresses or CIDRs of reverse proxies "
                                 "whose X-Forwarded-For names the client; empty: the connecting address counts")

    # what operators watch (metrics/): GET /metrics in Prometheus' text format
    metrics_allow: str = Field(default="127.0.0.1,::1", description="comma-separated addresses or CIDRs that may "
                               "read /metrics (the client behind trusted proxies); empty: none by address")
    metrics_token: str = Field(default="", max_length=256, description="a bearer token that may read /metrics from "
                               "anywhere (Authorization: Bearer ...); empty: none")
    metrics_every: float = Field(default=15.0, gt=0, le=3600, description="seconds between a worker's readings of "
                                 "its gauges and the gateway's counts into the series")

    max_body_bytes: int = Field(default=1024 * 1024, gt=0)
    max_upload_bytes: int = Field(default=512 * 1024 * 1024, gt=0)

    redis_url: str | None = None
    web_dist: Path = REPO_ROOT / "web" / "dist"
    log_level: str = "INFO"
    log_format: str = Field(default="json", pattern="^(json|console)$")
    session_cache_seconds: float = Field(default=30.0, ge=0)
    api_token_rate_limit: int = Field(default=600, ge=1, le=1_000_000, description="calls an integration's API "
                                      "token may make per minute (apitokens/gate.py; shared through Redis)")
    check_answers: bool = Field(default=False, description="validate every success answer's data against the "
                                "model its call declares and fail the call on a mismatch (on in the tests; it "
                                "costs time, so off in production)")

    # where file bytes live (avatars, pad and device type images): see the README's "File storage"
    storage: str = Field(default="local", pattern="^(local|s3)$", description="local: files_dir; s3: s3_*")
    files_dir: Path | None = Field(default=None, description="local file store; default data_dir/files")
    s3_endpoint: str | None = Field(default=None, description="S3-compatible endpoint URL (MinIO, Ceph ...); "
                                    "unset: AWS S3 of s3_region")
    s3_bucket: str | None = Field(default=None, description="the bucket; required with storage=s3")
    s3_region: str = Field(default="us-east-1", min_length=1)
    s3_access_key: str | None = Field(default=None, description="unset: the usual AWS credential chain")
    s3_secret_key: str | None = None
    s3_prefix: str = Field(default="", pattern=S3_PREFIX_PATTERN,
                           description="folder for every key in the bucket, e.g. cleanfleet/")
    s3_addressing: str = Field(default="auto", pattern="^(auto|path|virtual)$",
                               description="auto: path-style with an s3_endpoint (MinIO, Ceph), else virtual")
    s3_create_bucket: bool = Field(default=False, description="create a missing bucket at start")
    link_secret: str | None = Field(default=None, min_length=16, description="key of the signed download links "
                                    "of private files; unset: a random one kept in data_dir/link-secret (set it "
                                    "when several servers share a store)")
    seal_key: str | None = Field(default=None, min_length=16, max_length=256, description="key that seals the "
                                 "secrets stored in the database (OpenID client secrets, authenticator secrets: "
                                 "core/sealed.py); unset: a random one kept in data_dir/seal-key (set the same on "
                                 "every server of a cluster)")
    tts_provider: str = Field(default="espeak", pattern="^(espeak|http)$", description="espeak: the offline "
                              "engine the backend installs; http: a cloud voice behind tts_url")
    tts_url: str | None = Field(default=None, description="the cloud voice adapter's endpoint (tts_provider=http)")
    tts_key: str | None = Field(default=None, description="bearer key sent to tts_url")
    s3_timeout: float = Field(default=30.0, gt=0, description="seconds to connect or to wait for an answer")

    smtp_host: str | None = Field(default=None, description="SMTP server for e-mails; unset = no mail")
    smtp_port: int = Field(default=587, gt=0, lt=65536)
    smtp_user: str | None = None
    smtp_password: str | None = None
    smtp_from: str = "cleanfleet@localhost"
    smtp_tls: str = Field(default="auto", pattern="^(auto|starttls|ssl|none)$",
                          description="auto: STARTTLS when the server offers it; ssl: TLS from the start")
    smtp_timeout: float = Field(default=15.0, gt=0)

    # alarm notifications (warn/notify.py): SMS, official account, app push and off-site push go to one webhook
    notify_webhook_url: str | None = Field(default=None, description="the provider adapter's URL: a JSON POST "
                                           "per send (README \"Alarm notifications\"); unset = those channels fail")
    notify_webhook_secret: str | None = Field(default=None, description="sent as the X-Cleanfleet-Secret header")
    notify_webhook_timeout: float = Field(default=10.0, gt=0, le=120)
    notify_attempts: int = Field(default=5, ge=1, le=20, description="tries per send before it is failed")
    notify_backoff: float = Field(default=5.0, gt=0, le=3600, description="seconds before the first retry, "
                                  "doubled after each failure")
    notify_storm_window: float = Field(default=600.0, gt=0, le=86_400, description="seconds of an alarm storm")
    notify_storm_max: int = Field(default=3, ge=2, le=1000, description="sends per device, channel and user "
                                  "in a storm window; later alarms are folded into the last")
    notify_every: float = Field(default=1.0, gt=0, le=60, description="seconds between the notifier's rounds")
    # incidents (incidents/): the acknowledge links in e-mails point at public_url; each is valid this long
    public_url: str = Field(default="http://localhost:8000", max_length=255, pattern=r"^https?://",
                            description="where users reach this server (the links in e-mails); https: the server "
                            "also sends Strict-Transport-Security")
    security_contact: str = Field(default="", max_length=255, pattern=r"^($|mailto:|https://|tel:)",
                                  description="the Contact of /.well-known/security.txt; empty: "
                                  "mailto:security@<public_url's host>")
    security_policy: str = Field(default="", max_length=255, pattern=r"^($|https://)", description="the Policy of "
                                 "/.well-known/security.txt (your disclosure policy's address); empty: none")
    incident_link_hours: float = Field(default=24.0, gt=0, le=720, description="hours an e-mailed acknowledge "
                                       "link stays valid (once, for its incident and recipient)")
    incident_scan_every: float = Field(default=15.0, gt=0, le=86400, description="seconds between the incident "
                                       "escalation's rounds")
    ota_wait_scan_every: float = Field(default=30.0, gt=0, le=3600, description="seconds between the rounds that "
                                       "tell waiting robots to update (update windows, busy robots)")
    health_scan_every: float = Field(default=3600.0, gt=0, le=86400, description="seconds between the robot health "
                                     "scan's rounds (health/scan.py: every robot graded against its peers)")
    health_scan_first: float = Field(default=5.0, ge=0, le=86400, description="seconds after the start before the "
                                     "health scan's first round")
    # Web Push, the "mobile app" channel (warn/push/): the VAPID key pair is made once in data_dir
    push_contact: str = Field(default="mailto:admin@localhost", max_length=255, pattern=r"^(mailto:|https://)",
                              description="the VAPID 'sub' claim: how a push service reaches the operator")
    push_timeout: float = Field(default=10.0, gt=0, le=60, description="seconds a push service has to answer")
    push_allow_http_loopback: bool = Field(default=False, description="accept http://127.0.0.1 push endpoints "
                                           "(the tests' push service); never in production")

    # webhooks (webhooks/, issue 35): the URLs subscribers give are checked (core/outbound.py) before every post
    webhook_allow: str = Field(default="", max_length=2000, description="comma-separated host:port entries "
                               "webhooks may reach although the rules refuse them (loopback, private, another "
                               "port, plain http): a receiver on the operator's own network; the tests' receiver")
    # single sign-on (sso/, issue 50): the OpenID providers' URLs are checked (core/outbound.py) before every call
    sso_allow: str = Field(default="", max_length=2000, description="comma-separated host:port entries OpenID "
                           "providers may be reached at although the rules refuse them (loopback, private, a port "
                           "other than 443, plain http): a provider on the operator's own network; the tests'")
    sso_timeout: float = Field(default=10.0, gt=0, le=60, description="seconds an OpenID provider has to answer")
    webhook_timeout: float = Field(default=10.0, gt=0, le=60, description="seconds a receiver has to answer")
    webhook_every: float = Field(default=2.0, gt=0, le=300, description="seconds between the sender's rounds")
    webhook_retention_days: int = Field(default=30, ge=1, le=3650, description="days delivered and failed "
                                        "deliveries are kept")
    # retention per kind of data (retention/, issue 51 item 5): docs/operations.md "Data retention" has the table
    retention_days: dict[str, int] = Field(default_factory=dict, description="days each kind keeps, as JSON "
                                           "({\"alarms\": 400}); a kind left out keeps core/retention.py's default")
    retention_max_days: dict[str, int] = Field(default_factory=dict, description="the most days a tenant may set "
                                               "per kind, as JSON; a kind left out: core/retention.py's most")
    retention_batch: int = Field(default=1_000, ge=100, le=100_000, description="rows the purge job removes per "
                                 "transaction (bench/bench_retention.py: 5,000 held SQLite's writer for seconds)")
    retention_pause: float = Field(default=0.2, ge=0, le=60, description="the least seconds the purge job waits "
                                   "between two batches; it waits at least nine times (SQLite: nineteen) as long as "
                                   "the batch took (the server's calls go first)")
    retention_every: float = Field(default=3600.0, gt=0, le=7 * 86400, description="seconds between the purge "
                                   "job's rounds (one worker of a cluster)")
    retention_first: float = Field(default=600.0, ge=0, le=7 * 86400, description="seconds after the start before "
                                   "the purge job's first round")

    # the robot link (gateway, live push, relay, simulated fleet): see the README's "Robots" section
    mqtt_url: str | None = Field(default=None, description="external broker mqtt://host:port; unset: embedded "
                                 "broker; 'none': no robot link")
    mqtt_bind: str = Field(default="127.0.0.1:1884", description="where the embedded broker listens for plain "
                           "MQTT (password robots only; keep it on loopback; 'none': off): docs/operations.md "
                           "\"Broker TLS\"")
    mqtt_tls_bind: str = Field(default="127.0.0.1:8883", description="where the embedded broker listens for MQTT "
                               "over TLS (certificate and password robots; 'none': off)")
    mqtt_tls_hosts: str = Field(default="", max_length=2000, description="comma-separated host names and addresses "
                                "robots reach the TLS listener by, for its server certificate (loopback's are added "
                                "for a loopback or wildcard bind)")
    mqtt_tls_handshake_seconds: float = Field(default=10.0, gt=0, le=120, description="a TLS handshake's deadline")
    mqtt_max_connections: int = Field(default=20_000, ge=1, le=1_000_000, description="the embedded broker's open "
                                      "connections, signed in or not (the open-file limit is raised to fit them)")
    mqtt_ca_file: Path | None = Field(default=None, description="an external broker (mqtts://) is verified against "
                                      "this CA file; unset: the product CA")
    mqtt_cert_file: Path | None = Field(default=None, description="the gateway's client certificate for an external "
                                        "broker over TLS (optional; with mqtt_key_file)")
    mqtt_key_file: Path | None = Field(default=None, description="its key")
    mqtt_client_id: str = Field(default="cleanfleet-gateway", min_length=1, max_length=64,
                                description="the gateway's MQTT client id (its persistent session)")
    mqtt_share_group: str | None = Field(default=None, description="subscribe as a shared-subscription group "
                                         "(several gateways, each with its own client id)")
    # robot identity at an external broker (gateway/brokerauth/, issue 46): docs/operations.md "Robot broker"
    mqtt_dynsec_user: str | None = Field(default=None, max_length=64, description="Mosquitto: the product's "
                                         "admin client of the dynamic security plugin; set (with the password), "
                                         "the product keeps one client and role per robot and the gateway's")
    mqtt_dynsec_password: str | None = Field(default=None, max_length=256, description="its password")
    mqtt_dynsec_every: float = Field(default=2.0, gt=0, le=300, description="seconds between the broker sync's "
                                     "rounds (robots added or deleted, passwords waiting)")
    broker_auth_secret: str | None = Field(default=None, min_length=16, max_length=256, description="EMQX: the "
                                           "shared secret its HTTP authenticator and authorizer send in the "
                                           "X-Broker-Secret header to /api/broker/*; unset: those calls refuse")
    # robot certificates (certificates/, issue 46 item 2): docs/operations.md "Robot certificates"
    ca_dir: Path | None = Field(default=None, description="the product CA's key, certificate and CRL (outside the "
                                "database: back it up on its own); unset: data_dir/ca")
    robot_cert_days: int = Field(default=90, ge=2, le=825, description="days a robot's client certificate is "
                                 "valid; robots renew after two thirds of it")
    robot_cert_warn_days: int = Field(default=14, ge=1, le=365, description="days before a robot certificate's "
                                      "expiry that the console raises a notice")
    # an external broker reads the CRL when told to (Mosquitto: SIGHUP): docs/operations.md "Broker TLS"
    broker_reload_pid_file: Path | None = Field(default=None, description="a broker's pid file: SIGHUP is sent to "
                                                "that process after each CRL rewrite (Mosquitto on this machine; "
                                                "`make run-cluster` sets it for its own)")
    broker_reload_command: str | None = Field(default=None, max_length=1000, description="a command run (no "
                                              "shell) after each CRL rewrite, e.g. `docker kill -s HUP mosquitto`")
    # signed updates (versions/signing.py, issue 47): docs/operations.md "Signed updates"
    tuf_keys_dir: Path | None = Field(default=None, description="the console's online TUF keys (snapshot, "
                                      "timestamp), made at the first start (outside the database: back it up on "
                                      "its own); unset: data_dir/tuf-keys")
    tuf_timestamp_hours: float = Field(default=24.0, gt=0, le=24 * 30, description="hours a signed timestamp is "
                                       "valid (robots refuse older: a frozen console); re-signed at half of it")
    tuf_snapshot_days: float = Field(default=7.0, gt=0, le=365, description="days a signed snapshot is valid")
    tuf_refresh_every: float = Field(default=600.0, gt=0, le=86400, description="seconds between the rounds that "
                                     "re-sign the timestamp before it expires (one worker of a cluster)")
    offline_after: float = Field(default=30.0, gt=0, description="seconds without heartbeat before offline")
    # 0.25 s: the live view's lag p95 under 1 s at 10,000 heartbeats a second (bench/README.md `ingest-rate`)
    heartbeat_batch_seconds: float = Field(default=0.25, gt=0, le=5, description="live state write interval")
    relay_timeout: float = Field(default=10.0, gt=0, description="seconds a robot has to answer a relay call")
    shutdown_grace: float = Field(default=10.0, gt=0, le=300, description="seconds a stopping server (SIGTERM) "
                                  "lets calls in progress end (robots' uploads, video streams) before it cuts them; "
                                  "a cut upload is failed and can be sent again")
    live_buffer: int = Field(default=50_000, ge=100, description="device updates kept for WebSocket resumes")
    audit_seal_every: float = Field(default=2.0, gt=0, le=60, description="seconds between the rounds that seal "
                                    "new audit rows into their chains (audit/chain.py; one worker of a cluster)")
    audit_anchor_first: float = Field(default=60.0, ge=0, le=7 * 86400, description="seconds after the start "
                                      "before the daily audit anchor's first round (audit/anchor_mail.py)")
    audit_anchor_mail: str = Field(default="", max_length=1000, description="comma-separated e-mail addresses "
                                   "the daily audit anchor is also mailed to (audit/anchor_mail.py; needs "
                                   "CLEANFLEET_SMTP_*)")
    # streaming the audit trail to a SIEM (siem/, issue 51 item 3): syslog destinations are checked (core/outbound.py)
    siem_allow: str = Field(default="", max_length=2000, description="comma-separated host:port entries syslog "
                            "destinations may reach although the rules refuse them (loopback, private, a port "
                            "below 1024 other than 514, 601, 6514): a SIEM on the operator's own network; the tests'")
    siem_every: float = Field(default=2.0, gt=0, le=300, description="seconds between the syslog streamer's rounds")
    siem_first: float | None = Field(default=None, ge=0, le=86400, description="seconds after the start before the "
                                     "syslog streamer's first round (unset: siem_every)")
    siem_timeout: float = Field(default=10.0, gt=0, le=60, description="seconds a syslog destination has to accept "
                                "a connection or a batch")
    map_sync_expiry_hours: float = Field(default=24.0, gt=0, le=24 * 30, description="hours a map sync waits for "
                                         "its target robot (offline, or silent mid-job) before the row fails "
                                         "(it can be retried); a day covers a robot switched off overnight or "
                                         "over a weekend shift change, while a map left pending for days is "
                                         "one the operator has forgotten")
    transfer_silence_seconds: float = Field(default=900.0, gt=0, le=6600, description="seconds a backup or log "
                                            "upload may go without a word from its robot (no state report, no "
                                            "byte) before it fails (a robot that rebooted mid-pack or lost its "
                                            "link before sending); it can then be sent again or restarted")
    sim_robots: int = Field(default=12, ge=0, le=2000, description="simulated robots `run` starts; 0 = none")
    sim_speed: float = Field(default=10.0, gt=0, description="the simulated robots' time factor")
    sim_alarm_rate: float = Field(default=0.5, ge=0, description="random alarms per simulated robot per "
                                                                  "simulated hour; 0 = only the alarms a robot's "
                                                                  "state raises (manual mode, low battery ...)")
    sim_busy_rate: float = Field(default=1.0, ge=0, description="tasks a pretend operator starts per idle "
                                 "simulated robot per simulated hour; 0 = only the tasks asked for")
    sim_start: datetime | None = Field(default=None, description="the simulated robots' clock at start (ISO 8601); "
                                       "unset: now. The e2e runs start the robots' day at 07:00, far from the "
                                       "demo schedules, so no night clean starts during a run")
    sim_data_fail_rate: float = Field(default=0.02, ge=0, le=1, description="chance that a simulated robot's "
                                      "backup or log upload fails the way real ones do (link lost mid-upload, "
                                      "disk full, reboot mid-pack); tests and e2e runs use 0 and switch a "
                                      "failure on where they need one (api2/sim_data_fail)")
    sim_base_port: int = Field(default=29000, gt=0, lt=65536, description="first simulated robot's web API port")

    @field_validator("sign_key", "sign_iv")
    @classmethod
    def sixteen_bytes(cls, value: str) -> str:
        if len(value.encode()) != 16:
            raise ValueError("must be exactly 16 bytes (AES-128)")
        return value

    @field_validator("webhook_allow", "sso_allow", "siem_allow")
    @classmethod
    def webhook_allow_entries(cls, value: str) -> str:
        from cleanfleet.core.outbound import parse_allowed

        parse_allowed(value)  # refuses an entry that is not host:port
        return value

    @field_validator("audit_anchor_mail")
    @classmethod
    def mail_addresses(cls, value: str) -> str:
        for address in (part.strip() for part in value.split(",")):
            if address and not re.fullmatch(r"[^@\s,]+@[^@\s,]+", address):
                raise ValueError(f"{address!r} is not an e-mail address")
        return value

    @field_validator("trusted_proxies", "metrics_allow")
    @classmethod
    def proxy_networks(cls, value: str) -> str:
        proxy_networks(value)  # refuses an entry that is no address or network
        return value

    @model_validator(mode="after")
    def retention_within_limits(self) -> "Settings":
        from cleanfleet.core.retention import check_deployment

        check_deployment(self.retention_days, self.retention_max_days)  # names the kind and the limit it breaks
        return self

    @model_validator(mode="after")
    def s3_complete(self) -> "Settings":
        if self.storage == "s3" and not self.s3_bucket:
            raise ValueError("CLEANFLEET_STORAGE=s3 needs CLEANFLEET_S3_BUCKET")
        if (self.s3_access_key is None) != (self.s3_secret_key is None):
            raise ValueError("set both CLEANFLEET_S3_ACCESS_KEY and CLEANFLEET_S3_SECRET_KEY, or neither")
        return self

    @property
    def listens_on_loopback(self) -> bool:
        return self.host == "localhost" or _is_loopback(self.host)

    @property
    def seeds_demo(self) -> bool:
        """The demo organisation (issue 45 item 8): its accounts are known to anyone who reads the README, so by
        default only a server that listens on loopback seeds it; CLEANFLEET_DEMO=true seeds it anywhere."""
        return self.demo if self.demo is not None else self.listens_on_loopback

    @property
    def ca_root(self) -> Path:
        return self.ca_dir or self.data_dir / "ca"

    @property
    def tuf_keys_root(self) -> Path:
        return self.tuf_keys_dir or self.data_dir / "tuf-keys"

    @property
    def files_root(self) -> Path:
        return self.files_dir or self.data_dir / "files"

    @property
    def db_url(self) -> str:
        if self.database_url:
            return async_driver(self.database_url)
        return f"sqlite+aiosqlite:///{(self.data_dir / 'cleanfleet.db').resolve()}"


def _is_loopback(host: str) -> bool:
    try:
        return ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@lru_cache(maxsize=8)
def proxy_networks(value: str) -> tuple[IPv4Network | IPv6Network, ...]:
    """The networks of CLEANFLEET_TRUSTED_PROXIES ('10.0.0.5, 10.1.0.0/16'); a single address is its own /32."""
    return tuple(ip_network(entry.strip(), strict=False) for entry in value.split(",") if entry.strip())


def async_driver(url: str) -> str:
    """Accept plain postgresql:// and sqlite:/// URLs and use the async drivers for them."""
    for plain, driver in (("postgresql://", "postgresql+asyncpg://"), ("postgres://", "postgresql+asyncpg://"),
                          ("sqlite:///", "sqlite+aiosqlite:///")):
        if url.startswith(plain):
            return driver + url[len(plain):]
    return url


@lru_cache
def get_settings() -> Settings:
    return Settings()
