"""Starting and stopping the robot link with the server (app.py's lifespan): broker, gateway, offline sweep.

CLEANFLEET_MQTT_URL unset: the embedded broker on CLEANFLEET_MQTT_BIND (one server process only), with the
gateway attached in-process before it listens; set to ``mqtt://host:port``: that broker (several workers:
give each its own CLEANFLEET_MQTT_CLIENT_ID and one CLEANFLEET_MQTT_SHARE_GROUP); ``none``: no robot link
(the live hub and the relay still work: app.py starts them on their own).

Stopping goes in the order that loses no acknowledged message: the embedded broker stops accepting and
reading, and waits (bounded) until what it read is stored and acknowledged while the ingest keeps
flushing; then the ingest writes what is left and the connections close.

The default client id ``cleanfleet-gateway`` gets a random suffix drawn once per install (kept in
``data_dir/mqtt-gateway-id``): it stays the same across restarts, so an external broker keeps queueing for
the gateway's persistent session, but no outsider can guess it and take that session over.
"""

import asyncio
import contextlib
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

from cleanfleet.core.leader import lead
from cleanfleet.gateway.broker import EmbeddedBroker
from cleanfleet.gateway.brokerauth.passwords import dynsec_enabled
from cleanfleet.gateway.brokerauth.sync import sync_forever
from cleanfleet.gateway.commands import CommandSender
from cleanfleet.gateway.directory import Directory
from cleanfleet.gateway.ingest import Ingest, refresh_after, sweep_forever
from cleanfleet.gateway.link import BrokerAddress, GatewayLink, LocalLink
from cleanfleet.settings import Settings
from cleanfleet.warn.notify import NotifyPolicy

log = logging.getLogger("cleanfleet.gateway")
NO_BROKER = ("none", "off", "")
DEFAULT_CLIENT_ID = "cleanfleet-gateway"
CLIENT_ID_FILE = "mqtt-gateway-id"


@dataclass
class RobotLink:
    broker: EmbeddedBroker | None = None  # the embedded broker, when it runs
    ingest: Ingest | None = None
    link: GatewayLink | LocalLink | None = None
    tasks: list[asyncio.Task[None]] = field(default_factory=list)
    broker_url: str | None = None  # where robots sign in (None: no broker listens)


async def _device_check(directory: Directory) -> Any:
    async def check(serial_number: str, secret: str) -> bool:
        device = await directory.find(serial_number)
        if device is not None and not device.secret_matches(secret):
            await directory.load()  # the secret may have changed since the cache was filled
            device = directory.get(serial_number)
        return device is not None and device.secret_matches(secret)

    return check


async def _embedded(settings: Settings, directory: Directory, ingest: Ingest) -> tuple[EmbeddedBroker | None,
                                                                                   LocalLink | None]:
    """The embedded broker with the gateway attached, listening; (None, None) when it cannot listen."""
    broker = EmbeddedBroker(settings.mqtt_bind, await _device_check(directory))
    link = LocalLink(broker, ingest)
    link.start()
    try:
        await broker.start()
    except (OSError, ValueError) as exc:
        await broker.stop()
        log.error("the embedded MQTT broker could not listen on %s (%s): robots cannot connect. Free the port, "
                  "set CLEANFLEET_MQTT_BIND, or point CLEANFLEET_MQTT_URL at a broker", settings.mqtt_bind, exc)
        return None, None
    log.info("embedded MQTT broker listening on %s", settings.mqtt_bind)
    return broker, link


def _embedded_url(settings: Settings, broker: EmbeddedBroker) -> str:
    host = settings.mqtt_bind.rsplit(":", 1)[0].strip("[]")
    host = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
    return BrokerAddress(host, broker.port).url()


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


async def start_robot_link(state: Any) -> RobotLink:
    """The broker (or the link to one), the ingest and the offline sweep; ``state.gateway`` is the ingest."""
    settings: Settings = state.settings
    running = RobotLink()
    if not robot_link_enabled(settings):
        return running
    directory = Directory(state.db)
    await directory.load()
    ingest = running.ingest = Ingest(state.db, state.bus, directory, batch_seconds=settings.heartbeat_batch_seconds,
                                     notify=NotifyPolicy.of(settings),
                                     refresh_seconds=refresh_after(settings.offline_after))
    ingest.start()
    if settings.mqtt_url:
        address = BrokerAddress.parse(settings.mqtt_url)
        running.link = GatewayLink(address, ingest, client_id=gateway_client_id(settings),
                                   share_group=settings.mqtt_share_group)
        running.link.start()
        running.broker_url = address.url()
        state.robot_commands = CommandSender(running.link.publish)
        if dynsec_enabled(settings):  # one worker keeps the Mosquitto's robot clients (brokerauth/sync.py)
            job = lead(state.db, "broker-sync", lambda: sync_forever(state.db, settings))
            running.tasks.append(asyncio.create_task(job, name="broker-sync"))
    else:
        running.broker, running.link = await _embedded(settings, directory, ingest)
        if running.broker is None:
            return running
        running.broker_url = _embedded_url(settings, running.broker)
        state.robot_commands = CommandSender(running.broker.publish)
    sweep = lead(state.db, "offline-sweep", lambda: sweep_forever(state.db, state.bus, settings.offline_after))
    running.tasks.append(asyncio.create_task(sweep, name="offline-sweep"))  # one worker sweeps (core/leader.py)
    state.gateway = running.ingest
    return running


async def stop_robot_link(running: RobotLink) -> None:
    if running.broker is not None:
        await running.broker.stop()
    if running.link is not None:
        await running.link.stop()
    if running.ingest is not None:
        await running.ingest.stop()
    for task in running.tasks:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
