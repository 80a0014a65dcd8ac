"""Shapes of the device log (/deviceLog/*), data backup (/device/backup ...) and video (/qiniuQvs/*) calls."""

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, Field, StringConstraints

from cleanfleet.core.bounds import MAX_LIST, Day, Id
from cleanfleet.core.fields import AnySerial
from cleanfleet.core.paging import PageIn
from cleanfleet.core.validation import NOT_LIST, TextError

LogType = Literal["pad", "rosbag", "nav"]
FileName = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=128,
                                            pattern=r"^[A-Za-z0-9_][A-Za-z0-9_.-]*$")]
Camera = Literal[1, 2]


class DeviceIn(BaseModel):
    deviceId: Id


class RobotLogsIn(BaseModel):
    deviceId: Id


class RobotLogOut(BaseModel):
    name: str
    type: str = Field(description="pad | rosbag | nav")
    size: int = Field(description="bytes, on the robot")
    date: str = Field(description="the day the log covers (robot's clock), YYYY-MM-DD")
    uploadId: int | None = Field(description="the upload record of this file, if any")
    status: str | None = Field(description="that record's state: uploading | synchronised | failed")


class LogListIn(PageIn):
    deviceId: Id | None = Field(default=None, description="one robot; default every robot of the caller's subtree")
    logType: LogType | None = None
    status: Literal["uploading", "synchronised", "failed"] | None = None


class LogOut(BaseModel):
    id: int
    deviceId: int
    deviceSerialNumber: str
    deviceName: str
    logType: str
    fileName: str
    logDate: str
    size: int
    received: int = Field(description="bytes the server has while uploading; size once synchronised")
    status: str = Field(description="uploading | synchronised | failed")
    reason: str
    createdAt: str
    updatedAt: str


class LogPage(BaseModel):
    list: list[LogOut]
    total: int
    pageNum: int
    pageSize: int


class UploadIn(BaseModel):
    deviceId: Id
    logType: LogType
    fileName: FileName


class RosNavDeleteIn(BaseModel):
    deviceId: Id
    logType: Literal["rosbag", "nav"]
    fileNames: list[FileName] = Field(min_length=1, max_length=200)


class DeletedOnRobotOut(BaseModel):
    deleted: int


class IdIn(BaseModel):
    id: Id


class IdsIn(BaseModel):
    ids: list[Id] = Field(min_length=1, max_length=MAX_LIST)


class DeletedOut(BaseModel):
    deleted: int


class DeleteByDateIn(BaseModel):
    deviceId: Id | None = Field(default=None, description="one robot; default every robot of the caller's subtree")
    date: Day = Field(description="records created before this day (UTC) are deleted")


class BackupListIn(PageIn):
    deviceId: Id | None = None
    status: Literal["packing", "uploading", "finished", "failed", "cancelled"] | None = None


class BackupOut(BaseModel):
    id: int
    deviceId: int
    deviceSerialNumber: str
    deviceName: str
    fileName: str
    size: int
    received: int
    status: str = Field(description="packing | uploading | finished | failed | cancelled")
    reason: str = Field(description="why it failed; for a finished backup, why its contents list stops early "
                        "(empty when it lists the whole archive); in the caller's language")
    restoreStatus: str = Field(description="'' | restoring | restored | failed")
    restoreDeviceId: int | None
    restoreDetail: str
    restoredAt: str | None
    createdAt: str
    updatedAt: str


class BackupPage(BaseModel):
    list: list[BackupOut]
    total: int
    pageNum: int
    pageSize: int


class RetryIn(BaseModel):
    id: Id
    restart: bool = Field(default=False, description="pack again on the robot instead of re-sending the pack")


class RestoreIn(BaseModel):
    id: Id
    deviceId: Id | None = Field(default=None, description="the robot to restore onto; default the one backed up")


class BackupEntry(BaseModel):
    name: str
    size: int


class BackupContentsOut(BaseModel):
    id: int
    fileName: str
    files: list[BackupEntry]
    truncated: bool = Field(default=False, description="the archive holds more than is listed (a listing bound "
                            "was reached: the backup's reason says which)")


class StartStreamIn(BaseModel):
    deviceSerialNumber: AnySerial
    camera: Camera = Field(default=1, description="1 front, 2 rear")


class StreamOut(BaseModel):
    streamId: int
    url: str = Field(description="the MJPEG stream through the server, for an <img src>; valid until expiresAt")
    camera: int
    startedAt: str
    expiresAt: str
    warnAt: str = Field(description="when the console warns that the stream stops soon (5 minutes before)")


class StopStreamIn(BaseModel):
    deviceSerialNumber: AnySerial


class StoppedOut(BaseModel):
    stopped: int


class RecordListIn(BaseModel):
    deviceSerialNumber: AnySerial
    startDate: Day
    endDate: Day


class RecordOut(BaseModel):
    name: str
    camera: int
    start: str = Field(description="robot's clock, YYYY-MM-DDTHH:MM:SS")
    seconds: float
    frames: int
    size: int


class RecordFile(BaseModel):
    deviceSerialNumber: AnySerial
    name: FileName


def _json_list(value: Any) -> Any:
    """A form-encoded body carries the list as JSON text (api-spec 7.9: ``fileJsonArr``); JSON carries the list."""
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError as exc:
            raise TextError(NOT_LIST) from exc
    return value


class RecordDelIn(BaseModel):
    fileJsonArr: Annotated[list[RecordFile], BeforeValidator(_json_list)] = Field(
        min_length=1, max_length=200, description="the clips: a list, or in a form body that list as JSON text")


class PlayRecordIn(BaseModel):
    deviceSerialNumber: AnySerial
    name: FileName


class TransferStateIn(BaseModel):
    """What a robot reports about a job (robot to server, authorised by the transfer token)."""

    state: Literal["packing", "uploading", "failed", "restored"]
    reason: Annotated[str, StringConstraints(max_length=255)] = ""
    name: Annotated[str, StringConstraints(max_length=128)] = ""
    size: int = Field(default=0, ge=0, le=2**40)
    tasks: list[Annotated[str, StringConstraints(max_length=64)]] = Field(default_factory=list, max_length=1000)


class TransferOut(BaseModel):
    state: str
