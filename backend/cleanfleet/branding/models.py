"""A node's brand and the host names a dealer serves the console on (docs/domains/branding.md)."""

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from cleanfleet.core.db import Base, UtcDateTime, utcnow

# the longest each text may be (the schemas and the console's fields say the same)
PRODUCT_NAME_CHARS = 40
FOOTER_CHARS = 200
SENDER_NAME_CHARS = 64
ADDRESS_CHARS = 254  # RFC 5321's longest forward path, less its brackets
HOST_CHARS = 253  # RFC 1035's longest name in text


class Brand(Base):
    """What a node's people (and everyone under it) see instead of the product's own look: one row per node, the
    whole brand (a node without a row shows the nearest brand above it). The images are stored files (storage/),
    kept scaled: the logo at most 512 px high, the icon as 192 and 512 px squares and a 32 px favicon."""

    __tablename__ = "brands"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    product_name: Mapped[str] = mapped_column(String(PRODUCT_NAME_CHARS))
    primary_color: Mapped[str] = mapped_column(String(7))
    header_color: Mapped[str] = mapped_column(String(7))
    footer_text: Mapped[str] = mapped_column(String(FOOTER_CHARS), default="")
    mail_sender_name: Mapped[str] = mapped_column(String(SENDER_NAME_CHARS), default="")
    mail_reply_to: Mapped[str] = mapped_column(String(ADDRESS_CHARS), default="")
    # a dealer lets the customers right under it set brands of their own (off: they see the dealer's)
    customers_may_brand: Mapped[bool] = mapped_column(Boolean, default=False)
    logo_file_id: Mapped[str | None] = mapped_column(ForeignKey("stored_files.id", ondelete="SET NULL"))
    icon_file_id: Mapped[str | None] = mapped_column(ForeignKey("stored_files.id", ondelete="SET NULL"))  # 512 px
    icon_small_file_id: Mapped[str | None] = mapped_column(  # 192 px
        ForeignKey("stored_files.id", ondelete="SET NULL"))
    favicon_file_id: Mapped[str | None] = mapped_column(ForeignKey("stored_files.id", ondelete="SET NULL"))
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime(), default=utcnow)


class BrandHost(Base):
    """A host name a dealer serves the console on: its sign-in page and manifest show the dealer's brand. Lower
    case, unique across the install."""

    __tablename__ = "brand_hosts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("brands.user_id", ondelete="CASCADE"), index=True)
    host: Mapped[str] = mapped_column(String(HOST_CHARS), unique=True)
