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

from cryptography import x509

from cleanfleet.certificates.ca import identity_of
from cleanfleet.certificates.service import robot_barred
from cleanfleet.core.leader import lead
from cleanfleet.gateway.broker import CertificateCheck, EmbeddedBroker, Limits
from cleanfleet.gateway.broker.tls import gateway_context, loopback_bind, server_context, server_hosts
from cleanfleet.gateway.brokerauth.passwords import dynsec_enabled
from cleanfleet.gateway.brokerauth.sync import sync_forever
from cleanfleet.gateway.commands import CommandSender
from cleanfleet.gateway.directory import Directory
from cleanfleet.gateway.ingest import Ingest, refresh_after, sweep_forever
from cleanfleet.gateway.link import BrokerAddress, GatewayLink, LocalLink
from cleanfleet.passwordrobots.service import CERTIFICATE, PASSWORD, PasswordPolicy
from cleanfleet.settings import Settings

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


async def _device_check(directory: Directory, policy: PasswordPolicy) -> Any:
    """A password robot: its device secret, and its tenant still allows password robots (passwordrobots/)."""
    async def check(serial_number: str, secret: str) -> bool:
        if robot_barred(serial_number):  # its certificate was revoked: not by password either (certificates/)
            return False
        device = await directory.find(serial_number)
        if device is not None and not device.secret_matches(secret):
            await directory.load()  # the secret may have changed since the cache was filled
            device = directory.get(serial_number)
        if device is None or not device.secret_matches(secret) or not await policy.allows(device.owner_path):
            return False
        policy.note(serial_number, PASSWORD)
        return True

    return check


def _certificate_check(settings: Settings, directory: Directory, policy: PasswordPolicy) -> CertificateCheck:
    """A certificate robot: the handshake verified the certificate against the product CA; it names this robot
    (its identity is the client id) and the product still allows it (not revoked, the device exists)."""
    async def check(serial_number: str, certificate: x509.Certificate) -> bool:
        try:
            if identity_of(certificate) != serial_number:
                return False
        except ValueError:
            return False
        if await directory.find(serial_number) is None or not await robot_certificate_allowed(
                serial_number, certificate):
            return False
        policy.note(serial_number, CERTIFICATE)
        return True

    return check


async def robot_certificate_allowed(serial_number: str, certificate: x509.Certificate) -> bool:
    """certificates.service's verdict (issued to this robot by the product, not revoked)."""
    from cleanfleet.certificates.service import certificate_allowed

    return certificate_allowed(serial_number, certificate)


async def _embedded(settings: Settings, directory: Directory, ingest: Ingest,
                    policy: PasswordPolicy) -> tuple[EmbeddedBroker | None, LocalLink | None]:
    """The embedded broker with the gateway attached, listening; (None, None) when it cannot listen."""
    tls_context = None
    if settings.mqtt_tls_bind.lower() not in NO_BROKER:
        hosts = server_hosts(settings.mqtt_tls_bind, settings.mqtt_tls_hosts)
        tls_context = await asyncio.to_thread(server_context, settings, hosts)
    broker = EmbeddedBroker(settings.mqtt_bind, await _device_check(directory, policy),
                            Limits(handshake_seconds=settings.mqtt_tls_handshake_seconds),
                            tls_bind=settings.mqtt_tls_bind, tls_context=tls_context,
                            check_certificate=_certificate_check(settings, directory, policy))
    link = LocalLink(broker, ingest)
    link.start()
    try:
        await broker.start()
    except (OSError, ValueError) as exc:
        await broker.stop()
        log.error("the embedded MQTT broker could not listen on %s (%s): robots cannot connect. Free the port, "
                  "set CLEANFLEET_MQTT_BIND, or point CLEANFLEET_MQTT_URL at a broker", settings.mqtt_bind, exc)
        return None, None
    log.info("embedded MQTT broker listening on %s (plain) and %s (TLS)", broker.bind, broker.tls_bind or "none")
    if broker.port and not loopback_bind(broker.bind):
        log.warning("the embedded broker's plain listener %s is reachable from other machines: device secrets cross "
                    "the network in clear. Keep CLEANFLEET_MQTT_BIND on loopback (or 'none') and let robots use the "
                    "TLS listener (docs/operations.md \"Broker TLS\")", broker.bind)
    return broker, link


def _embedded_url(settings: Settings, broker: EmbeddedBroker) -> str:
    """Where the simulated robots sign in: the TLS listener when there is one."""
    bind = broker.tls_bind or settings.mqtt_bind
    host = bind.rsplit(":", 1)[0].strip("[]")
    host = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
    if broker.tls_bind:
        return f"mqtts://{host}:{broker.tls_port}"
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
                                     settings=settings,
                                     refresh_seconds=refresh_after(settings.offline_after))
    ingest.start()
    if settings.mqtt_url:
        address = BrokerAddress.parse(settings.mqtt_url)
        running.link = GatewayLink(address, ingest, client_id=gateway_client_id(settings),
                                   share_group=settings.mqtt_share_group, ssl=gateway_context(settings, address))
        running.link.start()
        running.broker_url = address.url()
        state.robot_commands = CommandSender(running.link.publish)
        if dynsec_enabled(settings):  # one worker keeps the Mosquitto's robot clients (brokerauth/sync.py)
            job = lead(state.db, "broker-sync", lambda: sync_forever(state.db, settings))
            running.tasks.append(asyncio.create_task(job, name="broker-sync"))
    else:
        running.broker, running.link = await _embedded(settings, directory, ingest, PasswordPolicy(state.db))
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
