"""Avatars: one image of at most 2 MB, checked from its content, kept through the storage layer at 60 × 60.

The server insists that the bytes are an image of a usual web format (PNG, JPEG, GIF or WebP) and of sane
dimensions. The format and the dimensions are read from the header and checked before anything is decoded; the
decoding runs off the event loop under the caller's and the server's limit for uploaded files
(``core/heavy.py``), with no database connection held.

The avatar is kept at the spec's 60 × 60 (api-spec "Avatar size"), as a profile picture is: turned upright by
its EXIF orientation, the largest centred square cropped out (no stretching, no bars) and scaled down (or up)
to 60 × 60. A JPEG stays a JPEG (quality 90); every other format becomes a PNG (transparency kept; an animated
GIF keeps its first frame). An upload that already is a 60 × 60 PNG or JPEG is kept byte for byte. Pad images are
not scaled: each slot has its exact size and a wrong one is refused.
"""

from dataclasses import dataclass
from io import BytesIO

from PIL import Image, ImageOps, UnidentifiedImageError
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError, bad_parameter
from cleanfleet.core.heavy import release_connection, run_heavy
from cleanfleet.core.texts import Text
from cleanfleet.storage import service as storage
from cleanfleet.storage.backends import Store
from cleanfleet.storage.models import StoredFile
from cleanfleet.users import texts
from cleanfleet.users.pictures import AVATAR_KIND, PAD_KIND, pad_owner
from cleanfleet.users.service import KEY_EDIT, own_or_child

MAX_AVATAR_BYTES = 2 * 1024 * 1024
MAX_SIDE = 4096
AVATAR_SIDE = 60
# The pad customisation's images and their exact sizes in pixels (api-spec 9).
PAD_SIZES: dict[str, tuple[int, int]] = {
    "loginBackground": (1280, 800), "bootAnimation": (1280, 800), "loginLogo": (800, 326),
    "mainLogo": (600, 270), "homeTiles": (326, 343),
}
PAD_SLOTS_TEXT = "which pad image: " + ", ".join(f"{slot} {w}*{h}" for slot, (w, h) in PAD_SIZES.items())
FORMATS = {"PNG": ("png", "image/png"), "JPEG": ("jpg", "image/jpeg"), "GIF": ("gif", "image/gif"),
           "WEBP": ("webp", "image/webp")}


@dataclass(frozen=True)
class ImageInfo:
    extension: str
    content_type: str
    width: int
    height: int


def bad_file(reason: Text, **values: object) -> ApiError:
    return ApiError(Code.BAD_FILE, reason, field="file", values=values)


def check_image(data: bytes) -> ImageInfo:
    """Refuses anything but one decodable image of at most 2 MB (BAD_FILE naming the reason)."""
    if len(data) > MAX_AVATAR_BYTES:
        raise bad_file(texts.IMAGE_TOO_LARGE, mb=MAX_AVATAR_BYTES // (1024 * 1024))
    if not data:
        raise bad_file(texts.FILE_EMPTY)
    try:
        with Image.open(BytesIO(data)) as image:
            kind, (width, height) = image.format, image.size
            if kind not in FORMATS:  # before decoding: only the four web formats' decoders ever run
                raise bad_file(texts.IMAGE_FORMAT, format=kind)
            if width > MAX_SIDE or height > MAX_SIDE:
                raise bad_file(texts.IMAGE_TOO_BIG, side=MAX_SIDE)
            image.load()
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError) as exc:
        raise bad_file(texts.NOT_AN_IMAGE) from exc
    extension, content_type = FORMATS[kind]
    return ImageInfo(extension, content_type, width, height)


def avatar_image(data: bytes) -> tuple[bytes, ImageInfo]:
    """The checked upload as a 60 × 60 avatar (centre-cropped square, JPEG stays JPEG, the rest PNG)."""
    info = check_image(data)
    if (info.width, info.height) == (AVATAR_SIDE, AVATAR_SIDE) and info.extension in ("png", "jpg"):
        return data, info
    with Image.open(BytesIO(data)) as image:
        upright = ImageOps.exif_transpose(image)
        jpeg = info.extension == "jpg"
        mode = "RGB" if jpeg else "RGBA" if ("A" in upright.mode or "transparency" in upright.info) else "RGB"
        square = ImageOps.fit(upright.convert(mode), (AVATAR_SIDE, AVATAR_SIDE), Image.Resampling.LANCZOS)
    out = BytesIO()
    if jpeg:
        square.save(out, format="JPEG", quality=90)
    else:
        square.save(out, format="PNG", optimize=True)
    extension, content_type = FORMATS["JPEG" if jpeg else "PNG"]
    return out.getvalue(), ImageInfo(extension, content_type, AVATAR_SIDE, AVATAR_SIDE)


async def upload_avatar(db: AsyncSession, store: Store, caller: Caller, user_id: int | None,
                        data: bytes) -> tuple[StoredFile, ImageInfo]:
    """Keep an avatar for the caller (or a child user, with the edit key); it becomes the avatar with
    /user/updateHeadPicture."""
    user = await own_or_child(db, caller, user_id, KEY_EDIT)
    await release_connection(db)
    data, info = await run_heavy(caller.user_id, "file", avatar_image, data)
    file = await storage.save(db, store, data, kind=AVATAR_KIND, extension=info.extension,
                              content_type=info.content_type, owner_user_id=user.id, public=True)
    await db.commit()
    return file, info


async def upload_pad_image(db: AsyncSession, store: Store, caller: Caller, user_id: int | None, slot: str,
                           data: bytes) -> tuple[StoredFile, ImageInfo]:
    """Keep one pad image of a dealer; it is used once /user/updatePadConfig names its url."""
    if slot not in PAD_SIZES:
        raise bad_parameter("slot", texts.PAD_SLOT, slots=list(PAD_SIZES))
    user = await pad_owner(db, caller, user_id)
    await release_connection(db)
    info = await run_heavy(caller.user_id, "file", check_image, data)
    width, height = PAD_SIZES[slot]
    if (info.width, info.height) != (width, height):
        raise bad_file(texts.PAD_IMAGE_SIZE, width=width, height=height, gotWidth=info.width, gotHeight=info.height)
    file = await storage.save(db, store, data, kind=PAD_KIND, extension=info.extension,
                              content_type=info.content_type, owner_user_id=user.id, public=True)
    await db.commit()
    return file, info
