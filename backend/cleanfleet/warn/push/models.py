"""A browser subscribed to a user's push notifications.

A subscription belongs to one user and one browser (its ``endpoint``, unique: the push service's address for that
browser) and lives as long as the session that made it (``token_id``): signing out or the session's end stops it
(the notifier skips and deletes subscriptions of ended sessions; the console also removes its own on sign-out). A
push service answering 404 or 410 has dropped it: it is deleted. At most ``MAX_PER_USER`` per user.

An endpoint belongs to the user who registered it (issue 45 item 3): the same user subscribing it again updates the
row (new keys, label, session); another user's subscribe with it is refused while the row's session goes on, so no
one else's notifications can land on it. ``last_failure`` is the category of the last failed push
(core/outbound.py ``Failure``), never the error's text.
"""

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow

MAX_PER_USER = 10
ENDPOINT_LENGTH = 2048
LABEL_LENGTH = 64


class PushSubscription(Base):
    __tablename__ = "push_subscriptions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    token_id: Mapped[int | None] = mapped_column(ForeignKey("tokens.id", ondelete="CASCADE"), index=True)
    endpoint: Mapped[str] = mapped_column(String(ENDPOINT_LENGTH), unique=True)
    p256dh: Mapped[str] = mapped_column(String(100))  # the browser's P-256 public key, base64url
    auth: Mapped[str] = mapped_column(String(32))  # its 16-byte authentication secret, base64url
    label: Mapped[str] = mapped_column(String(LABEL_LENGTH), default="")
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    last_sent_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    last_failure: Mapped[str | None] = mapped_column(String(32))
