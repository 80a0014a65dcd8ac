"""The robots' web APIs over real HTTP, one port per robot, in one process."""

import io

import aiohttp
import pytest
from conftest import free_ports, unique_prefix
from PIL import Image

from cleanfleet_sim.clock import ManualClock
from cleanfleet_sim.fleet import Fleet, FleetOptions, default_fleet


@pytest.fixture
async def fleet():
    base = free_ports(4)
    clock = ManualClock()
    identities = default_fleet(3, 4, base_port=base, serial_prefix=unique_prefix())
    running = Fleet(identities, FleetOptions(seed=3, mqtt=None, cloud=None, alarm_rate=0, busy_rate=0), clock)
    await running.start()
    running.clock_for_tests = clock
    yield running
    await running.stop()


@pytest.fixture
async def http():
    async with aiohttp.ClientSession() as session:
        yield session


async def post(http, port, path, form=False, **params):
    kwargs = {"data": params} if form else {"json": params}
    async with http.post(f"http://127.0.0.1:{port}/{path}", **kwargs) as response:
        assert response.status == 200, await response.text()
        return await response.json()


async def get(http, port, path):
    async with http.get(f"http://127.0.0.1:{port}/{path}") as response:
        return response.status, await response.read()


async def test_each_robot_answers_on_its_own_port(fleet, http):
    v3, v2 = fleet.robots[0], fleet.robots[1]
    assert (v3.protocol, v2.protocol) == (3, 2)
    pose3 = await post(http, v3.identity.port, "api1/robot_pose")
    pose2 = await post(http, v2.identity.port, "api/robot_pose")
    assert pose3["code"] == 0 and pose3["map_name"] == "office-3F"
    assert pose2["code"] == 0 and pose2["map_name"] == "lobby-hall"
    status, _ = await get(http, v3.identity.port, "api/robot_pose")
    assert status == 404
    refused = await post(http, v2.identity.port, "api/emergency_off")
    assert refused["code"] == 4


async def test_task_start_pause_resume_cancel_and_go_home_over_http(fleet, http):
    robot, clock = fleet.robots[0], fleet.clock_for_tests
    port = robot.identity.port
    started = await post(http, port, "api1/task_start", form=True, task_name="office corridor")
    assert started["code"] == 0 and started["state"] == "working"
    clock.advance(60)
    moved = await post(http, port, "api1/robot_pose")
    assert (moved["x"], moved["y"]) != (1.25, 10.25)
    assert (await post(http, port, "api1/task_pause"))["state"] == "paused"
    assert (await post(http, port, "api1/task_resume"))["state"] == "working"
    clock.advance(30)
    state = await post(http, port, "api1/task_state")
    assert state["progress"] > 0 and state["task_name"] == "office corridor"
    cancelled = await post(http, port, "api1/task_cancel")
    assert cancelled["state"] == "idle"
    assert (await post(http, port, "api1/go_home"))["state"] == "returning"
    clock.advance(600)
    home = await post(http, port, "api1/robot_pose")
    assert home["state"] == "charging" and (home["x"], home["y"]) == (1.25, 10.25)


async def test_bad_bodies_are_refused_with_the_field_named(fleet, http):
    port = fleet.robots[0].identity.port
    answer = await post(http, port, "api1/cmdvel_ctrl", linear="fast")
    assert answer["code"] == 2 and answer["msg"].startswith("linear")
    async with http.post(f"http://127.0.0.1:{port}/api1/robot_pose", data=b"[1,2]",
                         headers={"Content-Type": "application/json"}) as response:
        assert response.status == 400


async def test_map_image_track_and_upload(fleet, http):
    robot = fleet.robots[0]
    port = robot.identity.port
    info = await post(http, port, "api2/map_info", map_name="office-3F")
    assert info["resolution"] == 0.05 and info["origin"] == [0.0, 0.0, 0.0]
    assert any(f["typeName"] == "charging_pile" for f in info["flags"])
    status, png = await get(http, port, info["image_url"])
    assert status == 200
    picture = Image.open(io.BytesIO(png))
    assert picture.size == (info["width"], info["height"])
    status, track = await get(http, port, info["track_url"])
    assert status == 200 and Image.open(io.BytesIO(track)).mode == "RGBA"

    form = aiohttp.FormData()
    form.add_field("map_name", "copy of office")
    form.add_field("virlines_wall", "[[[2, 2], [5, 2]]]")
    form.add_field("forbidden_zone", "[[[6, 6], [8, 6], [8, 8], [6, 8]]]")
    form.add_field("free_area", "[]")
    form.add_field("file", png, filename="office.png", content_type="image/png")
    async with http.post(f"http://127.0.0.1:{port}/api2/map/Upload", data=form) as response:
        uploaded = await response.json()
    assert uploaded["code"] == 0 and uploaded["width"] == info["width"]
    walls = await post(http, port, "api2/virlines_info", map_name="copy of office")
    assert walls["virlines_wall"] == [[[2, 2], [5, 2]]] and len(walls["forbidden_zone"]) == 1

    form = aiohttp.FormData()
    form.add_field("map_name", "broken")
    form.add_field("virlines_wall", "[[[2, 2], [500, 2]]]")
    form.add_field("file", png, filename="office.png", content_type="image/png")
    async with http.post(f"http://127.0.0.1:{port}/api2/map/Upload", data=form) as response:
        refused = await response.json()
    assert refused["code"] == 2 and "beyond map edge" in refused["msg"]
    names = [m["map_name"] for m in (await (await http.get(f"http://127.0.0.1:{port}/api2/map_list")).json())[
        "map_list"]]
    assert "broken" not in names and "copy of office" in names


async def test_a_fleet_without_web_apis_opens_no_port_and_still_moves(http):
    """--no-web (a soak of thousands of robots): no robot listens on its port, and the robots still live."""
    base = free_ports(2)
    clock = ManualClock()
    identities = default_fleet(3, 2, base_port=base, serial_prefix=unique_prefix())
    quiet = Fleet(identities, FleetOptions(seed=3, mqtt=None, cloud=None, alarm_rate=0, busy_rate=0, web=False), clock)
    await quiet.start()
    try:
        with pytest.raises(aiohttp.ClientConnectionError):
            await get(http, base, "")
        robot = quiet.robots[0]
        robot.tick(clock.advance(60))
        assert robot.last_time == clock.now()
    finally:
        await quiet.stop()
