"""Avatars: one image of at most 2 MB, checked from its content, kept through the storage layer.

The console crops to 60 × 60 before uploading; the server only insists that the bytes are an image
of a usual web format (PNG, JPEG, GIF or WebP) and of sane dimensions. The format and the dimensions are read
from the header and checked before anything is decoded; the decoding runs off the event loop under the
caller's and the server's limit for uploaded files (``core/heavy.py``), with no database connection held.
"""

from dataclasses import dataclass
from io import BytesIO

from PIL import Image, UnidentifiedImageError
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
from cleanfleet.users.service import AVATAR_KIND, KEY_EDIT, PAD_KIND, own_or_child, pad_owner

MAX_AVATAR_BYTES = 2 * 1024 * 1024
MAX_SIDE = 4096
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


async def upload_avatar(db: AsyncSession, store: Store, caller: Caller, user_id: int | None,
                        data: bytes) -> tuple[StoredFile, ImageInfo]:
    """Keep an avatar for the caller (or a child user, with the edit key); it becomes the avatar with
    /user/updateHeadPicture."""
    user = await own_or_child(db, caller, user_id, KEY_EDIT)
    await release_connection(db)
    info = await run_heavy(caller.user_id, "file", check_image, data)
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
