"""Signed updates (issue 47 items 1-2) end to end: the publisher's offline tool (cleanfleet_publisher) makes the
keys, the root and each release's targets metadata; the console checks and serves them (versions/signing.py) and
re-signs snapshot and timestamp; simulated robots that trust the publisher's root verify with TUF's own client
(tuf.ngclient.Updater, cleanfleet_sim/signed.py) before they install. Nothing of TUF is mocked: the robots read the
repository through the console's HTTP routes.

The test session shares one database: the publisher's keys are made once per session and the root uploaded once;
each release signs from the targets metadata the console serves then."""

import io
import json
from datetime import timedelta
from pathlib import Path

import pytest
from cleanfleet_sim import signed as robot_signed
from sqlalchemy import delete, select

from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.storage import service as storage
from cleanfleet.versions import signing
from cleanfleet.versions.models import Firmware, TufMetadata
from cleanfleet_publisher import cli as publisher
from tests.permission_matrix import fresh_name
from tests.versions.conftest import add_firmware, package, publisher_keys


@pytest.fixture
def keys_dir() -> Path:
    return publisher_keys()


async def trusted_root(fleet, app, keys_dir: Path, tmp_path: Path) -> bytes:
    """The console has the publisher's root (uploaded once a session); every robot of the fleet is provisioned
    with it (the factory's step) and checks signatures from now on."""
    status = (await fleet.dealer.call("/version/tuf/status")).data
    if status["roles"]["root"]["version"] == 0:  # the publisher's command line, as docs/operations.md says it
        online = tmp_path / "status.json"
        online.write_text(json.dumps(status))
        (keys_dir / "root.json").unlink(missing_ok=True)
        assert publisher.main(["root", str(keys_dir), "--online", str(online)]) == 0
        answer = await upload_root(fleet, (keys_dir / "root.json").read_bytes())
        assert answer.code == 0, answer.body
    root = (keys_dir / "1.root.json").read_bytes()
    for robot in fleet.robots:
        robot.tuf_dir = tmp_path / "robots" / robot.sn
        robot_signed.provision(robot.tuf_dir, root)
    return root


async def upload_root(fleet, data: bytes):
    from tests.conftest import Answer

    response = await fleet.dealer.client.post("/api/version/tuf/root", files={"root": ("root.json", data)},
                                              headers=fleet.dealer.headers())
    return Answer(response.status_code, response.json())


async def release(fleet, keys_dir: Path, tmp_path: Path, version: str, data: bytes, **options) -> dict:
    """The publisher signs a release from the targets metadata the console serves now and uploads both."""
    served = await fleet.dealer.client.get("/api/tuf/metadata/targets.json")
    current = None
    if served.status_code == 200:
        current = tmp_path / "current.json"
        current.write_bytes(served.content)
    path = tmp_path / f"{version}.bin"
    path.write_bytes(data)
    md = publisher.sign_release(keys_dir, path, model=options.pop("model", "CF-S3 scrubber"), version=version,
                                current=current, **options)
    answer = await add_firmware(fleet.dealer, fresh_name("FW signed "), version, data, allowUnsigned="false",
                                targets=md.to_bytes())
    assert answer.code == 0, answer.body
    return answer.data


async def publish(fleet, firmware_id: int, serials: list[str], **fields) -> None:
    answer = await fleet.dealer.call("/version/insertVersionPublic", {"versionId": firmware_id,
                                                                     "deviceSerialNumbers": serials, **fields})
    assert answer.code == 0, answer.body


async def ended(fleet, firmware_id: int, count: int) -> dict[str, tuple[str, str]]:
    found: dict[str, tuple[str, str]] = {}

    async def done() -> bool:
        rows = (await fleet.dealer.call("/version/selectDeviceUpdates",
                                        {"versionId": firmware_id, "pageSize": 50})).data["list"]
        newest: dict[str, tuple[str, str]] = {}
        for row in rows:  # newest first: each robot's latest update of this firmware
            newest.setdefault(row["deviceSerialNumber"], (row["state"], row["reason"]))
        found.clear()
        found.update({sn: result for sn, result in newest.items() if result[0] in ("UPDATED", "FAILED")})
        return len(found) >= count

    await fleet.until(done, f"{count} robots to end their update", seconds=120)
    return found


async def test_a_signed_release_installs_and_the_console_shows_who_signed_it(fleet, app, keys_dir, tmp_path):
    await trusted_root(fleet, app, keys_dir, tmp_path)
    firmware = await release(fleet, keys_dir, tmp_path, "FW-5.0.0", package(150_000))
    assert firmware["signed"] is True and firmware["signedBy"] == "ACME Robotics firmware"
    assert firmware["signedKeys"] and firmware["signedAt"] and not firmware["allowUnsigned"]
    renamed = await fleet.dealer.call("/version/updateVersionFireware", {"id": firmware["id"], "version": "FW-9.0.0"})
    assert renamed.code == Code.CONFLICT and renamed.field == "version"  # the version is the signed one
    await publish(fleet, firmware["id"], fleet.serials[:2])
    assert [c for c in fleet.sent if c["cmd"] == "ota"][0]["args"]["tuf"]["path"] == firmware["targetPath"]
    assert set((await ended(fleet, firmware["id"], 2)).values()) == {("UPDATED", "")}
    assert all(fleet.robot_of(sn).versions["firmware"] == "FW-5.0.0" for sn in fleet.serials[:2])


async def test_a_breached_console_cannot_make_any_robot_install_a_package(fleet, app, db, keys_dir, tmp_path):
    await trusted_root(fleet, app, keys_dir, tmp_path)
    genuine = await release(fleet, keys_dir, tmp_path, "FW-5.1.0", package(120_000))
    # the attacker writes packages straight into the storage and the database: one unsigned ("unsigned allowed"
    # switched on), one claiming the genuine release's signed path with other bytes
    evil = b"evil" * 30_000
    for name, target in (("evil", None), ("evil-under-a-signed-name", genuine["targetPath"])):
        stored = await storage.save_stream(db, app.state.store, storage.file_chunks(io.BytesIO(evil)), kind="firmware",
                                           extension="bin", content_type="application/octet-stream",
                                           owner_user_id=None, public=False)
        db.add(Firmware(name=fresh_name(name), version="FW-9.9.9", file_id=stored.id, file_name="evil.bin",
                        size=len(evil), sha256=storage.digest(io.BytesIO(evil))[1], user_id=1,
                        allow_unsigned=True, target_path=target, device_types=[]))
    await db.commit()
    evil_ids = list(await db.scalars(select(Firmware.id).where(Firmware.version == "FW-9.9.9")))
    await publish(fleet, evil_ids[-2], fleet.serials[:2])
    await publish(fleet, evil_ids[-1], fleet.serials[2:])
    results = {**await ended(fleet, evil_ids[-2], 2), **await ended(fleet, evil_ids[-1], 2)}
    assert set(results.values()) == {("FAILED", "tuf_unsigned")}, results
    assert all(robot.versions["firmware"] == "FW-3.4.1" for robot in fleet.robots)


async def test_a_tampered_file_is_refused(fleet, app, keys_dir, tmp_path):
    await trusted_root(fleet, app, keys_dir, tmp_path)
    firmware = await release(fleet, keys_dir, tmp_path, "FW-5.2.0", package(100_000))
    fleet.robots[0].ota_failure = "checksum"  # the bytes arrive changed on the way
    await publish(fleet, firmware["id"], fleet.serials[:1])
    assert await ended(fleet, firmware["id"], 1) == {fleet.serials[0]: ("FAILED", "tuf_tampered")}
    assert fleet.robots[0].versions["firmware"] == "FW-3.4.1"


async def test_rollbacks_are_refused_old_metadata_and_an_old_version(fleet, app, db, keys_dir, tmp_path):
    await trusted_root(fleet, app, keys_dir, tmp_path)
    old = await release(fleet, keys_dir, tmp_path, "FW-5.3.0", package(90_000))
    new = await release(fleet, keys_dir, tmp_path, "FW-5.4.0", package(90_000))
    robot = fleet.robots[0]
    await publish(fleet, new["id"], [robot.sn])
    assert (await ended(fleet, new["id"], 1))[robot.sn] == ("UPDATED", "")
    # an old signed release replayed (the console even ticks "allow downgrade"): the robot keeps its version
    await publish(fleet, old["id"], [robot.sn], allowDowngrade=True)
    assert (await ended(fleet, old["id"], 1))[robot.sn] == ("FAILED", "tuf_rollback")
    # a breached console serves the targets metadata of before (re-signing snapshot and timestamp with its keys)
    newest = await signing.latest(db, "targets")
    assert newest is not None
    kept = (newest.role, newest.version, newest.body, newest.expires)
    await db.execute(delete(TufMetadata).where(TufMetadata.id == newest.id))
    await signing.resign(db, *signing.repository(app.state), force=True)
    await db.commit()
    try:
        again = (await publish(fleet, old["id"], fleet.serials[1:2], allowDowngrade=True), fleet.robots[1])
        assert (await ended(fleet, old["id"], 2))[again[1].sn] == ("UPDATED", "")  # it never saw newer metadata
        await publish(fleet, new["id"], [robot.sn])
        assert (await ended(fleet, new["id"], 1))[robot.sn] == ("FAILED", "tuf_rollback")
    finally:
        db.add(TufMetadata(role=kept[0], version=kept[1], body=kept[2], expires=kept[3], created_at=utcnow()))
        await signing.resign(db, *signing.repository(app.state), force=True)
        await db.commit()


async def test_stale_metadata_a_frozen_console_is_refused(fleet, app, db, keys_dir, tmp_path):
    await trusted_root(fleet, app, keys_dir, tmp_path)
    firmware = await release(fleet, keys_dir, tmp_path, "FW-5.5.0", package(80_000))
    keys, _ = signing.repository(app.state)
    short = signing.Lifetimes(snapshot=timedelta(hours=1), timestamp=timedelta(hours=1))
    # the newest timestamp the console serves expired an hour ago (signed two hours ago for one hour)
    await signing.resign(db, keys, short, now=utcnow() - timedelta(hours=2), force=True)
    await db.commit()
    try:
        await publish(fleet, firmware["id"], fleet.serials[:1])
        assert await ended(fleet, firmware["id"], 1) == {fleet.serials[0]: ("FAILED", "tuf_stale")}
    finally:
        assert await signing.resign(db, *signing.repository(app.state))  # the refresh job's round: fresh again
        await db.commit()
    await publish(fleet, firmware["id"], fleet.serials[1:2])
    assert (await ended(fleet, firmware["id"], 2))[fleet.serials[1]] == ("UPDATED", "")


async def test_unsigned_packages_are_refused_unless_switched_on_for_older_robots(fleet, app, keys_dir, tmp_path):
    refused = await add_firmware(fleet.dealer, fresh_name("FW "), "FW-6.0.0", allowUnsigned="false")
    assert refused.code == Code.BAD_PARAMETER and refused.field == "targets"
    older = await add_firmware(fleet.dealer, fresh_name("FW "), "FW-6.0.0")  # the tests' default: switched on
    assert older.code == 0 and older.data["signed"] is False and older.data["allowUnsigned"] is True
    off = await fleet.dealer.call("/version/updateVersionFireware", {"id": older.data["id"], "allowUnsigned": False})
    assert off.code == 0 and off.data["allowUnsigned"] is False
    answer = await fleet.dealer.call("/version/insertVersionPublic", {"versionId": older.data["id"],
                                                                     "deviceSerialNumbers": fleet.serials[:1]})
    assert answer.code == Code.CONFLICT and answer.field == "versionId"
    # a targets metadata that does not list this package, and one the targets key did not sign
    await trusted_root(fleet, app, keys_dir, tmp_path)
    other = tmp_path / "other.bin"
    other.write_bytes(b"other" * 1000)
    md = publisher.sign_release(keys_dir, other, model="*", version="FW-6.1.0", current=None)
    md.signed.version = 10_000
    md.sign(publisher.load_key(keys_dir / "targets.pem"))
    wrong = await add_firmware(fleet.dealer, fresh_name("FW "), "FW-6.1.0", allowUnsigned="false",
                               targets=md.to_bytes())
    assert wrong.code == Code.BAD_PARAMETER and wrong.field == "targets", wrong.body
    md.sign(publisher.load_key(keys_dir / "root.pem"))  # signed by a key the root does not give to targets
    forged = await add_firmware(fleet.dealer, fresh_name("FW "), "FW-6.1.0", b"other" * 1000,
                                allowUnsigned="false", targets=md.to_bytes())
    assert forged.code == Code.BAD_FILE and forged.field == "targets", forged.body


async def test_the_root_rotates_only_when_the_old_root_signs_the_new(fleet, app, keys_dir, tmp_path):
    await trusted_root(fleet, app, keys_dir, tmp_path)
    status = (await fleet.dealer.call("/version/tuf/status")).data
    before = status["roles"]["root"]["version"]
    online = tmp_path / "status.json"
    online.write_text(json.dumps(status))
    # a root the console made itself (its own key as root key): refused
    forged_dir = tmp_path / "forged"
    publisher.make_keys(forged_dir, "mallory")
    (forged_dir / "root.json").write_bytes((keys_dir / "root.json").read_bytes())
    forged = publisher.sign_root(forged_dir, publisher.online_keys(status), new_root_key=True)
    refused = await upload_root(fleet, forged.to_bytes())
    assert refused.code == Code.BAD_FILE and refused.field == "root", refused.body
    rotated = publisher.sign_root(keys_dir, publisher.online_keys(status), new_root_key=True)
    assert (await upload_root(fleet, rotated.to_bytes())).code == 0
    assert (await fleet.dealer.call("/version/tuf/status")).data["roles"]["root"]["version"] == before + 1
    # robots provisioned with root 1 walk to the new root and still install signed releases
    firmware = await release(fleet, keys_dir, tmp_path, "FW-5.6.0", package(70_000))
    await publish(fleet, firmware["id"], fleet.serials[:1])
    assert (await ended(fleet, firmware["id"], 1))[fleet.serials[0]] == ("UPDATED", "")
