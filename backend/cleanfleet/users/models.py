"""The user tree: every account has a parent, a level depth and a materialized path."""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, SmallInteger, String, true
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, TreePath, UtcDateTime, utcnow

LEVEL_ADMIN = 1
LEVEL_DEALER = 2
LEVEL_USER = 3
LEVEL_SUB_USER = 4
LEVEL_SUB_SUB_USER = 5

TYPE_USER = "user"
TYPE_SHADOW = "shadow"


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    account: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(64))
    password_hash: Mapped[str] = mapped_column(String(255))
    phone: Mapped[str] = mapped_column(String(20), default="")
    email: Mapped[str] = mapped_column(String(512), default="")
    url: Mapped[str] = mapped_column(String(512), default="")
    level_depth: Mapped[int] = mapped_column(SmallInteger)
    parent_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
    path: Mapped[str] = mapped_column(TreePath(), index=True)
    type: Mapped[str] = mapped_column(String(16), default=TYPE_USER)
    # A shadow account acts as (and sees the devices of) this user, with its own permissions.
    shadow_of_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
    language: Mapped[str | None] = mapped_column(String(8))
    email_to_task: Mapped[int] = mapped_column(SmallInteger, default=0)
    email_to_warn: Mapped[int] = mapped_column(SmallInteger, default=0)
    email_to_task_report: Mapped[int] = mapped_column(SmallInteger, default=0)
    pad_config: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    remark: Mapped[str] = mapped_column(String(255), default="")
    # may this user's robots (and those of its subtree) still sign in to the broker by password rather than by a
    # client certificate (issue 46 item 3; passwordrobots/): off at any user on a robot's owner path means off
    password_robots: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    created_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow, onupdate=utcnow)

    @property
    def acting_user_id(self) -> int:
        return self.shadow_of_id or self.id
