"""The map file a user downloads and imports: one zip archive holding ``map.png`` (the occupancy picture,
ROS shades, north up) and ``map.json`` (what the picture does not say).

``map.json``: ``{"format": "cleanfleet-map", "version": 1, "map_name", "resolution" (m/px), "origin" [x, y]
(m, the lower-left pixel), "width", "height" (px), "floor", "building", "flags" [{name, x, y, yaw, type}],
"virlines_wall" [[[x, y], ...]], "forbidden_zone" [...], "free_area" [...]}``.

Reading one checks, before anything reaches a robot: the size (``MAX_ARCHIVE_BYTES``), that it is a zip with
both members (and unpacks to no more than ``MAX_UNPACKED_BYTES``: no zip bomb), that the picture is a PNG of
at most ``MAX_SIDE_PX`` a side whose size matches the metadata, and that the metadata has its fields with
the right types. The robot then checks the drawing itself (inside the map, polygons not crossing themselves)
when the map is uploaded to it, and replaces a same-named map whole or not at all.
"""

import io
import json
import zipfile
from dataclasses import dataclass
from typing import Any

from PIL import Image, UnidentifiedImageError

from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError
from cleanfleet.maps import texts

FORMAT = "cleanfleet-map"
MAX_ARCHIVE_BYTES = 32 * 1024 * 1024
MAX_UNPACKED_BYTES = 128 * 1024 * 1024
MAX_SIDE_PX = 8000
PICTURE, METADATA = "map.png", "map.json"
SHAPES = ("virlines_wall", "forbidden_zone", "free_area")


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


def _check_meta(meta: Any, width: int, height: int) -> dict[str, Any]:
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise _bad_meta(f'format must be "{FORMAT}"')
    name = meta.get("map_name")
    if not isinstance(name, str) or not name.strip() or len(name) > 128:
        raise _bad_meta("map_name must be a name of 1 to 128 characters")
    _number(meta, "resolution", 0.01, 1.0)
    origin = meta.get("origin")
    if not isinstance(origin, list) or len(origin) < 2 or not all(isinstance(v, int | float) for v in origin[:2]):
        raise _bad_meta("origin must be [x, y]")
    if (meta.get("width"), meta.get("height")) != (width, height):
        raise _bad_meta(f"width and height must be the picture's ({width} x {height})")
    for key in (*SHAPES, "flags"):
        if not isinstance(meta.get(key, []), list):
            raise _bad_meta(f"{key} must be a list")
    return meta


def read(data: bytes) -> MapFile:
    """The map in an uploaded archive, or BAD_FILE naming what is wrong with it."""
    if len(data) > MAX_ARCHIVE_BYTES:
        raise ApiError(Code.BAD_FILE, texts.FILE_TOO_LARGE, field="file",
                       values={"limit": MAX_ARCHIVE_BYTES // (1024 * 1024)})
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = {info.filename: info for info in archive.infolist()}
            if PICTURE not in members or METADATA not in members \
                    or sum(info.file_size for info in members.values()) > MAX_UNPACKED_BYTES:
                raise ApiError(Code.BAD_FILE, texts.NOT_AN_ARCHIVE, field="file")
            picture, raw_meta = archive.read(PICTURE), archive.read(METADATA)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, RuntimeError) as exc:
        raise ApiError(Code.BAD_FILE, texts.NOT_AN_ARCHIVE, field="file") from exc
    try:
        with Image.open(io.BytesIO(picture)) as image:
            if image.format != "PNG":
                raise ApiError(Code.BAD_FILE, texts.BAD_PICTURE, field="file")
            width, height = image.size
            if width > MAX_SIDE_PX or height > MAX_SIDE_PX:
                raise ApiError(Code.BAD_FILE, texts.PICTURE_TOO_LARGE, field="file", values={"limit": MAX_SIDE_PX})
            image.load()
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombError) as exc:
        raise ApiError(Code.BAD_FILE, texts.BAD_PICTURE, field="file") from exc
    try:
        meta = json.loads(raw_meta)
    except (ValueError, UnicodeDecodeError) as exc:
        raise _bad_meta("not JSON") from exc
    meta = _check_meta(meta, width, height)
    return MapFile(str(meta["map_name"]).strip(), picture, meta)


def upload_form(file: MapFile, name: str) -> tuple[dict[str, str], dict[str, tuple[str, bytes, str]]]:
    """The robot's ``map/Upload`` form (data, files) for this map under ``name``."""
    meta = file.meta
    data = {"map_name": name, "resolution": str(meta["resolution"]),
            "origin": json.dumps([meta["origin"][0], meta["origin"][1]]),
            "flags": json.dumps(meta.get("flags") or []), **{key: json.dumps(meta.get(key) or []) for key in SHAPES}}
    return data, {"file": (PICTURE, file.picture, "image/png")}


def sync_payload(info: dict[str, Any], picture_b64: str) -> dict[str, Any]:
    """The whole map as a ``map_sync`` command carries it to a target robot (sim/README.md)."""
    origin = info.get("origin") or [0.0, 0.0]
    return {"map_name": info.get("map_name"), "resolution": info.get("resolution"), "origin": [origin[0], origin[1]],
            "png_b64": picture_b64, "flags": info.get("flags") or [], **{key: info.get(key) or [] for key in SHAPES}}
