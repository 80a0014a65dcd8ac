"""The demo seeders that have run: one row each, so a second start never seeds again."""

from datetime import datetime

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow


class DemoMarker(Base):
    """One row per demo seeder that has run."""

    __tablename__ = "demo_markers"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    seeded_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
