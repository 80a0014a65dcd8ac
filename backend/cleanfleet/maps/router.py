"""The map calls (/api/map/*, api-spec 7.5 "Maps"): the map list, deleting, download, import and sync.

Reading needs the map list's page key ``device/maplist``; deleting, importing, downloading and syncing
its buttons. Every robot is one of the caller's subtree (another branch's answers NOT_FOUND). The map
editor, building, loading and flags go to the robot through /relay (api2/ calls), as the spec says.
"""

from datetime import timedelta
from typing import Annotated
from urllib.parse import quote

from fastapi import File, Form, Query, Request, UploadFile
from fastapi.responses import Response

from cleanfleet.core.auth import Caller, require
from cleanfleet.core.bounds import MAX_ID, Id
from cleanfleet.core.codes import Code
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import Envelope, JsonResponse, ok
from cleanfleet.core.openapi import refusal_answer
from cleanfleet.core.routing import ApiRouter, upload_body_bytes
from cleanfleet.devices.access import get_device
from cleanfleet.gateway.commands import CommandSender
from cleanfleet.maps import archive, service
from cleanfleet.maps.robot import RobotHttp
from cleanfleet.maps.schemas import (
    DeleteByIdIn,
    DeletedOut,
    DeviceIn,
    ImportedOut,
    MapInUseOut,
    MapListOut,
    MapName,
    MapRef,
    SyncIdIn,
    SyncIn,
    SyncOut,
)

router = ApiRouter(prefix="/map", tags=["maps"])
PAGE = "device/maplist"


def _http(request: Request) -> RobotHttp:
    return RobotHttp(request.app.state.relay_client, request.app.state.settings.relay_timeout)


def _commands(request: Request) -> CommandSender | None:
    return getattr(request.app.state, "robot_commands", None)


def _expiry(request: Request) -> timedelta:
    return timedelta(hours=request.app.state.settings.map_sync_expiry_hours)


@router.call("/selectMap", answer=MapListOut)
async def select_map(body: DeviceIn, request: Request, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """A robot's maps: refreshed from the robot when it is online, else the last record (``refreshed`` false)."""
    device = await get_device(db, caller, body.deviceId)
    return ok(await service.list_maps(db, _http(request), device))


@router.call("/deleteMapById", answer=DeletedOut)
async def delete_map_by_id(body: DeleteByIdIn, request: Request, db: DbSession,
                           caller: Caller = require(f"{PAGE}/delete")) -> JsonResponse:
    """Deletes a map on the robot and in the record; refused naming the tasks that use it, unless ``force``."""
    device, row = await service.map_by_id(db, caller, body.id)
    return ok(await service.delete_map(db, _http(request), device, row.name, body.force))


@router.get("/deleteMap2/{deviceId}/{mapName}", response_model=None, responses={200: {"model": Envelope[DeletedOut]}})
async def delete_map2(deviceId: Id, mapName: MapName, request: Request, db: DbSession,  # noqa: N803 - API names
                      force: Annotated[int, Query(ge=0, le=1)] = 0,
                      caller: Caller = require(f"{PAGE}/delete")) -> JsonResponse:
    """GET form of the delete: ``/map/deleteMap2/<deviceId>/<map name>?force=1``."""
    device = await get_device(db, caller, deviceId)
    return ok(await service.delete_map(db, _http(request), device, mapName, force == 1))


_REFUSAL = refusal_answer("a refusal")["content"]
DOWNLOAD_ANSWER = {"description": "the map archive (map.png + map.json), or a refusal envelope",
                   "content": {"application/zip": {}, **_REFUSAL}}


@router.post("/download", response_class=Response, responses={200: DOWNLOAD_ANSWER})
async def download(body: MapRef, request: Request, db: DbSession,
                   caller: Caller = require(f"{PAGE}/download")) -> Response:
    """The map as one file (zip: map.png and map.json) to keep or import onto another robot."""
    device = await get_device(db, caller, body.deviceId)
    data = await service.download(db, _http(request), device, body.mapName)
    filename = quote(f"{body.mapName}.cfmap.zip", safe="")
    return Response(data, media_type="application/zip",
                    headers={"Content-Disposition": f"attachment; filename*=UTF-8''{filename}",
                             "X-Content-Type-Options": "nosniff"})


@router.call("/import", answer=ImportedOut, upload_bytes=upload_body_bytes(archive.MAX_ARCHIVE_BYTES),
             refusals={Code.CONFLICT: MapInUseOut})
async def import_map(request: Request, db: DbSession, deviceId: int = Form(ge=1, le=MAX_ID),  # noqa: N803
                     mapName: str | None = Form(default=None, max_length=128),  # noqa: N803
                     replaceInUse: bool = Form(default=False,  # noqa: N803
                                               description="replace a same-named map that tasks or schedules use"),
                     file: UploadFile = File(description="a map file from /map/download (zip, at most 32 MB)"),
                     caller: Caller = require(f"{PAGE}/import")) -> JsonResponse:
    """Puts a downloaded map file onto a robot (a same-named map is replaced whole); ``mapName`` renames it.
    A same-named map that the robot's tasks or schedules use is refused (CONFLICT naming them) unless
    ``replaceInUse``."""
    device = await get_device(db, caller, deviceId)
    name = (mapName or "").strip() or None
    return ok(await service.import_map(db, _http(request), caller, device, file.file, file.size, name,
                                       replaceInUse))


@router.call("/sync", answer=list[SyncOut], refusals={Code.CONFLICT: MapInUseOut})
async def sync(body: SyncIn, request: Request, db: DbSession, caller: Caller = require(f"{PAGE}/sync")) -> JsonResponse:
    """Sends a map from a source robot to target robots through the message queue; one row per target. When a
    target's same-named map is used by its tasks or schedules, the whole call is refused naming those targets
    (nothing is sent) unless ``replaceInUse``."""
    source = await get_device(db, caller, body.deviceId)
    rows = await service.start_sync(db, _http(request), _commands(request), caller, source, body.mapName,
                                    body.targetDeviceIds, body.replaceInUse, _expiry(request))
    return ok(rows)


@router.call("/syncRetry", answer=SyncOut)
async def sync_retry(body: SyncIdIn, request: Request, db: DbSession,
                     caller: Caller = require(f"{PAGE}/sync")) -> JsonResponse:
    """Sends a failed sync again (the map is read from the source again); a target past its expiry counts as
    failed."""
    return ok(await service.retry_sync(db, _http(request), _commands(request), caller, body.id, _expiry(request)))


@router.call("/syncList", answer=list[SyncOut])
async def sync_list(body: DeviceIn, request: Request, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """The newest map syncs from or to a robot, with each side's outcome; a target that has not taken its map
    within the expiry (CLEANFLEET_MAP_SYNC_EXPIRY_HOURS) is failed as it is read."""
    device = await get_device(db, caller, body.deviceId)
    return ok(await service.list_syncs(db, caller, device, _expiry(request)))
