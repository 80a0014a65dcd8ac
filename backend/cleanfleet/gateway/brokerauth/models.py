"""``broker_passwords``: the outbox of robots' broker passwords on their way to Mosquitto's dynamic security.

A row is written in the transaction that gives a robot its secret (``passwords.queue_password``), only when the
product keeps a Mosquitto's clients (CLEANFLEET_MQTT_DYNSEC_USER), and deleted once the broker has the password.
The secret is sealed (Fernet, keyed from CLEANFLEET_MQTT_DYNSEC_PASSWORD): the database alone does not give it.
"""

from datetime import datetime

from sqlalchemy import Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow


class BrokerPassword(Base):
    __tablename__ = "broker_passwords"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    serial_number: Mapped[str] = mapped_column(String(64))
    sealed: Mapped[str] = mapped_column(Text)
    queued_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
