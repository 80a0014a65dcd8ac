"""The password switch (``users.password_robots``) and how robots sign in (``device_states.broker_auth``)."""

import asyncio
import logging
import time

from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.db import Database
from cleanfleet.core.scope import ids_on_path, path_prefix
from cleanfleet.devices.models import Device, DeviceState
from cleanfleet.users.models import User

log = logging.getLogger("cleanfleet.passwordrobots")
PASSWORD, CERTIFICATE = "password", "certificate"
POLICY_SECONDS = 5.0  # a switch turned off reaches the brokers' sign-ins within this
NOTE_SECONDS = 1.0  # how robots signed in is written at most this often, everything noted meanwhile in one write
NOTE_CHUNK = 500  # serial numbers per statement


class PasswordPolicy:
    """Who may sign in by password, from the users that switched it off (one small query every POLICY_SECONDS),
    and the record of how robots sign in (written once per robot and method per process, off the sign-in's path).

    A storm of sign-ins (10,000 robots reconnecting at once) must not queue on the database: the switches are read
    again in the background once half their age is gone, so a sign-in waits for a read only when the switches were
    not read for POLICY_SECONDS (the first, or after a quiet spell); and the records are gathered for NOTE_SECONDS
    and written in one transaction (one statement per method and NOTE_CHUNK robots), never one per robot."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self._off: frozenset[int] = frozenset()
        self._read_at = -POLICY_SECONDS
        self._reading: asyncio.Task[None] | None = None
        self._noted: dict[str, str] = {}
        self._pending: dict[str, str] = {}
        self._writer: asyncio.Task[None] | None = None

    async def switched_off(self) -> frozenset[int]:
        """The ids of the users whose switch is off (at most POLICY_SECONDS old)."""
        age = time.monotonic() - self._read_at
        if age < POLICY_SECONDS / 2:
            return self._off
        if self._reading is None or self._reading.done():
            self._reading = asyncio.create_task(self._read(), name="password-policy-read")
            self._reading.add_done_callback(_retrieved)  # a failed background read is logged in _read
        if age < POLICY_SECONDS:
            return self._off  # fresh enough: the read goes on in the background
        await asyncio.shield(self._reading)  # every waiting sign-in shares one read
        return self._off

    async def _read(self) -> None:
        try:
            async with self.database.sessions() as db:
                self._off = await switched_off_ids(db)
        except Exception:
            log.exception("reading the password switches failed")
            raise
        self._read_at = time.monotonic()

    def forget(self) -> None:
        """Read the switches again at the next sign-in (a switch just changed in this process)."""
        self._read_at = -POLICY_SECONDS

    async def allows(self, owner_path: str) -> bool:
        """May a robot owned at ``owner_path`` sign in by password?"""
        return password_allowed(owner_path, await self.switched_off())

    def note(self, serial_number: str, method: str) -> None:
        """Records (in the background, with the others noted meanwhile) that the robot signed in by ``method``;
        nothing when already recorded."""
        if self._noted.get(serial_number) == method:
            return
        self._noted[serial_number] = self._pending[serial_number] = method
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_pending(), name="broker-auth-note")

    async def _write_pending(self) -> None:
        while self._pending:
            await asyncio.sleep(NOTE_SECONDS)
            pending, self._pending = self._pending, {}
            try:
                async with self.database.sessions() as db:
                    for method in (PASSWORD, CERTIFICATE):
                        serials = sorted(sn for sn, noted in pending.items() if noted == method)
                        for start in range(0, len(serials), NOTE_CHUNK):
                            chunk = serials[start:start + NOTE_CHUNK]
                            devices = select(Device.id).where(Device.serial_number.in_(chunk))
                            await db.execute(update(DeviceState).where(DeviceState.device_id.in_(devices),
                                                                       DeviceState.broker_auth != method)
                                             .values(broker_auth=method))
                    await db.commit()
            except Exception:  # a record only: the robots are signed in whatever happens here; noted at their next
                for serial_number in pending:
                    if self._noted.get(serial_number) == pending[serial_number]:
                        del self._noted[serial_number]
                log.exception("recording how %d robots signed in failed", len(pending))


def _retrieved(task: "asyncio.Task[None]") -> None:
    if not task.cancelled():
        task.exception()


def password_allowed(owner_path: str, switched_off: frozenset[int] | set[int]) -> bool:
    return not any(user_id in switched_off for user_id in ids_on_path(owner_path))


async def switched_off_ids(db: AsyncSession) -> frozenset[int]:
    return frozenset(await db.scalars(select(User.id).where(User.password_robots.is_(False))))


async def switch_of(db: AsyncSession, user: User) -> tuple[bool, bool]:
    """(the user's own switch, whether password robots are allowed in its subtree: its own and every ancestor's)."""
    off = await switched_off_ids(db)
    return user.password_robots, password_allowed(user.path, off)


async def robots_by_method(db: AsyncSession, path: str) -> dict[str, int]:
    """How the robots under ``path`` last signed in: {"password": n, "certificate": n, "": n (not yet)}."""
    rows = (await db.execute(select(DeviceState.broker_auth, func.count())
                             .join(Device, Device.id == DeviceState.device_id)
                             .where(path_prefix(Device.owner_path, path))
                             .group_by(DeviceState.broker_auth))).all()
    counts = {PASSWORD: 0, CERTIFICATE: 0, "": 0}
    for method, count in rows:
        counts[method if method in counts else ""] += count
    return counts


async def set_switch(db: AsyncSession, caller: Caller, user: User, allowed: bool) -> None:
    user.password_robots = allowed
    await db.flush()
