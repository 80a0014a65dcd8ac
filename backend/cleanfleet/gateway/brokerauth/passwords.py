"""Robots' broker passwords while they wait for the broker (the ``broker_passwords`` outbox).

The product stores only a hash of a robot's device secret, and Mosquitto's dynamic security plugin needs the
password itself (it keeps its own salted hash). So the broker is told a robot's password at the moments the
product holds it: when the device is created (console or registration: the secret shown once) and when the
simulated fleet is seeded (its secrets follow from the seed). ``queue_password`` writes it, sealed, in the
writer's transaction; the sync (``sync.py``) sets it at the broker and deletes the row.
"""

import base64
import hashlib

from cryptography.fernet import Fernet, InvalidToken
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.gateway.brokerauth.models import BrokerPassword
from cleanfleet.settings import Settings, get_settings


def dynsec_enabled(settings: Settings) -> bool:
    """The product keeps an external Mosquitto's clients (its admin account is configured)."""
    return bool(settings.mqtt_url and settings.mqtt_dynsec_user and settings.mqtt_dynsec_password)


def _fernet(settings: Settings) -> Fernet:
    key = hashlib.sha256(f"cleanfleet-broker-passwords:{settings.mqtt_dynsec_password}".encode()).digest()
    return Fernet(base64.urlsafe_b64encode(key))


def seal(settings: Settings, secret: str) -> str:
    return _fernet(settings).encrypt(secret.encode()).decode()


def unseal(settings: Settings, sealed: str) -> str | None:
    """None when it was sealed under another admin password (the row is then dropped: see sync.py)."""
    try:
        return _fernet(settings).decrypt(sealed.encode()).decode()
    except (InvalidToken, ValueError):
        return None


async def queue_password(db: AsyncSession, settings: Settings, serial_number: str, secret: str) -> None:
    """The robot's broker password (its device secret) for the broker, in the caller's transaction; nothing
    when no Mosquitto's clients are kept by the product (the embedded broker and EMQX ask the product instead)."""
    if dynsec_enabled(settings):
        db.add(BrokerPassword(serial_number=serial_number, sealed=seal(settings, secret)))


async def device_secret_set(db: AsyncSession, serial_number: str, secret: str) -> None:
    """The in-transaction handler of a device given its secret (creation, registration): see the module's doc."""
    await queue_password(db, get_settings(), serial_number, secret)
