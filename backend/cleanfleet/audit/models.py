"""One row per security event (issue 51 item 1). A row is written in the transaction of what it records and sealed
into its tenant's chain a moment later (chain.py): ``seq``, ``prev_hash`` and ``hash`` are set then, never before.

The personal fields (who by name, address, browser) are outside the chain's hash: the hash covers their salted
digest (``personal``), so erasing a person (issue 51 item 7) replaces the fields and drops the salt and the chain
stays valid, while a row not erased still proves its personal fields against its digest."""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, TreePath, UtcDateTime, utcnow

ACTOR_TYPES = ("person", "shadow", "token", "robot", "system")
OUTCOMES = ("ok", "refused", "failed")


class AuditRecord(Base):
    __tablename__ = "audit_records"
    __audit_skip__ = True  # writing the record is not itself a change to record
    __table_args__ = (Index("ix_audit_records_chain_seq", "chain", "seq", unique=True),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, index=True)
    kind: Mapped[str] = mapped_column(String(48), index=True)  # service.KINDS
    outcome: Mapped[str] = mapped_column(String(16), default="ok")
    actor_type: Mapped[str] = mapped_column(String(16))
    actor_id: Mapped[int | None] = mapped_column(Integer, index=True)  # a user's, token's or device's id
    acting_id: Mapped[int | None] = mapped_column(Integer)  # on whose behalf (a shadow's owner, a token's user)
    # who may read it: the acting user's tree path, or the robot owner's
    owner_path: Mapped[str] = mapped_column(TreePath(), index=True)
    target: Mapped[str] = mapped_column(String(256), default="")  # what: "user#12", "device#4", a call's path
    detail: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # before/after, the call, the reason; never a secret
    # personal, outside the hash (see the module's docstring)
    actor_name: Mapped[str] = mapped_column(String(128), default="")
    address: Mapped[str | None] = mapped_column(String(64))
    client: Mapped[str | None] = mapped_column(String(256))
    salt: Mapped[str | None] = mapped_column(String(32))  # dropped on erasure
    personal: Mapped[str] = mapped_column(String(64))  # sha256(salt, actor_name, address, client)
    erased: Mapped[bool] = mapped_column(Boolean, default=False)
    # the chain: the tenant (first node under the root), position, the previous row's hash and this one's
    chain: Mapped[str] = mapped_column(String(64), index=True)
    seq: Mapped[int | None] = mapped_column(Integer)
    prev_hash: Mapped[str | None] = mapped_column(String(64))
    hash: Mapped[str | None] = mapped_column(String(64))
