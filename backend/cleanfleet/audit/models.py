"""One row per security event (issue 51 item 1). A row is written in the transaction of what it records and sealed
into its tenant's chain a moment later (chain.py): ``seq``, ``prev_hash`` and ``hash`` are set then, never before.

The personal fields (who by name, address, browser) are outside the chain's hash: the hash covers their salted
digest (``personal``), so erasing a person (issue 51 item 7) replaces the fields and drops the salt and the chain
stays valid, while a row not erased still proves its personal fields against its digest. A person's values inside
``detail`` or ``target`` (an account renamed, an e-mail changed) are sealed as references to ``audit_personal``
rows (audit/personal.py): the clear value sits there and leaves with an erasure."""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Index, Integer, String
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
    # the person's values its detail and target name by reference, until the sealer moves them to audit_personal
    # (outside the hash; audit/personal.py): written with the row, so the call pays for no second statement
    pending: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON)


class AuditPersonal(Base):
    """A person's value an audit row names (issue 51, audit/personal.py): the row's ``detail`` or ``target`` holds
    ``personal:<digest>`` in its place, and the chain hashes that (the row carries the value in ``pending`` until the
    sealer moves it here). ``digest`` is HMAC-SHA256 of the value under
    ``key``, a random key of this value alone; an erasure empties ``value`` and ``key`` (``pseudonym`` shows instead),
    so the digest the chain keeps can no longer be tied to the value, and nothing else changes in the sealed row.
    ``subject_id``: the person the value belongs to (a user's id; null for a value typed by nobody known, such as an
    unknown account at a failed sign-in, which an erasure finds by its value)."""

    __tablename__ = "audit_personal"
    __audit_skip__ = True

    # the key: HMAC under a random key of its own, so unique (and known before the insert: a transaction's values go
    # in one statement, not one each to learn their ids)
    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    record_id: Mapped[int] = mapped_column(ForeignKey("audit_records.id", ondelete="CASCADE"), index=True)
    subject_id: Mapped[int | None] = mapped_column(Integer, index=True)
    field: Mapped[str] = mapped_column(String(32))  # account, name, email, phone, ... (the column it came from)
    value: Mapped[str | None] = mapped_column(String(512))  # the clear value; null once erased
    key: Mapped[str | None] = mapped_column(String(32))  # the HMAC's key (hex); null once erased
    pseudonym: Mapped[str | None] = mapped_column(String(32))  # shown instead once erased


class AuditCheckpoint(Base):
    """Where a chain starts after its oldest rows were purged (retention, issue 51 item 5; audit/purge.py): its first
    kept ``seq`` and that row's ``prev_hash`` (the hash of the last row removed). ``verify`` walks the chain from here,
    so a purge keeps it valid while a row removed from the middle still shows as a gap."""

    __tablename__ = "audit_checkpoints"
    __audit_skip__ = True

    chain: Mapped[str] = mapped_column(String(64), primary_key=True)
    first_seq: Mapped[int] = mapped_column(Integer)
    prev_hash: Mapped[str] = mapped_column(String(64))
    removed: Mapped[int] = mapped_column(Integer, default=0)  # rows purged from this chain, all rounds together
    at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
