"""A record per stored file: what it is, who it belongs to, and where the store keeps it."""

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, TreePath, UtcDateTime, utcnow


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


class OssObject(Base):
    """A file of the object storage calls (/oss/*): a user's named file over a stored file's bytes.

    ``save_path`` is ``<owner id>/<folder>/<name>`` (storage/names.py), unique within its visibility: the same
    path again replaces the file."""

    __tablename__ = "oss_objects"
    __table_args__ = (UniqueConstraint("private", "save_path", name="uq_oss_objects_private_save_path"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    save_path: Mapped[str] = mapped_column(String(300))
    folder: Mapped[str] = mapped_column(String(160), index=True)
    name: Mapped[str] = mapped_column(String(128))
    private: Mapped[bool] = mapped_column(Boolean)
    file_id: Mapped[str] = mapped_column(ForeignKey("stored_files.id", ondelete="CASCADE"), index=True)
    owner_user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    owner_path: Mapped[str] = mapped_column(TreePath(), index=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class ForgottenBytes(Base):
    """Bytes whose record a purge removed (retention, issue 51 item 5): the key is written in the purge's transaction
    and the bytes are deleted after its commit (``storage.service.delete_forgotten``); a crash in between leaves the
    row, and the next round deletes them. So neither a record without its bytes nor bytes without a record stay."""

    __tablename__ = "storage_forgotten"

    key: Mapped[str] = mapped_column(String(255), primary_key=True)
    forgotten_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
