"""The outbox's two tables (issue 49 item 1): every send the server owes someone, and every attempt at one.

- ``outbox_sends``: one row per send, whatever the channel: ``kind`` names the sender a domain registered
  (``notify``: warn's notifications, ``incident``: the escalation's notices, ``webhook``: the webhooks'
  deliveries) and ``ref_id`` the domain's row that says what to send (``notification_sends``, ``incident_sends``,
  ``webhook_deliveries``: who, what; this table: when and how it went). ``lane`` is the receiver the send goes to
  (a webhook subscription, a user's channel): a lane has its own concurrency and its own backoff; ``tenant`` is
  the user who owns the lane: rounds take every tenant's work in turn. ``state``: ``pending`` until sent, then
  ``sent``; ``failed`` after its last attempt; ``skipped`` when it was no longer wanted (an incident
  acknowledged); ``dropped`` when its lane held too many pending sends (the oldest go) or its row was deleted.
  A sender claims a due row by moving ``next_at`` on with one conditional UPDATE.
- ``outbox_attempts``: each try of a send: when, the outcome, the answer code, how long, the failure.

``core`` imports no domain: the tables name the domains' rows by id only (``ref_id``, no foreign key).
"""

from datetime import datetime

from sqlalchemy import ForeignKey, Index, Integer, SmallInteger, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow

PENDING, SENT, FAILED, SKIPPED, DROPPED = "pending", "sent", "failed", "skipped", "dropped"
STATES = (PENDING, SENT, FAILED, SKIPPED, DROPPED)


class OutboxSend(Base):
    __tablename__ = "outbox_sends"
    __table_args__ = (
        UniqueConstraint("kind", "ref_id", name="uq_outbox_sends_ref"),
        Index("ix_outbox_sends_due", "state", "next_at"),
        Index("ix_outbox_sends_lane", "lane", "state", "next_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    ref_id: Mapped[int] = mapped_column(Integer)
    channel: Mapped[str] = mapped_column(String(16))  # the metric's label: email, sms, app, webhook, ...
    lane: Mapped[str] = mapped_column(String(64))
    tenant: Mapped[str] = mapped_column(String(32))
    state: Mapped[str] = mapped_column(String(16), default=PENDING)
    attempts: Mapped[int] = mapped_column(SmallInteger, default=0)
    next_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    last_code: Mapped[int | None] = mapped_column(SmallInteger, nullable=True)
    last_error: Mapped[str | None] = mapped_column(String(255), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    sent_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


class OutboxAttempt(Base):
    __tablename__ = "outbox_attempts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    send_id: Mapped[int] = mapped_column(ForeignKey("outbox_sends.id", ondelete="CASCADE"), index=True)
    at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    state: Mapped[str] = mapped_column(String(16))  # sent | failed
    code: Mapped[int | None] = mapped_column(SmallInteger, nullable=True)
    duration_ms: Mapped[int] = mapped_column(Integer, default=0)
    error: Mapped[str | None] = mapped_column(String(255), nullable=True)
