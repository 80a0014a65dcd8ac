"""Messages for a user's message centre: written when a consumable or a maintenance falls due, an alarm is
raised or resolved and a task run ends (and by any domain through ``messages.service.insert_messages``)."""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow


class Message(Base):
    __tablename__ = "messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    device_id: Mapped[int | None] = mapped_column(ForeignKey("devices.id", ondelete="SET NULL"), index=True)
    kind: Mapped[str] = mapped_column(String(32))
    title: Mapped[str] = mapped_column(String(128))
    content: Mapped[str] = mapped_column(String(1024), default="")
    read: Mapped[bool] = mapped_column(Boolean, default=False)
    deleted: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, index=True)
    # what makes a message unique ("consumable:<device>:<kind>:<life start>"): writers insert-or-ignore on it
    dedup_key: Mapped[str | None] = mapped_column(String(160), unique=True)
    # shown in the reader's language: a kind of messages/texts.py MESSAGE_TEXTS (title and content), or a
    # registered text's key (core/texts.py, ``sites.MISSED_TITLE``) for the title with ``content_key`` for the
    # content; and their values. Title and content are then the English fallback, kept for writers without a key.
    text_key: Mapped[str | None] = mapped_column(String(64))
    content_key: Mapped[str | None] = mapped_column(String(64))
    text_values: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    # a folding message (a robot's alarm of one problem, to one user): the key its repeats fold into while it is
    # open (unread, not deleted: reading or deleting it sets this null), and how many it tells of
    fold_key: Mapped[str | None] = mapped_column(String(160))
    count: Mapped[int] = mapped_column(Integer, default=1, server_default="1")

    __table_args__ = (
        Index("ix_messages_user_unread", "user_id", "deleted", "read", "created_at"),
        # one open message per fold key: writers insert-or-fold on it (messages.service.fold_messages)
        Index("uq_messages_fold_key", "fold_key", unique=True),
    )
