"""Webhook subscriptions and their outbox (issue 35).

- ``webhook_subscriptions``: a user's URL, the events it asks for (JSON list of catalogue names), its signing secret
  (``whsec_`` + base64 of 24 random bytes; kept as is: the server signs with it on every delivery, so it cannot be a
  hash; shown to the user once, at creation and at each rotation), whether its owner turned it on (``active``) and
  whether the server paused it (``paused_at``: failing for ``PAUSE_AFTER``), with ``failing_since`` (the first failed
  attempt since its last delivery) and its last delivery's time and answer code for the list.
- ``webhook_deliveries``: one per event and subscription, written in the transaction that stores the event's fact,
  with the event's body (``body``, the exact bytes signed and sent, so a retry or a replay sends the same). How it
  goes is its send's in the one outbox (core/outbox_models.py ``outbox_sends``, kind ``webhook``; its tries are
  ``outbox_attempts``): its state (``pending`` until a 2xx, then ``delivered``, the outbox's ``sent``; ``failed``
  after the last attempt of the schedule), the attempt count and when the next attempt is due, read here as
  read-only columns. ``dropped`` on the subscription counts the pending deliveries dropped because it held
  ``MAX_PENDING`` (webhooks/outbox.py): the oldest go.
"""

from datetime import datetime

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, SmallInteger, String, Text, case
from sqlalchemy.orm import Mapped, column_property, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow
from cleanfleet.core.outbox import state_of
from cleanfleet.core.outbox_models import SENT, OutboxSend

PENDING, DELIVERED, FAILED = "pending", "delivered", "failed"
STATES = (PENDING, DELIVERED, FAILED)
KIND = "webhook"  # its sends' kind in the outbox


class WebhookSubscription(Base):
    __tablename__ = "webhook_subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(64))
    url: Mapped[str] = mapped_column(String(2048))
    events: Mapped[list[str]] = mapped_column(JSON, default=list)
    secret: Mapped[str] = mapped_column(String(64))
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    paused_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    failing_since: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    last_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)
    last_code: Mapped[int | None] = mapped_column(SmallInteger, nullable=True)
    last_state: Mapped[str | None] = mapped_column(String(16), nullable=True)
    dropped: Mapped[int] = mapped_column(Integer, default=0, server_default="0")  # pending ones dropped: cap
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class WebhookDelivery(Base):
    __tablename__ = "webhook_deliveries"
    __table_args__ = (Index("ix_webhook_deliveries_subscription", "subscription_id", "created_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    subscription_id: Mapped[int] = mapped_column(ForeignKey("webhook_subscriptions.id", ondelete="CASCADE"))
    event_id: Mapped[str] = mapped_column(String(32))
    event_type: Mapped[str] = mapped_column(String(32))
    body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    # how it went: its outbox send's (core/outbox_models.py), read-only here
    state: Mapped[str] = column_property(state_of(KIND, id, case(
        (OutboxSend.state == SENT, DELIVERED), else_=OutboxSend.state)))
    attempts: Mapped[int] = column_property(state_of(KIND, id, OutboxSend.attempts))
    next_at: Mapped[datetime] = column_property(state_of(KIND, id, OutboxSend.next_at))
    last_code: Mapped[int | None] = column_property(state_of(KIND, id, OutboxSend.last_code))
    last_error: Mapped[str | None] = column_property(state_of(KIND, id, OutboxSend.last_error))
    delivered_at: Mapped[datetime | None] = column_property(state_of(KIND, id, OutboxSend.sent_at))
