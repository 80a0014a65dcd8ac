"""Advertising: media over stored files, playlists of media, a playlist per robot, and what a robot plays.

Everything is owned by the acting user who made it and seen by its subtree. A playlist's media and robots must
be the caller's to see; a playlist name is unique per owner. Deleting media takes it out of every playlist;
deleting a playlist leaves its robots with none.
"""

from collections import defaultdict
from typing import Any

from sqlalchemy import Select, delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.advertising import texts
from cleanfleet.advertising.models import AdAssignment, AdMedia, AdPlaylist, AdPlaylistItem
from cleanfleet.advertising.schemas import ItemIn, MediaIn, PlaylistIn, PlaylistUpdate
from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, not_found
from cleanfleet.core.scope import in_subtree
from cleanfleet.devices.access import get_devices
from cleanfleet.devices.models import Device
from cleanfleet.settings import Settings
from cleanfleet.storage import service as storage
from cleanfleet.storage.backends import Store
from cleanfleet.storage.models import OssObject, StoredFile

KINDS = ("image", "video", "audio")


def media_query(caller: Caller, name: str | None) -> Select[*tuple[Any, ...]]:
    found = (select(AdMedia, OssObject, StoredFile).join(OssObject, OssObject.id == AdMedia.oss_id)
             .join(StoredFile, StoredFile.id == OssObject.file_id).where(in_subtree(AdMedia.owner_path, caller)))
    if name:
        found = found.where(AdMedia.name.contains(name, autoescape=True))
    return found.order_by(AdMedia.created_at.desc(), AdMedia.id.desc())


def media_answer(row: Any) -> dict[str, Any]:
    media, obj, stored = row
    return {"id": media.id, "name": media.name, "kind": media.kind, "seconds": media.seconds,
            "savePath": obj.save_path, "isPrivate": obj.private, "fileName": obj.name, "size": stored.size,
            "contentType": stored.content_type, "userId": media.owner_user_id,
            "createTime": media.created_at.isoformat()}


async def add_media(db: AsyncSession, store: Store, caller: Caller, body: MediaIn) -> dict[str, Any]:
    """Media over an uploaded file whose bytes are an image, a video or an audio file (decided from the stored
    bytes, storage/content_types.py: never the type the uploader declared; an older upload's record takes the
    decided type); BAD_FILE naming ``savePath`` otherwise. Commits."""
    obj, stored = await storage.oss_object(db, caller, body.isPrivate, body.savePath)
    served = await storage.served_type(store, stored, obj.name)
    if served is None or served.kind not in KINDS:
        raise ApiError(Code.BAD_FILE, texts.NOT_MEDIA, field="savePath")
    kind = served.kind
    stored.content_type = served.content_type
    media = AdMedia(name=body.name, kind=kind, oss_id=obj.id, seconds=body.seconds,
                    owner_user_id=caller.acting_user_id, owner_path=caller.acting_path)
    db.add(media)
    await db.commit()
    return media_answer((media, obj, stored))


async def _media(db: AsyncSession, caller: Caller, media_id: int, field: str = "id") -> AdMedia:
    media = await db.get(AdMedia, media_id)
    if media is None or not caller.owns_path(media.owner_path):
        raise not_found(texts.MEDIA_NOT_FOUND, field=field, id=media_id)
    return media


async def delete_media(db: AsyncSession, caller: Caller, media_id: int) -> None:
    """Delete the media (not its stored file, which the file host screen still lists). Commits."""
    media = await _media(db, caller, media_id)
    await db.execute(delete(AdPlaylistItem).where(AdPlaylistItem.media_id == media.id))
    await db.delete(media)
    await db.commit()


async def _playlist(db: AsyncSession, caller: Caller, playlist_id: int, field: str = "id") -> AdPlaylist:
    playlist = await db.get(AdPlaylist, playlist_id)
    if playlist is None or not caller.owns_path(playlist.owner_path):
        raise not_found(texts.PLAYLIST_NOT_FOUND, field=field, id=playlist_id)
    return playlist


async def _unique_name(db: AsyncSession, owner_id: int, name: str, playlist_id: int | None = None) -> None:
    query = select(AdPlaylist.id).where(AdPlaylist.owner_user_id == owner_id, AdPlaylist.name == name)
    if playlist_id is not None:
        query = query.where(AdPlaylist.id != playlist_id)
    if await db.scalar(query) is not None:
        raise ApiError(Code.ALREADY_EXISTS, texts.NAME_TAKEN, field="name", values={"name": name})


async def _set_items(db: AsyncSession, caller: Caller, playlist: AdPlaylist, items: list[ItemIn]) -> None:
    media = {}
    for index, item in enumerate(items):
        media[item.mediaId] = await _media(db, caller, item.mediaId, field=f"items.{index}.mediaId")
    await db.execute(delete(AdPlaylistItem).where(AdPlaylistItem.playlist_id == playlist.id))
    for position, item in enumerate(items):
        db.add(AdPlaylistItem(playlist_id=playlist.id, media_id=item.mediaId, position=position,
                              seconds=item.seconds or media[item.mediaId].seconds))


async def add_playlist(db: AsyncSession, caller: Caller, body: PlaylistIn) -> int:
    await _unique_name(db, caller.acting_user_id, body.name)
    playlist = AdPlaylist(name=body.name, owner_user_id=caller.acting_user_id, owner_path=caller.acting_path)
    db.add(playlist)
    await db.flush()
    await _set_items(db, caller, playlist, body.items)
    await db.commit()
    return playlist.id


async def update_playlist(db: AsyncSession, caller: Caller, body: PlaylistUpdate) -> int:
    playlist = await _playlist(db, caller, body.id)
    if body.name is not None and body.name != playlist.name:
        await _unique_name(db, playlist.owner_user_id, body.name, playlist.id)
        playlist.name = body.name
    if body.items is not None:
        await _set_items(db, caller, playlist, body.items)
    playlist.updated_at = utcnow()
    await db.commit()
    return playlist.id


async def delete_playlist(db: AsyncSession, caller: Caller, playlist_id: int) -> None:
    playlist = await _playlist(db, caller, playlist_id)
    await db.execute(delete(AdAssignment).where(AdAssignment.playlist_id == playlist.id))
    await db.execute(delete(AdPlaylistItem).where(AdPlaylistItem.playlist_id == playlist.id))
    await db.delete(playlist)
    await db.commit()


async def assign(db: AsyncSession, caller: Caller, playlist_id: int, device_ids: list[int]) -> list[int]:
    """The robots play this playlist from now on (instead of any other). Commits."""
    playlist = await _playlist(db, caller, playlist_id, field="playlistId")
    devices = await get_devices(db, caller, device_ids)
    ids = [d.id for d in devices]
    await db.execute(delete(AdAssignment).where(AdAssignment.device_id.in_(ids)))
    for device_id in ids:
        db.add(AdAssignment(device_id=device_id, playlist_id=playlist.id, assigned_at=utcnow()))
    await db.commit()
    return ids


async def unassign(db: AsyncSession, caller: Caller, device_ids: list[int]) -> list[int]:
    devices = await get_devices(db, caller, device_ids)
    ids = [d.id for d in devices]
    await db.execute(delete(AdAssignment).where(AdAssignment.device_id.in_(ids)))
    await db.commit()
    return ids


def playlists_query(caller: Caller, name: str | None) -> Select[*tuple[Any, ...]]:
    found = select(AdPlaylist).where(in_subtree(AdPlaylist.owner_path, caller))
    if name:
        found = found.where(AdPlaylist.name.contains(name, autoescape=True))
    return found.order_by(AdPlaylist.updated_at.desc(), AdPlaylist.id.desc())


async def playlist_answers(db: AsyncSession, caller: Caller, playlists: list[AdPlaylist]) -> list[dict[str, Any]]:
    ids = [p.id for p in playlists]
    items: dict[int, list[dict[str, Any]]] = defaultdict(list)
    devices: dict[int, list[dict[str, Any]]] = defaultdict(list)
    if ids:
        found = await db.execute(select(AdPlaylistItem, AdMedia).join(AdMedia, AdMedia.id == AdPlaylistItem.media_id)
                                 .where(AdPlaylistItem.playlist_id.in_(ids)).order_by(AdPlaylistItem.position))
        for item, media in found.all():
            items[item.playlist_id].append({"mediaId": media.id, "name": media.name, "kind": media.kind,
                                            "seconds": item.seconds})
        robots = await db.execute(select(AdAssignment.playlist_id, Device)
                                .join(Device, Device.id == AdAssignment.device_id)
                                .where(AdAssignment.playlist_id.in_(ids), in_subtree(Device.owner_path, caller))
                                .order_by(Device.serial_number))
        for playlist_id, device in robots.all():
            devices[playlist_id].append({"deviceId": device.id, "deviceCode": device.name,
                                         "deviceSerialNumber": device.serial_number})
    return [{"id": p.id, "name": p.name, "items": items[p.id], "devices": devices[p.id],
             "totalSeconds": sum(i["seconds"] for i in items[p.id]), "userId": p.owner_user_id,
             "updateTime": p.updated_at.isoformat()} for p in playlists]


async def playlist_page(db: AsyncSession, page: dict[str, Any], caller: Caller) -> dict[str, Any]:
    return {**page, "list": await playlist_answers(db, caller, page["list"])}


async def one_playlist(db: AsyncSession, caller: Caller, playlist_id: int) -> dict[str, Any]:
    return (await playlist_answers(db, caller, [await _playlist(db, caller, playlist_id)]))[0]


async def device_advertising(db: AsyncSession, settings: Settings, device: Device) -> dict[str, Any]:
    """What the robot's pad plays: its playlist's media in order, each with a download link."""
    playlist = await db.scalar(select(AdPlaylist).join(AdAssignment, AdAssignment.playlist_id == AdPlaylist.id)
                               .where(AdAssignment.device_id == device.id))
    answer: dict[str, Any] = {"deviceSerialNumber": device.serial_number, "playlistId": None, "playlistName": "",
                              "list": []}
    if playlist is None:
        return answer
    rows = await db.execute(
        select(AdPlaylistItem, AdMedia, OssObject, StoredFile).join(AdMedia, AdMedia.id == AdPlaylistItem.media_id)
        .join(OssObject, OssObject.id == AdMedia.oss_id).join(StoredFile, StoredFile.id == OssObject.file_id)
        .where(AdPlaylistItem.playlist_id == playlist.id).order_by(AdPlaylistItem.position))
    for sort, (item, media, obj, stored) in enumerate(rows.all(), start=1):
        url, expires = storage.link_for(settings, stored, obj.name)
        answer["list"].append({"sort": sort, "mediaId": media.id, "name": media.name, "type": media.kind, "url": url,
                               "expiresAt": expires, "seconds": item.seconds, "contentType": stored.content_type,
                               "size": stored.size, "sha256": stored.sha256})
    return {**answer, "playlistId": playlist.id, "playlistName": playlist.name}


async def media_count(db: AsyncSession, caller: Caller) -> int:
    return await db.scalar(select(func.count()).select_from(AdMedia).where(in_subtree(AdMedia.owner_path, caller))) or 0
