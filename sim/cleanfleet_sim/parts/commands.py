"""The robot's commands part: commands from the cloud (MQTT `cf/<sn>/down/cmd`) and the long jobs they start.

`call` runs one web API call; `backup`, `log_upload` and `map_sync` start transfers that report their progress
as events until they finish, fail or are cancelled (`cancel`); `ota` hands over to the robot's updates (ota.py).
A command id seen before is acknowledged again but not run twice.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from cleanfleet_sim import ota
from cleanfleet_sim.errors import Refusal
from cleanfleet_sim.map_rules import synced_map
from cleanfleet_sim.parts.atlas import Atlas

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


class Commanded(Protocol):
    """What the commands part needs of its robot (robot.Robot is one)."""

    @property
    def sn(self) -> str: ...

    @property
    def rng(self) -> random.Random: ...

    @property
    def atlas(self) -> Atlas: ...

    @property
    def ota_jobs(self) -> dict[str, ota.OtaJob]: ...

    def start_ota(self, cmd_id: str, args: dict[str, Any]) -> None: ...

    def ota_end(self, job: ota.OtaJob, state: str, reason: str = "") -> None: ...

    def now(self) -> datetime: ...

    def send(self, channel: str, body: dict[str, Any]) -> dict[str, Any]: ...


class Commands:
    def __init__(self, robot: Commanded) -> None:
        self.robot = robot
        self.transfers: list[Transfer] = []
        self.seen: deque[str] = deque(maxlen=512)

    def ack(self, cmd_id: str, cmd: str, code: int, msg: str) -> None:
        self.robot.send("event", {"kind": "cmd_ack", "cmdId": cmd_id, "cmd": cmd, "code": code, "msg": msg})

    def handle(self, command: dict[str, Any], web_api: WebApi | None = None) -> None:
        """``web_api`` runs a ``call`` command (the link hands in webapi.dispatch.call_robot: the robot itself
        knows no web API, which knows the robot)."""
        cmd_id = str(command.get("cmdId") or "")
        cmd = str(command.get("cmd") or "")
        args = command.get("args") or {}
        if not cmd_id or not isinstance(args, dict):
            self.ack(cmd_id, cmd, 2, "cmdId and an args object are required")
            return
        if cmd_id in self.seen:
            self.ack(cmd_id, cmd, 0, "duplicate")
            return
        self.seen.append(cmd_id)
        if cmd == "call":
            if web_api is None:
                self.ack(cmd_id, cmd, 5, "this robot takes no web API calls over MQTT")
                return
            status, answer = web_api(self.robot, str(args.get("path", "")), args.get("params") or {},
                                     str(args.get("method", "POST")))
            self.robot.send("event", {"kind": "cmd_result", "cmdId": cmd_id, "cmd": cmd, "httpStatus": status,
                                      "code": answer.get("code"), "msg": answer.get("msg"), "answer": answer})
        elif cmd == "ota":
            self.robot.start_ota(cmd_id, args)
        elif cmd == "cancel":
            self.cancel(cmd_id, str(args.get("cmdId", "")))
        elif cmd in TRANSFERS:
            self.start_transfer(cmd_id, cmd, args)
        else:
            self.ack(cmd_id, cmd, 4, f"unknown cmd {cmd}")

    def cancel(self, cmd_id: str, target: str) -> None:
        job = self.robot.ota_jobs.get(target)
        if job is not None:
            if job.state != "downloading":
                self.ack(cmd_id, "cancel", 5, "the update is installing and cannot be cancelled")
                return
            if job.task is not None:
                job.task.cancel()
            self.robot.ota_end(job, "cancelled", "cancelled by the cloud")
            self.ack(cmd_id, "cancel", 0, "ok")
            return
        for transfer in list(self.transfers):
            if transfer.cmd_id == target:
                self.transfers.remove(transfer)
                self.transfer_event(transfer, "cancelled")
                self.ack(cmd_id, "cancel", 0, "ok")
                return
        self.ack(cmd_id, "cancel", 3, "job not found")

    def start_transfer(self, cmd_id: str, cmd: str, args: dict[str, Any]) -> None:
        if cmd == "map_sync" and "map" in args:  # a map sent to this robot: checked now, installed at the end
            try:
                args = {**args, "map": synced_map(args["map"])}
                if args["map"].name in self.robot.atlas.maps:
                    self.robot.atlas.require_map_editable(args["map"].name)
            except (ValueError, Refusal) as exc:
                code = exc.code if isinstance(exc, Refusal) else 2
                self.ack(cmd_id, cmd, int(code), str(exc))
                return
        fail_at = None
        if args.get("fail") or self.robot.rng.random() < FAIL_CHANCE[cmd]:
            fail_at = self.robot.rng.uniform(10, 90)
        self.transfers.append(Transfer(cmd_id, cmd, args, fail_at=fail_at))
        self.ack(cmd_id, cmd, 0, "started")

    def upkeep(self, dt: float) -> None:
        """Advance the transfers by ``dt`` simulated seconds."""
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
        robot = self.robot
        body: dict[str, Any] = {"kind": transfer.kind, "cmdId": transfer.cmd_id, "state": state,
                                "progress": round(transfer.progress)}
        if transfer.kind == "backup" and state == "finished":
            body["file"] = {"name": f"{robot.sn}_{robot.now():%Y%m%d_%H%M%S}.tar.gz",
                            "sizeBytes": robot.rng.randint(20, 400) * 1024 * 1024}
        if transfer.kind == "log_upload" and state == "finished":
            body["file"] = {"name": f"{robot.sn}_{transfer.args.get('date', f'{robot.now():%Y-%m-%d}')}.log.gz",
                            "sizeBytes": robot.rng.randint(1, 40) * 1024 * 1024}
        if transfer.kind == "map_sync":
            sent = transfer.args.get("map")
            body["map"] = sent.name if sent is not None else transfer.args.get("map_name", robot.atlas.map_name)
            body["direction"] = transfer.args.get("direction", "upload")
        robot.send("event", body)

    def transfer_finished(self, transfer: Transfer) -> None:
        if transfer.kind == "map_sync" and transfer.args.get("map") is not None:
            grid = transfer.args["map"]
            self.robot.atlas.maps[grid.name] = grid  # whole, at once: never half-written
