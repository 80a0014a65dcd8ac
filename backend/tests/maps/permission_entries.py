"""Permission-matrix entries for the map calls (/api/map/*); ``add_map_world`` gives the world two live
simulated robots of the world's user (``m.source``, ``m.target``), a map record (``m.map``) and a failed sync
(``m.sync``). The dealer's preset holds every ``device/maplist`` key; the lower level cannot see its parent's
robots, the shadow holds only ``index``."""

from typing import Any

from cleanfleet.maps.models import FAILED, SUCCESS, MapSync
from tests.conftest import Answer, Api
from tests.permission_matrix import Entry, World, register

PREFIX = "/api/map/"


def _source(w: World) -> dict[str, Any]:
    return {"deviceId": w.ids["m.source"]}


async def _download(api: Api, w: World) -> Answer:
    response = await api.client.post("/api/map/download", json={**_source(w), "mapName": "office-3F"},
                                     headers=api.headers())
    if response.headers["content-type"] == "application/zip":
        return Answer(response.status_code, {"message": {"code": 0, "message": "a file"}, "data": None})
    return Answer(response.status_code, response.json())


async def _import(api: Api, w: World) -> Answer:
    response = await api.client.post("/api/map/import", data={"deviceId": str(w.ids["m.target"]),
                                                               "mapName": "imported"},
                                     files={"file": ("m.zip", w.ids["m.archive"], "application/zip")},
                                     headers=api.headers())
    return Answer(response.status_code, response.json())


async def _delete2(api: Api, w: World) -> Answer:
    response = await api.client.get(f"/api/map/deleteMap2/{w.ids['m.source']}/lobby-hall", params={"force": "1"},
                                    headers=api.headers())
    return Answer(response.status_code, response.json())


register(
    Entry("/api/map/selectMap", _source),
    Entry("/api/map/syncList", _source),
    Entry("/api/map/download", send=_download),
    Entry("/api/map/import", send=_import),
    Entry("/api/map/sync", lambda w: {**_source(w), "mapName": "office-3F", "targetDeviceIds": [w.ids["m.target"]]}),
    Entry("/api/map/syncRetry", lambda w: {"id": w.ids["m.sync"]}, last=1),
    Entry("/api/map/deleteMapById", lambda w: {"id": w.ids["m.map"]}, last=2),
    Entry("/api/map/deleteMap2/{deviceId}/{mapName}", send=_delete2, last=2),
)


async def add_map_world(world: World, app: Any, source_id: int, target_id: int) -> None:
    dealer = world.callers["dealer"]
    listed = await dealer.call("/map/selectMap", {"deviceId": source_id})
    assert listed.code == 0, listed.body
    archive = await dealer.client.post("/api/map/download", json={"deviceId": source_id, "mapName": "office-3F"},
                                       headers=dealer.headers())
    async with app.state.db.sessions() as db:
        failed = MapSync(source_device_id=source_id, target_device_id=target_id, map_name="office-3F",
                         cmd_id="mapsync-permission-world", send_state=SUCCESS, receive_state=FAILED)
        db.add(failed)
        await db.commit()
        sync_id = failed.id
    world.ids.update({"m.source": source_id, "m.target": target_id, "m.archive": archive.content, "m.sync": sync_id,
                      "m.map": next(m["id"] for m in listed.data["list"] if m["mapName"] == "ward-2F")})
