"""A node's retention periods and the purge job's record of its runs."""

from datetime import datetime

from sqlalchemy import ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, TreePath, UtcDateTime, utcnow


class RetentionSetting(Base):
    """How many days node ``user_id``'s branch keeps one kind of data (core/retention.py ``KINDS``): within the
    deployment's least and most; in force below the node wherever no node nearer the data sets fewer days."""

    __tablename__ = "retention_settings"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    days: Mapped[int] = mapped_column(Integer)
    path: Mapped[str] = mapped_column(TreePath(), index=True)  # the node's tree path (the job reads settings by it)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, onupdate=utcnow)
    updated_by: Mapped[int | None] = mapped_column(Integer)


class RetentionRun(Base):
    """What one round of the purge job removed of one kind in one part of the tree (``path``: the part's node; "/"
    for a round's summary, ``kind`` "*"), and when it started and finished."""

    __tablename__ = "retention_runs"
    __table_args__ = (Index("ix_retention_runs_path_finished", "path", "finished_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    path: Mapped[str] = mapped_column(TreePath())
    days: Mapped[int] = mapped_column(Integer, default=0)  # the period the part kept
    removed: Mapped[int] = mapped_column(Integer, default=0)
    batches: Mapped[int] = mapped_column(Integer, default=0)
    started_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    finished_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, index=True)
