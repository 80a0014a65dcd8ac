"""A firmware's bill of materials (its CycloneDX SBOM's components) and the advisories an admin imported (OSV).

Both are catalogue records like firmware (docs/domains/advisories.md): one list for every holder of the page key;
which robots an advisory affects is always computed in the caller's subtree.
"""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow


class FirmwareSbom(Base):
    """The SBOM a firmware package carries: its components (name, version, purl), one per firmware."""

    __tablename__ = "firmware_sboms"

    firmware_id: Mapped[int] = mapped_column(ForeignKey("version_firmwares.id", ondelete="CASCADE"),
                                             primary_key=True)
    file_name: Mapped[str] = mapped_column(String(128))
    spec_version: Mapped[str] = mapped_column(String(16))
    # [{"name", "version", "purl", "group"}], at most sbom.MAX_COMPONENTS
    components: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class Advisory(Base):
    """An OSV advisory as imported: its id, summary and what it affects (the OSV ``affected`` list, checked)."""

    __tablename__ = "advisories"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    osv_id: Mapped[str] = mapped_column(String(128), unique=True)
    name: Mapped[str] = mapped_column(String(128))  # the OSV id, the operation log's name
    summary: Mapped[str] = mapped_column(String(1024), default="")
    details: Mapped[str] = mapped_column(Text, default="")
    aliases: Mapped[list[str]] = mapped_column(JSON, default=list)
    modified: Mapped[str] = mapped_column(String(64), default="")
    # [{"ecosystem", "name", "purl", "versions": [...], "ranges": [{"type", "events": [{kind: version}]}]}]
    affected: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
