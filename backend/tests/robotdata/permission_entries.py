"""Permission-matrix entries for the robot data calls (/api/deviceLog/*, the backup calls under /api/device/,
/api/qiniuQvs/*). ``add_robotdata_world`` gives the world two live simulated robots of the world's user with a
synchronised log, an upload in progress, a finished backup, a running one and a failed one, and the robots'
clip names. The world's dealer holds the robot data keys (permission_matrix.ROBOT_DATA_KEYS)."""

import asyncio
import functools
from typing import Any

from cleanfleet_sim.robot import Robot

from cleanfleet.core.db import utcnow
from cleanfleet.robotdata.models import FAILED, UPLOADING, DataBackup, DeviceLog
from tests.conftest import Answer, Api
from tests.permission_matrix import Entry, World, register

# every entry here needs the robots this domain's own test starts (world.ids['rd.*'])
OwnEntry = functools.partial(Entry, own_world=True)

PREFIXES = ("/api/deviceLog/", "/api/qiniuQvs/")
BACKUP_CALLS = ("/api/device/backup", "/api/device/selectDataBackups", "/api/device/selectDeviceInfoFromDataBackup",
                "/api/device/backupCancel", "/api/device/backupRetry", "/api/device/backupRestore",
                "/api/device/deleteDataBackupById", "/api/device/downloadDataBackup")


def _robot(w: World, i: int = 0) -> dict[str, Any]:
    return {"deviceId": w.ids["rd.devices"][i]}


def _serial(w: World, i: int = 0) -> dict[str, Any]:
    return {"deviceSerialNumber": w.ids["rd.serials"][i]}


def _file(path: str, key: str):  # noqa: ANN202
    async def send(api: Api, w: World) -> Answer:
        response = await api.client.post(path, json={"id": w.ids[key]}, headers=api.headers())
        if not response.headers["content-type"].startswith("application/json"):
            return Answer(response.status_code, {"message": {"code": 0, "message": "a file"}, "data": None})
        return Answer(response.status_code, response.json())

    return send


register(
    OwnEntry("/api/deviceLog/listPad", _robot),
    OwnEntry("/api/deviceLog/rosbagList", _robot),
    OwnEntry("/api/deviceLog/navlogList", _robot),
    OwnEntry("/api/deviceLog/list", _robot),
    OwnEntry("/api/deviceLog/getUpLoadStatus", lambda w: {"ids": [w.ids["rd.log"]]}),
    OwnEntry("/api/deviceLog/download", send=_file("/api/deviceLog/download", "rd.log")),
    OwnEntry("/api/deviceLog/upLoadFile", lambda w: {**_robot(w), "logType": "pad", "fileName": w.ids["rd.pad"]}),
    OwnEntry("/api/deviceLog/cancleUploadFile", lambda w: {"id": w.ids["rd.uploading"]}),
    OwnEntry("/api/deviceLog/rosAndNavDelete", lambda w: {**_robot(w), "logType": "rosbag",
                                                       "fileNames": [w.ids["rd.rosbag"]]}),
    OwnEntry("/api/deviceLog/deleteDeviceLog", lambda w: {"ids": [w.ids["rd.log"]]}, last=1),
    OwnEntry("/api/deviceLog/deleteDeviceLogByDate", lambda w: {**_robot(w), "date": "2099-01-01"}, last=2),
    OwnEntry("/api/device/selectDataBackups", _robot),
    OwnEntry("/api/device/selectDeviceInfoFromDataBackup", lambda w: {"id": w.ids["rd.backup"]}),
    OwnEntry("/api/device/downloadDataBackup", send=_file("/api/device/downloadDataBackup", "rd.backup")),
    OwnEntry("/api/device/backup", _robot),
    OwnEntry("/api/device/backupCancel", lambda w: {"id": w.ids["rd.running"]}),
    OwnEntry("/api/device/backupRetry", lambda w: {"id": w.ids["rd.failed"], "restart": True}, last=1),
    OwnEntry("/api/device/backupRestore", lambda w: {"id": w.ids["rd.backup"]}, last=1),
    OwnEntry("/api/device/deleteDataBackupById", lambda w: {"ids": [w.ids["rd.backup"]]}, last=2),
    OwnEntry("/api/qiniuQvs/startStream", _serial),
    OwnEntry("/api/qiniuQvs/stopStream", _serial),
    OwnEntry("/api/qiniuQvs/recordList", lambda w: {**_serial(w), "startDate": w.ids["rd.from"],
                                                 "endDate": w.ids["rd.to"]}),
    OwnEntry("/api/qiniuQvs/playRecord", lambda w: {**_serial(w), "name": w.ids["rd.clips"][0]}),
    OwnEntry("/api/qiniuQvs/recordDel", lambda w: {"fileJsonArr": [{**_serial(w), "name": w.ids["rd.clips"][1]}]},
          last=1),
)


async def jobs_done(robots: list[Robot]) -> None:
    tasks = [job.task for robot in robots for job in robot.data.jobs.values() if job.task is not None]
    await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 20)


async def add_robotdata_world(world: World, app: Any, robots: list[Robot], device_ids: list[int]) -> None:
    dealer = world.callers["dealer"]
    robot = robots[0]
    world.ids["rd.devices"], world.ids["rd.serials"] = device_ids, [r.sn for r in robots]
    nav = robot.data.logs("nav")[0]["name"]
    world.ids["rd.pad"] = robot.data.logs("pad")[0]["name"]
    world.ids["rd.rosbag"] = robot.data.logs("rosbag")[0]["name"]
    uploaded = await dealer.call("/deviceLog/upLoadFile", {**_robot(world), "logType": "nav", "fileName": nav})
    assert uploaded.code == 0, uploaded.body
    backup = await dealer.call("/device/backup", _robot(world))
    assert backup.code == 0, backup.body
    await jobs_done(robots)
    world.ids["rd.log"], world.ids["rd.backup"] = uploaded.data["id"], backup.data["id"]
    clips = robot.recorder.clips(None, None)
    world.ids["rd.clips"] = [clip["name"] for clip in clips]
    world.ids["rd.from"], world.ids["rd.to"] = clips[-1]["start"][:10], clips[0]["start"][:10]
    now = utcnow()
    async with app.state.db.sessions() as db:
        uploading = DeviceLog(device_id=device_ids[1], log_type="pad", file_name="pad_2000-01-01.log",
                              status=UPLOADING, token="a" * 32, created_at=now, updated_at=now)
        running = DataBackup(device_id=device_ids[1], status=UPLOADING, token="b" * 32, job_id="bbbb",
                             created_at=now, updated_at=now)
        failed = DataBackup(device_id=device_ids[1], status=FAILED, reason="disk full", job_id="cccc",
                            created_at=now, updated_at=now)
        db.add_all([uploading, running, failed])
        await db.commit()
        world.ids["rd.uploading"], world.ids["rd.running"], world.ids["rd.failed"] = uploading.id, running.id, failed.id
