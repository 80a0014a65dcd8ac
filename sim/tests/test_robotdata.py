"""A robot's files over real HTTP: logs listed, deleted and uploaded, backups packed, uploaded, re-uploaded and
restored, the MJPEG live stream and recorded clips. The cloud is a small aiohttp server that keeps what it gets."""

import asyncio
import io
import tarfile
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from conftest import free_ports, unique_prefix
from PIL import Image

from cleanfleet_sim.clock import ManualClock
from cleanfleet_sim.fleet import Fleet, FleetOptions, default_fleet
from cleanfleet_sim.robotdata import AiohttpCloud


class FakeCloud:
    def __init__(self) -> None:
        self.files: dict[str, bytes] = {}
        self.states: dict[str, list[dict[str, Any]]] = {}
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_put("/up/{job}", self.put)
        app.router.add_post("/up/{job}/state", self.state)
        app.router.add_get("/down/{job}", self.get)
        app.router.add_post("/down/{job}/state", self.state)
        self.runner = web.AppRunner(app)
        self.port = free_ports(1)

    async def start(self) -> None:
        await self.runner.setup()
        await web.TCPSite(self.runner, "127.0.0.1", self.port).start()

    async def put(self, request: web.Request) -> web.Response:
        self.files[request.match_info["job"]] = await request.read()
        return web.json_response({"ok": True})

    async def state(self, request: web.Request) -> web.Response:
        self.states.setdefault(request.match_info["job"], []).append(await request.json())
        return web.json_response({"ok": True})

    async def get(self, request: web.Request) -> web.Response:
        data = self.files.get(request.match_info["job"])
        return web.Response(body=data) if data is not None else web.Response(status=404)


@pytest.fixture
async def setup():
    cloud = FakeCloud()
    await cloud.start()
    base = free_ports(2)
    identities = default_fleet(3, 2, base_port=base, serial_prefix=unique_prefix())
    fleet = Fleet(identities, FleetOptions(seed=3, mqtt=None, cloud=None, alarm_rate=0, busy_rate=0), ManualClock())
    await fleet.start()
    for robot in fleet.robots:
        robot.data.cloud = AiohttpCloud(f"http://127.0.0.1:{cloud.port}")
    async with aiohttp.ClientSession() as http:
        yield fleet, cloud, http
    await fleet.stop()
    await cloud.runner.cleanup()


async def post(http, robot, call, **params):
    async with http.post(f"http://127.0.0.1:{robot.identity.port}/api2/{call}", json=params) as response:
        assert response.status == 200
        return await response.json()


async def finished(robot, job_id):
    job = robot.data.jobs[job_id]
    await asyncio.wait_for(asyncio.gather(job.task, return_exceptions=True), 10)
    return job


async def test_logs_are_listed_uploaded_whole_and_deleted(setup):
    fleet, cloud, http = setup
    robot = fleet.robots[0]
    for kind in ("pad", "rosbag", "nav"):
        listed = await post(http, robot, "log_list", type=kind)
        assert listed["code"] == 0 and len(listed["logs"]) == 3 and all(row["size"] > 1000 for row in listed["logs"])
    name = (await post(http, robot, "log_list", type="nav"))["logs"][0]["name"]
    started = await post(http, robot, "log_upload", job_id="j1", type="nav", name=name, path="/up/j1")
    assert started["code"] == 0
    assert (await finished(robot, "j1")).state == "finished"
    assert cloud.files["j1"] == robot.data.log_path("nav", name).read_bytes()
    assert (await post(http, robot, "log_delete", type="nav", names=[name, "nope.log"]))["deleted"] == 1
    assert name not in [row["name"] for row in (await post(http, robot, "log_list", type="nav"))["logs"]]


async def test_log_upload_refusals_and_failure(setup):
    fleet, cloud, http = setup
    robot = fleet.robots[0]
    assert (await post(http, robot, "log_list", type="video"))["code"] == 2
    missing = await post(http, robot, "log_upload", job_id="j2", type="pad", name="none.log", path="/up/j2")
    assert missing["code"] == 3
    bad = await post(http, robot, "log_upload", job_id="../x", type="pad", name="none.log", path="/up/j2")
    assert bad["code"] == 2 and bad["msg"].startswith("job_id")
    name = (await post(http, robot, "log_list", type="rosbag"))["logs"][0]["name"]
    await post(http, robot, "log_upload", job_id="j3", type="rosbag", name=name, path="/up/j3", fail=1)
    assert (await finished(robot, "j3")).state == "failed"
    assert cloud.states["j3"][-1]["state"] == "failed"
    assert (await post(http, robot, "job_cancel", job_id="j3"))["code"] == 3


async def test_backup_packs_uploads_and_restores_tasks(setup):
    fleet, cloud, http = setup
    robot, other = fleet.robots
    await post(http, robot, "backup_start", job_id="b1", path="/up/b1")
    assert (await finished(robot, "b1")).state == "finished"
    assert [s["state"] for s in cloud.states["b1"]] == ["packing", "uploading"]
    with tarfile.open(fileobj=io.BytesIO(cloud.files["b1"]), mode="r:gz") as tar:
        names = tar.getnames()
    assert "robot.json" in names and "tasks.json" in names and any(n.startswith("logs/pad/") for n in names)
    lost = next(iter(robot.book.tasks))
    del robot.book.tasks[lost]  # lost on the robot
    cloud.files["r1"] = cloud.files["b1"]
    await post(http, robot, "backup_restore", job_id="r1", path="/down/r1")
    assert (await finished(robot, "r1")).state == "restored"
    assert lost in robot.book.tasks and lost in cloud.states["r1"][-1]["tasks"]
    assert other.book.tasks  # the other robot untouched


async def test_backup_failures_reupload_and_cancel(setup):
    fleet, cloud, http = setup
    robot = fleet.robots[1]
    await post(http, robot, "backup_start", job_id="b2", path="/up/b2", fail="uploading")
    assert (await finished(robot, "b2")).state == "failed"
    assert cloud.states["b2"][-1]["state"] == "failed"
    assert (await post(http, robot, "backup_reupload", job_id="b2", path="/up/b2"))["code"] == 0
    assert (await finished(robot, "b2")).state == "finished" and cloud.files["b2"][:2] == b"\x1f\x8b"
    await post(http, robot, "backup_start", job_id="b3", path="/up/b3", fail="packing")
    assert (await finished(robot, "b3")).state == "failed"
    assert (await post(http, robot, "backup_reupload", job_id="nopack", path="/up/x"))["code"] == 3
    robot.data.cloud = None
    assert (await post(http, robot, "backup_start", job_id="b4", path="/up/b4"))["code"] == 1


async def test_live_stream_is_mjpeg_and_records_a_clip(setup):
    fleet, _, http = setup
    robot = fleet.robots[0]
    before = len((await post(http, robot, "camera_records"))["records"])
    url = f"http://127.0.0.1:{robot.identity.port}/api2/camera/live/1.mjpg"
    async with http.get(url) as response:
        assert response.headers["Content-Type"].startswith("multipart/x-mixed-replace")
        reader = aiohttp.MultipartReader.from_response(response)
        frames = []
        for _ in range(3):
            part = await reader.next()
            frames.append(bytes(await part.read()))
    assert all(Image.open(io.BytesIO(f)).format == "JPEG" for f in frames)
    assert len(set(frames)) == 3  # a moving picture
    async with http.get(f"http://127.0.0.1:{robot.identity.port}/api2/camera/live/9.mjpg") as response:
        assert response.status == 404
    for _ in range(50):
        records = (await post(http, robot, "camera_records"))["records"]
        if len(records) > before:
            break
        await asyncio.sleep(0.05)
    assert len(records) == before + 1


async def test_clips_by_range_played_and_deleted(setup):
    fleet, _, http = setup
    robot = fleet.robots[0]
    every = (await post(http, robot, "camera_records"))["records"]
    assert len(every) == 4
    first = every[0]
    ranged = await post(http, robot, "camera_records", start=first["start"], end=first["start"])
    assert [r["name"] for r in ranged["records"]] == [first["name"]]
    assert (await post(http, robot, "camera_records", start="yesterday"))["code"] == 2
    async with http.get(f"http://127.0.0.1:{robot.identity.port}/api2/camera/record/{first['name']}") as response:
        body = await response.read()
    assert body.count(b"\xff\xd8") == first["frames"]
    assert (await post(http, robot, "camera_record_del", names=[first["name"]]))["deleted"] == 1
    assert len((await post(http, robot, "camera_records"))["records"]) == 3


async def test_the_failure_switch_fails_the_next_jobs_as_real_robots_do(setup):
    fleet, cloud, http = setup
    robot = fleet.robots[0]
    assert robot.data.fail_rate == 0  # a fleet fails at random only when asked (--data-fail-rate)
    assert (await post(http, robot, "sim_data_fail", mode="melt"))["code"] == 2
    assert (await post(http, robot, "sim_data_fail", mode="link", count=99))["code"] == 2
    name = (await post(http, robot, "log_list", type="pad"))["logs"][0]["name"]
    assert (await post(http, robot, "sim_data_fail", mode="link"))["count"] == 1
    await post(http, robot, "log_upload", job_id="f1", type="pad", name=name, path="/up/f1")
    assert (await finished(robot, "f1")).state == "failed" and cloud.states["f1"][-1]["state"] == "failed"
    await post(http, robot, "log_upload", job_id="f2", type="pad", name=name, path="/up/f2")  # the switch was used up
    assert (await finished(robot, "f2")).state == "finished"
    await post(http, robot, "sim_data_fail", mode="disk")
    await post(http, robot, "backup_start", job_id="f3", path="/up/f3")
    assert (await finished(robot, "f3")).state == "failed" and "disk full" in cloud.states["f3"][-1]["reason"]
    await post(http, robot, "sim_data_fail", mode="reboot")
    await post(http, robot, "backup_start", job_id="f4", path="/up/f4")
    assert (await finished(robot, "f4")).state == "rebooted"
    assert [s["state"] for s in cloud.states["f4"]] == ["packing"] and "f4" not in cloud.files  # then silence
    assert (await post(http, robot, "backup_reupload", job_id="f4", path="/up/f4"))["code"] == 3  # pack gone
    await post(http, robot, "sim_data_fail", mode="link", count=2)
    assert (await post(http, robot, "sim_data_fail", mode=""))["count"] == 0  # cleared
    await post(http, robot, "backup_start", job_id="f5", path="/up/f5")
    assert (await finished(robot, "f5")).state == "finished"


async def test_a_random_failure_rate_fails_some_jobs_and_not_others(setup):
    fleet, _, _ = setup
    data = fleet.robots[1].data
    data.fail_rate = 0.5
    picked = [data.failure_for("backup") for _ in range(200)]
    assert 60 < sum(p is not None for p in picked) < 140 and {"link", "disk", "reboot"} <= set(picked)
    assert "disk" not in {data.failure_for("log_upload") for _ in range(100)}
