"""A file or knowledge-base entry: a name, a category and a detail over an object storage file."""

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, TreePath, UtcDateTime, utcnow


class FileRecord(Base):
    __tablename__ = "file_records"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16), index=True)  # "file" or "knowledge"
    name: Mapped[str] = mapped_column(String(128))
    category: Mapped[str] = mapped_column(String(64), index=True)
    detail: Mapped[str] = mapped_column(String(1000))
    # deleting the stored file (/oss/delete) deletes the entry made of it
    oss_id: Mapped[int] = mapped_column(ForeignKey("oss_objects.id", ondelete="CASCADE"), index=True)
    owner_user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    owner_path: Mapped[str] = mapped_column(TreePath(), index=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, index=True)
