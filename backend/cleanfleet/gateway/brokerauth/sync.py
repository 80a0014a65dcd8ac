"""The broker sync: keeps a Mosquitto's dynamic security clients in step with the devices (one leader in a cluster).

On (re)connecting to the broker it resyncs everything: the gateway's role and client (the user name and password of
CLEANFLEET_MQTT_URL), a role ``cf-robot-<sn>`` and a client ``<sn>`` (client id bound to the serial) for every
device, and the robots' clients and roles deleted whose device is gone. Then every CLEANFLEET_MQTT_DYNSEC_EVERY
seconds it compares the devices' serials with what the broker was told (added: client and role made; deleted: both
deleted, which also disconnects the robot) and sets the passwords waiting in ``broker_passwords`` (a row is deleted
only once the broker answered, so a password is set at least once; setting it twice is harmless).

A robot's client made before its password is known has none and cannot sign in by password: that is a device
created while the product did not keep the broker (the password was never queued) or before this feature (give it
a new secret), or a certificate robot (its certificate signs it in on the certificate listener: a password is not
needed there).

A revoked robot (certificates/: a certificate revoked and none active) has its client disabled: the broker drops its
live connection at once, on either listener, and refuses it until the client is enabled again (its device deleted
and registered anew, or a new certificate). A revocation wakes the sync (``certificates.reload.on_revoked``), so
this happens within a round trip, not at the next round; the CRL refuses the certificate itself once the broker
has read it (certificates/reload.py).
"""

import asyncio
import contextlib
import logging
import secrets
from datetime import timedelta

from sqlalchemy import delete, select

from cleanfleet.certificates.reload import on_revoked
from cleanfleet.certificates.service import barred_robots
from cleanfleet.core.db import Database, utcnow
from cleanfleet.devices.models import Device
from cleanfleet.gateway.broker.tls import gateway_context
from cleanfleet.gateway.brokerauth import dynsec
from cleanfleet.gateway.brokerauth.dynsec import DynsecAdmin
from cleanfleet.gateway.brokerauth.models import BrokerPassword
from cleanfleet.gateway.brokerauth.passwords import unseal
from cleanfleet.gateway.brokerauth.rules import (
    GATEWAY_ROLE,
    ROBOT_ROLE_PREFIX,
    gateway_acls,
    robot_acls,
    robot_role,
    serial_usable,
)
from cleanfleet.gateway.link import BrokerAddress
from cleanfleet.gateway.mqtt import MqttError
from cleanfleet.passwordrobots.service import password_allowed, switched_off_ids
from cleanfleet.settings import Settings

log = logging.getLogger("cleanfleet.gateway.brokerauth")
PASSWORDS_PER_ROUND = 500
STALE = timedelta(minutes=10)  # a password whose device has not appeared by then (deleted at once) is dropped


class BrokerSync:
    def __init__(self, database: Database, settings: Settings) -> None:
        self.database = database
        self.settings = settings
        self.address = BrokerAddress.parse(settings.mqtt_url or "")
        self.robots: set[str] = set()  # the serials whose client and role the broker has
        self.locked: set[str] = set()  # robots whose password the broker was told to forget (tenant switched off)
        self.disabled: set[str] = set()  # robots whose client the broker was told to disable (revoked)
        self._wake = asyncio.Event()
        self._off: frozenset[int] = frozenset()  # the users whose switch is off, read with the serials
        self.rounds = 0

    async def forever(self) -> None:
        """Connects, resyncs, then keeps in step; reconnects with backoff after any failure. Until cancelled."""
        stop_listening = on_revoked(lambda _robots: self._wake.set())
        try:
            await self._forever()
        finally:
            stop_listening()

    async def _forever(self) -> None:
        backoff = 1.0
        while True:
            try:
                admin = await self._open()
            except MqttError as exc:
                log.warning("cannot reach the broker's dynamic security as %s (%s); retrying in %.0f s",
                            self.settings.mqtt_dynsec_user, exc, backoff)
            else:
                try:
                    await self.resync(admin)
                    backoff = 1.0
                    while True:
                        await self.round(admin)
                        await self._pause()
                except MqttError as exc:
                    log.warning("the broker sync stopped (%s); starting again in %.0f s", exc, backoff)
                except Exception:
                    log.exception("the broker sync failed; starting again in %.0f s", backoff)
                finally:
                    await admin.close()
            await asyncio.sleep(backoff)
            backoff = min(backoff * 2, 30.0)

    async def _pause(self) -> None:
        """Until the next round: CLEANFLEET_MQTT_DYNSEC_EVERY seconds, or a revocation."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), self.settings.mqtt_dynsec_every)
        self._wake.clear()

    async def _open(self) -> DynsecAdmin:
        user, password = self.settings.mqtt_dynsec_user or "", self.settings.mqtt_dynsec_password or ""
        return await DynsecAdmin.open(self.address.host, self.address.port, user, password,
                                      client_id=f"{user}-sync", ssl=gateway_context(self.settings, self.address))

    async def resync(self, admin: DynsecAdmin) -> None:
        """Everything from scratch: the gateway, then every robot's client and role, stale ones deleted."""
        await admin.run(self._gateway_commands())
        listed = await admin.run([dynsec.list_roles()])
        roles = listed[0].get("data", {}).get("roles", []) if listed else []
        self.robots = {str(name)[len(ROBOT_ROLE_PREFIX):] for name in roles
                       if str(name).startswith(ROBOT_ROLE_PREFIX)}
        self.locked = set()  # told again after a restart: forgetting twice is harmless
        clients = (await admin.run([dynsec.list_clients()]))[0].get("data", {}).get("clients", [])
        self.disabled = {str(c.get("username")) for c in clients if c.get("disabled")} & self.robots
        await self.round(admin)
        log.info("broker sync: %d robots' clients kept at %s", len(self.robots), self.address.url())

    async def round(self, admin: DynsecAdmin) -> None:
        """Robots added and deleted since the last round, the passwords of robots whose tenant switched password
        robots off taken, then the passwords waiting."""
        owners = await self._serials()
        serials = set(owners)
        added, gone = serials - self.robots, self.robots - serials
        commands = [command for sn in sorted(added) for command in _robot_commands(sn)]
        commands += [command for sn in sorted(gone) for command in (dynsec.delete_client(sn),
                                                                     dynsec.delete_role(robot_role(sn)))]
        if commands:
            await admin.run(commands)
            self.robots = (self.robots | added) - gone
            log.info("broker sync: %d robots added, %d deleted", len(added), len(gone))
        await self._disable(admin)
        await self._lock(admin, owners)
        await self._passwords(admin)
        self.rounds += 1

    async def _disable(self, admin: DynsecAdmin) -> None:
        """Revoked robots' clients disabled (their connections dropped), and enabled again once they are not."""
        async with self.database.sessions() as db:
            barred = await barred_robots(db) & self.robots
        newly, back = sorted(barred - self.disabled), sorted((self.disabled - barred) & self.robots)
        if newly or back:
            await admin.run([*(dynsec.disable_client(sn) for sn in newly), *(dynsec.enable_client(sn) for sn in back)])
            if newly:
                log.info("broker sync: %d revoked robots' clients disabled (disconnected): %s", len(newly),
                         ", ".join(newly[:20]))
            if back:
                log.info("broker sync: %d robots' clients enabled again", len(back))
        self.disabled = barred

    async def _serials(self) -> dict[str, str]:
        """Every usable serial and its owner path."""
        async with self.database.sessions() as db:
            rows = (await db.execute(select(Device.serial_number, Device.owner_path))).all()
            self._off = await switched_off_ids(db)
        return {sn: path for sn, path in rows if serial_usable(sn)}

    async def _lock(self, admin: DynsecAdmin, owners: dict[str, str]) -> None:
        """A robot whose tenant switched password robots off loses its broker password: the broker is given a
        random one nobody knows (the plugin cannot remove a password). Its certificate still signs it in on the
        certificate listener (that user name's role is unchanged). Switched on again, the robot needs a new secret
        (the product keeps only its hash): docs/operations.md "Broker TLS"."""
        locked = {sn for sn, path in owners.items() if not password_allowed(path, self._off)}
        newly = sorted(locked - self.locked)
        if newly:
            await admin.run([dynsec.set_password(sn, secrets.token_urlsafe(32)) for sn in newly])
            log.info("broker sync: %d robots' passwords taken (their tenant allows no password robots)", len(newly))
        self.locked = locked

    async def _passwords(self, admin: DynsecAdmin) -> None:
        async with self.database.sessions() as db:
            rows = (await db.execute(select(BrokerPassword.id, BrokerPassword.serial_number, BrokerPassword.sealed,
                                            BrokerPassword.queued_at)
                                     .order_by(BrokerPassword.id).limit(PASSWORDS_PER_ROUND))).all()
        commands, done = [], []
        for row_id, sn, sealed, queued_at in rows:
            if sn not in self.robots and utcnow() - queued_at < STALE:
                continue  # its device came after this round read the serials: the next round has it
            done.append(row_id)
            password = unseal(self.settings, sealed)
            if sn in self.locked:
                log.warning("broker sync: the password waiting for %s is dropped (its tenant allows no password "
                            "robots)", sn)
                continue
            if password is None or sn not in self.robots:
                log.warning("broker sync: the password waiting for %s is dropped (%s)", sn,
                            "sealed under another admin password" if password is None else "no such device now")
                continue
            commands.append(dynsec.set_password(sn, password))
        if commands:
            await admin.run(commands)
        if done:
            async with self.database.sessions() as db:
                await db.execute(delete(BrokerPassword).where(BrokerPassword.id.in_(done)))
                await db.commit()

    def _gateway_commands(self) -> list[dynsec.Command]:
        commands = [dynsec.create_role(GATEWAY_ROLE, gateway_acls()), *dynsec.add_role_acls(GATEWAY_ROLE,
                                                                                               gateway_acls())]
        if not (self.address.username and self.address.password):
            log.warning("CLEANFLEET_MQTT_URL has no user name and password: the gateway cannot sign in to a broker "
                        "that refuses anonymous clients (mqtt://user:password@host:port)")
            return commands
        return [*commands, dynsec.create_client(self.address.username, GATEWAY_ROLE, password=self.address.password),
                dynsec.set_password(self.address.username, self.address.password)]


def _robot_commands(serial_number: str) -> list[dynsec.Command]:
    role = robot_role(serial_number)
    return [dynsec.create_role(role, robot_acls(serial_number)),
            dynsec.create_client(serial_number, role, client_id=serial_number)]


async def sync_forever(database: Database, settings: Settings) -> None:
    await BrokerSync(database, settings).forever()
