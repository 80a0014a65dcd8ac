"""Signed updates on a simulated robot (issue 47): a robot provisioned with the publisher's root verifies through
TUF's own client (tuf.ngclient.Updater) before it installs. The repository here is real TUF metadata, signed with
keys made by the test (the publisher's root and targets keys, the console's snapshot and timestamp keys), served
by a fake cloud that answers the robot's requests; nothing of TUF's verification is stubbed."""

import asyncio
import hashlib
import os
import re
from datetime import UTC, datetime, timedelta

from securesystemslib.signer import CryptoSigner
from tuf.api.metadata import Metadata, MetaFile, Root, Snapshot, TargetFile, Targets, Timestamp

from cleanfleet_sim import ota, signed
from tests.conftest import messages, run_for

PACKAGE = os.urandom(2 * ota.CHUNK + 77)
SHA = hashlib.sha256(PACKAGE).hexdigest()
PATH = "firmware/FW-4.0.0/fw.bin"
RANGE = re.compile(r"bytes=(\d+)-(\d+)")


class Repository:
    """A TUF repository as the console serves it, and the package download."""

    def __init__(self) -> None:
        self.keys = {role: CryptoSigner.generate_ed25519() for role in ("root", "targets", "snapshot", "timestamp")}
        now = datetime.now(UTC).replace(microsecond=0)
        root = Root(expires=now + timedelta(days=30), consistent_snapshot=False)
        for role, signer in self.keys.items():
            root.add_key(signer.public_key, role)
        self.files: dict[str, bytes] = {"1.root.json": self.sign(Metadata(root), "root")}
        self.files["root.json"] = self.files["1.root.json"]
        self.targets_version = 0
        self.timestamp_version = 0
        self.data = PACKAGE

    def sign(self, md: Metadata, role: str) -> bytes:
        md.sign(self.keys[role])
        return md.to_bytes()

    def release(self, version: str = "FW-4.0.0", model: str = "*", key: str = "targets", **custom) -> None:
        target = TargetFile.from_data(PATH, PACKAGE, ["sha256"])
        target.unrecognized_fields["custom"] = {"model": model, "version": version, **custom}
        self.targets_version += 1
        now = datetime.now(UTC).replace(microsecond=0)
        self.files["targets.json"] = self.sign(Metadata(Targets(version=self.targets_version,
                                                                expires=now + timedelta(days=30),
                                                                targets={PATH: target})), key)
        self.online(now)

    def online(self, now: datetime, life: timedelta = timedelta(days=1)) -> None:
        self.timestamp_version += 1
        snapshot = Snapshot(version=self.timestamp_version, expires=now + life,
                            meta={"targets.json": MetaFile(version=self.targets_version)})
        self.files["snapshot.json"] = self.sign(Metadata(snapshot), "snapshot")
        self.files["timestamp.json"] = self.sign(Metadata(Timestamp(
            version=self.timestamp_version, expires=now + life, snapshot_meta=MetaFile(self.timestamp_version))),
            "timestamp")

    async def fetch(self, url: str, headers: dict[str, str]) -> tuple[int, bytes]:
        if "/api/tuf/metadata/" in url:
            name = url.rsplit("/", 1)[1]
            return (200, self.files[name]) if name in self.files else (404, b"")
        match = RANGE.fullmatch(headers["Range"])
        assert match is not None
        return 206, self.data[int(match[1]):int(match[2]) + 1]


def command(cmd_id: str = "ota-1", version: str = "FW-4.0.0", tuf: bool = True) -> dict:
    args = {"version": version, "target": "firmware", "url": "/api/ota/package/t1", "sha256": SHA,
            "size": len(PACKAGE)}
    if tuf:
        args["tuf"] = {"path": PATH, "metadata": "/api/tuf/metadata/"}
    return {"cmdId": cmd_id, "cmd": "ota", "args": args}


async def update(make_robot, clock, tmp_path, repository: Repository, cmd_id: str = "ota-1", **args):
    robot = make_robot()
    robot.cloud, robot.ota_fetch = "http://cloud.test", repository.fetch
    robot.tuf_dir = tmp_path / robot.sn
    signed.provision(robot.tuf_dir, repository.files["1.root.json"])
    robot.handle_command(command(cmd_id, **args))
    for job in list(robot.ota_jobs.values()):
        if job.task is not None:
            await asyncio.wait_for(asyncio.shield(job.task), 20)
    run_for(robot, clock, ota.INSTALL_SECONDS + 5)
    return robot


def result(robot, cmd_id: str = "ota-1") -> tuple[str, str]:
    last = messages(robot, "event", kind="ota", cmdId=cmd_id)[-1]
    return last["state"], last.get("reason", "")


async def test_a_signed_package_installs(make_robot, clock, tmp_path):
    repository = Repository()
    repository.release()
    robot = await update(make_robot, clock, tmp_path, repository)
    assert result(robot) == ("updated", "") and robot.versions["firmware"] == "FW-4.0.0"


async def test_a_package_the_targets_key_did_not_sign_is_refused(make_robot, clock, tmp_path):
    repository = Repository()
    repository.release(key="snapshot")  # the console's own online key signed the targets: not the publisher's
    robot = await update(make_robot, clock, tmp_path, repository)
    assert result(robot) == ("failed", "tuf_unsigned")
    unsigned = await update(make_robot, clock, tmp_path / "b", Repository(), tuf=False)  # no signed target at all
    assert result(unsigned)[0] == "failed" and result(unsigned)[1] in ("tuf_unsigned", "tuf_untrusted")


async def test_stale_metadata_is_refused(make_robot, clock, tmp_path):
    repository = Repository()
    repository.release()
    repository.online(datetime.now(UTC) - timedelta(hours=3), life=timedelta(hours=1))  # frozen: expired
    robot = await update(make_robot, clock, tmp_path, repository)
    assert result(robot) == ("failed", "tuf_stale")


async def test_a_tampered_file_an_older_version_and_another_model_are_refused(make_robot, clock, tmp_path):
    repository = Repository()
    repository.release()
    repository.data = bytes([PACKAGE[0] ^ 1]) + PACKAGE[1:]
    assert result(await update(make_robot, clock, tmp_path / "a", repository)) == ("failed", "tuf_tampered")
    older = Repository()
    older.release("FW-1.0.0")
    robot = await update(make_robot, clock, tmp_path / "b", older, version="FW-1.0.0")
    assert robot.versions["firmware"] != "FW-1.0.0" and result(robot) == ("failed", "tuf_rollback")
    other = Repository()
    other.release(model="CF-X9 sweeper")
    assert result(await update(make_robot, clock, tmp_path / "c", other)) == ("failed", "tuf_wrong_model")
