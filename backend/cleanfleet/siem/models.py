"""A node's syslog destinations (issue 51 item 3).

``siem_destinations``: where a node's security team receives the node's branch of the audit trail: host, port, TLS
(on by default, trusting ``ca_pem`` when given, else the system's authorities), the app name, the kinds' groups it
wants (audit/streamed.py ``GROUPS``) and whether it is on. ``cursor`` is how far it was sent: ``{chain: seq}``, the
last sealed row sent of each chain (a chain's seq is contiguous and given in sealing order, so a row committed
late is never passed over, as a cursor on row ids would be). The streamer's health columns (``last_sent_at``,
``last_error``, ``failures``, ``retry_at``, ``backlog``, ``sent``) are bookkeeping, quiet in the operation log."""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, TreePath, UtcDateTime, utcnow


class SiemDestination(Base):
    __tablename__ = "siem_destinations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    node_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    node_path: Mapped[str] = mapped_column(TreePath(), index=True)  # whose branch it streams (the node's path)
    name: Mapped[str] = mapped_column(String(64))
    host: Mapped[str] = mapped_column(String(253))
    port: Mapped[int] = mapped_column(Integer)
    tls: Mapped[bool] = mapped_column(Boolean, default=True)
    ca_pem: Mapped[str | None] = mapped_column(Text)  # the authority to trust (public: a certificate, no key)
    app_name: Mapped[str] = mapped_column(String(48))
    kinds: Mapped[list[str]] = mapped_column(JSON, default=list)
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    cursor: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    sent: Mapped[int] = mapped_column(Integer, default=0)
    backlog: Mapped[int] = mapped_column(Integer, default=0)
    failures: Mapped[int] = mapped_column(Integer, default=0)  # failed rounds in a row (the back-off)
    retry_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    last_sent_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    last_error: Mapped[str | None] = mapped_column(String(32))  # a core.outbound.Failure
    last_error_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
