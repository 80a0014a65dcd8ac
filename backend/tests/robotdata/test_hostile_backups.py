"""A robot's backup archive is read as hostile input (issue 28): many tiny entries, huge names and gzip bombs end
with a bounded listing marked truncated (the backup is finished, its reason says why the list stops), a file that
is no tar.gz ends with a failed backup that can be retried; and the download's published type is the one sent."""

import gzip
import io
import tarfile

import pytest
from sqlalchemy import select

from cleanfleet.robotdata import archive, texts
from cleanfleet.robotdata.models import DataBackup
from cleanfleet.robotdata.router import backup_router, robot_side_router


def tar_gz(members: list[tuple[tarfile.TarInfo, bytes]], level: int = 6) -> bytes:
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.GNU_FORMAT) as tar:
        for info, data in members:
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return gzip.compress(raw.getvalue(), compresslevel=level)


def many_tiny(count: int) -> bytes:
    return tar_gz([(tarfile.TarInfo(f"logs/{i}.log"), b"") for i in range(count)], level=1)


def huge_name() -> bytes:
    return tar_gz([(tarfile.TarInfo("robot.json"), b"{}"), (tarfile.TarInfo("n" * 300), b"x"),
                   (tarfile.TarInfo("x" * (1 << 20)), b"boom"), (tarfile.TarInfo("after.json"), b"{}")])


def zeros_bomb(members: int, each: int) -> bytes:
    return tar_gz([(tarfile.TarInfo(f"zeros/{i}.bin"), bytes(each)) for i in range(members)], level=9)


def lying_header() -> bytes:
    """A 10 GB entry declared in a file of a few hundred bytes (its data never follows)."""
    info = tarfile.TarInfo("huge.bin")
    info.size = 10 << 30
    return gzip.compress(tarfile.TarInfo("robot.json").tobuf() + info.tobuf())


def listed(tmp_path, data: bytes, **kwargs) -> archive.Listing:
    path = tmp_path / "backup.tar.gz"
    path.write_bytes(data)
    return archive.read_listing(path, **kwargs)


@pytest.fixture
def few_entries(monkeypatch):
    """The entry bound at a test's scale (10,000 tiny entries take seconds to build and to read)."""
    monkeypatch.setattr(archive, "MAX_ENTRIES", 50)


def test_many_tiny_entries_stop_at_the_entry_bound(tmp_path, few_entries):
    listing = listed(tmp_path, many_tiny(archive.MAX_ENTRIES * 4))
    assert listing.readable and listing.cut == archive.TOO_MANY
    assert len(listing.files) == archive.MAX_ENTRIES


def test_names_are_cut_and_a_huge_extended_header_is_never_read(tmp_path):
    listing = listed(tmp_path, huge_name())
    assert listing.cut == archive.LONG_HEADER
    assert [f["name"] for f in listing.files] == ["robot.json", "n" * archive.MAX_NAME]


def test_a_gzip_bomb_stops_at_the_expansion_bound(tmp_path, monkeypatch):
    monkeypatch.setattr(archive, "MIN_EXPANDED", 1 << 20)  # the bound of a small archive, at a test's scale
    bomb = zeros_bomb(40, 256 * 1024)  # 10 MB of zeros in about 10 KB
    listing = listed(tmp_path, bomb)
    assert listing.readable and listing.cut == archive.TOO_LARGE
    assert 0 < len(listing.files) < 40
    assert listed(tmp_path, lying_header()).cut == archive.TOO_LARGE


def test_the_deadline_stops_a_slow_listing(tmp_path):
    listing = listed(tmp_path, many_tiny(20), seconds=0)
    assert listing.readable and listing.cut == archive.TOO_SLOW


@pytest.mark.parametrize("data", [b"not an archive", gzip.compress(b"not a tar " * 100), many_tiny(30)[:-40]])
def test_what_is_no_readable_tar_gz_is_unreadable(tmp_path, data):
    assert not listed(tmp_path, data).readable


async def waiting_backup(setup, db) -> tuple[int, str]:
    """A backup the robot accepted and has not begun: its transfer token, to upload as the robot would."""
    robot = setup.robots[0]
    original = robot.data.backup
    robot.data.backup = lambda job_id, path, fail=None: None
    started = await setup.staff.call("/device/backup", {"deviceId": setup.device_ids[0]})
    robot.data.backup = original
    assert started.code == 0, started.body
    row = await db.scalar(select(DataBackup).where(DataBackup.id == started.data["id"]))
    await db.refresh(row)
    return row.id, row.token


async def upload(setup, token: str, data: bytes):
    return await setup.staff.client.put("/api/robotdata/transfer", params={"t": token}, content=data)


async def one(setup, backup_id: int):
    page = await setup.staff.call("/device/selectDataBackups", {})
    return next(row for row in page.data["list"] if row["id"] == backup_id)


async def test_a_hostile_backup_finishes_with_a_bounded_list_that_says_so(setup, db, few_entries):
    backup_id, token = await waiting_backup(setup, db)
    answer = await upload(setup, token, many_tiny(archive.MAX_ENTRIES * 4))
    assert answer.status_code == 200 and answer.json()["data"] == {"state": "finished"}
    row = await one(setup, backup_id)
    assert row["status"] == "finished"
    assert row["reason"] in {text.replace("{limit}", str(archive.MAX_ENTRIES))
                             .replace("{count}", str(archive.MAX_ENTRIES))
                             for text in texts.LISTING_TOO_MANY.by_language.values()}
    contents = await setup.staff.call("/device/selectDeviceInfoFromDataBackup", {"id": backup_id})
    assert contents.data["truncated"] is True and len(contents.data["files"]) == archive.MAX_ENTRIES
    download = await setup.staff.client.post("/api/device/downloadDataBackup", json={"id": backup_id},
                                             headers=setup.staff.headers())
    assert download.status_code == 200  # the archive is kept whole
    with tarfile.open(fileobj=io.BytesIO(download.content), mode="r:gz") as tar:
        assert len(tar.getnames()) == archive.MAX_ENTRIES * 4
    assert download.headers["content-type"] in published_types(backup_router, "/device/downloadDataBackup")


async def test_a_backup_that_is_no_archive_fails_and_can_be_sent_again(setup, db):
    backup_id, token = await waiting_backup(setup, db)
    answer = await upload(setup, token, b"not an archive at all")
    assert answer.status_code == 422
    row = await one(setup, backup_id)
    assert row["status"] == "failed" and row["reason"] in texts.NOT_AN_ARCHIVE.by_language.values()
    retried = await setup.staff.call("/device/backupRetry", {"id": backup_id, "restart": True})
    assert retried.code == 0 and retried.data["status"] == "packing"
    await setup.finished(setup.robots[0])
    assert (await one(setup, backup_id))["status"] == "finished"
    contents = await setup.staff.call("/device/selectDeviceInfoFromDataBackup", {"id": backup_id})
    assert contents.data["truncated"] is False and contents.data["files"]


def published_types(router, path: str, method: str = "POST") -> set[str]:
    """The content types a route's OpenAPI ``responses`` declare for 200 (what the published schema shows)."""
    route = next(r for r in router.routes if r.path == path and method in r.methods)
    return set(route.responses[200]["content"])


def test_a_restore_download_publishes_the_type_it_sends():
    assert "application/gzip" in published_types(robot_side_router, "/robotdata/transfer", "GET")
