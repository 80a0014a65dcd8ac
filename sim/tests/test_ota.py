"""Over-the-air updates on a simulated robot: ranged download (resuming), checksum, install, failures on demand."""

import asyncio
import hashlib
import os
import re

from cleanfleet_sim import ota
from tests.conftest import api, messages, run_for

PACKAGE = os.urandom(3 * ota.CHUNK + 1234)
SHA = hashlib.sha256(PACKAGE).hexdigest()
RANGE = re.compile(r"bytes=(\d+)-(\d+)")


class Server:
    """The cloud's package download, answering ranges as /api/ota/package does."""

    def __init__(self) -> None:
        self.ranges: list[str] = []

    async def fetch(self, url: str, headers: dict[str, str]) -> tuple[int, bytes]:
        self.ranges.append(headers["Range"])
        match = RANGE.fullmatch(headers["Range"])
        assert match is not None and url == "http://cloud.test/api/ota/package/t1"
        return 206, PACKAGE[int(match[1]):int(match[2]) + 1]


def ota_command(cmd_id: str = "ota-1", **args) -> dict:
    return {"cmdId": cmd_id, "cmd": "ota", "args": {"version": "FW-3.9.0", "target": "firmware",
                                                    "url": "/api/ota/package/t1", "sha256": SHA,
                                                    "size": len(PACKAGE), **args}}


def states(robot, cmd_id: str = "ota-1") -> list[str]:
    return [m["state"] for m in messages(robot, "event", kind="ota", cmdId=cmd_id)]


async def settle(robot) -> None:
    for job in list(robot.ota_jobs.values()):
        if job.task is not None:
            await asyncio.wait_for(asyncio.shield(job.task), 10)



async def started(make_robot, failure=None, **args):
    robot = make_robot()
    robot.cloud, robot.ota_failure = "http://cloud.test", failure
    server = Server()
    robot.ota_fetch = server.fetch
    robot.handle_command(ota_command(**args))
    await settle(robot)
    return robot, server


async def test_an_update_downloads_in_ranges_checks_installs_and_reports_each_state(make_robot, clock):
    robot, server = await started(make_robot)
    assert messages(robot, "event", kind="cmd_ack", cmdId="ota-1")[0]["code"] == 0
    assert server.ranges[0] == f"bytes=0-{ota.CHUNK - 1}" and len(server.ranges) == 4
    assert api(robot, "api2/check_update", method="GET")["has_update"] is True
    run_for(robot, clock, ota.INSTALL_SECONDS + 5)
    seen = states(robot)
    assert seen[0] == "downloading" and seen[-4:] == ["downloaded", "verified", "updating", "updated"]
    assert robot.versions["firmware"] == "FW-3.9.0"
    assert messages(robot, "event", kind="ota", state="updated")[0]["progress"] == 100
    robot.down_until = 0.0  # the reboot after the install is over
    after = api(robot, "api2/check_update", method="GET")
    assert after["has_update"] is False, after  # installed: nothing left to update


async def test_a_broken_download_resumes_where_it_stopped(make_robot, clock):
    robot, server = await started(make_robot, "interrupt")
    halfway = [r for r in server.ranges if r.startswith(f"bytes={2 * ota.CHUNK}-")]
    assert len(server.ranges) == 4 and len(halfway) == 1  # the broken request was asked again, not the whole file
    run_for(robot, clock, ota.INSTALL_SECONDS + 5)
    assert states(robot)[-1] == "updated"


async def test_corrupted_bytes_fail_the_checksum_and_the_version_stays(make_robot, clock):
    robot, _ = await started(make_robot, "checksum")
    before = robot.versions["firmware"]
    failed = messages(robot, "event", kind="ota", state="failed")[0]
    assert "checksum mismatch" in failed["reason"] and "verified" not in states(robot)
    run_for(robot, clock, ota.INSTALL_SECONDS + 5)
    assert robot.versions["firmware"] == before and not robot.ota_jobs


async def test_a_download_that_keeps_failing_ends_failed(make_robot):
    robot, server = await started(make_robot, "download")
    assert states(robot)[-1] == "failed" and "download failed" in messages(robot, "event", state="failed")[0]["reason"]
    assert server.ranges == []


async def test_a_failing_install_reports_failed_and_keeps_the_old_version(make_robot, clock):
    robot, _ = await started(make_robot, "install")
    before = robot.versions["firmware"]
    run_for(robot, clock, ota.INSTALL_SECONDS + 5)
    assert states(robot)[-2:] == ["updating", "failed"] and robot.versions["firmware"] == before
    assert "install failed" in messages(robot, "event", kind="ota", state="failed")[0]["reason"]


async def test_the_failure_flag_is_set_through_the_web_api_and_bad_args_are_refused(make_robot):
    robot = make_robot()
    assert api(robot, "api2/sim_ota_fail", stage="install")["stage"] == "install" and robot.ota_failure == "install"
    assert api(robot, "api2/sim_ota_fail", stage="nonsense")["code"] == 2
    assert api(robot, "api2/sim_ota_fail", stage="")["stage"] == "" and robot.ota_failure is None
    robot.handle_command(ota_command("ota-2", sha256="abc"))
    ack = messages(robot, "event", kind="cmd_ack", cmdId="ota-2")[0]
    assert ack["code"] == 2 and ack["msg"].startswith("sha256")
    assert not robot.ota_jobs
