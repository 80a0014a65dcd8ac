"""The map file a user downloads and imports: one zip archive holding ``map.png`` (the occupancy picture,
ROS shades, north up) and ``map.json`` (what the picture does not say).

``map.json``: ``{"format": "cleanfleet-map", "version": 1, "map_name", "resolution" (m/px), "origin" [x, y]
(m, the lower-left pixel), "width", "height" (px), "floor", "building", "flags" [{name, x, y, yaw, type}],
"virlines_wall" [[[x, y], ...]], "forbidden_zone" [...], "free_area" [...]}``.

Reading one checks, before anything reaches a robot, cheapest first and each before the work it guards:
1. the upload's size (``MAX_ARCHIVE_BYTES``, from the request: ``check_size``, on the event loop);
2. then, in a worker thread (``read``, run through ``core.heavy``), the zip's central directory: at most
   ``MAX_MEMBERS`` members, both ours present, ``map.json`` declaring at most ``MAX_METADATA_BYTES`` and
   ``map.png`` at most ``MAX_PICTURE_BYTES``; each member is then read with a hard cap (never more than its
   limit plus one byte, whatever its header says);
3. the metadata: JSON with its fields and their types, ``width`` and ``height`` whole numbers of 1 to
   ``MAX_SIDE_PX``;
4. the picture's PNG header only: a PNG whose size is the metadata's ``width`` x ``height`` (so the pixels
   decoded are the ones the metadata declares, at most ``MAX_SIDE_PX`` a side); only then is it decoded
   (Pillow's decompression-bomb limit stays on) to prove it is whole.
The robot then checks the drawing itself (inside the map, polygons not crossing themselves) when the map is
uploaded to it, and replaces a same-named map whole or not at all.

Bounds fitted to a real map: 8,000 px a side is 400 m at 5 cm a pixel, larger than any floor a robot cleans (a
decoded grey 8,000 x 8,000 picture is 64 MB); a real map's metadata (flags, walls, zones) is tens of KB, so 1 MB
is generous, and it is kept that small because parsing JSON holds Python's lock (the event loop waits): 1 MB of
number pairs parses in about 70 ms on the 2-core bench machine, 4 MB in 260 ms. A hostile file (a 98 KB zip
holding 100 MB of JSON and an 8,000 x 8,000 picture) is refused from its central directory before anything is
unpacked.
"""

import io
import json
import struct
import zipfile
from dataclasses import dataclass
from typing import Any, BinaryIO

from PIL import Image, UnidentifiedImageError

from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError
from cleanfleet.maps import texts

FORMAT = "cleanfleet-map"
MAX_ARCHIVE_BYTES = 32 * 1024 * 1024
MAX_MEMBERS = 16
MAX_DIRECTORY_BYTES = 64 * 1024  # the central directory of 16 members with names of any sane length
MAX_METADATA_BYTES = 1024 * 1024
MAX_PICTURE_BYTES = MAX_ARCHIVE_BYTES
MAX_SIDE_PX = 8000  # a grey (one byte a pixel) picture; a colour or 16-bit one at most half that a side
PICTURE, METADATA = "map.png", "map.json"
SHAPES = ("virlines_wall", "forbidden_zone", "free_area")
NARROW_MODES = ("1", "L", "P")  # Pillow keeps one byte a pixel for these, four (or two) for the others
END_OF_DIRECTORY = b"PK\x05\x06"


@dataclass(frozen=True)
class MapFile:
    name: str
    picture: bytes
    meta: dict[str, Any]


def build(info: dict[str, Any], picture: bytes) -> bytes:
    """The archive of a map from the robot's ``map_info`` answer and its picture."""
    origin = info.get("origin") or [0.0, 0.0]
    meta = {"format": FORMAT, "version": 1, "map_name": info.get("map_name"), "resolution": info.get("resolution"),
            "origin": [origin[0], origin[1]], "width": info.get("width"), "height": info.get("height"),
            "floor": info.get("floor", 1), "building": info.get("building", ""), "flags": info.get("flags") or [],
            **{key: info.get(key) or [] for key in SHAPES}}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(METADATA, json.dumps(meta, ensure_ascii=False, indent=1))
        archive.writestr(PICTURE, picture)
    return buffer.getvalue()


def _bad_meta(problem: str) -> ApiError:
    return ApiError(Code.BAD_FILE, texts.BAD_METADATA, field="file", values={"problem": problem})


def _number(meta: dict[str, Any], key: str, lo: float, hi: float) -> float:
    value = meta.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float) or not lo <= value <= hi:
        raise _bad_meta(f"{key} must be a number from {lo} to {hi}")
    return float(value)


def _not_an_archive() -> ApiError:
    return ApiError(Code.BAD_FILE, texts.NOT_AN_ARCHIVE, field="file")


def _side(meta: dict[str, Any], key: str) -> int:
    value = meta.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SIDE_PX:
        raise _bad_meta(f"{key} must be a whole number of pixels from 1 to {MAX_SIDE_PX}")
    return value


def _check_meta(meta: Any) -> dict[str, Any]:
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise _bad_meta(f'format must be "{FORMAT}"')
    name = meta.get("map_name")
    if not isinstance(name, str) or not name.strip() or len(name) > 128:
        raise _bad_meta("map_name must be a name of 1 to 128 characters")
    _number(meta, "resolution", 0.01, 1.0)
    origin = meta.get("origin")
    if not isinstance(origin, list) or len(origin) < 2 or not all(isinstance(v, int | float) for v in origin[:2]):
        raise _bad_meta("origin must be [x, y]")
    _side(meta, "width"), _side(meta, "height")
    for key in (*SHAPES, "flags"):
        if not isinstance(meta.get(key, []), list):
            raise _bad_meta(f"{key} must be a list")
    return meta


def check_size(size: int | None) -> None:
    """The upload's own size, before any work on it (FILE_TOO_LARGE naming ``file``)."""
    if size is not None and size > MAX_ARCHIVE_BYTES:
        raise ApiError(Code.BAD_FILE, texts.FILE_TOO_LARGE, field="file",
                       values={"limit": MAX_ARCHIVE_BYTES // (1024 * 1024)})


def _check_directory(source: BinaryIO) -> None:
    """The zip's end record, read before ``zipfile`` parses the central directory (a pure-Python loop over
    every entry): at most MAX_MEMBERS entries in at most MAX_DIRECTORY_BYTES; no ZIP64 (a map never needs it)."""
    size = source.seek(0, io.SEEK_END)
    tail_size = min(size, 22 + 0xFFFF)
    source.seek(size - tail_size)
    tail = source.read(tail_size)
    at = tail.rfind(END_OF_DIRECTORY)
    if at < 0 or len(tail) - at < 22:
        raise _not_an_archive()
    entries, directory_bytes = struct.unpack("<HI", tail[at + 10:at + 16])
    if entries > MAX_MEMBERS or directory_bytes > MAX_DIRECTORY_BYTES:
        raise _not_an_archive()
    source.seek(0)


def _member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int, too_large: ApiError) -> bytes:
    """A member's bytes, refused when its header declares more than ``limit`` and never reading more than
    ``limit`` + 1 bytes whatever the header says."""
    if info.file_size > limit:
        raise too_large
    with archive.open(info) as member:
        data = member.read(limit + 1)
    if len(data) > limit:
        raise too_large
    return data


def _unpack(source: BinaryIO) -> tuple[bytes, bytes]:
    _check_directory(source)
    with zipfile.ZipFile(source) as archive:
        members = {info.filename: info for info in archive.infolist()}
        if len(archive.infolist()) > MAX_MEMBERS or PICTURE not in members or METADATA not in members:
            raise _not_an_archive()
        mb = 1024 * 1024
        raw_meta = _member(archive, members[METADATA], MAX_METADATA_BYTES,
                           _bad_meta(f"map.json is larger than {MAX_METADATA_BYTES // mb} MB"))
        picture = _member(archive, members[PICTURE], MAX_PICTURE_BYTES,
                          ApiError(Code.BAD_FILE, texts.FILE_TOO_LARGE, field="file",
                                   values={"limit": MAX_PICTURE_BYTES // mb}))
    return raw_meta, picture


def _check_picture(picture: bytes, width: int, height: int) -> None:
    """The PNG's header against the bounds and the metadata first; decoded (to prove it whole) only then."""
    try:
        with Image.open(io.BytesIO(picture), formats=["PNG"]) as image:
            side = MAX_SIDE_PX if image.mode in NARROW_MODES else MAX_SIDE_PX // 2
            if image.width > side or image.height > side:
                raise ApiError(Code.BAD_FILE, texts.PICTURE_TOO_LARGE, field="file", values={"limit": side})
            if image.size != (width, height):
                raise _bad_meta(f"width and height must be the picture's ({image.width} x {image.height})")
            image.load()
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError) as exc:
        raise ApiError(Code.BAD_FILE, texts.BAD_PICTURE, field="file") from exc


def read(source: bytes | BinaryIO) -> MapFile:
    """The map in an uploaded archive, or BAD_FILE naming what is wrong with it. Blocking and CPU-bound (up to
    a few hundred ms for the largest picture): run it off the event loop (``core.heavy.run_heavy``)."""
    stream = io.BytesIO(source) if isinstance(source, bytes) else source
    try:
        check_size(stream.seek(0, io.SEEK_END))
        raw_meta, picture = _unpack(stream)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, RuntimeError, struct.error,
            NotImplementedError, ValueError) as exc:  # ValueError: also the upload closed under us
        raise _not_an_archive() from exc
    try:
        meta = _check_meta(json.loads(raw_meta))
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise _bad_meta("not JSON") from exc
    _check_picture(picture, meta["width"], meta["height"])
    return MapFile(str(meta["map_name"]).strip(), picture, meta)


def upload_form(file: MapFile, name: str) -> tuple[dict[str, str], dict[str, tuple[str, bytes, str]]]:
    """The robot's ``map/Upload`` form (data, files) for this map under ``name``."""
    meta = file.meta
    data = {"map_name": name, "resolution": str(meta["resolution"]),
            "origin": json.dumps([meta["origin"][0], meta["origin"][1]]),
            "flags": json.dumps(meta.get("flags") or []), **{key: json.dumps(meta.get(key) or []) for key in SHAPES}}
    return data, {"file": (PICTURE, file.picture, "image/png")}


def sync_payload(info: dict[str, Any], picture_b64: str) -> dict[str, Any]:
    """The whole map as a ``map_sync`` command carries it to a target robot (docs/robot-contract.md)."""
    origin = info.get("origin") or [0.0, 0.0]
    return {"map_name": info.get("map_name"), "resolution": info.get("resolution"), "origin": [origin[0], origin[1]],
            "png_b64": picture_b64, "flags": info.get("flags") or [], **{key: info.get(key) or [] for key in SHAPES}}
