"""The sessions domain's tables: sign-in events (the audit's record of every sign-in, failure, throttle, sign-out,
session end and factor change) and the browsers a person has signed in from (hashes only), which tell a new browser
from a known one."""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.audit.kinds import SIGN_IN_KINDS
from cleanfleet.core.db import Base, UtcDateTime, utcnow

# what happened (the console and the audit log name each)
EVENT_KINDS = SIGN_IN_KINDS


class SignInEvent(Base):
    __tablename__ = "sign_in_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(32), index=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"), index=True)
    account: Mapped[str] = mapped_column(String(128), default="")  # as typed, for a failure of no known account
    method: Mapped[str | None] = mapped_column(String(16))  # password, oidc, passkey, totp, recovery ...
    address: Mapped[str | None] = mapped_column(String(64))
    user_agent: Mapped[str | None] = mapped_column(String(256))
    by_user_id: Mapped[int | None] = mapped_column(Integer)  # who did it, when not the person (a parent)
    detail: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, index=True)

    __table_args__ = (Index("ix_sign_in_events_user_at", "user_id", "at"),)


class KnownBrowser(Base):
    """A browser a person signed in from: the sha256 of the random id the console keeps in the browser's storage
    (or, for a client that sends none, of its user agent). Never the id itself."""

    __tablename__ = "sign_in_browsers"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    browser_hash: Mapped[str] = mapped_column(String(64))
    first_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    last_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

    __table_args__ = (UniqueConstraint("user_id", "browser_hash", name="uq_sign_in_browsers_user_browser"),)
