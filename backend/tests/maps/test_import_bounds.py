"""Map import against hostile files and many at once (issue 28 item 1): cheap checks first, the archive unpacked
off the event loop within bounds fitted to a real map, limits per caller and in all, no database connection held."""

import asyncio
import io
import json
import struct
import threading
import zipfile
import zlib
from functools import cache

import pytest
from fastapi import Request
from PIL import ImageFile

from cleanfleet.core.codes import Code
from cleanfleet.core.db import get_db
from cleanfleet.core.heavy import HEAVY
from cleanfleet.maps import archive
from tests.maps.test_maps import download, go_offline, import_file


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


@cache
def png_of_zeros(width: int, height: int) -> bytes:
    """A real grey PNG, all zero: a few KB that decode to width x height bytes."""
    packer, row, rows = zlib.compressobj(9), b"\0" * (width + 1), 500
    idat = b"".join(packer.compress(row * min(rows, height - y)) for y in range(0, height, rows)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", idat) + _chunk(b"IEND", b"")


def zipped(members: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for name, data in members.items():
            target.writestr(name, data)
    return out.getvalue()


def meta_of(width: int, height: int, padding: int = 0) -> bytes:
    meta = {"format": archive.FORMAT, "version": 1, "map_name": "hostile", "resolution": 0.05, "origin": [0, 0],
            "width": width, "height": height, "flags": [], "building": " " * padding}
    return json.dumps(meta).encode()


@pytest.fixture
def decoded(monkeypatch) -> list[tuple[int, int]]:
    """The sizes of the pictures the server decoded (Pillow's load)."""
    seen: list[tuple[int, int]] = []
    load = ImageFile.ImageFile.load

    def counting(image):  # noqa: ANN001, ANN202
        seen.append(image.size)
        return load(image)

    monkeypatch.setattr(ImageFile.ImageFile, "load", counting)
    return seen


async def test_hostile_map_files_are_refused_before_anything_is_decoded(fleet, decoded):
    target, device_id = fleet.robots[1], fleet.device_ids[1]
    before = set(target.maps)
    big = png_of_zeros(2000, 2000)  # the was 8000 x 8000 (bench/bench_map_import.py): the same, slower
    cases = {
        # the file, smaller: a few KB of zip holding a large picture and highly compressible JSON
        "huge metadata": zipped({"map.png": big, "map.json": meta_of(2000, 2000, padding=archive.MAX_METADATA_BYTES)}),
        "pixels not the declared ones": zipped({"map.png": big, "map.json": meta_of(40, 30)}),
        "over the side limit": zipped({"map.png": png_of_zeros(9000, 10), "map.json": meta_of(9000, 10)}),
        "many members": zipped({"map.png": big, "map.json": meta_of(2000, 2000),
                                **{f"x{i}": b"" for i in range(archive.MAX_MEMBERS)}}),
    }
    assert len(cases["huge metadata"]) < 20 * 1024
    for case, data in cases.items():
        answer = await import_file(fleet.customer, device_id, data, "imported")
        assert (answer["message"]["code"], answer["message"]["field"]) == (Code.BAD_FILE, "file"), (case, answer)
    assert decoded == [] and set(target.maps) == before


async def test_an_offline_robot_is_refused_before_the_file_is_looked_at(fleet, db):
    await go_offline(db, fleet.device_ids[1])
    answer = await import_file(fleet.customer, fleet.device_ids[1], b"garbage, not a zip", "imported")
    assert (answer["message"]["code"], answer["message"]["field"]) == (Code.DEVICE_OFFLINE, "deviceId")


async def test_imports_beyond_the_limits_are_refused_while_the_server_and_its_pool_stay_free(fleet, app, monkeypatch):
    """One import held inside the unpacking: the server still answers, the import holds no database connection,
    the same user's second import and (with the server at its limit) another user's are refused naming the file;
    once let go the held import completes."""
    data = await download(fleet.customer, fleet.device_ids[0], "office-3F")
    entered, let_go = threading.Event(), threading.Event()
    read = archive.read

    def held(source):  # noqa: ANN001, ANN202
        entered.set()
        let_go.wait(10)
        return read(source)

    monkeypatch.setattr(archive, "read", held)
    monkeypatch.setattr(HEAVY, "in_all", 1)
    sessions = []

    async def watched_db(request: Request):  # noqa: ANN202
        async for session in get_db(request):
            sessions.append(session)
            yield session

    app.dependency_overrides[get_db] = watched_db
    try:
        first = asyncio.create_task(import_file(fleet.customer, fleet.device_ids[1], data, "held copy"))
        assert await asyncio.to_thread(entered.wait, 10)
        health = await fleet.customer.client.get("/api/health")
        assert health.status_code == 200 and not first.done()
        assert [s.in_transaction() for s in sessions] == [False]  # its connection is back in the pool
        same_user = await import_file(fleet.customer, fleet.device_ids[1], data, "second copy")
        other_user = await import_file(fleet.dealer, fleet.device_ids[1], data, "third copy")
        for answer in (same_user, other_user):
            assert (answer["message"]["code"], answer["message"]["field"]) == (Code.RATE_LIMITED, "file"), answer
        assert not first.done()
    finally:
        let_go.set()
        app.dependency_overrides.pop(get_db, None)
    answer = await first
    assert answer["message"]["code"] == 0, answer
    target = fleet.robots[1].maps
    assert "held copy" in target and "second copy" not in target and "third copy" not in target
