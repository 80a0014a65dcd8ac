"""The devices the gateway knows, by serial number: id, secret hash, owner path and what the robot reports.

Loaded whole at start and again every ``RELOAD_SECONDS`` (owners change, devices come and go); a serial
not in it is looked up in the database (a new registration), at most ``LOOKUPS_PER_SECOND`` a second,
and an unknown one is remembered as unknown for ``UNKNOWN_SECONDS``: a flood from strangers (or the
retained messages of long-gone robots a broker hands out on subscribe) costs few queries. A known robot whose
secret does not match is read again alone (``refresh``: its secret may have changed since the load), within the
same rate: a storm of wrong secrets costs that many one-row queries a second, never a reload of the whole table.
"""

import hashlib
import hmac
import time
from dataclasses import dataclass

from sqlalchemy import select

from cleanfleet.core.db import Database
from cleanfleet.devices.models import Device

RELOAD_SECONDS = 60.0
UNKNOWN_SECONDS = 30.0
LOOKUPS_PER_SECOND = 20


@dataclass(frozen=True)
class KnownDevice:
    id: int
    serial_number: str
    secret_hash: str
    owner_path: str
    protocol_version: int
    versions: tuple[str, str, str]  # firmware, soft, pad

    def secret_matches(self, secret: str | None) -> bool:
        given = hashlib.sha256((secret or "").encode()).hexdigest()
        return bool(secret) and hmac.compare_digest(given, self.secret_hash)


_COLUMNS = (Device.id, Device.serial_number, Device.secret_hash, Device.owner_path, Device.protocol_version,
            Device.firmware_version, Device.soft_version, Device.pad_version)


def _known(row: tuple[int, str, str, str, int, str, str, str]) -> KnownDevice:
    return KnownDevice(row[0], row[1], row[2], row[3], row[4], (row[5], row[6], row[7]))


class Directory:
    def __init__(self, database: Database) -> None:
        self._database = database
        self._devices: dict[str, KnownDevice] = {}
        self._unknown: dict[str, float] = {}
        self.loaded_at = 0.0
        self._lookup_second = 0
        self._lookups = 0

    def get(self, serial_number: str) -> KnownDevice | None:
        """The cached entry (no query): the hot path."""
        return self._devices.get(serial_number)

    def remember(self, device: KnownDevice) -> None:
        self._devices[device.serial_number] = device

    async def load(self) -> None:
        async with self._database.sessions() as db:
            rows = (await db.execute(select(*_COLUMNS))).all()
        self._devices = {row[1]: _known(row) for row in rows}
        self._unknown.clear()
        self.loaded_at = time.monotonic()

    async def reload_if_due(self) -> None:
        if time.monotonic() - self.loaded_at >= RELOAD_SECONDS:
            await self.load()

    async def find(self, serial_number: str) -> KnownDevice | None:
        """The device with this serial number, from the cache or else the database."""
        device = self._devices.get(serial_number)
        if device is not None:
            return device
        now = time.monotonic()
        if now - self._unknown.get(serial_number, -UNKNOWN_SECONDS) < UNKNOWN_SECONDS or not self._may_look_up(now):
            return None
        async with self._database.sessions() as db:
            row = (await db.execute(select(*_COLUMNS).where(Device.serial_number == serial_number))).first()
        if row is None:
            if len(self._unknown) > 100_000:
                self._unknown.clear()
            self._unknown[serial_number] = time.monotonic()
            return None
        device = _known(row)
        self._devices[serial_number] = device
        return device

    async def refresh(self, serial_number: str) -> KnownDevice | None:
        """The device read again from the database (one row), the cache updated; over ``LOOKUPS_PER_SECOND`` the
        cached entry as it is."""
        if not self._may_look_up(time.monotonic()):
            return self._devices.get(serial_number)
        async with self._database.sessions() as db:
            row = (await db.execute(select(*_COLUMNS).where(Device.serial_number == serial_number))).first()
        if row is None:
            self._devices.pop(serial_number, None)
            return None
        device = self._devices[serial_number] = _known(row)
        return device

    def _may_look_up(self, now: float) -> bool:
        if int(now) != self._lookup_second:
            self._lookup_second, self._lookups = int(now), 0
        self._lookups += 1
        return self._lookups <= LOOKUPS_PER_SECOND
