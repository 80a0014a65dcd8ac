"""Login tokens (only their hashes) and the failure counters that throttle sign-in."""

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow

# how a session began: an account's password, an OpenID provider (sso/), a passkey alone (factors/)
SIGN_IN_METHODS = ("password", "oidc", "passkey")


class Token(Base):
    __tablename__ = "tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    platform: Mapped[str] = mapped_column(String(32), default="web")
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime())
    revoked_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    # where and how the session began (issue 50 item 8: a person sees and ends their sessions)
    method: Mapped[str] = mapped_column(String(16), default="password")  # SIGN_IN_METHODS
    address: Mapped[str | None] = mapped_column(String(64))
    user_agent: Mapped[str | None] = mapped_column(String(256))
    last_used_at: Mapped[datetime | None] = mapped_column(UtcDateTime())


class LoginFailure(Base):
    """Failed sign-ins per subject ('account:<name>' or 'address:<ip>') within the current window."""

    __tablename__ = "login_failures"

    subject: Mapped[str] = mapped_column(String(160), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer, default=0)
    window_start: Mapped[datetime] = mapped_column(UtcDateTime())
    locked_until: Mapped[datetime | None] = mapped_column(UtcDateTime())
