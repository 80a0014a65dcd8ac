"""The data jobs (issue 51 items 6-7 and the customer end): a person's export, a person's erasure, a customer's
end, each a ``data_jobs`` row run in the background by privacy/jobs.py."""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Index, Integer, SmallInteger, String
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, TreePath, UtcDateTime, utcnow

PERSON_EXPORT = "person_export"
PERSON_ERASURE = "person_erasure"
CUSTOMER_END = "customer_end"
KINDS = (PERSON_EXPORT, PERSON_ERASURE, CUSTOMER_END)
PERSON_KINDS = (PERSON_EXPORT, PERSON_ERASURE)  # jobs about a person: that person always sees them

QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
STATES = (QUEUED, RUNNING, DONE, FAILED)


class DataJob(Base):
    __tablename__ = "data_jobs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    # who may see the job: the subject's parent node path (callers whose subtree holds it)
    owner_path: Mapped[str] = mapped_column(TreePath(), index=True)
    # user ids without foreign keys: the job outlives the requester and the subject (an ended customer's)
    requested_by: Mapped[int] = mapped_column(Integer)
    subject_id: Mapped[int] = mapped_column(Integer)
    subject_name: Mapped[str] = mapped_column(String(64))  # an erased person's pseudonym once erased
    state: Mapped[str] = mapped_column(String(16), default=QUEUED)
    progress: Mapped[int] = mapped_column(SmallInteger, default=0)
    step: Mapped[str] = mapped_column(String(64), default="")
    detail: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    file_key: Mapped[str | None] = mapped_column(String(255))  # the result file's object-store key
    file_id: Mapped[str | None] = mapped_column(String(32))  # its stored_files row (the signed link names it)
    expires_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    started_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    finished_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    error: Mapped[str | None] = mapped_column(String(64))
    heartbeat_at: Mapped[datetime | None] = mapped_column(UtcDateTime())

    __table_args__ = (
        Index("ix_data_jobs_state_kind", "state", "kind"),
        Index("ix_data_jobs_subject", "subject_id", "kind"),
    )
