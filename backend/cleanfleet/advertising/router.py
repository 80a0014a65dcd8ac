"""Advertising (/advertising/*, page device/ad) and /device/selectDeviceAdvertising (what a robot plays).

Reading needs the page key ``device/ad``; adding media or playlists its ``add`` button, changing a playlist or
assigning it to robots ``edit``, deleting ``delete``. Media are uploaded with /oss/upload first. A robot's pad
(or the device list) asks /device/selectDeviceAdvertising, open to ``device/index`` and ``device/ad``.
"""

from fastapi import Request

from cleanfleet.advertising import service
from cleanfleet.advertising.schemas import (
    AdId,
    AdSearch,
    AdvertisingOut,
    Assigned,
    AssignIn,
    MediaIn,
    MediaOut,
    MediaPage,
    PlaylistIn,
    PlaylistOut,
    PlaylistPage,
    PlaylistUpdate,
    SerialIn,
    UnassignIn,
)
from cleanfleet.core.auth import Caller, require, require_any
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.paging import paginate
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices.access import get_device_by_serial

router = ApiRouter(prefix="/advertising", tags=["advertising"])
device_ads = ApiRouter(prefix="/device", tags=["advertising"])
PAGE = "device/ad"


@router.call("/mediaList", answer=MediaPage)
async def media_list(body: AdSearch, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """The subtree's advertising media, newest first."""
    return ok(await paginate(db, service.media_query(caller, body.name), body, row=service.media_answer,
                             scalars=False))


@router.call("/mediaAdd", answer=MediaOut)
async def media_add(body: MediaIn, request: Request, db: DbSession,
                    caller: Caller = require(f"{PAGE}/add")) -> JsonResponse:
    """Make an uploaded image, video or audio file advertising media (its bytes decide what it is)."""
    return ok(await service.add_media(db, request.app.state.store, caller, body))


@router.call("/mediaDelete", answer=AdId)
async def media_delete(body: AdId, db: DbSession, caller: Caller = require(f"{PAGE}/delete")) -> JsonResponse:
    """Delete media: it leaves every playlist (its stored file stays, see the file host screen)."""
    await service.delete_media(db, caller, body.id)
    return ok({"id": body.id})


@router.call("/playlistList", answer=PlaylistPage)
async def playlist_list(body: AdSearch, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """The subtree's playlists with their media in order and the robots playing them."""
    page = await paginate(db, service.playlists_query(caller, body.name), body)
    return ok(await service.playlist_page(db, page, caller))


@router.call("/playlistAdd", answer=PlaylistOut)
async def playlist_add(body: PlaylistIn, db: DbSession, caller: Caller = require(f"{PAGE}/add")) -> JsonResponse:
    """A new playlist (name unique per owner) with media in order, each shown its seconds."""
    return ok(await service.one_playlist(db, caller, await service.add_playlist(db, caller, body)))


@router.call("/playlistUpdate", answer=PlaylistOut)
async def playlist_update(body: PlaylistUpdate, db: DbSession,
                          caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """Rename a playlist or give it a new order of media (only what is sent changes)."""
    return ok(await service.one_playlist(db, caller, await service.update_playlist(db, caller, body)))


@router.call("/playlistDelete", answer=AdId)
async def playlist_delete(body: AdId, db: DbSession, caller: Caller = require(f"{PAGE}/delete")) -> JsonResponse:
    """Delete a playlist; its robots play nothing until another is assigned."""
    await service.delete_playlist(db, caller, body.id)
    return ok({"id": body.id})


@router.call("/assign", answer=Assigned)
async def assign(body: AssignIn, db: DbSession, caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """The robots play this playlist from now on (a robot plays one playlist: this replaces its previous)."""
    ids = await service.assign(db, caller, body.playlistId, body.deviceIds)
    return ok({"playlistId": body.playlistId, "deviceIds": ids})


@router.call("/unassign", answer=Assigned)
async def unassign(body: UnassignIn, db: DbSession, caller: Caller = require(f"{PAGE}/edit")) -> JsonResponse:
    """The robots play no playlist any more."""
    return ok({"playlistId": None, "deviceIds": await service.unassign(db, caller, body.deviceIds)})


@device_ads.call("/selectDeviceAdvertising", answer=AdvertisingOut)
async def select_device_advertising(body: SerialIn, request: Request, db: DbSession,
                                    caller: Caller = require_any("device/index", PAGE)) -> JsonResponse:
    """What the robot's pad plays, in order, each item with its download link (empty: no playlist assigned)."""
    device = await get_device_by_serial(db, caller, body.deviceSerialNumber)
    return ok(await service.device_advertising(db, request.app.state.settings, device))
