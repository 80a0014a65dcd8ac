"""One row per committed write call (core/audit.py adds it to the call's own transaction)."""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, TreePath, UtcDateTime, utcnow


class OperationLog(Base):
    __tablename__ = "operation_logs"
    __audit_skip__ = True  # writing the log is not itself a change to log

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    time: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, index=True)
    # no foreign key: the log outlives a deleted account (its account name stays readable)
    user_id: Mapped[int] = mapped_column(Integer, index=True)
    account: Mapped[str] = mapped_column(String(64))
    # the acting user's tree path: who may read the row (the acting user and those above it)
    user_path: Mapped[str] = mapped_column(TreePath(), index=True)
    shadow: Mapped[bool] = mapped_column(default=False)
    call: Mapped[str] = mapped_column(String(128), index=True)
    # the changed records' names, for the search by target (oplog/kinds.py)
    target: Mapped[str] = mapped_column(String(1000))
    # language-neutral: [[kind, action, id, name], ...] (oplog/kinds.py); None on rows written before it
    changes: Mapped[list[Any] | None] = mapped_column(JSON)
    ip: Mapped[str] = mapped_column(String(64))
    platform: Mapped[str] = mapped_column(String(32))
    # the API token the call was made with (apitokens/, issue 35): its name then; None for a console session
    token_name: Mapped[str | None] = mapped_column(String(64))
    # and its id (issue 45): names are reused after a revocation, the id never is; no foreign key, the row
    # outlives the revoked token
    token_id: Mapped[int | None] = mapped_column(Integer, index=True)
