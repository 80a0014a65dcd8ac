"""An integration's API token: only its sha256 is stored; the token itself is shown once, at creation."""

from datetime import datetime

from sqlalchemy import JSON, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow


class ApiToken(Base):
    __tablename__ = "api_tokens"
    __table_args__ = (UniqueConstraint("user_id", "name", name="uq_api_tokens_user_name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # the token is ``cft_<public_id>_<secret>``; the public id is what the list shows (it finds nothing alone)
    public_id: Mapped[str] = mapped_column(String(16), unique=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    # the creator: the token acts as this user; deleting the user deletes its tokens
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(64))
    # the permission keys given at creation; the effective ones are these ∩ the creator's current keys
    keys: Mapped[list[str]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime())
    # written at most about once a minute per token (apitokens/gate.py), never once per call
    last_used_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
