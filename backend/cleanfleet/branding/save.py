"""Saving a node's brand: the form checked field by field (the first wrong one refused, naming it, in the caller's
language), the images scaled off the event loop, then one commit (docs/domains/branding.md)."""

import unicodedata
from dataclasses import dataclass, field

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.exc import StaleDataError

from cleanfleet.branding import contrast, hosts, images, texts
from cleanfleet.branding.cache import CACHE
from cleanfleet.branding.models import Brand, BrandHost
from cleanfleet.branding.service import IMAGE_KIND, forget_images, node_of, why_not
from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter, no_permission
from cleanfleet.core.heavy import release_connection, run_heavy
from cleanfleet.storage import service as storage
from cleanfleet.storage.backends import Store
from cleanfleet.users.models import LEVEL_DEALER, LEVEL_USER, User
from cleanfleet.users.schemas import MAILBOX


@dataclass
class BrandForm:
    product_name: str
    primary_color: str
    header_color: str
    footer_text: str = ""
    mail_sender_name: str = ""
    mail_reply_to: str = ""
    customers_may_brand: bool = False
    host_names: list[str] = field(default_factory=list)
    logo: bytes | None = None
    icon: bytes | None = None
    remove_logo: bool = False
    remove_icon: bool = False


def _plain(name: str, value: str) -> str:
    """One line of text without control characters (a mail header, a PDF footer, a page title take it as it is)."""
    value = value.strip()
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") and ch not in "\u200c\u200d\u200e\u200f"
           for ch in value):
        raise bad_parameter(name, texts.PLAIN_TEXT)
    return value


def _colour(name: str, value: str) -> str:
    value = value.strip()
    if not contrast.COLOUR.fullmatch(value):
        raise bad_parameter(name, texts.BAD_COLOUR)
    value = value.lower()
    ratio = contrast.primary_ratio(value) if name == "primaryColor" else contrast.header_ratio(value)
    if ratio < contrast.MIN_RATIO:
        reason = texts.PRIMARY_LOW_CONTRAST if name == "primaryColor" else texts.HEADER_LOW_CONTRAST
        raise bad_parameter(name, reason, ratio=contrast.shown(ratio))
    return value


def checked(form: BrandForm, public_url: str) -> BrandForm:
    """The form with its texts trimmed and its colours lower-cased; refuses the first wrong field."""
    name = _plain("productName", form.product_name)
    if not name:
        raise bad_parameter("productName", texts.NAME_REQUIRED)
    reply_to = form.mail_reply_to.strip()
    if reply_to and not MAILBOX.fullmatch(reply_to):  # the users' mailbox rule (the console's too)
        raise bad_parameter("mailReplyTo", texts.BAD_REPLY_TO)
    return BrandForm(name, _colour("primaryColor", form.primary_color), _colour("headerColor", form.header_color),
                     _plain("footerText", form.footer_text), _plain("mailSenderName", form.mail_sender_name),
                     reply_to, form.customers_may_brand, hosts.checked(form.host_names, public_url), form.logo,
                     form.icon, form.remove_logo, form.remove_icon)


async def _check_hosts(db: AsyncSession, node: User, names: list[str]) -> None:
    if names and node.level_depth != LEVEL_DEALER:
        raise bad_parameter("hostNames", texts.HOSTS_DEALERS_ONLY)
    taken = await db.scalar(select(BrandHost.host).where(BrandHost.host.in_(names), BrandHost.user_id != node.id)
                            .limit(1)) if names else None
    if taken is not None:
        raise ApiError(Code.CONFLICT, texts.HOST_TAKEN, field="hostNames", values={"host": taken})


async def _store(db: AsyncSession, store: Store, node: User, data: bytes) -> str:
    file = await storage.save(db, store, data, kind=IMAGE_KIND, extension="png", content_type="image/png",
                              owner_user_id=node.id, public=True)
    return file.id


async def save(db: AsyncSession, store: Store, caller: Caller, user_id: int | None, form: BrandForm,
               public_url: str) -> tuple[int, list[str]]:
    """Sets a node's own brand (made when it has none). Answers the node's id and the storage keys of replaced
    images, to delete once this committed. Commits."""
    node = await node_of(db, caller, user_id)
    reason = await why_not(db, node)
    if reason is not None:
        raise no_permission(reason, field="userId")
    form = checked(form, public_url)
    await _check_hosts(db, node, form.host_names)
    node_id = node.id  # a rollback below expires the objects
    await release_connection(db)
    logo = await run_heavy(caller.user_id, "logo", images.logo_png, form.logo) if form.logo is not None else None
    icons = await run_heavy(caller.user_id, "icon", images.icon_pngs, form.icon) if form.icon is not None else None
    try:
        stale = await _write(db, store, node, form, logo, icons)
        await db.commit()
    except (IntegrityError, StaleDataError) as exc:  # another call claimed a name, or set or removed it, meanwhile
        await db.rollback()
        taken = await db.scalar(select(BrandHost.host).where(BrandHost.host.in_(form.host_names),
                                                             BrandHost.user_id != node_id).limit(1))
        if taken is not None:
            raise ApiError(Code.CONFLICT, texts.HOST_TAKEN, field="hostNames", values={"host": taken}) from exc
        raise ApiError(Code.CONFLICT, texts.CHANGED_MEANWHILE, field="userId") from exc
    CACHE.clear()
    return node_id, stale


async def _write(db: AsyncSession, store: Store, node: User, form: BrandForm, logo: bytes | None,
                 icons: dict[str, bytes] | None) -> list[str]:
    """The brand's row (made when there is none), its images and host names, flushed; answers the replaced images'
    storage keys."""
    brand = await db.get(Brand, node.id)
    if brand is None:
        brand = Brand(user_id=node.id)
        db.add(brand)
    brand.product_name, brand.primary_color, brand.header_color = form.product_name, form.primary_color, \
        form.header_color
    brand.footer_text, brand.mail_sender_name, brand.mail_reply_to = form.footer_text, form.mail_sender_name, \
        form.mail_reply_to
    brand.customers_may_brand = form.customers_may_brand and node.level_depth < LEVEL_USER
    brand.updated_at = utcnow()
    stale: list[str] = []
    if logo is not None or form.remove_logo:
        stale += await forget_images(db, brand, ("logo_file_id",))
    if logo is not None:
        brand.logo_file_id = await _store(db, store, node, logo)
    if icons is not None or form.remove_icon:
        stale += await forget_images(db, brand, ("icon_file_id", "icon_small_file_id", "favicon_file_id"))
    if icons is not None:
        brand.icon_file_id = await _store(db, store, node, icons["icon"])
        brand.icon_small_file_id = await _store(db, store, node, icons["icon_small"])
        brand.favicon_file_id = await _store(db, store, node, icons["favicon"])
    await _set_hosts(db, node, form.host_names)
    return stale


async def _set_hosts(db: AsyncSession, node: User, names: list[str]) -> None:
    kept = set(await db.scalars(select(BrandHost.host).where(BrandHost.user_id == node.id)))
    if kept - set(names):
        await db.execute(delete(BrandHost).where(BrandHost.user_id == node.id, BrandHost.host.not_in(names)))
    await db.flush()
    for name in names:
        if name not in kept:
            db.add(BrandHost(user_id=node.id, host=name))

