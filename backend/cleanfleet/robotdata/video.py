"""Live video and recorded clips (/qiniuQvs/*): the robot's MJPEG through the server, by viewing session.

- ``startStream`` opens a viewing session for the caller on a robot of its subtree (online), answering a URL
  ``/api/qiniuQvs/live?t=<token>`` for an ``<img src>`` (an image request sends no token header, so the
  session's 128-bit random token is the authority; it names one robot and camera and ends with the session).
- A live session lasts ``STREAM_MINUTES`` (10, a default the spec leaves open); the console warns 5 minutes
  before the end (api-spec 9, "Live video remaining time"), and the relay stops sending when it ends.
  ``stopStream`` ends the caller's live sessions on that robot at once.
- Clips: ``recordList`` asks the robot for its clips in a date range (at most 7 days, api-spec 9); playing one
  (``playRecord``) opens a session of ``CLIP_MINUTES`` for that clip; ``recordDel`` deletes clips on the robots.
"""

import secrets
from collections.abc import AsyncIterator, Sequence
from datetime import date, timedelta
from typing import Any

import httpx
from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from cleanfleet.core import ranges
from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError
from cleanfleet.devices.access import get_device_by_serial
from cleanfleet.devices.models import Device
from cleanfleet.maps import robot
from cleanfleet.maps.robot import RobotHttp
from cleanfleet.robotdata import texts
from cleanfleet.robotdata.models import VideoSession
from cleanfleet.robotdata.service import iso

STREAM_MINUTES = 10
WARN_MINUTES = 5
CLIP_MINUTES = 10
LIVE_PATH = "/api/qiniuQvs/live"
CHECK_EVERY_CHUNKS = 50  # the relay looks at the session (stopped?) every so many chunks


def session_answer(row: VideoSession) -> dict[str, Any]:
    return {"streamId": row.id, "url": f"{LIVE_PATH}?t={row.token}", "camera": row.camera,
            "startedAt": iso(row.started_at), "expiresAt": iso(row.expires_at),
            "warnAt": iso(row.expires_at - timedelta(minutes=WARN_MINUTES))}


async def _open(db: AsyncSession, caller: Caller, device: Device, camera: int, clip: str, minutes: int) -> VideoSession:
    await robot.address(db, device)  # offline: refused
    now = utcnow()
    row = VideoSession(token=secrets.token_hex(16), device_id=device.id, user_id=caller.user_id, camera=camera,
                       clip=clip, started_at=now, expires_at=now + timedelta(minutes=minutes))
    db.add(row)
    return row


async def start_stream(db: AsyncSession, caller: Caller, serial: str, camera: int) -> dict[str, Any]:
    device = await get_device_by_serial(db, caller, serial)
    await _stop(db, caller, device)
    row = await _open(db, caller, device, camera, "", STREAM_MINUTES)
    await db.commit()
    return session_answer(row)


async def _stop(db: AsyncSession, caller: Caller, device: Device) -> int:
    result = await db.execute(
        update(VideoSession).where(VideoSession.device_id == device.id, VideoSession.user_id == caller.user_id,
                                   VideoSession.clip == "", VideoSession.stopped_at.is_(None),
                                   VideoSession.expires_at > utcnow()).values(stopped_at=utcnow()))
    return int(getattr(result, "rowcount", 0) or 0)


async def stop_stream(db: AsyncSession, caller: Caller, serial: str) -> dict[str, Any]:
    device = await get_device_by_serial(db, caller, serial)
    stopped = await _stop(db, caller, device)
    await db.commit()
    return {"stopped": stopped}


def _range(start: date, end: date) -> None:
    """core/ranges.py's rule with the clips' span (the spec's 7 days), naming ``startDate``."""
    ranges.check_days(start, end, ranges.VIDEO_CLIPS)


async def record_list(db: AsyncSession, http: RobotHttp, caller: Caller, serial: str, start: date,
                      end: date) -> list[dict[str, Any]]:
    _range(start, end)
    device = await get_device_by_serial(db, caller, serial)
    at = await robot.address(db, device)
    answer = await robot.call(http, at, "camera_records", busy=None,
                              json={"start": f"{start}T00:00:00", "end": f"{end}T23:59:59"})
    rows = []
    for item in answer.get("records") or []:
        if isinstance(item, dict) and isinstance(item.get("name"), str):
            rows.append({"name": item["name"][:128], "camera": int(item.get("camera") or 1),
                         "start": str(item.get("start") or "")[:19], "seconds": float(item.get("seconds") or 0),
                         "frames": int(item.get("frames") or 0), "size": int(item.get("size") or 0)})
    return rows


async def record_delete(db: AsyncSession, http: RobotHttp, caller: Caller,
                        files: Sequence[tuple[str, str]]) -> int:
    """Deletes clips, grouped by robot; every robot is checked (scope, online) before any is asked."""
    by_serial: dict[str, list[str]] = {}
    for serial, name in files:
        by_serial.setdefault(serial, []).append(name)
    targets = []
    for serial, names in by_serial.items():
        device = await get_device_by_serial(db, caller, serial, field="fileJsonArr")
        targets.append((await robot.address(db, device), names))
    deleted = 0
    for at, names in targets:
        answer = await robot.call(http, at, "camera_record_del", busy=None, json={"names": names})
        deleted += int(answer.get("deleted") or 0)
    return deleted


async def play_record(db: AsyncSession, caller: Caller, serial: str, name: str) -> dict[str, Any]:
    device = await get_device_by_serial(db, caller, serial)
    camera = 2 if name.startswith("rear_") else 1
    row = await _open(db, caller, device, camera, name, CLIP_MINUTES)
    await db.commit()
    return session_answer(row)


async def _session(db: AsyncSession, token: str) -> VideoSession | None:
    row = await db.scalar(select(VideoSession).where(VideoSession.token == token)) if len(token) == 32 else None
    if row is None or row.stopped_at is not None or row.expires_at <= utcnow():
        return None
    return row


async def relay(sessions: async_sessionmaker[AsyncSession], http: RobotHttp, token: str
                ) -> tuple[httpx.Response, AsyncIterator[bytes]]:
    """The robot's MJPEG answer for a session, and its bytes until the session ends or is stopped."""
    async with sessions() as db:
        row = await _session(db, token)
        device = await db.get(Device, row.device_id) if row is not None else None
        if row is None or device is None:
            raise ApiError(Code.NOT_FOUND, texts.STREAM_ENDED, field="t", status=404)
        at = await robot.address(db, device)
        clip, camera = row.clip, row.camera
    path = f"api2/camera/record/{clip}" if clip else f"api2/camera/live/{camera}.mjpg"
    request = http.client.build_request("GET", at.base + path, timeout=httpx.Timeout(http.timeout, read=30))
    try:
        answer = await http.client.send(request, stream=True)
    except httpx.TransportError as exc:
        raise ApiError(Code.DEVICE_OFFLINE, at.serial_number, field="deviceId") from exc
    if answer.status_code != 200:
        await answer.aclose()
        raise ApiError(Code.NOT_FOUND, texts.CLIP_NOT_FOUND if clip else texts.STREAM_ENDED, field="t",
                       values={"name": clip}, status=404)

    async def chunks() -> AsyncIterator[bytes]:
        count = 0
        try:
            async for chunk in answer.aiter_raw():
                yield chunk
                count += 1
                if count % CHECK_EVERY_CHUNKS == 0:
                    async with sessions() as db:
                        if await _session(db, token) is None:
                            return
        except httpx.HTTPError:
            return
        finally:
            await answer.aclose()

    return answer, chunks()
