"""Media (a stored file with a display time), playlists of media, and one playlist per robot."""

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, SmallInteger, String
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, TreePath, UtcDateTime, utcnow


class AdMedia(Base):
    __tablename__ = "ad_media"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(16))  # image, video or audio (from the file's content type)
    # deleting the stored file (/oss/delete) deletes the media, and so its places in playlists
    oss_id: Mapped[int] = mapped_column(ForeignKey("oss_objects.id", ondelete="CASCADE"), index=True)
    seconds: Mapped[int] = mapped_column(SmallInteger)  # how long an image shows; a clip plays to its end
    owner_user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    owner_path: Mapped[str] = mapped_column(TreePath(), index=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class AdPlaylist(Base):
    __tablename__ = "ad_playlists"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    owner_user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    owner_path: Mapped[str] = mapped_column(TreePath(), index=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class AdPlaylistItem(Base):
    __tablename__ = "ad_playlist_items"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    playlist_id: Mapped[int] = mapped_column(ForeignKey("ad_playlists.id", ondelete="CASCADE"), index=True)
    media_id: Mapped[int] = mapped_column(ForeignKey("ad_media.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(SmallInteger)
    seconds: Mapped[int] = mapped_column(SmallInteger)


class AdAssignment(Base):
    """The playlist a robot plays (at most one)."""

    __tablename__ = "ad_assignments"

    device_id: Mapped[int] = mapped_column(ForeignKey("devices.id", ondelete="CASCADE"), primary_key=True)
    playlist_id: Mapped[int] = mapped_column(ForeignKey("ad_playlists.id", ondelete="CASCADE"), index=True)
    assigned_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
