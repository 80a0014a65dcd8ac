"""Advertising (/advertising/*, /device/selectDeviceAdvertising): media, playlists, robots, what a robot plays."""

from typing import Any

import pytest

from cleanfleet.core.codes import Code
from cleanfleet.roles.catalogue import keys_under
from cleanfleet.storage.models import StoredFile
from tests.files.uploads import MP4_HEAD, fetch, upload
from tests.permission_matrix import fresh_name, png_bytes


@pytest.fixture
async def advertiser(admin, make_user, signed_in) -> Any:
    role = await admin.call("/user/role/insert", {"name": fresh_name("ads"),
                                                  "keys": sorted(keys_under("device/ad", "device/index"))})
    assert role.code == 0, role.body
    user, password = await make_user(2, roles=[role.data["id"]])
    api = await signed_in(user, password)
    api.user = user
    types = await admin.call("/device/insertDeviceType", {"typeName": fresh_name("Ad model")})
    api.devices = []
    for _ in range(2):
        device = await admin.call("/device/insertDevice", {"deviceSerialNumber": fresh_name("AD"), "deviceCode": "Pad",
                                                           "deviceType": types.data["typeId"], "userId": user.id})
        assert device.code == 0, device.body
        api.devices.append(device.data)
    return api


async def _media(api, name: str, content_type: str = "image/png", data: bytes | None = None, seconds: int = 8) -> dict:
    saved = (await upload(api, f"{name}.{content_type.split('/')[1]}", data or png_bytes(), folder="ads",
                          content_type=content_type)).data
    added = await api.call("/advertising/mediaAdd", {"name": name, "savePath": saved["savePath"], "seconds": seconds})
    assert added.code == 0, added.body
    return added.data


async def test_a_robot_plays_its_assigned_playlist_in_order(advertiser):
    poster = await _media(advertiser, "poster", seconds=12)
    clip = await _media(advertiser, "clip", "video/mp4", MP4_HEAD + b"clip", seconds=5)
    playlist = await advertiser.call("/advertising/playlistAdd", {
        "name": "Lobby", "items": [{"mediaId": clip["id"]}, {"mediaId": poster["id"], "seconds": 20}]})
    assert playlist.code == 0, playlist.body
    assert [(i["name"], i["seconds"]) for i in playlist.data["items"]] == [("clip", 5), ("poster", 20)]
    assert playlist.data["totalSeconds"] == 25

    serial = advertiser.devices[0]["deviceSerialNumber"]
    before = await advertiser.call("/device/selectDeviceAdvertising", {"deviceSerialNumber": serial})
    assert before.code == 0 and before.data["list"] == [] and before.data["playlistId"] is None

    assigned = await advertiser.call("/advertising/assign", {"playlistId": playlist.data["id"],
                                                             "deviceIds": [advertiser.devices[0]["deviceId"]]})
    assert assigned.code == 0 and assigned.data["deviceIds"] == [advertiser.devices[0]["deviceId"]]
    plays = (await advertiser.call("/device/selectDeviceAdvertising", {"deviceSerialNumber": serial})).data
    assert plays["playlistName"] == "Lobby"
    assert [(p["sort"], p["name"], p["type"], p["seconds"]) for p in plays["list"]] == [
        (1, "clip", "video", 5), (2, "poster", "image", 20)]
    assert (await fetch(advertiser, plays["list"][1]["url"])).content == png_bytes()

    listed = (await advertiser.call("/advertising/playlistList", {})).data["list"]
    assert [d["deviceSerialNumber"] for d in listed[0]["devices"]] == [serial]

    reordered = await advertiser.call("/advertising/playlistUpdate", {"id": playlist.data["id"], "name": "Lobby 2",
                                                                      "items": [{"mediaId": poster["id"]}]})
    assert reordered.code == 0 and [i["seconds"] for i in reordered.data["items"]] == [12]
    plays = (await advertiser.call("/device/selectDeviceAdvertising", {"deviceSerialNumber": serial})).data
    assert [p["name"] for p in plays["list"]] == ["poster"] and plays["playlistName"] == "Lobby 2"

    await advertiser.call("/advertising/unassign", {"deviceIds": [advertiser.devices[0]["deviceId"]]})
    assert (await advertiser.call("/device/selectDeviceAdvertising", {"deviceSerialNumber": serial})).data["list"] == []


async def test_a_robot_plays_one_playlist_and_deleting_cleans_up(advertiser):
    poster = await _media(advertiser, "poster2")
    device_id = advertiser.devices[1]["deviceId"]
    first = (await advertiser.call("/advertising/playlistAdd",
                                   {"name": "A", "items": [{"mediaId": poster["id"]}]})).data
    second = (await advertiser.call("/advertising/playlistAdd", {"name": "B", "items": []})).data
    await advertiser.call("/advertising/assign", {"playlistId": first["id"], "deviceIds": [device_id]})
    await advertiser.call("/advertising/assign", {"playlistId": second["id"], "deviceIds": [device_id]})
    lists = {p["name"]: p for p in (await advertiser.call("/advertising/playlistList", {})).data["list"]}
    assert lists["A"]["devices"] == [] and [d["deviceId"] for d in lists["B"]["devices"]] == [device_id]

    assert (await advertiser.call("/advertising/mediaDelete", {"id": poster["id"]})).code == 0
    lists = {p["name"]: p for p in (await advertiser.call("/advertising/playlistList", {})).data["list"]}
    assert lists["A"]["items"] == []
    assert (await advertiser.call("/advertising/playlistDelete", {"id": second["id"]})).code == 0
    serial = advertiser.devices[1]["deviceSerialNumber"]
    assert (await advertiser.call("/device/selectDeviceAdvertising", {"deviceSerialNumber": serial})).data[
        "playlistId"] is None


async def test_refusals_name_the_field(advertiser, admin):
    doc = (await upload(advertiser, "notes.pdf", b"%PDF", folder="ads")).data
    not_media = await advertiser.call("/advertising/mediaAdd", {"name": "Notes", "savePath": doc["savePath"]})
    assert not_media.code == Code.BAD_FILE and not_media.field == "savePath"
    too_long = await advertiser.call("/advertising/mediaAdd", {"name": "X", "savePath": doc["savePath"], "seconds": 0})
    assert too_long.code == Code.BAD_PARAMETER and too_long.field == "seconds"
    missing = await advertiser.call("/advertising/playlistAdd", {"name": "P", "items": [{"mediaId": 99999999}]})
    assert missing.code == Code.NOT_FOUND and missing.field == "items.0.mediaId"
    assert (await advertiser.call("/advertising/playlistList", {"name": "P"})).data["total"] == 0
    (await advertiser.call("/advertising/playlistAdd", {"name": "Twice"}))
    twice = await advertiser.call("/advertising/playlistAdd", {"name": "Twice"})
    assert twice.code == Code.ALREADY_EXISTS and twice.field == "name"
    gone = await advertiser.call("/advertising/assign", {"playlistId": 99999999, "deviceIds": [1]})
    assert gone.code == Code.NOT_FOUND and gone.field == "playlistId"

    # a robot of another branch cannot be given a playlist
    types = await admin.call("/device/insertDeviceType", {"typeName": fresh_name("Other model")})
    foreign = await admin.call("/device/insertDevice", {"deviceSerialNumber": fresh_name("FX"), "deviceCode": "F",
                                                        "deviceType": types.data["typeId"]})
    playlist = (await advertiser.call("/advertising/playlistList", {"name": "Twice"})).data["list"][0]
    refused = await advertiser.call("/advertising/assign", {"playlistId": playlist["id"],
                                                            "deviceIds": [foreign.data["deviceId"]]})
    assert refused.code == Code.NOT_FOUND and refused.field == "deviceIds"
    unseen = await advertiser.call("/device/selectDeviceAdvertising",
                                   {"deviceSerialNumber": foreign.data["deviceSerialNumber"]})
    assert unseen.code == Code.NOT_FOUND


async def test_media_must_be_media_by_its_bytes_not_by_the_declared_type(advertiser, db):
    page = (await upload(advertiser, "poster.png", b"<html><script>alert(1)</script></html>", folder="ads",
                         content_type="image/png")).data
    refused = await advertiser.call("/advertising/mediaAdd", {"name": "Fake", "savePath": page["savePath"]},
                                    headers={"Accept-Language": "en"})
    assert refused.code == Code.BAD_FILE and refused.field == "savePath"
    assert refused.body["message"]["message"] == "Advertising media must be an image, a video or an audio file"

    # an upload recorded with the client's type before this rule: its bytes decide all the same
    old = (await upload(advertiser, "old.mp4", b"<html></html>", folder="ads", content_type="video/mp4")).data
    stored = await db.get(StoredFile, old["url"].split("/signed/")[1].split("?")[0])
    stored.content_type = "video/mp4"
    await db.commit()
    old_refused = await advertiser.call("/advertising/mediaAdd", {"name": "Old", "savePath": old["savePath"]})
    assert old_refused.code == Code.BAD_FILE and old_refused.field == "savePath"
    assert (await advertiser.call("/advertising/mediaList", {"name": "Fake"})).data["total"] == 0
    assert (await advertiser.call("/advertising/mediaList", {"name": "Old"})).data["total"] == 0

    # a real video declared as anything is video
    clip = (await upload(advertiser, "real.mp4", MP4_HEAD, folder="ads",
                         content_type="application/octet-stream")).data
    added = await advertiser.call("/advertising/mediaAdd", {"name": "Real", "savePath": clip["savePath"]})
    assert added.code == 0 and added.data["kind"] == "video" and added.data["contentType"] == "video/mp4"
