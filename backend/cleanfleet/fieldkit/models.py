"""A queued action applied once (issue 53 item 5).

A phone without signal queues an acknowledgement, a note or a by-hand mark with an id it makes itself (a UUID) and
sends it when the connection returns, perhaps twice (a flaky reconnect, two tabs). ``field_actions`` keeps each
applied action by that id, in the transaction that applied it, with what it was (``digest``: its kind and fields)
and the answer it got: a replay of the same action gets the same answer and changes nothing; the same id with other
fields is refused. Bookkeeping (the change itself is logged), kept 30 days (``fieldkit.service.KEEP_DAYS``; the
purge job removes older rows: retention/field_actions.py).
"""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow


class FieldAction(Base):
    __tablename__ = "field_actions"

    action_id: Mapped[str] = mapped_column(String(36), primary_key=True)  # the phone's UUID, lower case
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(16))  # acknowledge | note | byHand
    digest: Mapped[str] = mapped_column(String(64))  # sha-256 of the kind and fields: the same id, another action?
    answer: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # what the first send was answered
    applied_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

    __table_args__ = (Index("ix_field_actions_user_applied", "user_id", "applied_at"),)
