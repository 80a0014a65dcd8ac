"""A robot's own files: logs (pad, rosbag, navigation), data backups, camera clips, and moving them to the cloud.

Every robot keeps real files in a folder of its own (a temporary one unless ``data_root`` is set):

- ``logs/pad/pad_<day>.log`` and ``logs/nav/nav_<day>.log``: text lines written from the robot's state,
  ``logs/rosbag/<day>_080000.bag``: a binary bag (ROSBAG V2.0 header, then packed pose records); three days
  are there from the start and today's files are added as days pass;
- ``packs/<job>.tar.gz``: a data backup (``robot.json`` with versions and parameters, ``tasks.json``,
  ``maps/<name>.png`` and ``maps/<name>.json``, and the logs), kept so a failed upload can be sent again;
- ``clips/<camera>_<YYYYmmdd_HHMMSS>.mjpeg``: recorded camera clips (concatenated JPEG frames).

Uploads go to the cloud over HTTP (``CloudLink``): the server names a path holding a one-time upload token;
the robot streams the file there in chunks (never whole in memory) and reports a job's state (packing,
uploading, failed, restored) to ``<path>/state`` (a query string stays at the end). Restoring downloads a
backup from a path the server names.
Jobs fail the way real robots' do (``FAILURES``), on the robot's own switch: ``fail_next`` (the next jobs, set by
the simulator-only call ``api2/sim_data_fail``) or at random with ``fail_rate`` per job (the fleet's
``--data-fail-rate``; 0 unless set, so tests and e2e runs fail only where they ask):

- ``link``: the link drops halfway through the upload (the cloud sees the body break off; the robot reports
  failed when it can);
- ``disk``: the disk is full while packing a backup (reported failed, "disk full"; a log upload has nothing to
  pack and fails with ``link`` instead);
- ``reboot``: the robot restarts mid-pack (a backup) or before sending (a log): the job and its partial pack
  are gone and nothing is reported; the cloud has to notice the silence.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
import random
import shutil
import struct
import tarfile
import tempfile
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

from cleanfleet_sim.maps import RobotMap
from cleanfleet_sim.tasks import TaskBook

log = logging.getLogger("cleanfleet_sim.robotdata")
LOG_KINDS = ("pad", "rosbag", "nav")
LOG_DAYS = 3
CHUNK = 64 * 1024
FAILURES = ("link", "disk", "reboot")


class Rebooted(Exception):
    """The robot restarted mid-job: the job ends without a word to the cloud."""
NAME_CHARS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")


class DataOwner(Protocol):
    """What the robot's files need of it (robot.Robot is one): who it is, its versions, parameters, maps and tasks
    (what a backup holds and a restore puts back), and its clock."""

    sn: str
    protocol: int
    versions: dict[str, str]
    params: dict[str, float]
    book: TaskBook

    @property
    def maps(self) -> dict[str, RobotMap]: ...

    @property
    def map_name(self) -> str | None: ...

    def now(self) -> datetime: ...


class CloudLink(Protocol):
    """How a robot reaches the cloud over HTTP (aiohttp in the fleet; tests give the server's ASGI app)."""

    async def upload(self, path: str, chunks: AsyncIterator[bytes], size: int) -> int: ...

    async def report(self, path: str, body: dict[str, Any]) -> int: ...

    async def download(self, path: str, into: Path) -> int: ...


class AiohttpCloud:
    def __init__(self, base_url: str) -> None:
        self.base = base_url.rstrip("/")

    async def upload(self, path: str, chunks: AsyncIterator[bytes], size: int) -> int:
        import aiohttp

        async with aiohttp.ClientSession() as session, session.put(
                self.base + path, data=chunks, headers={"Content-Length": str(size),
                                                        "Content-Type": "application/octet-stream"}) as answer:
            return answer.status

    async def report(self, path: str, body: dict[str, Any]) -> int:
        import aiohttp

        async with aiohttp.ClientSession() as session, session.post(self.base + path, json=body) as answer:
            return answer.status

    async def download(self, path: str, into: Path) -> int:
        import aiohttp

        async with aiohttp.ClientSession() as session, session.get(self.base + path) as answer:
            if answer.status != 200:
                return answer.status
            with into.open("wb") as out:
                async for chunk in answer.content.iter_chunked(CHUNK):
                    out.write(chunk)
            return 200


async def file_chunks(path: Path, stop_after: int | None = None) -> AsyncIterator[bytes]:
    """The file in chunks; ``stop_after`` bytes: the line breaks there (a failed upload, for the tests)."""
    sent = 0
    with path.open("rb") as handle:
        while chunk := handle.read(CHUNK):
            if stop_after is not None and sent + len(chunk) > stop_after:
                raise ConnectionError("upload interrupted")
            sent += len(chunk)
            yield chunk
            await asyncio.sleep(0)


def safe_name(name: str) -> bool:
    return bool(name) and len(name) <= 128 and set(name) <= NAME_CHARS and not name.startswith(".")


@dataclass
class Job:
    """An upload, a backup or a restore the robot is running for the cloud."""

    job_id: str
    kind: str
    path: str
    task: asyncio.Task[None] | None = None
    state: str = "started"
    extra: dict[str, Any] = field(default_factory=dict)


class RobotData:
    def __init__(self, robot: DataOwner, root: Path | None = None) -> None:
        self.robot = robot
        self.root = root or Path(tempfile.mkdtemp(prefix=f"cfsim-{robot.sn}-"))
        self.cloud: CloudLink | None = None
        self.jobs: dict[str, Job] = {}
        self.log_days: set[date] = set()
        self.restored: list[dict[str, Any]] = []
        self.fail_next: list[str] = []  # FAILURES for the next jobs, one each (api2/sim_data_fail)
        self.fail_rate = 0.0  # chance a job fails at random, in one of FAILURES
        self.rng = random.Random(f"data:{robot.sn}")

    def failure_for(self, kind: str) -> str | None:
        """How this job will fail, if it does: the switch first, else at random with ``fail_rate``."""
        if self.fail_next:
            chosen: str | None = self.fail_next.pop(0)
        elif self.fail_rate > 0 and self.rng.random() < self.fail_rate:
            chosen = self.rng.choice(FAILURES)
        else:
            return None
        return "link" if chosen == "disk" and kind == "log_upload" else chosen

    # --- logs ---------------------------------------------------------------------------------------

    def log_folder(self, kind: str) -> Path:
        return self.root / "logs" / kind

    def ensure_logs(self) -> None:
        """The logs of the last LOG_DAYS days (robot clock) exist on disk; written once per day."""
        today = self.robot.now().date()
        for back in range(LOG_DAYS):
            day = today - timedelta(days=back)
            if day not in self.log_days:
                self.write_day(day)
                self.log_days.add(day)

    def write_day(self, day: date) -> None:
        rng = random.Random(f"logs:{self.robot.sn}:{day}")
        robot = self.robot
        start = datetime.combine(day, datetime.min.time())
        pad, nav = self.log_folder("pad"), self.log_folder("nav")
        bag = self.log_folder("rosbag")
        for folder in (pad, nav, bag):
            folder.mkdir(parents=True, exist_ok=True)
        lines, nav_lines, records = [], [], []
        battery = 100.0
        for i in range(400 + rng.randint(0, 200)):
            at = start + timedelta(seconds=i * 180 + rng.randint(0, 60))
            battery = max(10.0, battery - rng.random())
            x, y, yaw = rng.uniform(0, 20), rng.uniform(0, 12), rng.uniform(-3.14, 3.14)
            level = "WARN" if rng.random() < 0.05 else "INFO"
            lines.append(f"{at:%Y-%m-%d %H:%M:%S} {level} pad[{robot.sn}]: battery {battery:.0f}% map "
                         f"{robot.map_name or '-'} soft {robot.versions['soft']}")
            nav_lines.append(f"{at:%Y-%m-%d %H:%M:%S} nav: pose x={x:.3f} y={y:.3f} yaw={yaw:.3f} "
                             f"plan_len={rng.randint(0, 300)} speed={rng.choice((0.3, 0.5, 0.7))}")
            records.append(struct.pack("<dddd", at.timestamp(), x, y, yaw))
        (pad / f"pad_{day:%Y-%m-%d}.log").write_text("\n".join(lines) + "\n")
        (nav / f"nav_{day:%Y-%m-%d}.log").write_text("\n".join(nav_lines) + "\n")
        (bag / f"{day:%Y-%m-%d}_080000.bag").write_bytes(b"#ROSBAG V2.0\n" + b"".join(records) * 8)

    def logs(self, kind: str) -> list[dict[str, Any]]:
        """The robot's logs of one kind, newest first: name, type, size (bytes) and day."""
        self.ensure_logs()
        rows = []
        for path in sorted(self.log_folder(kind).glob("*"), reverse=True):
            if path.is_file():
                day = path.stem.removeprefix(f"{kind}_")[:10]
                rows.append({"name": path.name, "type": kind, "size": path.stat().st_size, "date": day})
        return rows

    def log_path(self, kind: str, name: str) -> Path | None:
        if kind not in LOG_KINDS or not safe_name(name):
            return None
        self.ensure_logs()
        path = self.log_folder(kind) / name
        return path if path.is_file() else None

    def delete_log(self, kind: str, name: str) -> bool:
        path = self.log_path(kind, name)
        if path is None:
            return False
        path.unlink()
        return True

    # --- jobs ---------------------------------------------------------------------------------------

    def start(self, job: Job, work: Any) -> Job:
        if self.cloud is None:
            raise RuntimeError("no cloud link")
        self.jobs[job.job_id] = job
        job.task = asyncio.get_running_loop().create_task(self._run(job, work), name=f"{job.kind}-{job.job_id}")
        return job

    async def _run(self, job: Job, work: Any) -> None:
        try:
            await work
        except asyncio.CancelledError:
            job.state = "cancelled"
            raise
        except Rebooted:
            job.state = "rebooted"
            log.info("%s %s lost: the robot restarted", job.kind, job.job_id)
        except Exception as exc:  # noqa: BLE001 - every failure is reported to the cloud
            job.state = "failed"
            log.info("%s %s failed: %s", job.kind, job.job_id, exc)
            with contextlib.suppress(Exception):
                await self.report(job, "failed", reason=str(exc)[:200])

    async def report(self, job: Job, state: str, **more: Any) -> None:
        job.state = state
        assert self.cloud is not None
        path, mark, query = job.path.partition("?")
        await self.cloud.report(f"{path}/state{mark}{query}", {"state": state, **more})

    def cancel(self, job_id: str) -> bool:
        job = self.jobs.get(job_id)
        if job is None or job.task is None or job.task.done():
            return False
        job.task.cancel()
        return True

    async def upload_file(self, job: Job, path: Path, fail: bool) -> None:
        assert self.cloud is not None
        size = (await asyncio.to_thread(path.stat)).st_size
        job.state = "uploading"
        try:
            status = await self.cloud.upload(job.path, file_chunks(path, size // 2 if fail else None), size)
        except Exception as exc:
            if fail:  # whatever the HTTP client makes of the break, the robot's report says what happened
                raise ConnectionError("upload interrupted") from exc
            raise
        if status != 200:
            raise ConnectionError(f"the cloud answered HTTP {status}")
        job.state = "finished"

    def upload_log(self, job_id: str, kind: str, name: str, path_on_cloud: str, fail: bool) -> Job | None:
        path = self.log_path(kind, name)
        if path is None:
            return None
        job = Job(job_id, "log_upload", path_on_cloud)
        failure = "link" if fail else self.failure_for("log_upload")

        async def send() -> None:
            if failure == "reboot":
                raise Rebooted
            await self.upload_file(job, path, failure == "link")

        return self.start(job, send())

    # --- backups ------------------------------------------------------------------------------------

    def pack_path(self, job_id: str) -> Path:
        return self.root / "packs" / f"{job_id}.tar.gz"

    def pack(self, target: Path) -> None:
        """Writes the backup archive: robot.json, tasks.json, maps/*.png|json, logs/*/*."""
        robot = self.robot
        self.ensure_logs()
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(".part")
        with tarfile.open(partial, "w:gz") as tar:
            def add(name: str, data: bytes) -> None:
                info = tarfile.TarInfo(name)
                info.size = len(data)
                info.mtime = int(robot.now().timestamp())
                tar.addfile(info, io.BytesIO(data))

            add("robot.json", json.dumps({"sn": robot.sn, "protocol": robot.protocol, "versions": robot.versions,
                                          "map_name": robot.map_name, "params": dict(robot.params)},
                                         default=str).encode())
            add("tasks.json", json.dumps([t.as_dict() for t in robot.book.tasks.values()], default=str).encode())
            for name, grid in robot.maps.items():
                if safe_name(name):
                    add(f"maps/{name}.png", grid.png())
                    add(f"maps/{name}.json", json.dumps(grid.info(), default=str).encode())
            for kind in LOG_KINDS:
                for path in sorted(self.log_folder(kind).glob("*")):
                    tar.add(path, arcname=f"logs/{kind}/{path.name}")
        partial.replace(target)

    async def _backup(self, job: Job, fail: str | None) -> None:
        target = self.pack_path(job.job_id)
        await self.report(job, "packing")
        await asyncio.to_thread(self.pack, target)
        if fail == "reboot":  # the pack was not finished: it goes with the restart
            target.unlink(missing_ok=True)
            raise Rebooted
        if fail in ("packing", "disk"):
            target.unlink(missing_ok=True)
            raise OSError("packing failed: disk full")
        await self.report(job, "uploading", name=f"{self.robot.sn}_{self.robot.now():%Y%m%d_%H%M%S}.tar.gz",
                          size=target.stat().st_size)
        await self.upload_file(job, target, fail in ("uploading", "link"))

    def backup(self, job_id: str, path_on_cloud: str, fail: str | None = None) -> Job:
        job = Job(job_id, "backup", path_on_cloud)
        return self.start(job, self._backup(job, fail or self.failure_for("backup")))

    def reupload(self, job_id: str, path_on_cloud: str) -> Job | None:
        """Sends a packed backup again (after a failed upload); None when the pack is gone."""
        target = self.pack_path(job_id)
        if not target.is_file():
            return None
        job = Job(job_id, "backup", path_on_cloud)
        failure = self.failure_for("log_upload")  # nothing to pack: a link lost, or a restart before sending

        async def again() -> None:
            if failure == "reboot":
                raise Rebooted
            await self.report(job, "uploading", name=f"{self.robot.sn}_{self.robot.now():%Y%m%d_%H%M%S}.tar.gz",
                              size=target.stat().st_size)
            await self.upload_file(job, target, failure == "link")

        return self.start(job, again())

    async def _restore(self, job: Job) -> None:
        assert self.cloud is not None
        folder = Path(tempfile.mkdtemp(dir=self.root))
        try:
            archive = folder / "backup.tar.gz"
            status = await self.cloud.download(job.path, archive)
            if status != 200:
                raise ConnectionError(f"the cloud answered HTTP {status}")
            restored = await asyncio.to_thread(self.apply, archive)
            self.restored.append(restored)
            await self.report(job, "restored", **restored)
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    def apply(self, archive: Path) -> dict[str, Any]:
        """Puts a backup's tasks back (those missing) and says what came back."""
        with tarfile.open(archive, "r:gz") as tar:
            member = tar.extractfile("robot.json")
            tasks_file = tar.extractfile("tasks.json")
            if member is None or tasks_file is None:
                raise ValueError("not a robot backup")
            about = json.load(member)
            tasks = json.load(tasks_file)
        book = self.robot.book
        back = []
        for task in tasks:
            name = task.get("task_name")
            if name and name not in book.tasks and task.get("map_name") in self.robot.maps:
                book.add_task(task, set(self.robot.maps))
                back.append(name)
        return {"from": about.get("sn"), "tasks": back}

    def restore(self, job_id: str, path_on_cloud: str) -> Job:
        job = Job(job_id, "restore", path_on_cloud)
        return self.start(job, self._restore(job))

    # --- camera clips -------------------------------------------------------------------------------

    def clip_folder(self) -> Path:
        return self.root / "clips"
