"""Events between the parts of the server, and between workers.

In-process by default. With CLEANFLEET_REDIS_URL set, every event is also published on Redis, so
the other workers hear it (cache evictions, live pushes); a worker ignores its own echoes. The channels of
``LOCAL_CHANNELS`` stay in the worker that published them: their handlers write to the database, and the
worker whose gateway received a robot's message (one per message: the gateways are one MQTT shared-
subscription group) is the one to handle it, once.
"""

import asyncio
import contextlib
import inspect
import logging
import uuid
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson

from cleanfleet.core.scope import tenant_path

log = logging.getLogger("cleanfleet.bus")

# robot events that answer a command (cmd_ack, job progress) as the gateway read them: {deviceId, serialNumber,
# kind, cmdId, ...} (gateway.payloads.EVENT); the domain that sent the command follows its cmdId
ROBOT_EVENTS = "robot.events"

Handler = Callable[[dict[str, Any]], Awaitable[None] | None]
PREFIX = "cleanfleet:"

# The channels, with the payload each carries. A domain publishes on them; app.py wires the subscribers.
# The live channels carry the consoles' events (declared in realtime/schemas.py) routed with the owner path the hub
# filters on (``realtime.published.routed``):
LIVE_DEVICES = "live.devices"  # {"states": [LiveDevice]}: the gateway's batches, offline sweeps
LIVE_UPDATES = "live.updates"  # {"updates": [LiveUpdate]}: a robot's OTA state changed, a rollout moved on
LIVE_ALARMS = "live.alarms"  # {"alarms": [LiveAlarm]}: raised, cleared, resolved
LIVE_LEASES = "live.leases"  # {"leases": [LiveLease]}: a robot's remote control taken, extended or released
# Between workers each live batch goes out per tenant (issue 52 item 7): on ``LIVE_PREFIX + channel + ":" + tenant``
# with that tenant's items only, and a worker listens only to the tenants its consoles watch (``Bus.watch_live``; a
# console at the root watches them all), so a worker's fan-out does not grow with the whole fleet. In-process
# subscribers still hear the whole batch. A tenant is the first node under the root on the owner path.
LIVE_PREFIX = "cleanfleet-live:"  # not matched by PREFIX + "*"
LIVE_ROUTE_KEY = "ownerPath"  # each live item's owner path (realtime.published.routed)
LIVE_LISTS = {LIVE_DEVICES: "states", LIVE_UPDATES: "updates", LIVE_ALARMS: "alarms", LIVE_LEASES: "leases"}
EVERY_TENANT = "*"
EVERY_LIVE_PATTERN = (LIVE_PREFIX + "*").encode()
# {"robots": [serial]}: robots' certificates were just revoked (certificates/service.py): every worker reloads its
# revoked set and drops those robots from its embedded broker
CERTIFICATES_REVOKED = "certificates.revoked"
# handled where published, never sent to the other workers (each robot event is written once)
LOCAL_CHANNELS = frozenset({ROBOT_EVENTS})
TOKEN_REVOKED = "auth.token_revoked"  # {"token_hash": str}: a signed-out or revoked session
USER_CHANGED = "auth.user_changed"  # {"user_id": int}: a user's rights, password or state changed
ROLES_CHANGED = "auth.roles_changed"  # {}: a role's or role group's keys changed (anyone's rights may have)
OUTBOX_WORK = "outbox.work"  # {}: sends were queued (core/outbox.py): the worker leading the sender wakes
BRANDS_CHANGED = "branding.changed"  # {}: a brand or its host names changed (branding/): workers forget brands

# In-transaction channels (``IN_TRANSACTION``): a writer publishes ``await IN_TRANSACTION.publish(db, CHANNEL,
# **payload)`` inside its transaction, and every subscriber keeps its own tables in step there, before the writer
# commits: ``handler(db, **payload)``, in the order wired (``cleanfleet/events.py``). Payload keys are the handlers'
# keyword parameters. A device's neighbours listen; devices imports none of them.
# {"serial_number": str, "secret": str}: a device was just given its secret (created in the console, registered by
# its robot): the one moment the product holds it in plain; the subscriber (gateway/brokerauth) hands it to a
# Mosquitto whose robot clients the product keeps
DEVICE_SECRET_SET = "devices.secret_set"
# [(device id, old owner id, new owner id)]: before the devices change owner (their rows still name the old one)
DEVICE_OWNERS_CHANGED = "devices.owners_changed"  # {"moves": list[tuple[int, int, int]]}
DEVICE_DELETED = "devices.deleted"  # {"device_id": int, "owner_id": int}: before the device's row is deleted
# {"stored": rows with device_id and day}: online days just stored (what devices.presence's insert returned)
DEVICE_ONLINE_ADDED = "devices.online_added"
# {"owners": a select of user ids, "before": date}: clear data removed these owners' devices' days before ``before``
DEVICE_ONLINE_PURGED = "devices.online_purged"
# {"type_id": int}: before a device type no device uses is deleted; a domain whose records still name it refuses
# (raises its ApiError), and the type stays
DEVICE_TYPE_DELETING = "devices.type_deleting"
# {"host": str, "port": int, "granted_by": int | None}: a device was given this FRP port on this transfer node
DEVICE_PORT_ASSIGNED = "devices.port_assigned"
# {"arrived": core.arrivals.Arrived}: one gateway batch of robot messages (issue 49 item 7: the gateway knows no
# domain that keeps them): the devices heard to mark present (devices), the alarms and the ended runs' notices (warn),
# the run reports (reports); the subscribers write back the consoles' alarm events and the coverage refused
ROBOT_MESSAGES_ARRIVED = "gateway.robot_messages"
# {"runs": list[core.coverage.CoveredRun]}: the coverage grids of the run reports of a gateway batch just stored
# (reports/arrivals.py; new reports only: a redelivered one is not among them); the subscriber (sites) adds them into
# the day's counts and sets ``refused`` on a run it cannot take (the gateway counts it as dropped for that robot)
RUNS_COVERED = "gateway.runs_covered"
# {"raised": [{alarm_id, device_id, owner_path, key, code, at}], "cleared": [{device_id, key, at}]}: the alarms a
# writer just stored (new raises only: a redelivered one is not among them) and the clears that changed a raised
# alarm; the subscriber (incidents) opens or joins an incident per raise whose rule asks for one, and notes clears
ALARMS_STORED = "warn.alarms_stored"
# {"pairs": set[tuple[int, date]]}: the (device, UTC day of start) whose runs changed (stored, edited, inserted,
# deleted, purged: every change reports.service.refresh_days recomputes); the sites domain marks the site days
# they touch stale in its plan-against-actual day counts
REPORT_DAYS_CHANGED = "reports.days_changed"
# {"site_id": int}: a site's row was just deleted (flushed: the records that named it with ON DELETE SET NULL now
# name no site); the subscriber (incidents) counts its incidents' months again
SITE_DELETED = "sites.deleted"
# {"facts": list[Fact]}: things an integrator may subscribe to just happened (issue 35: a robot went online or
# offline, a run started or ended, an incident moved, a plan window was missed, an OTA update or a backup ended),
# published by the domain where it happened with ``tell(db, [Fact(...)])`` inside the transaction that stores it;
# the subscriber (webhooks) writes its outbox rows there, so a fact and its deliveries commit together, once
FACTS_HAPPENED = "integration.facts"
# {"user": User}: an account's password just matched, before its session is made (auth/service.py); a subscriber
# refuses (raises its ApiError) a sign-in its rules forbid: single sign-on's "passwords off for my people" (sso/)
PASSWORD_SIGN_IN = "auth.password_sign_in"
# {"kind": "sign_in" | "sign_in_failed" | "sign_in_locked" | "sign_out", "user_id": int | None, "account": str,
# "method": str | None, "context": auth.service.SignInContext}: a sign-in, a refused one or a sign-out (auth/), in
# its transaction (a refusal's is committed before the refusal is raised); the subscriber (sessions) records it for
# the audit and, for a sign-in from a browser the person never used, writes the notice (message centre, e-mail)
SIGN_IN_HAPPENED = "auth.sign_in_happened"
# {"step": SecondStep}: a person's first factor just held (auth.service.finish_sign_in: a password, an OpenID
# provider, a passkey alone); the subscriber (factors) decides whether a second factor is owed or must first be
# enrolled, and then writes a short-lived ticket and fills ``step.ticket`` and ``step.methods`` (auth issues no
# session then). Auth imports no factors code: the second step is the factors domain's
SECOND_STEP_OWED = "auth.second_step"


@dataclass
class SecondStep:
    """A sign-in whose first factor held: who, how (``method``: auth.models.SIGN_IN_METHODS), from which platform,
    and whether a second factor was already checked (``mfa_done``: a provider's ``amr``, a passkey). The subscriber
    fills ``ticket`` (the raw ticket, shown once) and ``methods`` when a second step is owed."""

    user_id: int
    user_path: str
    level_depth: int
    method: str
    platform: str
    mfa_done: bool
    ticket: str | None = None
    methods: tuple[str, ...] = ()


@dataclass(frozen=True)
class Fact:
    """One event for the integrations: its ``noun.verb`` name (webhooks/catalogue.py lists them with their data),
    the tree path of the user whose subtree it belongs to (a robot's owner path), its data (JSON values, camelCase
    names as the catalogue's model for that event) and when it happened (aware UTC)."""

    type: str
    owner_path: str
    data: dict[str, Any]
    at: datetime


async def tell(db: Any, facts: list[Fact]) -> None:
    """Publishes ``facts`` on ``FACTS_HAPPENED`` in the caller's transaction (nothing when there are none)."""
    if facts:
        await IN_TRANSACTION.publish(db, FACTS_HAPPENED, facts=facts)


live_tenant = tenant_path  # the tenant of a live item's owner path


def console_tenant(path: str) -> str:
    """What a console at ``path`` watches: EVERY_TENANT at the root, else its tenant."""
    return EVERY_TENANT if len([part for part in path.split("/") if part]) <= 1 else live_tenant(path)


def _live_channels(tenant: str) -> list[str]:
    return [f"{LIVE_PREFIX}{channel}:{tenant}" for channel in LIVE_LISTS]


class Bus:
    def __init__(self, redis_url: str | None = None) -> None:
        self._handlers: dict[str, list[Handler]] = defaultdict(list)
        self._redis_url = redis_url
        self._redis: Any = None
        self._listener: asyncio.Task[None] | None = None
        self._live: Any = None  # the per-tenant live subscriptions' own connection
        self._live_listener: asyncio.Task[None] | None = None
        self._every_live = False  # every tenant watched (a console at the root)
        self._origin = uuid.uuid4().hex

    @property
    def scoped(self) -> bool:
        """True when live events from other workers arrive only for the tenants watched (Redis configured)."""
        return self._redis_url is not None

    def subscribe(self, channel: str, handler: Handler) -> None:
        self._handlers[channel].append(handler)

    async def publish(self, channel: str, payload: dict[str, Any]) -> None:
        await self._deliver(channel, payload)
        if self._redis is None or channel in LOCAL_CHANNELS:
            return
        if channel in LIVE_LISTS:
            await self._publish_per_tenant(channel, LIVE_LISTS[channel], payload.get(LIVE_LISTS[channel], []))
            return
        message = orjson.dumps({"origin": self._origin, "payload": payload})
        await self._redis.publish(PREFIX + channel, message)

    async def _publish_per_tenant(self, channel: str, key: str, items: list[dict[str, Any]]) -> None:
        by_tenant: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for item in items:
            by_tenant[live_tenant(item.get(LIVE_ROUTE_KEY, ""))].append(item)
        for tenant, part in by_tenant.items():
            message = orjson.dumps({"origin": self._origin, "payload": {key: part}})
            await self._redis.publish(f"{LIVE_PREFIX}{channel}:{tenant}", message)

    async def watch_live(self, tenant: str) -> None:
        """Hear the other workers' live events of ``tenant`` (EVERY_TENANT: all) from now on."""
        if self._live is None:
            return
        if tenant == EVERY_TENANT:
            await self._live.psubscribe(EVERY_LIVE_PATTERN)
        else:
            await self._live.subscribe(*_live_channels(tenant))

    async def unwatch_live(self, tenant: str) -> None:
        if self._live is None:
            return
        if tenant == EVERY_TENANT:
            await self._live.punsubscribe(EVERY_LIVE_PATTERN)
        else:
            await self._live.unsubscribe(*_live_channels(tenant))

    async def _deliver(self, channel: str, payload: dict[str, Any]) -> None:
        for handler in self._handlers.get(channel, ()):
            try:
                result = handler(payload)
                if inspect.isawaitable(result):
                    await result
            except Exception:
                log.exception("bus handler failed on %s", channel)

    async def start(self) -> None:
        if not self._redis_url:
            return
        from redis.asyncio import Redis

        self._redis = Redis.from_url(self._redis_url)
        pubsub = self._redis.pubsub()
        await pubsub.psubscribe(PREFIX + "*")
        self._listener = asyncio.create_task(self._listen(pubsub))
        self._live = self._redis.pubsub()
        await self._live.subscribe(LIVE_PREFIX + "none")  # a pub/sub connection listens only once it subscribed
        self._live_listener = asyncio.create_task(self._listen(self._live))

    async def _listen(self, pubsub: Any) -> None:
        async for message in pubsub.listen():
            kind = message.get("type")
            if kind in ("psubscribe", "punsubscribe") and message.get("channel") == EVERY_LIVE_PATTERN:
                # Redis sends a message matching both a channel and a pattern twice: while the pattern is on, the
                # channel's copy is dropped (its confirmation arrives in order with the messages, so no loss)
                self._every_live = kind == "psubscribe"
            if kind == "message" and self._every_live or kind not in ("pmessage", "message"):
                continue
            body = orjson.loads(message["data"])
            if body.get("origin") == self._origin:
                continue
            name = message["channel"].decode()
            channel = name[len(PREFIX):] if name.startswith(PREFIX) else name[len(LIVE_PREFIX):].rsplit(":", 1)[0]
            await self._deliver(channel, body["payload"])

    async def reachable(self) -> bool:
        """False when Redis is configured but does not answer (a worker's readiness check); True without it."""
        if self._redis_url is None:
            return True
        if self._redis is None or any(task is None or task.done() for task in (self._listener, self._live_listener)):
            return False
        try:
            return bool(await asyncio.wait_for(self._redis.ping(), timeout=2.0))
        except Exception:
            return False

    async def stop(self) -> None:
        for listener in (self._listener, self._live_listener):
            if listener:
                listener.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await listener
        if self._live is not None:
            await self._live.aclose()
        if self._redis is not None:
            await self._redis.aclose()


TransactionHandler = Callable[..., Awaitable[None]]


class TransactionBus:
    """The in-transaction channels' subscribers. Unlike ``Bus``, a handler shares the publisher's session and its
    error is the publisher's (nothing is half-changed), and nothing leaves the process: every worker and the first
    start (bootstrap's demo seeding) wire the same handlers. A channel nobody listens to refuses to publish, so a
    process that forgot the wiring fails loudly instead of leaving counts behind."""

    def __init__(self) -> None:
        self._handlers: dict[str, list[TransactionHandler]] = defaultdict(list)

    def subscribe(self, channel: str, handler: TransactionHandler) -> None:
        """Wiring twice (create_app after bootstrap, in one process) subscribes once."""
        if handler not in self._handlers[channel]:
            self._handlers[channel].append(handler)

    async def publish(self, db: Any, channel: str, **payload: Any) -> None:
        handlers = self._handlers.get(channel)
        if not handlers:
            raise RuntimeError(f"no subscriber on {channel}: cleanfleet.events.wire_events() was not called")
        for handler in handlers:
            await handler(db, **payload)


IN_TRANSACTION = TransactionBus()
