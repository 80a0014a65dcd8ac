"""Transfer nodes (frp relays the robots connect through) and servers, and the FRP ports handed out."""

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, SmallInteger, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow

NODE = "node"  # /wmDeviceHostInfo: transfer nodes
SERVER = "server"  # /host: servers
REGIONS = {
    NODE: {0: "China", 1: "Russia", 2: "Singapore", 3: "USA", 4: "Australia"},
    SERVER: {0: "domestic", 1: "Singapore", 2: "France", 3: "EU"},
}


class Host(Base):
    __tablename__ = "hosts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    name: Mapped[str] = mapped_column(String(64))
    domain: Mapped[str] = mapped_column(String(255))
    support_type: Mapped[str] = mapped_column(String(32), default="")
    flag: Mapped[str] = mapped_column(String(32), default="")
    region: Mapped[int] = mapped_column(SmallInteger, default=0)
    ssh_port: Mapped[int | None] = mapped_column(Integer)
    web_port: Mapped[int | None] = mapped_column(Integer)
    frp_port: Mapped[int | None] = mapped_column(Integer)
    remark: Mapped[str] = mapped_column(String(255), default="")
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

    __table_args__ = (UniqueConstraint("kind", "name"),)


class FrpPortGrant(Base):
    """A port handed out on a transfer node; never handed out again (the pair is unique)."""

    __tablename__ = "frp_port_grants"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    frp_host: Mapped[str] = mapped_column(String(255))
    frp_port: Mapped[int] = mapped_column(Integer)
    granted_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    granted_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)

    __table_args__ = (UniqueConstraint("frp_host", "frp_port"),)
