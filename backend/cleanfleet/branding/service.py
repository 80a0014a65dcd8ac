"""Brands: the one a person sees (``resolve``), the public part a sign-in page shows for a host, a node's own brand
read, saved and removed, and what mails and reports take from it (docs/domains/branding.md).

The brand a person sees is the nearest one up their branch of the user tree (self, parent, ..., the admin's, then
the product's own): a customer's own brand counts only while the node right above it lets its customers brand
(``customers_may_brand``); nodes below the customers have none of their own. ``resolve`` is the one function that
decides it, cached per node (cache.py).
"""

from dataclasses import dataclass

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.branding import contrast, texts
from cleanfleet.branding.cache import CACHE
from cleanfleet.branding.hosts import MAX_HOSTS
from cleanfleet.branding.images import MAX_BYTES
from cleanfleet.branding.models import Brand, BrandHost
from cleanfleet.branding.schemas import BrandFields, BrandOut, PublicBrandOut
from cleanfleet.core import mail
from cleanfleet.core.auth import Caller
from cleanfleet.core.scope import ids_on_path
from cleanfleet.core.texts import Text
from cleanfleet.storage import service as storage
from cleanfleet.storage.models import StoredFile
from cleanfleet.users.models import LEVEL_DEALER, LEVEL_USER, TYPE_USER, User
from cleanfleet.users.scope import user_in_subtree

IMAGE_PATH = "/api/brand/image/"
IMAGE_KIND = "brand"
DEFAULT_PRIMARY = "#017465"  # api-spec 9: the console's own teal (web/src/app/theme.ts)
DEFAULT_HEADER = "#ffffff"
IMAGE_COLUMNS = ("logo_file_id", "icon_file_id", "icon_small_file_id", "favicon_file_id")


@dataclass(frozen=True)
class Resolved:
    """A brand as it is shown. ``owner_id`` None: the product's own look (no brand above the node)."""

    owner_id: int | None = None
    product_name: str | None = None
    primary: str = DEFAULT_PRIMARY
    header: str = DEFAULT_HEADER
    footer: str = ""
    sender_name: str = ""
    reply_to: str = ""
    logo_url: str | None = None
    icon_url: str | None = None  # 512 px
    icon_small_url: str | None = None  # 192 px
    favicon_url: str | None = None

    def public(self) -> PublicBrandOut:
        ink = "light" if contrast.header_ink(self.header) == contrast.LIGHT_INK else "dark"
        return PublicBrandOut(custom=self.owner_id is not None, productName=self.product_name,
                              primaryColor=self.primary, headerColor=self.header, headerInk=ink,
                              logoUrl=self.logo_url, faviconUrl=self.favicon_url, iconUrl=self.icon_small_url)


DEFAULT = Resolved()


def image_url(file: StoredFile) -> str:
    """A stored brand image's public URL: its content's hash, so a URL's bytes never change (cached for a year)."""
    return f"{IMAGE_PATH}{file.sha256}.png"


async def image_file(db: AsyncSession, sha256: str) -> StoredFile | None:
    """The stored brand image whose content has this hash (any brand's: the bytes are the same)."""
    return await db.scalar(select(StoredFile).where(StoredFile.kind == IMAGE_KIND, StoredFile.public.is_(True),
                                                    StoredFile.sha256 == sha256).limit(1))


def _key(db: AsyncSession, kind: str, value: object) -> tuple[str, str, object]:
    return str(db.get_bind().engine.url), kind, value


async def _resolved(db: AsyncSession, brand: Brand) -> Resolved:
    ids = [getattr(brand, column) for column in IMAGE_COLUMNS]
    files = {file.id: image_url(file) for file in await db.scalars(
        select(StoredFile).where(StoredFile.id.in_([i for i in ids if i])))}
    logo, icon, small, favicon = (files.get(i) if i else None for i in ids)
    return Resolved(brand.user_id, brand.product_name, brand.primary_color, brand.header_color, brand.footer_text,
                    brand.mail_sender_name, brand.mail_reply_to, logo, icon, small, favicon)


def _nearest(ids: list[int], found: dict[int, tuple[Brand, int]]) -> Brand | None:
    """The brand that counts on the path ``ids`` (root first): the deepest of the admin's, a dealer's, or a
    customer's whose node above lets its customers brand."""
    for depth in range(len(ids) - 1, -1, -1):
        row = found.get(ids[depth])
        if row is None or row[1] > LEVEL_USER:
            continue
        brand, level = row
        if level == LEVEL_USER:
            above = found.get(ids[depth - 1]) if depth > 0 else None
            if above is None or not above[0].customers_may_brand:
                continue
        return brand
    return None


async def resolve(db: AsyncSession, user_id: int | None) -> Resolved:
    """The brand the person ``user_id`` sees (a shadow sees the one of whom it acts as); None or an unknown id:
    the admin's (the default brand)."""
    key = _key(db, "node", user_id)
    cached = CACHE.get(key)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    generation = CACHE.generation()
    user = await db.get(User, user_id) if user_id is not None else None
    if user is not None and user.shadow_of_id is not None:
        user = await db.get(User, user.shadow_of_id)
    path = user.path if user is not None else await db.scalar(
        select(User.path).where(User.parent_id.is_(None)).order_by(User.id).limit(1)) or ""
    ids = ids_on_path(path)
    rows = (await db.execute(select(Brand, User.level_depth).join(User, User.id == Brand.user_id)
                             .where(Brand.user_id.in_(ids)))).all()
    brand = _nearest(ids, {row[0].user_id: (row[0], row[1]) for row in rows})
    answer = await _resolved(db, brand) if brand is not None else DEFAULT
    CACHE.put(key, answer, generation)
    return answer


async def for_host(db: AsyncSession, host: str) -> Resolved:
    """The brand of the dealer that claimed ``host``; the admin's for any other host."""
    key = _key(db, "host", host)
    owner = CACHE.get(key)
    if owner is None:
        generation = CACHE.generation()
        owner = await db.scalar(select(BrandHost.user_id).where(BrandHost.host == host)) if host else None
        owner = owner or 0
        CACHE.put(key, owner, generation)
    return await resolve(db, owner or None)


async def mail_sender(db: AsyncSession, person_id: int | None) -> mail.MailSender:
    """The sender of a mail to this person: their brand's display name and reply-to (core/mail.py asks)."""
    brand = await resolve(db, person_id)
    return mail.MailSender(brand.sender_name, brand.reply_to)


mail.use_sender_lookup(mail_sender)


@dataclass(frozen=True)
class ReportBrand:
    """What a report shows of its owner's brand (the product name and the footer line under every PDF page) and
    whom its mails come from."""

    product_name: str = "CleanFleet"
    footer: str = ""
    sender: mail.MailSender = mail.MailSender()

    @property
    def line(self) -> str:
        """The line under every page of a PDF: the product name and the footer text."""
        return f"{self.product_name} · {self.footer}" if self.footer else self.product_name


async def report_brand(db: AsyncSession, owner_id: int | None) -> ReportBrand:
    """The brand of the records of ``owner_id`` (a site's owner): the brand its people see."""
    brand = await resolve(db, owner_id)
    return ReportBrand(brand.product_name or ReportBrand.product_name, brand.footer,
                       mail.MailSender(brand.sender_name, brand.reply_to))


# -- a node's own brand -----------------------------------------------------------------------------------------


async def node_of(db: AsyncSession, caller: Caller, user_id: int | None) -> User:
    """The node a call is about: the caller's own (the one it acts as) or one of its subtree (NOT_FOUND else)."""
    return await user_in_subtree(db, caller, user_id or caller.acting_user_id)


async def why_not(db: AsyncSession, node: User) -> Text | None:
    """Why the node may have no brand of its own, or None when it may."""
    if node.type != TYPE_USER or node.level_depth > LEVEL_USER:
        return texts.NO_BRAND_HERE
    if node.level_depth == LEVEL_USER:
        above = await db.get(Brand, node.parent_id) if node.parent_id is not None else None
        if above is None or not above.customers_may_brand:
            return texts.CUSTOMERS_NOT_ALLOWED
    return None


async def host_names(db: AsyncSession, user_id: int) -> list[str]:
    return list(await db.scalars(select(BrandHost.host).where(BrandHost.user_id == user_id).order_by(BrandHost.host)))


async def brand_of(db: AsyncSession, caller: Caller, user_id: int | None, language: str | None) -> BrandOut:
    """A node's own brand (or, when it has none, the one it sees, to start from) and what it may set."""
    node = await node_of(db, caller, user_id)
    own = await db.get(Brand, node.id)
    reason = await why_not(db, node)
    effective = await resolve(db, node.id)
    shown = await _resolved(db, own) if own is not None else effective
    fields = BrandFields(
        productName=shown.product_name or "", primaryColor=shown.primary, headerColor=shown.header,
        footerText=shown.footer, mailSenderName=shown.sender_name, mailReplyTo=shown.reply_to,
        customersMayBrand=bool(own and own.customers_may_brand),
        hostNames=await host_names(db, node.id) if own is not None else [],
        logoUrl=shown.logo_url, iconUrl=shown.icon_small_url)
    return BrandOut(userId=node.id, own=own is not None, editable=reason is None,
                    reason=reason.render(language) if reason is not None else None,
                    hostsAllowed=node.level_depth == LEVEL_DEALER and node.type == TYPE_USER,
                    customersAllowed=node.level_depth < LEVEL_USER and node.type == TYPE_USER, brand=fields,
                    effective=effective.public(), minRatio=contrast.MIN_RATIO, maxImageBytes=MAX_BYTES,
                    maxHosts=MAX_HOSTS)


async def forget_images(db: AsyncSession, brand: Brand, columns: tuple[str, ...]) -> list[str]:
    """Unlinks the brand's images in ``columns`` and forgets their records; answers the keys to delete after the
    commit."""
    ids = [getattr(brand, column) for column in columns if getattr(brand, column)]
    for column in columns:
        setattr(brand, column, None)
    files = list(await db.scalars(select(StoredFile).where(StoredFile.id.in_(ids)))) if ids else []
    return await storage.forget(db, files)


async def remove(db: AsyncSession, caller: Caller, user_id: int | None) -> list[str]:
    """Removes a node's own brand (its people see the one above again) with its host names and images; answers
    the storage keys to delete after the commit. Commits; a node without one changes nothing."""
    node = await node_of(db, caller, user_id)
    brand = await db.get(Brand, node.id)
    if brand is None:
        return []
    keys = await forget_images(db, brand, IMAGE_COLUMNS)
    await db.execute(delete(BrandHost).where(BrandHost.user_id == node.id))
    await db.delete(brand)
    await db.commit()
    CACHE.clear()
    return keys
