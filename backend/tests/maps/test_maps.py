"""The map list and its record, deleting, download and import (/api/map/*), against simulated robots."""

import io
import json
import zipfile

import pytest
from sqlalchemy import update

from cleanfleet.core.codes import Code
from cleanfleet.devices.models import DeviceState
from cleanfleet.maps import service, texts
from tests.maps.conftest import relay

ZONE = [[1.0, 1.0], [3.0, 1.0], [3.0, 3.0], [1.0, 3.0]]


async def names_of(api, device_id: int) -> list[str]:
    answer = await api.call("/map/selectMap", {"deviceId": device_id})
    assert answer.code == 0, answer.body
    return [m["mapName"] for m in answer.data["list"]]


async def go_offline(db, device_id: int) -> None:
    await db.execute(update(DeviceState).where(DeviceState.device_id == device_id).values(online=False))
    await db.commit()


async def test_the_list_comes_from_the_robot_and_answers_from_the_record_while_it_is_offline(fleet, db):
    robot, device_id = fleet.robots[0], fleet.device_ids[0]
    answer = await fleet.customer.call("/map/selectMap", {"deviceId": device_id})
    assert answer.code == 0 and answer.data["online"] == 1 and answer.data["refreshed"]
    maps = {m["mapName"]: m for m in answer.data["list"]}
    assert set(maps) == set(robot.maps)
    office = maps["office-3F"]
    assert answer.data["list"][0]["mapName"] == "office-3F" and office["current"]  # the map in use comes first
    assert office["width"] == robot.map.width and office["area"] == pytest.approx(robot.map.free_area_m2(), abs=0.1)
    assert office["sizeM"] == [round(robot.map.width * robot.map.resolution, 2),
                               round(robot.map.height * robot.map.resolution, 2)]
    assert office["imagePath"] == f"api2/image/office-3F.png?v={robot.map.version}"
    del robot.maps["ward-2F"]  # gone on the robot: gone from the record at the next refresh
    assert "ward-2F" not in await names_of(fleet.customer, device_id)
    await go_offline(db, device_id)
    offline = await fleet.customer.call("/map/selectMap", {"deviceId": device_id})
    assert offline.code == 0 and offline.data["online"] == 0 and not offline.data["refreshed"]
    assert {m["mapName"] for m in offline.data["list"]} == set(robot.maps)
    refused = await fleet.other_dealer.call("/map/selectMap", {"deviceId": device_id})
    assert refused.code == Code.NOT_FOUND


async def test_the_picture_of_one_map_version_is_cached_by_the_browser(fleet):
    port = fleet.robots[0].identity.port
    listed = (await fleet.customer.call("/map/selectMap", {"deviceId": fleet.device_ids[0]})).data["list"][0]
    picture = await relay(fleet.customer, listed["imagePath"].split("?")[0], port, "GET",)
    versioned = await fleet.customer.client.get("/relay", params={"m": "api2/image/office-3F.png", "p": str(port),
                                                                 "v": str(listed["version"])},
                                                headers=fleet.customer.headers())
    assert picture.headers["content-type"] == versioned.headers["content-type"] == "image/png"
    assert "immutable" in versioned.headers["cache-control"] and "no-store" in picture.headers["cache-control"]


async def test_delete_refuses_the_current_map_and_a_used_one_without_force(fleet, db):
    robot, device_id = fleet.robots[0], fleet.device_ids[0]
    listed = {m["mapName"]: m for m in (await fleet.customer.call("/map/selectMap", {"deviceId": device_id})).data[
        "list"]}
    current = await fleet.customer.call("/map/deleteMapById", {"id": listed["office-3F"]["id"]})
    assert current.code == Code.CONFLICT and "office-3F" in robot.maps

    async def tasks_using(_db, used_device_id: int, map_name: str) -> list[str]:
        return ["Night round"] if (used_device_id, map_name) == (device_id, "lobby-hall") else []

    service.register_usage(tasks_using)
    try:
        used = await fleet.customer.call("/map/deleteMapById", {"id": listed["lobby-hall"]["id"]})
        relisted = await fleet.customer.call("/map/selectMap", {"deviceId": device_id})
    finally:
        service.USAGE_HOOKS.remove(tasks_using)
    assert used.code == Code.CONFLICT and used.field == "mapName" and "Night round" in used.message
    assert "lobby-hall" in robot.maps
    assert next(m for m in relisted.data["list"] if m["mapName"] == "lobby-hall")["inUse"] == ["Night round"]
    added = await relay(fleet.customer, "api1/task_add", robot.identity.port,
                        json={"task_name": "Hall sweep", "map_name": "lobby-hall"})
    assert added.json()["code"] == 0
    robot_refused = await fleet.customer.call("/map/deleteMapById", {"id": listed["lobby-hall"]["id"]})
    assert robot_refused.code == Code.CONFLICT and "Hall sweep" in robot_refused.message  # the robot's own tasks
    forced = await fleet.customer.call("/map/deleteMapById", {"id": listed["lobby-hall"]["id"], "force": True})
    assert forced.code == 0 and forced.data == {"deviceId": device_id, "mapName": "lobby-hall"}
    assert "lobby-hall" not in robot.maps and "Hall sweep" not in robot.book.tasks
    assert "lobby-hall" not in await names_of(fleet.customer, device_id)


async def test_the_get_delete_takes_device_and_name_in_the_path(fleet):
    robot, device_id = fleet.robots[0], fleet.device_ids[0]
    await names_of(fleet.customer, device_id)
    response = await fleet.customer.client.get(f"/api/map/deleteMap2/{device_id}/ward-2F", params={"force": "1"},
                                               headers=fleet.customer.headers())
    assert response.json()["message"]["code"] == 0 and "ward-2F" not in robot.maps
    other = await fleet.other_dealer.client.get(f"/api/map/deleteMap2/{device_id}/lobby-hall",
                                                headers=fleet.other_dealer.headers())
    assert other.json()["message"]["code"] == Code.NOT_FOUND and "lobby-hall" in robot.maps


async def test_a_record_without_an_online_robot_cannot_be_deleted(fleet, db):
    device_id = fleet.device_ids[0]
    listed = (await fleet.customer.call("/map/selectMap", {"deviceId": device_id})).data["list"]
    await go_offline(db, device_id)
    answer = await fleet.customer.call("/map/deleteMapById", {"id": listed[-1]["id"]})
    assert answer.code == Code.DEVICE_OFFLINE and listed[-1]["mapName"] in fleet.robots[0].maps


async def download(api, device_id: int, name: str) -> bytes:
    response = await api.client.post("/api/map/download", json={"deviceId": device_id, "mapName": name},
                                     headers=api.headers())
    assert response.headers["content-type"] == "application/zip", response.text
    return response.content


async def import_file(api, device_id: int, data: bytes, map_name: str | None = None, replace_in_use: str | None = None):
    form = {"deviceId": str(device_id)} | ({"mapName": map_name} if map_name else {}) \
        | ({"replaceInUse": replace_in_use} if replace_in_use else {})
    response = await api.client.post("/api/map/import", data=form, files={"file": ("m.zip", data, "application/zip")},
                                     headers=api.headers())
    return response.json()


def rezip(data: bytes, **replace: bytes | None) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w") as target:
        for name in source.namelist():
            if name in replace:
                if replace[name] is not None:
                    target.writestr(name, replace[name])
            else:
                target.writestr(name, source.read(name))
    return out.getvalue()


async def test_a_downloaded_map_imports_onto_another_robot_with_its_drawing(fleet):
    source, target = fleet.robots
    source.map.forbidden_zones = [[tuple(p) for p in ZONE]]
    source.map.touch()
    data = await download(fleet.customer, fleet.device_ids[0], "office-3F")
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        meta = json.loads(archive.read("map.json"))
        assert archive.read("map.png") == source.map.png()
    assert meta["map_name"] == "office-3F" and meta["forbidden_zone"] == [ZONE] and meta["flags"]
    answer = await import_file(fleet.customer, fleet.device_ids[1], data, "office copy")
    assert answer["message"]["code"] == 0, answer
    assert answer["data"]["mapName"] == "office copy" and answer["data"]["map"]["width"] == source.map.width
    copied = target.maps["office copy"]
    assert copied.forbidden_zones == source.map.forbidden_zones
    assert [f.name for f in copied.flags] == [f.name for f in source.map.flags]
    assert "office copy" in await names_of(fleet.customer, fleet.device_ids[1])


async def test_bad_map_files_are_refused_naming_the_problem_and_the_robot_keeps_its_maps(fleet):
    target, device_id = fleet.robots[1], fleet.device_ids[1]
    good = await download(fleet.customer, fleet.device_ids[0], "office-3F")
    meta = json.loads(zipfile.ZipFile(io.BytesIO(good)).read("map.json"))
    before = set(target.maps)
    crossing = json.dumps({**meta, "forbidden_zone": [[[1, 1], [5, 5], [5, 1], [1, 5]]]}).encode()
    cases = {
        "not a zip": (b"hello, not a map", Code.BAD_FILE, "file"),
        "no metadata": (rezip(good, **{"map.json": None}), Code.BAD_FILE, "file"),
        "corrupt picture": (rezip(good, **{"map.png": b"\x89PNG\r\n\x1a\nbroken"}), Code.BAD_FILE, "file"),
        "wrong size": (rezip(good, **{"map.json": json.dumps({**meta, "width": 3}).encode()}), Code.BAD_FILE, "file"),
        "crossing zone": (rezip(good, **{"map.json": crossing}), Code.BAD_PARAMETER, "forbidden_zone"),
        "too large": (b"PK" + b"\0" * (32 * 1024 * 1024 + 10), Code.BAD_FILE, "file"),
    }
    for case, (data, code, field) in cases.items():
        answer = await import_file(fleet.customer, device_id, data, "imported")
        assert (answer["message"]["code"], answer["message"].get("field")) == (code, field), (case, answer)
    assert set(target.maps) == before


async def test_a_map_cannot_be_replaced_while_a_task_runs_on_it(fleet):
    robot, device_id = fleet.robots[0], fleet.device_ids[0]
    data = await download(fleet.customer, device_id, "office-3F")
    started = await relay(fleet.customer, "api1/task_add", robot.identity.port,
                          json={"task_name": "Quick", "map_name": "office-3F"})
    assert started.json()["code"] == 0
    robot.on_pile = False
    run = await relay(fleet.customer, "api1/task_start", robot.identity.port, json={"task_name": "Quick"})
    assert run.json()["code"] == 0, run.json()
    answer = await import_file(fleet.customer, device_id, data, replace_in_use="true")  # confirmed, still refused
    assert answer["message"]["code"] == Code.CONFLICT and answer["message"]["field"] == "mapName"
    assert answer["message"]["message"] == texts.TASK_RUNNING.render(None)  # stop all tasks first
    assert answer["data"] == {"mapName": "office-3F", "targets": []}  # not a map in use: nothing to confirm
