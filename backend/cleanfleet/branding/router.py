"""The brand calls (/brand/*, page ``user/brand``, "Brand", in the Users menu; issue 53 item 4;
docs/domains/branding.md).

Reading a node's brand needs the page key ``user/brand``; saving or removing one its ``edit`` button (the dealer and
the ordinary user presets hold both: a customer may save only while its dealer lets its customers brand). A node is
the caller's own by default, or any node of its subtree (``userId``). ``/brand/current`` answers any signed-in
person the brand they see. Unsigned: ``GET /api/brand`` (the sign-in page's: the brand of the host it was asked on,
or of ``?host=``; an unknown host gets the admin's) and ``GET /api/brand/image/<sha256>.png`` (the brand's images,
by their content's hash: cached for a year).
"""

from collections.abc import Sequence
from typing import Annotated

from fastapi import File, Form, Query, Request, UploadFile
from fastapi.responses import Response, StreamingResponse
from pydantic import Field, StringConstraints
from starlette.datastructures import UploadFile as StarletteUpload

from cleanfleet.branding import images, service, texts
from cleanfleet.branding.hosts import MAX_HOSTS, normalised, request_host
from cleanfleet.branding.models import ADDRESS_CHARS, FOOTER_CHARS, HOST_CHARS, PRODUCT_NAME_CHARS, SENDER_NAME_CHARS
from cleanfleet.branding.save import BrandForm, save
from cleanfleet.branding.schemas import BrandOut, NodeIn, PublicBrandOut
from cleanfleet.core.auth import Caller, CallerDep, require
from cleanfleet.core.bounds import Id
from cleanfleet.core.bus import BRANDS_CHANGED
from cleanfleet.core.codes import Code
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import Envelope, JsonResponse, ok
from cleanfleet.core.errors import ApiError
from cleanfleet.core.language import caller_language
from cleanfleet.core.openapi import refusal_answer
from cleanfleet.core.routing import ANSWER_ATTRIBUTE, ApiRouter, Empty, upload_body_bytes
from cleanfleet.storage import service as storage

router = ApiRouter(prefix="/brand", tags=["brand"])
public_router = ApiRouter(prefix="/brand", tags=["brand"], signed=False)
PAGE = "user/brand"
IMAGE_CACHE = "public, max-age=31536000, immutable"
HostName = Annotated[str, StringConstraints(max_length=HOST_CHARS)]


async def _changed(request: Request) -> None:
    await request.app.state.bus.publish(BRANDS_CHANGED, {})


@router.call("/get", answer=BrandOut)
async def brand_get(body: NodeIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """A node's own brand (or the one it sees, to start from when it has none), the brand its people see now, and
    what it may set."""
    return ok(await service.brand_of(db, caller, body.userId, caller_language()))


def _one_file(form: Sequence[tuple[str, object]], name: str) -> None:
    if sum(1 for key, value in form if key == name and isinstance(value, StarletteUpload)) > 1:
        raise images.bad_file(name, texts.ONE_FILE)


async def _read(upload: UploadFile | None) -> bytes | None:
    return await upload.read(images.MAX_BYTES + 1) if upload is not None else None


@router.call("/set", answer=BrandOut, upload_bytes=upload_body_bytes(2 * images.MAX_BYTES))
async def brand_set(
    request: Request, db: DbSession, caller: Caller = require(f"{PAGE}/edit"),
    userId: Id | None = Form(default=None),  # noqa: N803 - the API's names
    productName: str = Form(max_length=PRODUCT_NAME_CHARS),  # noqa: N803
    primaryColor: str = Form(max_length=7),  # noqa: N803
    headerColor: str = Form(max_length=7),  # noqa: N803
    footerText: str = Form(default="", max_length=FOOTER_CHARS),  # noqa: N803
    mailSenderName: str = Form(default="", max_length=SENDER_NAME_CHARS),  # noqa: N803
    mailReplyTo: str = Form(default="", max_length=ADDRESS_CHARS),  # noqa: N803
    customersMayBrand: bool = Form(default=False),  # noqa: N803
    hostNames: Annotated[list[HostName], Field(max_length=MAX_HOSTS)] = Form(default=[]),  # noqa: N803
    removeLogo: bool = Form(default=False),  # noqa: N803
    removeIcon: bool = Form(default=False),  # noqa: N803
    logo: UploadFile | None = File(default=None, description="PNG, JPEG or WebP, at most 1 MB and 4096 px"),
    icon: UploadFile | None = File(default=None, description="PNG, JPEG or WebP, square best, at least 64 px"),
) -> JsonResponse:
    """Save a node's brand (multipart): product name, primary and header colours (each refused below 4.5:1 for the
    text the console puts on it, naming the field), report footer, mail sender name and reply-to, whether its
    customers may brand, its host names (dealers), and a new logo or icon (scaled by the server) or their removal."""
    form = (await request.form()).multi_items()
    _one_file(form, "logo")
    _one_file(form, "icon")
    brand = BrandForm(productName, primaryColor, headerColor, footerText, mailSenderName, mailReplyTo,
                      customersMayBrand, hostNames, await _read(logo), await _read(icon), removeLogo, removeIcon)
    node_id, stale = await save(db, request.app.state.store, caller, userId, brand,
                                request.app.state.settings.public_url)
    await storage.delete_bytes(request.app.state.store, stale)
    await _changed(request)
    return ok(await service.brand_of(db, caller, node_id, caller_language()))


@router.call("/remove", answer=BrandOut)
async def brand_remove(body: NodeIn, request: Request, db: DbSession,
                       caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Remove a node's own brand, its host names and images: its people see the brand above it again."""
    stale = await service.remove(db, caller, body.userId)
    await storage.delete_bytes(request.app.state.store, stale)
    await _changed(request)
    return ok(await service.brand_of(db, caller, body.userId, caller_language()))


@router.call("/current", answer=PublicBrandOut)
async def brand_current(_body: Empty, db: DbSession, caller: CallerDep) -> JsonResponse:
    """The brand the signed-in person sees (the nearest up their branch: theirs, their dealer's, the admin's)."""
    return ok((await service.resolve(db, caller.acting_user_id)).public())


@public_router.get("", response_model=None, responses={200: {"model": Envelope[PublicBrandOut]}})
async def brand_public(request: Request, db: DbSession,
                       host: str | None = Query(default=None, max_length=HOST_CHARS)) -> JsonResponse:
    """The public part of the brand of a host (``host``, else the Host header): what the sign-in page shows before
    anyone signs in. An unknown host answers the admin's brand. Unsigned."""
    name = normalised(host) if host else request_host(request.headers.get("host"))
    return ok((await service.for_host(db, name)).public())


setattr(brand_public, ANSWER_ATTRIBUTE, PublicBrandOut)


@public_router.get("/image/{name}", response_class=Response, responses={
    200: {"content": {"image/png": {}}}, 404: refusal_answer("NOT_FOUND (10005): no brand image with this hash")})
async def brand_image(name: str, request: Request, db: DbSession) -> Response:
    """A brand's image (a PNG the server drew) by the SHA-256 of its content; unsigned, for ``<img src>``."""
    digest = name.removesuffix(".png")
    file = await service.image_file(db, digest) if len(digest) == 64 and digest.isalnum() else None
    opened = await storage.open_file(request.app.state.store, file) if file is not None else None
    if file is None or opened is None:
        raise ApiError(Code.NOT_FOUND, texts.IMAGE_NOT_FOUND, field="name", status=404)
    await db.close()
    return StreamingResponse(opened.chunks, media_type="image/png", headers={
        "Cache-Control": IMAGE_CACHE, "Content-Length": str(opened.size), "X-Content-Type-Options": "nosniff"})
