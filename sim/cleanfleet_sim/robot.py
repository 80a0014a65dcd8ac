"""A simulated robot, whole: its body and work (body.py, work.py) plus commands from the cloud.

Commands arrive on MQTT `cf/<sn>/down/cmd`: `call` runs one web API call; `backup`, `log_upload`,
`ota` and `map_sync` start long jobs that report their progress as events until they finish, fail
or are cancelled (`cancel`). A command id seen before is acknowledged again but not run twice.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from cleanfleet_sim.work import RobotWork

# kind: (stages as (state, progress at its end), simulated seconds for the whole job)
TRANSFERS: dict[str, tuple[tuple[tuple[str, int], ...], float]] = {
    "backup": ((("packing", 40), ("uploading", 100)), 90.0),
    "log_upload": ((("packing", 30), ("uploading", 100)), 40.0),
    "ota": ((("downloading", 70), ("installing", 100)), 120.0),
    "map_sync": ((("syncing", 100),), 20.0),
}
FAIL_CHANCE = {"backup": 0.03, "log_upload": 0.03, "ota": 0.02, "map_sync": 0.03}
EVENT_EVERY = 20


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

    def handle_command(self, command: dict[str, Any]) -> None:
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
            from cleanfleet_sim.webapi.dispatch import call_robot

            status, answer = call_robot(self, str(args.get("path", "")), args.get("params") or {},
                                        method=str(args.get("method", "POST")))
            self.send("event", {"kind": "cmd_result", "cmdId": cmd_id, "cmd": cmd, "httpStatus": status,
                                "code": answer.get("code"), "msg": answer.get("msg"), "answer": answer})
            return
        if cmd == "cancel":
            target = str(args.get("cmdId", ""))
            for transfer in list(self.transfers):
                if transfer.cmd_id == target:
                    self.transfers.remove(transfer)
                    self.transfer_event(transfer, "cancelled")
                    self.send("event", {"kind": "cmd_ack", "cmdId": cmd_id, "cmd": cmd, "code": 0, "msg": "ok"})
                    return
            self.send("event", {"kind": "cmd_ack", "cmdId": cmd_id, "cmd": cmd, "code": 3, "msg": "job not found"})
            return
        if cmd in TRANSFERS:
            if cmd == "ota" and not args.get("version"):
                self.send("event", {"kind": "cmd_ack", "cmdId": cmd_id, "cmd": cmd, "code": 2,
                                    "msg": "version: is required"})
                return
            fail_at = None
            if args.get("fail") or self.rng.random() < FAIL_CHANCE[cmd]:
                fail_at = self.rng.uniform(10, 90)
            self.transfers.append(Transfer(cmd_id, cmd, args, fail_at=fail_at))
            self.send("event", {"kind": "cmd_ack", "cmdId": cmd_id, "cmd": cmd, "code": 0, "msg": "started"})
            return
        self.send("event", {"kind": "cmd_ack", "cmdId": cmd_id, "cmd": cmd, "code": 4, "msg": f"unknown cmd {cmd}"})

    def progress_upkeep(self, dt: float, now: datetime) -> None:
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
            body["map"] = transfer.args.get("map_name", self.map_name)
            body["direction"] = transfer.args.get("direction", "upload")
        if transfer.kind == "ota":
            body["version"] = transfer.args.get("version")
        self.send("event", body)

    def transfer_finished(self, transfer: Transfer) -> None:
        if transfer.kind == "ota":
            self.versions[str(transfer.args.get("target", "soft"))] = str(transfer.args["version"])
            self.latest_version = None
            self.reboot()
