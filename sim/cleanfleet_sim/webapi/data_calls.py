"""A robot's files under api2/ on every generation: logs, backups, restore, camera clips (robotdata.py, camera.py).

- ``log_list {type: pad|rosbag|nav}`` -> ``logs: [{name, type, size, date}]``
- ``log_delete {type, names: [..]}`` -> ``deleted``; names the robot does not have are skipped
- ``log_upload {job_id, type, name, path}``: streams the log to ``<cloud><path>`` (HTTP PUT)
- ``job_cancel {job_id}``: stops an upload, backup or restore (code 3 when none runs)
- ``backup_start {job_id, path}``: packs, reports ``packing`` and ``uploading`` to ``<path>/state``, uploads
- ``backup_reupload {job_id, path}``: sends a failed backup's pack again (code 3 when the pack is gone)
- ``backup_restore {job_id, path}``: downloads the backup from ``<path>`` and puts its tasks back
- ``camera_records {start, end}`` (robot-local ``YYYY-MM-DDTHH:MM:SS``) -> ``records: [{name, camera, start,
  seconds, frames, size}]``; ``camera_record_del {names}`` -> ``deleted``
- GET ``api2/camera/live/<camera>.mjpg`` and ``api2/camera/record/<name>``: the MJPEG streams (server.py)

``fail``: ``1`` (log upload) or ``packing`` / ``uploading`` (backup) makes that job fail, for tests and demos.
``sim_data_fail {mode: link|disk|reboot|"", count: 1..20}`` (simulator only): the robot's next ``count`` jobs
fail that way (robotdata.FAILURES); an empty mode clears the switch.
A robot without a cloud link answers code 1.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from cleanfleet_sim.errors import Refusal, RobotCode, bad_parameter, not_found
from cleanfleet_sim.robotdata import FAILURES, LOG_KINDS, safe_name
from cleanfleet_sim.webapi.registry import Answer, Params, robot_call

if TYPE_CHECKING:
    from cleanfleet_sim.robot import Robot

MAX_NAMES = 200


def _kind(p: Params) -> str:
    kind = p.text("type")
    if kind not in LOG_KINDS:
        raise bad_parameter("type", f"must be one of {', '.join(LOG_KINDS)}")
    return kind


def _names(p: Params) -> list[str]:
    names = p.structured("names", [])
    if not isinstance(names, list) or not names or len(names) > MAX_NAMES or not all(isinstance(n, str) for n in names):
        raise bad_parameter("names", f"must be a list of 1 to {MAX_NAMES} file names")
    return names


def _job(p: Params) -> tuple[str, str]:
    job_id, path = p.text("job_id"), p.text("path")
    if not safe_name(job_id) or len(job_id) > 64:
        raise bad_parameter("job_id", "letters, digits, - and _ only")
    if not path.startswith("/") or ".." in path or len(path) > 255:
        raise bad_parameter("path", "must be a path on the cloud starting with /")
    return job_id, path


def _linked(robot: Robot) -> None:
    if robot.data.cloud is None:
        raise Refusal(RobotCode.FAILED, "no cloud link")
    if any(j.task is not None and not j.task.done() for j in robot.data.jobs.values() if j.kind == "restore"):
        raise Refusal(RobotCode.BUSY, "a restore is running")


@robot_call("log_list", maps=True)
def log_list(robot: Robot, p: Params) -> Answer:
    return {"logs": robot.data.logs(_kind(p))}


@robot_call("log_delete", maps=True)
def log_delete(robot: Robot, p: Params) -> Answer:
    kind = _kind(p)
    return {"deleted": sum(robot.data.delete_log(kind, name) for name in _names(p))}


@robot_call("log_upload", maps=True)
def log_upload(robot: Robot, p: Params) -> Answer:
    kind, name = _kind(p), p.text("name")
    job_id, path = _job(p)
    _linked(robot)
    if robot.data.log_path(kind, name) is None:
        raise not_found(f"log {name}")
    robot.data.upload_log(job_id, kind, name, path, p.flag("fail", False))
    return {"job_id": job_id, "state": "uploading"}


@robot_call("job_cancel", maps=True)
def job_cancel(robot: Robot, p: Params) -> Answer:
    job_id = p.text("job_id")
    if not robot.data.cancel(job_id):
        raise not_found(f"job {job_id}")
    return {"job_id": job_id, "state": "cancelled"}


@robot_call("backup_start", maps=True)
def backup_start(robot: Robot, p: Params) -> Answer:
    job_id, path = _job(p)
    _linked(robot)
    fail = p.text("fail", "") or None
    if fail not in (None, "packing", "uploading"):
        raise bad_parameter("fail", "must be packing or uploading")
    robot.data.backup(job_id, path, fail)
    return {"job_id": job_id, "state": "packing"}


@robot_call("backup_reupload", maps=True)
def backup_reupload(robot: Robot, p: Params) -> Answer:
    job_id, path = _job(p)
    _linked(robot)
    if robot.data.reupload(job_id, path) is None:
        raise not_found(f"backup pack {job_id}")
    return {"job_id": job_id, "state": "uploading"}


@robot_call("sim_data_fail", maps=True)
def sim_data_fail(robot: Robot, p: Params) -> Answer:
    """Simulator only: the next uploads or backups fail the way real robots' do (link, disk, reboot)."""
    mode, count = p.text("mode", ""), p.integer("count", 1, lo=1, hi=20)
    if mode and mode not in FAILURES:
        raise bad_parameter("mode", f"one of {', '.join(FAILURES)} or empty")
    robot.data.fail_next = [mode] * count if mode else []
    return {"mode": mode, "count": len(robot.data.fail_next)}


@robot_call("backup_restore", maps=True)
def backup_restore(robot: Robot, p: Params) -> Answer:
    job_id, path = _job(p)
    _linked(robot)
    robot.data.restore(job_id, path)
    return {"job_id": job_id, "state": "restoring"}


def _moment(p: Params, key: str) -> datetime | None:
    if not p.has(key):
        return None
    try:
        return datetime.fromisoformat(p.text(key)).replace(tzinfo=None)
    except ValueError as exc:
        raise bad_parameter(key, "must be YYYY-MM-DDTHH:MM:SS") from exc


@robot_call("camera_records", maps=True)
def camera_records(robot: Robot, p: Params) -> Answer:
    return {"records": robot.recorder.clips(_moment(p, "start"), _moment(p, "end"))}


@robot_call("camera_record_del", maps=True)
def camera_record_del(robot: Robot, p: Params) -> Answer:
    return {"deleted": sum(robot.recorder.delete(name) for name in _names(p))}
