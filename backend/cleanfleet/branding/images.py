"""A brand's images: checked from their bytes, then scaled on the server (blocking: callers run these off the event
loop through ``core.heavy.run_heavy``).

The rules are the product's image rules (users/avatar.py) made stricter for something every visitor's browser
loads: PNG, JPEG or WebP only, told by Pillow from the bytes, never from the name or the declared type; SVG is
refused by name (it is XML that can carry script, and Pillow would only call it "not an image"); at most 1 MB and
4096 px a side, checked from the header before anything is decoded. What is kept is always a PNG drawn by us:

- the **logo** keeps its proportions, at most ``LOGO_HEIGHT`` px high and ``LOGO_WIDTH`` px wide (never enlarged);
- the **icon** becomes squares of 512 and 192 px (the installed app's icons) and a 32 px favicon, the picture
  centred on a transparent square, never cropped; it must be at least ``ICON_LEAST`` px a side.
"""

from io import BytesIO

from PIL import Image, ImageOps, UnidentifiedImageError

from cleanfleet.branding import texts
from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError
from cleanfleet.core.texts import Text

MAX_BYTES = 1024 * 1024
MAX_SIDE = 4096
LOGO_HEIGHT = 512
LOGO_WIDTH = 2048
ICON_SIDES = {"icon": 512, "icon_small": 192, "favicon": 32}
ICON_LEAST = 64
FORMATS = frozenset({"PNG", "JPEG", "WEBP"})


def bad_file(field: str, reason: Text, **values: object) -> ApiError:
    return ApiError(Code.BAD_FILE, reason, field=field, values=values)


def _svg(data: bytes) -> bool:
    head = data[:2048].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    return head.startswith((b"<?xml", b"<svg", b"<!doctype svg")) or b"<svg" in head


def check(data: bytes, field: str) -> tuple[int, int]:
    """Width and height of an upload that is one PNG, JPEG or WebP image within the bounds; refuses anything else
    (BAD_FILE naming ``field`` and the reason)."""
    if len(data) > MAX_BYTES:
        raise bad_file(field, texts.IMAGE_TOO_LARGE, mb=MAX_BYTES // (1024 * 1024))
    if _svg(data):
        raise bad_file(field, texts.IMAGE_SVG)
    if not data:
        raise bad_file(field, texts.NOT_AN_IMAGE)
    try:
        with Image.open(BytesIO(data)) as image:
            kind, (width, height) = image.format, image.size
            if kind not in FORMATS:  # before decoding: only these decoders ever run on the bytes
                raise bad_file(field, texts.IMAGE_FORMAT, format=kind)
            if width > MAX_SIDE or height > MAX_SIDE:
                raise bad_file(field, texts.IMAGE_TOO_BIG, side=MAX_SIDE)
            image.load()
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError) as exc:
        raise bad_file(field, texts.NOT_AN_IMAGE) from exc
    return width, height


def _upright(data: bytes) -> Image.Image:
    with Image.open(BytesIO(data)) as image:
        return ImageOps.exif_transpose(image).convert("RGBA")


def _png(image: Image.Image) -> bytes:
    out = BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


def logo_png(data: bytes) -> bytes:
    """The checked logo as a PNG of at most LOGO_WIDTH x LOGO_HEIGHT, proportions kept."""
    check(data, "logo")
    image = _upright(data)
    image.thumbnail((LOGO_WIDTH, LOGO_HEIGHT), Image.Resampling.LANCZOS)
    return _png(image)


def icon_pngs(data: bytes) -> dict[str, bytes]:
    """The checked icon as PNG squares: ``icon`` (512), ``icon_small`` (192), ``favicon`` (32)."""
    width, height = check(data, "icon")
    if min(width, height) < ICON_LEAST:
        raise bad_file("icon", texts.IMAGE_TOO_SMALL, side=ICON_LEAST)
    image = _upright(data)
    return {slot: _png(ImageOps.pad(image, (side, side), Image.Resampling.LANCZOS, color=(0, 0, 0, 0)))
            for slot, side in ICON_SIDES.items()}
