"""A simulated robot, whole: its body and work (body.py, work.py) plus commands from the cloud.

Commands arrive on MQTT `cf/<sn>/down/cmd`: `call` runs one web API call; `backup`, `log_upload`,
`ota` and `map_sync` start long jobs that report their progress as events until they finish, fail
or are cancelled (`cancel`). A command id seen before is acknowledged again but not run twice.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from cleanfleet_sim import ota
from cleanfleet_sim.camera import Recorder
from cleanfleet_sim.errors import Refusal
from cleanfleet_sim.map_rules import synced_map
from cleanfleet_sim.robotdata import RobotData
from cleanfleet_sim.work import RobotWork

# kind: (stages as (state, progress at its end), simulated seconds for the whole job)
TRANSFERS: dict[str, tuple[tuple[tuple[str, int], ...], float]] = {
    "backup": ((("packing", 40), ("uploading", 100)), 90.0),
    "log_upload": ((("packing", 30), ("uploading", 100)), 40.0),
    "map_sync": ((("syncing", 100),), 20.0),
}
FAIL_CHANCE = {"backup": 0.03, "log_upload": 0.03, "map_sync": 0.03}
EVENT_EVERY = 20
# (robot, path, params, method) -> (HTTP status, answer)
WebApi = Callable[[Any, str, dict[str, Any], str], tuple[int, Any]]


@dataclass
class Transfer:
    cmd_id: str
    kind: str
    args: dict[str, Any]
    progress: float = 0.0
    reported: int = -1
    fail_at: float | None = None


class Robot(RobotWork):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.transfers: list[Transfer] = []
        self.seen_commands: deque[str] = deque(maxlen=512)
        self.latest_version: str | None = None
        self.cloud: str | None = None  # where a relative OTA package URL lives (the cloud it registered with)
        self.ota_fetch: ota.Fetch | None = None  # tests hand the server's client in; else aiohttp
        self.ota_failure: str | None = None  # failures on demand: one of ota.STAGES
        self.ota_jobs: dict[str, ota.OtaJob] = {}
        self._data: RobotData | None = None
        self._recorder: Recorder | None = None

    @property
    def data(self) -> RobotData:
        """The robot's own files (logs, backups) and its cloud link, made on first use."""
        if self._data is None:
            self._data = RobotData(self)
        return self._data

    @property
    def recorder(self) -> Recorder:
        if self._recorder is None:
            self._recorder = Recorder(self, self.data.clip_folder())
        return self._recorder

    def handle_command(self, command: dict[str, Any], web_api: WebApi | None = None) -> None:
        """``web_api`` runs a ``call`` command (the link hands in webapi.dispatch.call_robot: the robot itself
        knows no web API, which knows the robot)."""
        cmd_id = str(command.get("cmdId") or "")
        cmd = str(command.get("cmd") or "")
        args = command.get("args") or {}
        if not cmd_id or not isinstance(args, dict):
            self.send("event", {"kind": "cmd_ack", "cmdId": cmd_id, "cmd": cmd, "code": 2,
                                "msg": "cmdId and an args object are required"})
            return
        if cmd_id in self.seen_commands:
            self.send("event", {"kind": "cmd_ack", "cmdId": cmd_id, "cmd": cmd, "code": 0, "msg": "duplicate"})
            return
        self.seen_commands.append(cmd_id)
        if cmd == "call":
            if web_api is None:
                self.send("event", {"kind": "cmd_ack", "cmdId": cmd_id, "cmd": cmd, "code": 5,
                                    "msg": "this robot takes no web API calls over MQTT"})
                return
            status, answer = web_api(self, str(args.get("path", "")), args.get("params") or {},
                                     str(args.get("method", "POST")))
            self.send("event", {"kind": "cmd_result", "cmdId": cmd_id, "cmd": cmd, "httpStatus": status,
                                "code": answer.get("code"), "msg": answer.get("msg"), "answer": answer})
            return
        if cmd == "ota":
            self.start_ota(cmd_id, args)
            return
        if cmd == "cancel":
            target = str(args.get("cmdId", ""))
            job = self.ota_jobs.get(target)
            if job is not None:
                if job.state != "downloading":
                    self.send("event", {"kind": "cmd_ack", "cmdId": cmd_id, "cmd": cmd, "code": 5,
                                        "msg": "the update is installing and cannot be cancelled"})
                    return
                if job.task is not None:
                    job.task.cancel()
                self.ota_end(job, "cancelled", "cancelled by the cloud")
                self.send("event", {"kind": "cmd_ack", "cmdId": cmd_id, "cmd": cmd, "code": 0, "msg": "ok"})
                return
            for transfer in list(self.transfers):
                if transfer.cmd_id == target:
                    self.transfers.remove(transfer)
                    self.transfer_event(transfer, "cancelled")
                    self.send("event", {"kind": "cmd_ack", "cmdId": cmd_id, "cmd": cmd, "code": 0, "msg": "ok"})
                    return
            self.send("event", {"kind": "cmd_ack", "cmdId": cmd_id, "cmd": cmd, "code": 3, "msg": "job not found"})
            return
        if cmd in TRANSFERS:
            if cmd == "map_sync" and "map" in args:  # a map sent to this robot: checked now, installed at the end
                try:
                    args = {**args, "map": synced_map(args["map"])}
                    if args["map"].name in self.maps:
                        self.require_map_editable(args["map"].name)
                except (ValueError, Refusal) as exc:
                    code = exc.code if isinstance(exc, Refusal) else 2
                    self.send("event", {"kind": "cmd_ack", "cmdId": cmd_id, "cmd": cmd, "code": int(code),
                                        "msg": str(exc)})
                    return
            fail_at = None
            if args.get("fail") or self.rng.random() < FAIL_CHANCE[cmd]:
                fail_at = self.rng.uniform(10, 90)
            self.transfers.append(Transfer(cmd_id, cmd, args, fail_at=fail_at))
            self.send("event", {"kind": "cmd_ack", "cmdId": cmd_id, "cmd": cmd, "code": 0, "msg": "started"})
            return
        self.send("event", {"kind": "cmd_ack", "cmdId": cmd_id, "cmd": cmd, "code": 4, "msg": f"unknown cmd {cmd}"})

    # --- over-the-air updates (ota.py) ---------------------------------------------------------------

    def start_ota(self, cmd_id: str, args: dict[str, Any]) -> None:
        problem = ota.checked_args(args)
        if problem is None and any(job.state == "updating" for job in self.ota_jobs.values()):
            problem = "busy: an update is installing"
        if problem is not None:
            code = 5 if problem.startswith("busy") else 2
            self.send("event", {"kind": "cmd_ack", "cmdId": cmd_id, "cmd": "ota", "code": code, "msg": problem})
            return
        for old in list(self.ota_jobs.values()):  # a newer update replaces one still downloading
            if old.task is not None:
                old.task.cancel()
            self.ota_end(old, "cancelled", "superseded by a newer update")
        job = ota.OtaJob(cmd_id, str(args["version"]), str(args.get("target", "firmware")),
                         ota.full_url(self.cloud, str(args["url"])), str(args["sha256"]), int(args["size"]),
                         fail_install=bool(args.get("fail")) or self.ota_failure == "install")
        self.ota_jobs[cmd_id] = job
        self.latest_version = job.version
        self.send("event", {"kind": "cmd_ack", "cmdId": cmd_id, "cmd": "ota", "code": 0, "msg": "started"})
        self.ota_event(job, "downloading")
        job.task = asyncio.get_running_loop().create_task(ota.run(self, job, self.ota_fetch),
                                                          name=f"ota-{self.sn}")

    def ota_event(self, job: ota.OtaJob, state: str, reason: str = "") -> None:
        body: dict[str, Any] = {"kind": "ota", "cmdId": job.cmd_id, "state": state, "progress": job.progress,
                                "version": job.version}
        if reason:
            body["reason"] = reason[:255]
        self.send("event", body)

    def ota_end(self, job: ota.OtaJob, state: str, reason: str = "") -> None:
        self.ota_jobs.pop(job.cmd_id, None)
        job.state = state
        if state != "updated":
            self.latest_version = None
        self.ota_event(job, state, reason)

    def ota_upkeep(self, dt: float) -> None:
        for job in list(self.ota_jobs.values()):
            if job.state != "updating":
                continue
            job.installed = min(ota.INSTALL_SECONDS, job.installed + dt)
            if job.fail_install and job.installed >= ota.INSTALL_SECONDS / 2:
                self.ota_end(job, "failed", "install failed: the new image did not boot; rolled back")
                continue
            if job.installed >= ota.INSTALL_SECONDS:
                self.versions[job.target] = job.version
                self.reboot()
                self.ota_end(job, "updated")

    def progress_upkeep(self, dt: float, now: datetime) -> None:
        self.ota_upkeep(dt)
        for transfer in list(self.transfers):
            stages, seconds = TRANSFERS[transfer.kind]
            transfer.progress = min(100.0, transfer.progress + 100.0 * dt / seconds)
            if transfer.fail_at is not None and transfer.progress >= transfer.fail_at:
                self.transfers.remove(transfer)
                self.transfer_event(transfer, "failed")
                continue
            if transfer.progress >= 100:
                self.transfers.remove(transfer)
                self.transfer_event(transfer, "finished")
                self.transfer_finished(transfer)
                continue
            step = int(transfer.progress // EVENT_EVERY) * EVENT_EVERY
            if step > transfer.reported:
                transfer.reported = step
                state = next(name for name, end in stages if transfer.progress < end)
                self.transfer_event(transfer, state)

    def transfer_event(self, transfer: Transfer, state: str) -> None:
        body: dict[str, Any] = {"kind": transfer.kind, "cmdId": transfer.cmd_id, "state": state,
                                "progress": round(transfer.progress)}
        if transfer.kind == "backup" and state == "finished":
            body["file"] = {"name": f"{self.sn}_{self.now():%Y%m%d_%H%M%S}.tar.gz",
                            "sizeBytes": self.rng.randint(20, 400) * 1024 * 1024}
        if transfer.kind == "log_upload" and state == "finished":
            body["file"] = {"name": f"{self.sn}_{transfer.args.get('date', f'{self.now():%Y-%m-%d}')}.log.gz",
                            "sizeBytes": self.rng.randint(1, 40) * 1024 * 1024}
        if transfer.kind == "map_sync":
            sent = transfer.args.get("map")
            body["map"] = sent.name if sent is not None else transfer.args.get("map_name", self.map_name)
            body["direction"] = transfer.args.get("direction", "upload")
        self.send("event", body)

    def transfer_finished(self, transfer: Transfer) -> None:
        if transfer.kind == "map_sync" and transfer.args.get("map") is not None:
            grid = transfer.args["map"]
            self.maps[grid.name] = grid  # whole, at once: never half-written
