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


class PasswordPolicy:
    """Who may sign in by password, from the users that switched it off (one small query every POLICY_SECONDS),
    and the record of how robots sign in (written once per robot and method per process, off the sign-in's path)."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self._off: frozenset[int] = frozenset()
        self._read_at = -POLICY_SECONDS
        self._lock = asyncio.Lock()
        self._noted: dict[str, str] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    async def switched_off(self) -> frozenset[int]:
        """The ids of the users whose switch is off (cached for POLICY_SECONDS)."""
        if time.monotonic() - self._read_at < POLICY_SECONDS:
            return self._off
        async with self._lock:
            if time.monotonic() - self._read_at >= POLICY_SECONDS:
                async with self.database.sessions() as db:
                    self._off = frozenset(await db.scalars(select(User.id).where(User.password_robots.is_(False))))
                self._read_at = time.monotonic()
        return self._off

    def forget(self) -> None:
        """Read the switches again at the next sign-in (a switch just changed in this process)."""
        self._read_at = -POLICY_SECONDS

    async def allows(self, owner_path: str) -> bool:
        """May a robot owned at ``owner_path`` sign in by password?"""
        return password_allowed(owner_path, await self.switched_off())

    def note(self, serial_number: str, method: str) -> None:
        """Records (in the background) that the robot signed in by ``method``; nothing when already recorded."""
        if self._noted.get(serial_number) == method:
            return
        self._noted[serial_number] = method
        task = asyncio.create_task(self._write(serial_number, method), name="broker-auth-note")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _write(self, serial_number: str, method: str) -> None:
        try:
            async with self.database.sessions() as db:
                device_id = select(Device.id).where(Device.serial_number == serial_number).scalar_subquery()
                await db.execute(update(DeviceState).where(DeviceState.device_id == device_id,
                                                           DeviceState.broker_auth != method)
                                 .values(broker_auth=method))
                await db.commit()
        except Exception:  # a record only: the robot is signed in whatever happens here
            self._noted.pop(serial_number, None)
            log.exception("recording how %s signed in failed", serial_number[:64])


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
