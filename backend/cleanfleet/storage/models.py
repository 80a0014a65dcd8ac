"""A record per stored file: what it is, who it belongs to, and where the store keeps it."""

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow


class StoredFile(Base):
    __tablename__ = "stored_files"

    # Random (128 bits, hex): a public file is fetched by this id alone, so it must not be guessable.
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    # Where the store keeps the bytes; built by the server, never from user input.
    key: Mapped[str] = mapped_column(String(255), unique=True)
    kind: Mapped[str] = mapped_column(String(32), index=True)
    content_type: Mapped[str] = mapped_column(String(100))
    size: Mapped[int] = mapped_column(Integer)
    sha256: Mapped[str] = mapped_column(String(64))
    public: Mapped[bool] = mapped_column(Boolean, default=False)
    owner_user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
