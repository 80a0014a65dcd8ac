"""Video: a live MJPEG stream through the server by viewing session (ending when stopped or expired), clips by
date range played and deleted, and the refusals."""

import json
from datetime import timedelta

import pytest
from cleanfleet_sim import camera

from cleanfleet.core.codes import Code
from cleanfleet.maps.robot import RobotHttp
from cleanfleet.robotdata import video
from cleanfleet.robotdata.models import VideoSession


def http(app) -> RobotHttp:
    return RobotHttp(app.state.relay_client, 5.0)


def token_of(url: str) -> str:
    return url.split("t=", 1)[1]


async def frames_from(app, url: str, count: int) -> list[bytes]:
    _, chunks = await video.relay(app.state.db.sessions, http(app), token_of(url))
    body = b""
    async for chunk in chunks:
        body += chunk
        if body.count(b"\xff\xd9") >= count:
            break
    await chunks.aclose()
    return [part for part in body.split(b"--frame\r\n") if b"\xff\xd8" in part][:count]


async def test_a_live_stream_plays_through_the_server_until_stopped(app, setup):
    serial = setup.robots[0].sn
    started = await setup.staff.call("/qiniuQvs/startStream", {"deviceSerialNumber": serial, "camera": 2})
    assert started.code == 0, started.body
    data = started.data
    assert data["url"].startswith("/api/qiniuQvs/live?t=") and data["camera"] == 2
    assert data["warnAt"] < data["expiresAt"]
    frames = await frames_from(app, data["url"], 3)
    assert len(frames) == 3 and len(set(frames)) == 3
    stopped = await setup.staff.call("/qiniuQvs/stopStream", {"deviceSerialNumber": serial})
    assert stopped.data == {"stopped": 1}
    ended = await setup.staff.client.get(data["url"])
    assert ended.status_code == 404 and ended.json()["message"]["code"] == Code.NOT_FOUND


async def test_an_expired_stream_is_refused(app, setup, db):
    started = await setup.staff.call("/qiniuQvs/startStream", {"deviceSerialNumber": setup.robots[1].sn})
    row = await db.get(VideoSession, started.data["streamId"])
    row.expires_at -= timedelta(minutes=video.STREAM_MINUTES + 1)
    await db.commit()
    assert (await setup.staff.client.get(started.data["url"])).status_code == 404
    assert (await setup.staff.client.get("/api/qiniuQvs/live?t=nope")).status_code == 404


async def test_clips_are_listed_by_range_played_and_deleted(app, setup, monkeypatch):
    monkeypatch.setattr(camera, "FPS", 1000)
    robot = setup.robots[0]
    today = robot.now().date()
    listed = await setup.staff.call("/qiniuQvs/recordList", {"deviceSerialNumber": robot.sn,
                                                             "startDate": str(today - timedelta(days=2)),
                                                             "endDate": str(today)})
    assert listed.code == 0, listed.body
    assert len(listed.data) == 4 and {clip["camera"] for clip in listed.data} == {1, 2}
    yesterday = await setup.staff.call("/qiniuQvs/recordList", {"deviceSerialNumber": robot.sn,
                                                                "startDate": str(today - timedelta(days=1)),
                                                                "endDate": str(today - timedelta(days=1))})
    assert len(yesterday.data) == 2
    clip = listed.data[0]
    played = await setup.staff.call("/qiniuQvs/playRecord", {"deviceSerialNumber": robot.sn, "name": clip["name"]})
    assert played.code == 0, played.body
    body = (await setup.staff.client.get(played.data["url"])).content
    assert body.count(b"\xff\xd8") == clip["frames"]
    deleted = await setup.staff.call("/qiniuQvs/recordDel", {"fileJsonArr": [
        {"deviceSerialNumber": robot.sn, "name": clip["name"]}]})
    assert deleted.data == {"deleted": 1}
    gone = await setup.staff.call("/qiniuQvs/playRecord", {"deviceSerialNumber": robot.sn, "name": clip["name"]})
    assert (await setup.staff.client.get(gone.data["url"])).status_code == 404


@pytest.mark.parametrize(("body", "field"), [
    ({"startDate": "2026-11-20", "endDate": "2026-11-19"}, "startDate"),
    ({"startDate": "2026-11-01", "endDate": "2026-11-20"}, "startDate"),
    ({"startDate": "20-11-2026", "endDate": "2026-11-20"}, "startDate"),
])
async def test_a_bad_range_is_refused_naming_the_field(setup, body, field):
    answer = await setup.staff.call("/qiniuQvs/recordList", {"deviceSerialNumber": setup.robots[0].sn, **body})
    assert answer.code == Code.BAD_PARAMETER and answer.field == field


async def test_another_branch_and_bad_cameras_are_refused(setup):
    serial = setup.robots[0].sn
    other = await setup.other.call("/qiniuQvs/startStream", {"deviceSerialNumber": serial})
    assert other.code == Code.NOT_FOUND and other.field == "deviceSerialNumber"
    others_clips = await setup.other.call("/qiniuQvs/recordDel", {"fileJsonArr": [
        {"deviceSerialNumber": serial, "name": "front_20261122_090000.mjpeg"}]})
    assert others_clips.code == Code.NOT_FOUND
    bad_camera = await setup.staff.call("/qiniuQvs/startStream", {"deviceSerialNumber": serial, "camera": 7})
    assert bad_camera.code == Code.BAD_PARAMETER and bad_camera.field == "camera"


async def test_record_del_takes_the_clip_list_form_encoded_as_the_spec_gives_it(setup):
    """api-spec 7.9: /qiniuQvs/recordDel {fileJsonArr}; a form body carries the list as JSON text."""
    robot = setup.robots[0]
    today = robot.now().date()
    listed = await setup.staff.call("/qiniuQvs/recordList", {"deviceSerialNumber": robot.sn,
                                                             "startDate": str(today - timedelta(days=2)),
                                                             "endDate": str(today)})
    first, second = listed.data[0]["name"], listed.data[1]["name"]
    as_form = await setup.staff.call("/qiniuQvs/recordDel", {"fileJsonArr": json.dumps(
        [{"deviceSerialNumber": robot.sn, "name": first}])}, form=True)
    assert as_form.code == 0, as_form.body
    assert as_form.data == {"deleted": 1}
    as_json = await setup.staff.call("/qiniuQvs/recordDel", {"fileJsonArr": [
        {"deviceSerialNumber": robot.sn, "name": second}]})
    assert as_json.data == {"deleted": 1}
    left = await setup.staff.call("/qiniuQvs/recordList", {"deviceSerialNumber": robot.sn,
                                                           "startDate": str(today - timedelta(days=2)),
                                                           "endDate": str(today)})
    assert {clip["name"] for clip in left.data}.isdisjoint({first, second})
    broken = await setup.staff.call("/qiniuQvs/recordDel", {"fileJsonArr": "[{"}, form=True)
    assert broken.code == Code.BAD_PARAMETER and broken.field == "fileJsonArr"
    assert broken.message == "必须是列表"  # the default language (zh-CN): "Must be a list"
