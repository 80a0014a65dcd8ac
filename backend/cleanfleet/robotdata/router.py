"""Device logs (/deviceLog/*), data backups (/device/backup ...), video (/qiniuQvs/*) and the robots' transfers.

Keys: logs read with ``device/log``, upload and cancel with ``device/log/upload``, delete with
``device/log/delete``; backups read with ``device/dataBackup``, start, cancel and retry with ``.../backup``,
restore with ``.../restore``, delete with ``.../delete``; clips listed with ``device/videoHistory``, live
video and clips watched with ``device/videoHistory/play``, clips deleted with ``device/videoHistory/delete``.
"""

from datetime import timedelta
from urllib.parse import quote

from fastapi import Query, Request
from fastapi.responses import Response, StreamingResponse
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.audit.service import record_read
from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import Envelope, JsonResponse, ok
from cleanfleet.core.openapi import refusal_answer
from cleanfleet.core.routing import ApiRouter
from cleanfleet.devices.access import get_device
from cleanfleet.maps.robot import RobotHttp
from cleanfleet.robotdata import service, transfers, video
from cleanfleet.robotdata.schemas import (
    BackupContentsOut,
    BackupListIn,
    BackupOut,
    BackupPage,
    DeleteByDateIn,
    DeletedOnRobotOut,
    DeletedOut,
    DeviceIn,
    IdIn,
    IdsIn,
    LogListIn,
    LogOut,
    LogPage,
    PlayRecordIn,
    RecordDelIn,
    RecordListIn,
    RecordOut,
    RestoreIn,
    RetryIn,
    RobotLogOut,
    RobotLogsIn,
    RosNavDeleteIn,
    StartStreamIn,
    StoppedOut,
    StopStreamIn,
    StreamOut,
    TransferOut,
    TransferStateIn,
    UploadIn,
)
from cleanfleet.storage.backends import Opened

LOGS, BACKUPS, VIDEO = "device/log", "device/dataBackup", "device/videoHistory"
log_router = ApiRouter(prefix="/deviceLog", tags=["device logs"])
backup_router = ApiRouter(prefix="/device", tags=["data backups"])
video_router = ApiRouter(prefix="/qiniuQvs", tags=["video"])
# unsigned: robots (transfer token) and <img> tags (viewing session token) call these
robot_side_router = ApiRouter(prefix="", tags=["robot transfers"], signed=False)


def _http(request: Request) -> RobotHttp:
    return RobotHttp(request.app.state.relay_client, request.app.state.settings.relay_timeout)


async def _fail_silent(request: Request, db: AsyncSession) -> None:
    """Before uploads are read or started: those whose robot went silent fail (service.fail_silent)."""
    await service.fail_silent(db, timedelta(seconds=request.app.state.settings.transfer_silence_seconds))


def _download(opened: Opened, filename: str, media_type: str) -> StreamingResponse:
    name = quote(filename, safe="")
    return StreamingResponse(opened.chunks, media_type=media_type, headers={
        "Content-Length": str(opened.size), "Content-Disposition": f"attachment; filename*=UTF-8''{name}",
        "X-Content-Type-Options": "nosniff"})


_REFUSAL = refusal_answer("a refusal")["content"]
FILE_ANSWER = {"description": "the file, or a refusal envelope",
               "content": {"application/octet-stream": {}, **_REFUSAL}}
BACKUP_ANSWER = {"description": "the backup archive (tar.gz), or a refusal envelope",
                 "content": {"application/gzip": {}, **_REFUSAL}}


# --- device logs ------------------------------------------------------------------------------------


async def _robot_logs(body: RobotLogsIn, request: Request, db: DbSession, caller: Caller, kind: str) -> JsonResponse:
    device = await get_device(db, caller, body.deviceId)
    return ok(await service.robot_logs(db, _http(request), device, kind))


@log_router.call("/listPad", answer=list[RobotLogOut])
async def list_pad(body: RobotLogsIn, request: Request, db: DbSession, caller: Caller = require(LOGS)) -> JsonResponse:
    """The robot's pad (tablet) logs, read from the robot now, each with its upload state."""
    return await _robot_logs(body, request, db, caller, "pad")


@log_router.call("/rosbagList", answer=list[RobotLogOut])
async def rosbag_list(body: RobotLogsIn, request: Request, db: DbSession,
                      caller: Caller = require(LOGS)) -> JsonResponse:
    """The robot's rosbag recordings, read from the robot now."""
    return await _robot_logs(body, request, db, caller, "rosbag")


@log_router.call("/navlogList", answer=list[RobotLogOut])
async def navlog_list(body: RobotLogsIn, request: Request, db: DbSession,
                      caller: Caller = require(LOGS)) -> JsonResponse:
    """The robot's navigation logs, read from the robot now."""
    return await _robot_logs(body, request, db, caller, "nav")


@log_router.call("/rosAndNavDelete", answer=DeletedOnRobotOut)
async def ros_and_nav_delete(body: RosNavDeleteIn, request: Request, db: DbSession,
                             caller: Caller = require(f"{LOGS}/delete")) -> JsonResponse:
    """Deletes rosbag or navigation log files on the robot (uploaded copies stay)."""
    device = await get_device(db, caller, body.deviceId)
    return ok({"deleted": await service.delete_on_robot(db, _http(request), device, body.logType, body.fileNames)})


@log_router.call("/list", answer=LogPage)
async def list_logs(body: LogListIn, request: Request, db: DbSession, caller: Caller = require(LOGS)) -> JsonResponse:
    """The logs uploaded (or being uploaded) from the caller's robots, newest first."""
    await _fail_silent(request, db)
    if body.deviceId is not None:
        await get_device(db, caller, body.deviceId)
    return ok(await service.list_logs(db, caller, body, body.deviceId, body.logType, body.status))


@log_router.call("/upLoadFile", answer=LogOut)
async def upload_file(body: UploadIn, request: Request, db: DbSession,
                      caller: Caller = require(f"{LOGS}/upload")) -> JsonResponse:
    """Asks the robot to upload one log to the server's storage; the record is ``uploading`` until it arrives."""
    device = await get_device(db, caller, body.deviceId)
    await _fail_silent(request, db)
    return ok(await service.start_upload(db, _http(request), caller, device, body.logType, body.fileName))


@log_router.call("/cancleUploadFile", answer=LogOut)
async def cancel_upload_file(body: IdIn, request: Request, db: DbSession,
                             caller: Caller = require(f"{LOGS}/upload")) -> JsonResponse:
    """Stops an upload in progress (the spec's spelling); its record goes, the robot is told to stop."""
    return ok(await service.cancel_upload(db, _http(request), caller, body.id))


@log_router.call("/getUpLoadStatus", answer=list[LogOut])
async def get_upload_status(body: IdsIn, request: Request, db: DbSession,
                            caller: Caller = require(LOGS)) -> JsonResponse:
    """The state and bytes received of uploads, by record id."""
    await _fail_silent(request, db)
    return ok(await service.upload_status(db, caller, body.ids))


@log_router.call("/deleteDeviceLog", answer=DeletedOut)
async def delete_device_log(body: IdsIn, request: Request, db: DbSession,
                            caller: Caller = require(f"{LOGS}/delete")) -> JsonResponse:
    """Deletes uploaded logs (records and stored files)."""
    return ok({"deleted": await service.delete_logs_by_id(db, request.app.state.store, caller, body.ids)})


@log_router.call("/deleteDeviceLogByDate", answer=DeletedOut)
async def delete_device_log_by_date(body: DeleteByDateIn, request: Request, db: DbSession,
                                    caller: Caller = require(f"{LOGS}/delete")) -> JsonResponse:
    """Deletes the uploaded logs created before a day, of one robot or of all the caller's robots."""
    return ok({"deleted": await service.delete_logs_before(db, request.app.state.store, caller, body.deviceId,
                                                           body.date)})


@log_router.post("/download", response_class=Response, responses={200: FILE_ANSWER})
async def download_log(body: IdIn, request: Request, db: DbSession, caller: Caller = require(LOGS)) -> Response:
    """A synchronised log's file, streamed from storage."""
    row, opened = await service.open_log(db, request.app.state.store, caller, body.id)
    await db.close()
    return _download(opened, row.file_name, "application/octet-stream")


# --- data backups -----------------------------------------------------------------------------------


@backup_router.call("/backup", answer=BackupOut)
async def backup(body: DeviceIn, request: Request, db: DbSession,
                 caller: Caller = require(f"{BACKUPS}/backup")) -> JsonResponse:
    """The robot packs its data and uploads it: packing, uploading, then finished (or failed)."""
    device = await get_device(db, caller, body.deviceId)
    await _fail_silent(request, db)
    return ok(await service.start_backup(db, _http(request), caller, device))


@backup_router.call("/selectDataBackups", answer=BackupPage)
async def select_data_backups(body: BackupListIn, request: Request, db: DbSession,
                              caller: Caller = require(BACKUPS)) -> JsonResponse:
    """The caller's robots' backups, newest first, with their state and last restore."""
    await _fail_silent(request, db)
    if body.deviceId is not None:
        await get_device(db, caller, body.deviceId)
    return ok(await service.list_backups(db, caller, body, body.deviceId, body.status))


@backup_router.call("/selectDeviceInfoFromDataBackup", answer=BackupContentsOut)
async def select_device_info_from_data_backup(body: IdIn, db: DbSession,
                                              caller: Caller = require(BACKUPS)) -> JsonResponse:
    """What a finished backup holds: its files and their sizes."""
    return ok(await service.backup_contents(db, caller, body.id))


@backup_router.call("/backupCancel", answer=BackupOut)
async def backup_cancel(body: IdIn, request: Request, db: DbSession,
                        caller: Caller = require(f"{BACKUPS}/backup")) -> JsonResponse:
    """Cancels a backup while it packs or uploads."""
    return ok(await service.cancel_backup(db, _http(request), caller, body.id))


@backup_router.call("/backupRetry", answer=BackupOut)
async def backup_retry(body: RetryIn, request: Request, db: DbSession,
                       caller: Caller = require(f"{BACKUPS}/backup")) -> JsonResponse:
    """A failed backup: uploaded again from the robot's pack, or restarted (``restart``: packed again)."""
    await _fail_silent(request, db)
    return ok(await service.retry_backup(db, _http(request), caller, body.id, body.restart))


@backup_router.call("/backupRestore", answer=BackupOut)
async def backup_restore(body: RestoreIn, request: Request, db: DbSession,
                         caller: Caller = require(f"{BACKUPS}/restore")) -> JsonResponse:
    """Restores a finished backup onto a robot (default the one backed up): its lost tasks come back."""
    return ok(await service.restore_backup(db, _http(request), caller, body.id, body.deviceId))


@backup_router.call("/deleteDataBackupById", answer=DeletedOut)
async def delete_data_backup_by_id(body: IdsIn, request: Request, db: DbSession,
                                   caller: Caller = require(f"{BACKUPS}/delete")) -> JsonResponse:
    """Deletes backups that are not running (records and stored files)."""
    return ok({"deleted": await service.delete_backups(db, request.app.state.store, caller, body.ids)})


@backup_router.post("/downloadDataBackup", response_class=Response, responses={200: BACKUP_ANSWER})
async def download_data_backup(body: IdIn, request: Request, db: DbSession,
                               caller: Caller = require(BACKUPS)) -> Response:
    """A finished backup's archive (tar.gz), streamed from storage."""
    row, opened = await service.open_backup(db, request.app.state.store, caller, body.id)
    await db.close()
    return _download(opened, row.file_name or f"backup-{row.id}.tar.gz", "application/gzip")


# --- video ------------------------------------------------------------------------------------------


@video_router.call("/startStream", answer=StreamOut)
async def start_stream(body: StartStreamIn, db: DbSession, caller: Caller = require(f"{VIDEO}/play")) -> JsonResponse:
    """Opens the robot's live camera (MJPEG through the server) for 10 minutes; the console warns at 5 left."""
    answer = await video.start_stream(db, caller, body.deviceSerialNumber, body.camera)
    await record_read(db, "video_viewed", target=f"robot {body.deviceSerialNumber}",
                      detail={"sn": body.deviceSerialNumber, "camera": body.camera, "live": True})
    return ok(answer)


@video_router.call("/stopStream", answer=StoppedOut)
async def stop_stream(body: StopStreamIn, db: DbSession, caller: Caller = require(f"{VIDEO}/play")) -> JsonResponse:
    """Ends the caller's live streams of the robot."""
    return ok(await video.stop_stream(db, caller, body.deviceSerialNumber))


@video_router.call("/recordList", answer=list[RecordOut])
async def record_list(body: RecordListIn, request: Request, db: DbSession,
                      caller: Caller = require(VIDEO)) -> JsonResponse:
    """The robot's recorded clips between two days (at most 7 days), newest first."""
    return ok(await video.record_list(db, _http(request), caller, body.deviceSerialNumber, body.startDate,
                                      body.endDate))


@video_router.call("/recordDel", answer=DeletedOut)
async def record_del(body: RecordDelIn, request: Request, db: DbSession,
                     caller: Caller = require(f"{VIDEO}/delete")) -> JsonResponse:
    """Deletes recorded clips on their robots."""
    files = [(f.deviceSerialNumber, f.name) for f in body.fileJsonArr]
    return ok({"deleted": await video.record_delete(db, _http(request), caller, files)})


@video_router.call("/playRecord", answer=StreamOut)
async def play_record(body: PlayRecordIn, db: DbSession, caller: Caller = require(f"{VIDEO}/play")) -> JsonResponse:
    """Opens a recorded clip for playing (an MJPEG URL, as the live stream)."""
    answer = await video.play_record(db, caller, body.deviceSerialNumber, body.name)
    await record_read(db, "video_viewed", target=f"robot {body.deviceSerialNumber}",
                      detail={"sn": body.deviceSerialNumber, "clip": body.name, "live": False})
    return ok(answer)


# --- robot side and <img> side (unsigned, token-authorised) -----------------------------------------


STREAM_ANSWER = {"description": "multipart/x-mixed-replace JPEG frames, or a refusal envelope (404)",
                 "content": {"multipart/x-mixed-replace": {}, **_REFUSAL}}


@robot_side_router.get(video.LIVE_PATH.removeprefix("/api"), response_class=Response, responses={
    200: STREAM_ANSWER, 404: refusal_answer("NOT_FOUND (10005): the viewing session ended or never was")})
async def live(request: Request, t: str = Query(default="", max_length=64)) -> Response:
    """The MJPEG of a viewing session (``t`` from startStream or playRecord), until the session ends."""
    answer, chunks = await video.relay(request.app.state.db.sessions, _http(request), t)
    return StreamingResponse(chunks, media_type=answer.headers.get("content-type", "multipart/x-mixed-replace"),
                             headers={"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"})


TRANSFER = service.TRANSFER_PATH.removeprefix("/api")


@robot_side_router.put(TRANSFER, response_model=None, responses={
    200: {"model": Envelope[TransferOut]}, 404: refusal_answer("NOT_FOUND (10005): no upload waits for this token"),
    413: refusal_answer("BODY_TOO_LARGE: the file is larger than its upload allows"),
    422: refusal_answer("BAD_FILE: a backup that is no readable tar.gz archive (the backup is failed)")},
                       openapi_extra={"requestBody": {"required": True, "content": {
                           "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}})
async def transfer_in(request: Request, t: str = Query(default="", max_length=64)) -> JsonResponse:
    """A robot's upload (a log or a backup), streamed; ``t`` is the job's one-time token."""
    state = request.app.state
    length = request.headers.get("content-length", "")
    return ok({"state": await transfers.receive(state.db.sessions, state.store, state.receivers, t, request.stream(),
                                                state.settings.max_upload_bytes,
                                                int(length) if length.isdigit() else None)})


@robot_side_router.call(f"{TRANSFER}/state", answer=TransferOut)
async def transfer_state(body: TransferStateIn, db: DbSession, t: str = Query(default="", max_length=64)
                         ) -> JsonResponse:
    """A robot reports a job's state: packing, uploading, failed or restored."""
    return ok({"state": await transfers.report(db, t, body.state, body.model_dump())})


@robot_side_router.get(TRANSFER, response_class=Response, responses={
    200: BACKUP_ANSWER, 404: refusal_answer("NOT_FOUND (10005): no restore waits for this token")})
async def transfer_out(request: Request, db: DbSession, t: str = Query(default="", max_length=64)) -> Response:
    """A backup being restored, for the robot to download."""
    opened = await transfers.send(db, request.app.state.store, t)
    await db.close()
    return StreamingResponse(opened.chunks, media_type="application/gzip",
                             headers={"Content-Length": str(opened.size)})


robot_side_router.upload_limits[TRANSFER] = transfers.MAX_TRANSFER_BYTES  # a raw body, no form around the file
