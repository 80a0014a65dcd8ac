"""Starting and stopping the robot link with the server (app.py's lifespan): broker, gateway, offline sweep.

CLEANFLEET_MQTT_URL unset: the embedded broker on CLEANFLEET_MQTT_BIND (one server process only), on an event loop
of its own in a thread (``broker_loop.py``), with the gateway attached in-process and the ingest writing through
its own database engine on that loop (``embedded.py``): a busy API delays no robot's PUBACK. The app starts it
first, before the rest of the server (it needs only the migrated database). Set to ``mqtt://host:port``: that
broker, with the gateway and the ingest on the API's loop (several workers: give each its own
CLEANFLEET_MQTT_CLIENT_ID and one CLEANFLEET_MQTT_SHARE_GROUP); ``none``: no robot link (the live hub and the relay
still work: app.py starts them on their own). The offline sweep runs on the API's loop in both cases.

Stopping goes in the order that loses no acknowledged message: the embedded broker stops accepting and
reading, and waits (bounded) until what it read is stored and acknowledged while the ingest keeps
flushing; then the ingest writes what is left and the connections close; then the broker's thread ends, and the
consoles' updates it handed over are published.

The default client id ``cleanfleet-gateway`` gets a random suffix drawn once per install (kept in
``data_dir/mqtt-gateway-id``): it stays the same across restarts, so an external broker keeps queueing for
the gateway's persistent session, but no outsider can guess it and take that session over.
"""

import asyncio
import contextlib
import logging
import secrets
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from cleanfleet.core.bus import LIVE_DEVICES, Bus
from cleanfleet.core.db import Database, utcnow
from cleanfleet.core.leader import lead
from cleanfleet.gateway import service
from cleanfleet.gateway.broker.tls import gateway_context
from cleanfleet.gateway.broker_loop import BrokerLoop, LoopBus
from cleanfleet.gateway.brokerauth.passwords import dynsec_enabled
from cleanfleet.gateway.brokerauth.sync import sync_forever
from cleanfleet.gateway.commands import CommandSender
from cleanfleet.gateway.directory import Directory
from cleanfleet.gateway.embedded import Embedded, drop_robot, send_down, start_embedded, stop_embedded
from cleanfleet.gateway.ingest import Ingest, refresh_after
from cleanfleet.gateway.link import BrokerAddress, GatewayLink, gateway_links
from cleanfleet.settings import Settings

log = logging.getLogger("cleanfleet.gateway")
NO_BROKER = ("none", "off", "")
DEFAULT_CLIENT_ID = "cleanfleet-gateway"
CLIENT_ID_FILE = "mqtt-gateway-id"
# the embedded broker's orderly stop (sessions ended, the ingest's last batch written); past it, what still runs on its
# loop is cancelled (a stop that waits on a stuck peer or database never holds the server's own stop)
BROKER_STOP_SECONDS = 30.0


@dataclass
class RobotLink:
    ingest: Ingest | None = None  # on the broker's loop with the embedded broker: read its counters only
    link: GatewayLink | None = None  # an external broker's
    live_link: GatewayLink | None = None  # its heartbeats' (a clean session: link.gateway_links)
    embedded: Embedded | None = None  # lives on ``broker_loop``: reached only through ``broker_loop.run``
    broker_loop: BrokerLoop | None = None
    bus: LoopBus | None = None  # the broker's loop's events to the API's bus
    tasks: list[asyncio.Task[None]] = field(default_factory=list)
    broker_url: str | None = None  # where robots sign in (None: no broker listens)

    async def send_down(self, topic: str, payload: bytes) -> None:
        """A command to a robot through the embedded broker (on its loop)."""
        if self.embedded is None or self.broker_loop is None or not self.broker_loop.alive:
            raise OSError("the embedded broker does not run")
        await self.broker_loop.run(send_down(self.embedded, topic, payload))

    async def reload_directory(self) -> None:
        if self.embedded is not None and self.broker_loop is not None:
            await self.broker_loop.run(self.embedded.ingest.directory.load())

    async def drop(self, client_id: str) -> bool:
        """Ends a revoked robot's connection to the embedded broker (certificates/); False when it is not on it."""
        if self.embedded is None or self.broker_loop is None or not self.broker_loop.alive:
            return False
        return await self.broker_loop.run(drop_robot(self.embedded, client_id))


def gateway_client_id(settings: Settings) -> str:
    """The configured client id; the default one with this install's random suffix."""
    if settings.mqtt_client_id != DEFAULT_CLIENT_ID:
        return settings.mqtt_client_id
    path = settings.data_dir / CLIENT_ID_FILE
    with contextlib.suppress(OSError):
        suffix = path.read_text().strip()
        if suffix:
            return f"{DEFAULT_CLIENT_ID}-{suffix}"
    suffix = secrets.token_hex(8)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(suffix)
    except OSError as exc:
        log.warning("cannot keep the gateway's MQTT client id in %s (%s): a new one each start, so the broker's "
                    "queue for the gateway does not outlive a restart; set CLEANFLEET_MQTT_CLIENT_ID", path, exc)
    return f"{DEFAULT_CLIENT_ID}-{suffix}"


def robot_link_enabled(settings: Settings) -> bool:
    """False when CLEANFLEET_MQTT_URL is ``none``: no broker, no gateway."""
    return (settings.mqtt_url or "x").strip().lower() not in NO_BROKER


def start_early_link(settings: Settings) -> RobotLink | None:
    """``run`` (__main__.py), right after the migrations and before the API is even imported (issue 52 item 9): the
    embedded broker listening on its own thread with its ingest, so robots sign in while the rest of the server
    starts; the app's lifespan adopts it (``start_robot_link``). None with an external broker or none (the app
    starts those); a link with no broker when it cannot listen (logged)."""
    if not robot_link_enabled(settings) or settings.mqtt_url:
        return None
    running = RobotLink(broker_loop=BrokerLoop(), bus=LoopBus())
    assert running.broker_loop is not None and running.bus is not None
    running.broker_loop.start()
    try:
        database = Database(settings.db_url, settings.db_pool_size)
        running.embedded = running.broker_loop.run_here(start_embedded(settings, database, running.bus))
    finally:
        if running.embedded is None:
            running.broker_loop.halt()
    if running.embedded is not None:
        running.ingest, running.broker_url = running.embedded.ingest, running.embedded.url
    return running


async def start_robot_link(state: Any) -> RobotLink:
    """The broker (or the link to one), the ingest and the offline sweep; ``state.gateway`` is the ingest. An
    embedded broker ``start_early_link`` started (``state.early_robot_link``) is adopted."""
    settings: Settings = state.settings
    early: RobotLink | None = getattr(state, "early_robot_link", None)
    running = early or RobotLink()
    if early is not None:
        state.early_robot_link = None
        if not _adopt(state, early):
            return early
        # the devices the lifespan added since (the simulated fleet's) are known before their robots sign in
        await early.reload_directory()
    elif not robot_link_enabled(settings):
        return running
    elif settings.mqtt_url:
        await _start_external(state, running)
    elif not await _start_embedded(state, running):
        return running
    sweep = lead(state.db, "offline-sweep", lambda: sweep_forever(state.db, state.bus, settings.offline_after))
    running.tasks.append(asyncio.create_task(sweep, name="offline-sweep"))  # one worker sweeps (core/leader.py)
    state.gateway = running.ingest
    return running


def _adopt(state: Any, running: RobotLink) -> bool:
    """The early broker joins the app: its database is the app's twin, its events go to the app's bus, commands
    go through it. False when it does not listen."""
    if running.embedded is None or running.bus is None:
        return False
    state.db.twin(running.embedded.database)
    running.bus.bind(state.bus)
    state.robot_commands = CommandSender(running.send_down)
    return True


async def _start_external(state: Any, running: RobotLink) -> None:
    """The gateway and the ingest on the API's loop, connected to the broker of CLEANFLEET_MQTT_URL."""
    settings: Settings = state.settings
    directory = Directory(state.db)
    await directory.load()
    ingest = running.ingest = Ingest(state.db, state.bus, directory, batch_seconds=settings.heartbeat_batch_seconds,
                                     settings=settings, refresh_seconds=refresh_after(settings.offline_after))
    ingest.start()
    address = BrokerAddress.parse(settings.mqtt_url or "")
    running.link, running.live_link = gateway_links(address, ingest, client_id=gateway_client_id(settings),
                                                    share_group=settings.mqtt_share_group,
                                                    ssl=gateway_context(settings, address))
    running.link.start()
    running.live_link.start()
    running.broker_url = address.url()
    state.robot_commands = CommandSender(running.link.publish)
    if dynsec_enabled(settings):  # one worker keeps the Mosquitto's robot clients (brokerauth/sync.py)
        job = lead(state.db, "broker-sync", lambda: sync_forever(state.db, settings))
        running.tasks.append(asyncio.create_task(job, name="broker-sync"))


async def _start_embedded(state: Any, running: RobotLink) -> bool:
    """The embedded broker on its own loop and thread; False (its thread ended) when it cannot listen."""
    running.broker_loop = BrokerLoop()
    running.broker_loop.start()
    running.bus = LoopBus()
    running.bus.bind(state.bus)
    try:
        running.embedded = await running.broker_loop.run(start_embedded(state.settings, state.db.twin(), running.bus))
    finally:
        if running.embedded is None:
            await _end_threads(running)
    if running.embedded is None:
        return False
    running.ingest = running.embedded.ingest
    running.broker_url = running.embedded.url
    state.robot_commands = CommandSender(running.send_down)
    return True


async def stop_robot_link(running: RobotLink) -> None:
    """The embedded broker stopped on its loop (``embedded.stop_embedded``), its thread ended; or the external
    link and its ingest stopped; then the sweep."""
    if running.embedded is not None and running.broker_loop is not None:
        try:
            async with asyncio.timeout(BROKER_STOP_SECONDS):
                await running.broker_loop.run(stop_embedded(running.embedded))
        except TimeoutError:
            log.error("the embedded broker did not stop within %g s: its loop is stopped", BROKER_STOP_SECONDS)
        finally:
            await _end_threads(running)
    if running.link is not None:
        await running.link.stop()
        if running.live_link is not None:
            await running.live_link.stop()
        if running.ingest is not None:
            await running.ingest.stop()
    for task in running.tasks:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def _end_threads(running: RobotLink) -> None:
    """The broker's thread ends; what it handed to the API's loop is published."""
    if running.broker_loop is not None:
        await running.broker_loop.stop()
    if running.bus is not None:
        await running.bus.stop()


async def sweep_forever(database: Database, bus: Bus, offline_after: float) -> None:
    """Turns silent devices offline (``offline_after`` seconds without a heartbeat); runs under ``core.leader.lead``
    (one worker sweeps), and would still be safe on every worker (the update is conditional)."""
    every = max(1.0, min(5.0, offline_after / 3))
    while True:
        await asyncio.sleep(every)
        try:
            async with database.sessions() as db:
                now = utcnow()
                went = await service.sweep_offline(db, now - timedelta(seconds=offline_after))
                events = await service.offline_events(db, went)
                await service.presence_facts(db, [], went, now)
                await db.commit()
            if events:
                await bus.publish(LIVE_DEVICES, {"states": events})
        except Exception:
            log.exception("offline sweep failed")
