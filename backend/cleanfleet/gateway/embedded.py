"""The embedded broker with the gateway attached, started and stopped on the broker's own loop (``broker_loop.py``).

Everything built here lives on the broker's loop and is touched only from it: the broker (sockets, sessions,
retained index, QoS 1 state), the in-process ``LocalLink``, the ingest with its batches, the device directory, the
password policy and its own ``Database`` (engine and connection pool: asyncpg's connections belong to the loop that
opened them, and the store path must not wait for the API's loop). So a robot's alarm is stored and acknowledged
(PUBACK) by this loop alone; the consoles hear of it through ``LoopBus`` on the API's loop. The sign-in checks read
this loop's database and the certificates' in-memory revoked set (loaded here before the broker listens, so no
revoked robot slips in while the rest of the server starts).

Stopping (``stop_embedded``, on this loop): the broker stops accepting and reading and waits (bounded) until what it
read is stored and acknowledged while the ingest keeps flushing; then the ingest writes what is left, the
connections are closed and the engine disposed.
"""

import asyncio
import logging
import resource
from dataclasses import dataclass
from typing import Any

from cryptography import x509

from cleanfleet.certificates.ca import identity_of
from cleanfleet.certificates.service import load_revocations, robot_barred
from cleanfleet.core.db import Database
from cleanfleet.gateway.broker import CertificateCheck, EmbeddedBroker, Limits
from cleanfleet.gateway.broker.tls import loopback_bind, server_context, server_hosts
from cleanfleet.gateway.broker_loop import Publisher
from cleanfleet.gateway.directory import Directory
from cleanfleet.gateway.ingest import Ingest, refresh_after
from cleanfleet.gateway.link import BrokerAddress, LocalLink
from cleanfleet.passwordrobots.service import CERTIFICATE, PASSWORD, PasswordPolicy
from cleanfleet.settings import Settings

log = logging.getLogger("cleanfleet.gateway")
NO_LISTENER = ("none", "off", "")
SPARE_FILES = 1024  # open files beside the robots' sockets: the database, the API's connections, the store


@dataclass
class Embedded:
    """What runs on the broker's loop."""

    database: Database
    ingest: Ingest
    broker: EmbeddedBroker
    link: LocalLink
    url: str  # where the simulated robots sign in


async def start_embedded(settings: Settings, database: Database, bus: Publisher) -> Embedded | None:
    """On the broker's loop: ``database`` (the app's ``Database.twin()``, used from this loop only), the revoked set,
    the directory, the ingest, the broker with the gateway attached, listening. None (and nothing left running, the
    database disposed) when the broker cannot listen."""
    try:
        async with database.sessions() as db:
            await load_revocations(db)
        directory = Directory(database)
        await directory.load()
        ingest = Ingest(database, bus, directory, batch_seconds=settings.heartbeat_batch_seconds, settings=settings,
                        refresh_seconds=refresh_after(settings.offline_after))
    except BaseException:
        await database.dispose()
        raise
    ingest.start()
    broker, link = await _listening(settings, directory, ingest, PasswordPolicy(database))
    if broker is None or link is None:
        await ingest.stop()
        await database.dispose()
        return None
    return Embedded(database, ingest, broker, link, _embedded_url(settings, broker))


async def stop_embedded(embedded: Embedded) -> None:
    """On the broker's loop, in the order that loses no acknowledged message (the module's docstring)."""
    try:
        await embedded.broker.stop()
        await embedded.link.stop()
        await embedded.ingest.stop()
    finally:
        await embedded.database.dispose()


async def drop_robot(embedded: Embedded, client_id: str) -> bool:
    """On the broker's loop: ``EmbeddedBroker.drop`` (a revoked robot's connection ends)."""
    return embedded.broker.drop(client_id)


async def send_down(embedded: Embedded, topic: str, payload: bytes) -> None:
    """On the broker's loop: a message from the server to a robot (a command)."""
    await embedded.broker.publish(topic, payload)


async def _device_check(directory: Directory, policy: PasswordPolicy) -> Any:
    """A password robot: its device secret, and its tenant still allows password robots (passwordrobots/)."""
    async def check(serial_number: str, secret: str) -> bool:
        if robot_barred(serial_number):  # its certificate was revoked: not by password either (certificates/)
            return False
        device = await directory.find(serial_number)
        if device is not None and not device.secret_matches(secret):
            device = await directory.refresh(serial_number)  # the secret may have changed since the cache was filled
        if device is None or not device.secret_matches(secret) or not await policy.allows(device.owner_path):
            return False
        policy.note(serial_number, PASSWORD)
        return True

    return check


def _certificate_check(directory: Directory, policy: PasswordPolicy) -> CertificateCheck:
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


async def _listening(settings: Settings, directory: Directory, ingest: Ingest,
                     policy: PasswordPolicy) -> tuple[EmbeddedBroker | None, LocalLink | None]:
    """The embedded broker with the gateway attached, listening; (None, None) when it cannot listen."""
    tls_context = None
    if settings.mqtt_tls_bind.lower() not in NO_LISTENER:
        hosts = server_hosts(settings.mqtt_tls_bind, settings.mqtt_tls_hosts)
        tls_context = await asyncio.to_thread(server_context, settings, hosts)
    limits = Limits(handshake_seconds=settings.mqtt_tls_handshake_seconds,
                    max_connections=settings.mqtt_max_connections)
    open_files(limits.max_connections)
    await policy.switched_off()  # read once before the first sign-in: a storm's sign-ins then never wait for it
    broker = EmbeddedBroker(settings.mqtt_bind, await _device_check(directory, policy), limits,
                            tls_bind=settings.mqtt_tls_bind, tls_context=tls_context,
                            check_certificate=_certificate_check(directory, policy))
    link = LocalLink(broker, ingest)
    link.start()
    try:
        await broker.start()
    except (OSError, ValueError) as exc:
        await broker.stop()
        log.error("the embedded MQTT broker could not listen on %s (plain) and %s (TLS): %s; robots cannot connect. "
                  "Free the port, set CLEANFLEET_MQTT_BIND and CLEANFLEET_MQTT_TLS_BIND ('none' for no listener), or "
                  "point CLEANFLEET_MQTT_URL at a broker", settings.mqtt_bind, settings.mqtt_tls_bind, exc)
        return None, None
    log.info("embedded MQTT broker listening on %s (plain) and %s (TLS), on a thread of its own", broker.bind,
             broker.tls_bind or "none")
    if broker.port and not loopback_bind(broker.bind):
        log.warning("the embedded broker's plain listener %s is reachable from other machines: device secrets cross "
                    "the network in clear. Keep CLEANFLEET_MQTT_BIND on loopback (or 'none') and let robots use the "
                    "TLS listener (docs/operations.md \"Broker TLS\")", broker.bind)
    return broker, link


def open_files(connections: int) -> int:
    """Raises this process's open-file limit (soft, up to the hard one) to hold ``connections`` sockets and what the
    rest of the server opens (``SPARE_FILES``); warns when the hard limit is lower. Answers the limit now."""
    wanted = connections + SPARE_FILES
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted and (hard == resource.RLIM_INFINITY or soft < hard):
        soft = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    if soft < wanted:
        log.warning("the open-file limit (%d) holds about %d robot connections, not the %d of "
                    "CLEANFLEET_MQTT_MAX_CONNECTIONS: raise it (LimitNOFILE in the service unit, ulimit -n)",
                    soft, max(0, soft - SPARE_FILES), connections)
    return soft


def _embedded_url(settings: Settings, broker: EmbeddedBroker) -> str:
    """Where the simulated robots sign in: the TLS listener when there is one."""
    bind = broker.tls_bind or settings.mqtt_bind
    host = bind.rsplit(":", 1)[0].strip("[]")
    host = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
    if broker.tls_bind:
        return f"mqtts://{host}:{broker.tls_port}"
    return BrokerAddress(host, broker.port).url()
