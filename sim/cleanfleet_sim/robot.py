"""A simulated robot, whole: who it is, its clock and settings, and the parts it is built of (parts/: alarms,
safety, motion, battery, maps, elevator, work, schedules, commands), which own their state; the web API and the
MQTT link call the parts through the robot (`robot.motion.go_home()`, `robot.work.start_tasks(...)`).

`tick(now)` brings the robot to the clock's time in steps of at most MAX_STEP_S simulated seconds: each step
starts the schedules due, ends a job past its forced end, drives, uses battery and disinfectant, rolls random
alarms, brings the banners in line with the state and advances long jobs (transfers, updates).
Everything the robot says to the cloud goes into `outbox` as (channel, payload) with a unique msgId; the MQTT
link sends it (payloads.py describes every message). Over-the-air updates are run by ota.py for the robot.
"""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections import deque
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from cleanfleet_sim import ota
from cleanfleet_sim.activity import Activity
from cleanfleet_sim.alarms import Alarm, AlarmBoard
from cleanfleet_sim.camera import Recorder
from cleanfleet_sim.clock import Clock
from cleanfleet_sim.identity import RobotIdentity, versions_for
from cleanfleet_sim.maps import RobotMap
from cleanfleet_sim.motion import Pose
from cleanfleet_sim.parts.alarms import Alarms
from cleanfleet_sim.parts.atlas import Atlas
from cleanfleet_sim.parts.battery import Battery
from cleanfleet_sim.parts.commands import FAIL_CHANCE, Commands, WebApi
from cleanfleet_sim.parts.elevator import Elevator
from cleanfleet_sim.parts.motion import Motion
from cleanfleet_sim.parts.safety import Safety
from cleanfleet_sim.parts.schedules import Schedules
from cleanfleet_sim.parts.work import Work
from cleanfleet_sim.robotdata import RobotData
from cleanfleet_sim.runs import TaskRun
from cleanfleet_sim.settings import PARAMS, UTILS
from cleanfleet_sim.tasks import Schedule, TaskBook, occurrence_between
from cleanfleet_sim.worlds import built_in_map, built_in_names

__all__ = ["FAIL_CHANCE", "Robot", "WebApi"]

MAX_STEP_S = 2.0
SCHEMA_VERSION = 2  # 2: the report carries the run's coverageGrid
REBOOT_S = 30.0


class Robot:
    def __init__(self, identity: RobotIdentity, clock: Clock, *, seed: int = 0, alarm_rate: float = 0.5,
                 home_map: str = "office-3F", battery: float | None = None) -> None:
        self.identity = identity
        self.sn = identity.sn
        self.protocol = identity.protocol
        self.clock = clock
        self.rng = random.Random(f"{seed}:{identity.sn}")
        self.boot_id = os.urandom(4).hex()
        self.msg_seq = 0
        self.outbox: deque[tuple[str, dict[str, Any]]] = deque(maxlen=2000)
        self.on_send: Callable[[], None] | None = None
        self.on_reboot: Callable[[], None] | None = None
        self.versions = versions_for(seed, identity)
        self.params: dict[str, float] = {k: v[0] for k, v in PARAMS.items()}
        self.utils: dict[int, int] = {u["id"]: u["default"] for u in UTILS}
        self.book = TaskBook()
        self.atlas = Atlas(self, {name: built_in_map(name) for name in built_in_names()}, home_map)
        pile = self.atlas.map.charging_pile()
        pose = Pose(pile.x, pile.y, pile.yaw) if pile else Pose(*self.atlas.map.coarse_centre(0, 0))
        self.activity = Activity.CHARGING if pile is not None else Activity.IDLE
        self.motion = Motion(self, pose, on_pile=pile is not None)
        self.battery = Battery(self, battery if battery is not None else self.rng.uniform(60, 100), self.rng)
        self.alarms = Alarms(AlarmBoard(identity.sn, self.rng, alarm_rate), self.now, self.send, self.alarm_reaction)
        self.safety = Safety(self)
        self.elevator = Elevator(self)
        self.work = Work(self)
        self.schedules = Schedules(self)
        self.commands = Commands(self)
        self.down_until = 0.0
        self.last_time: datetime | None = None
        self.started_mono = time.monotonic()
        self.latest_version: str | None = None
        self.cloud: str | None = None  # where a relative OTA package URL lives (the cloud it registered with)
        self.ota_fetch: ota.Fetch | None = None  # tests hand the server's client in; else aiohttp
        self.ota_failure: str | None = None  # failures on demand: one of ota.STAGES
        self.ota_jobs: dict[str, ota.OtaJob] = {}
        # signed updates (signed.py): the publisher's root and the metadata trusted since; None: an older robot
        self.tuf_dir: Path | None = None
        self._data: RobotData | None = None
        self._recorder: Recorder | None = None

    @property
    def model(self) -> str:
        return self.identity.model

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

    # -- what most readers want of the parts ------------------------------------------------------
    @property
    def map(self) -> RobotMap:
        return self.atlas.map

    @property
    def maps(self) -> dict[str, RobotMap]:
        return self.atlas.maps

    @property
    def map_name(self) -> str | None:
        return self.atlas.map_name

    @property
    def run(self) -> TaskRun | None:
        return self.work.run

    @run.setter
    def run(self, run: TaskRun | None) -> None:
        self.work.run = run  # the server's tests stand a run in to make the robot busy

    # -- what the server's tests (backend/tests) set and call on a robot -------------------------------
    @property
    def on_pile(self) -> bool:
        return self.motion.on_pile

    @on_pile.setter
    def on_pile(self, on: bool) -> None:
        self.motion.on_pile = on

    @property
    def locked(self) -> bool:
        return self.safety.locked

    def raise_alarm(self, key: str, lasts_s: float | None = None) -> None:
        self.alarms.raise_(key, lasts_s)

    def load_map(self, name: str) -> None:
        self.atlas.load_map(name)

    # -- basics -----------------------------------------------------------------------------------
    def is_down(self) -> bool:
        """Rebooting: the web API and the MQTT link are away until the reboot is over."""
        return time.monotonic() < self.down_until

    def now(self) -> datetime:
        return self.clock.now()

    def stamp(self, body: dict[str, Any]) -> dict[str, Any]:
        """A message for the cloud: schema version, a msgId never used before, sender and times."""
        self.msg_seq += 1
        return {"v": SCHEMA_VERSION, "msgId": f"{self.sn}-{self.boot_id}-{self.msg_seq}", "sn": self.sn,
                "ts": datetime.now().astimezone().isoformat(timespec="milliseconds"),
                "robotTime": self.now().isoformat(timespec="seconds"), **body}

    def send(self, channel: str, body: dict[str, Any]) -> dict[str, Any]:
        """Queue a message; its msgId is fixed now so a resend after a reconnect stays idempotent."""
        payload = self.stamp(body)
        self.outbox.append((channel, payload))
        if self.on_send is not None:
            self.on_send()
        return payload

    def mode(self) -> str:
        """The device mode of product-spec 4 (cleaning, carpet, quiet, manual, emergency stop, pause, brake)."""
        if self.safety.estop:
            return "emergency_stop"
        if self.safety.brake:
            return "brake"
        if self.safety.hand_mode or self.activity == Activity.MANUAL:
            return "manual"
        if self.activity == Activity.PAUSED:
            return "pause"
        run = self.work.run
        if run is not None:
            return {"clean": "cleaning"}.get(run.task.clean_mode, run.task.clean_mode)
        return "idle"

    # -- the passing of time ----------------------------------------------------------------------
    def tick(self, now: datetime | None = None) -> None:
        now = now or self.now()
        if self.last_time is None:
            self.last_time = now
            self.sync_banners(now)
            return
        total = (now - self.last_time).total_seconds()
        if total <= 0:
            return  # another caller already brought the robot to this time
        moment = self.last_time
        while total > 1e-9:
            dt = min(total, MAX_STEP_S)
            before = moment
            moment = moment + timedelta(seconds=dt)
            self.step(dt, before, moment)
            total -= dt
        self.last_time = now

    def step(self, dt: float, before: datetime, now: datetime) -> None:
        self.schedules.fire(before, now)
        self.schedules.check_forced_end(now)
        self.motion.step(dt, now)
        self.battery.use(dt, now)
        self.battery.use_disinfectant(dt, now)
        self.alarms.roll(now, dt)
        self.safety.roll_stuck(dt)
        self.sync_banners(now)
        self.ota_upkeep(dt)
        self.commands.upkeep(dt)

    # -- alarms -----------------------------------------------------------------------------------
    def sync_banners(self, now: datetime) -> None:
        safety = self.safety
        self.alarms.show_banners({
            "map_not_selected": self.atlas.map_name is None,
            "position_unconfirmed": not self.motion.localized,
            "low_battery": self.battery.level < self.params["low_battery"],
            "disinfectant_level": min(self.battery.disinfectant.values()) < 10,
            "manual_mode": safety.hand_mode,
            "brake": safety.brake,
            "emergency_stop": safety.estop,
            "serial_error": not safety.serial_on,
            "building_map": self.activity == Activity.MAPPING,
        }, now)

    def alarm_reaction(self, action: str, alarm: Alarm) -> None:
        if alarm.type.key == "paused_emergency_stop":
            self.safety.estop = action == "raise"
        self.work.alarm_changed(action, alarm)

    # -- commands ---------------------------------------------------------------------------------
    def handle_command(self, command: dict[str, Any], web_api: WebApi | None = None) -> None:
        self.commands.handle(command, web_api)

    def reboot(self) -> None:
        """Cancel everything, go away for REBOOT_S simulated seconds, come back not localised."""
        if self.work.run is not None:
            self.work.finish_run("aborted", "reboot")
        self.work.job = None
        self.motion.route = None
        self.motion.cmdvel_until = None
        self.activity = Activity.CHARGING if self.motion.on_pile else Activity.IDLE
        self.motion.localized = self.motion.on_pile
        self.down_until = time.monotonic() + max(2.0, REBOOT_S / self.clock.speed)
        if self.on_reboot is not None:
            self.on_reboot()

    # -- over-the-air updates (ota.py) ------------------------------------------------------------
    def start_ota(self, cmd_id: str, args: dict[str, Any]) -> None:
        problem = ota.checked_args(args)
        if problem is None and any(job.state == "updating" for job in self.ota_jobs.values()):
            problem = "busy: an update is installing"
        if problem is not None:
            code = 5 if problem.startswith("busy") else 2
            self.send("event", {"kind": "cmd_ack", "cmdId": cmd_id, "cmd": "ota", "code": code, "msg": problem})
            return
        reason = ota.refusal(ota.checked_rule(args), riding=self.activity == Activity.ELEVATOR,
                             working=self.work.run is not None or self.work.job is not None,
                             battery=self.battery.level, charging=self.battery.charging(),
                             run_soon=self.schedule_within)
        if reason is not None:  # a bad moment: refused with the reason, the server asks again later
            self.send("event", {"kind": "cmd_ack", "cmdId": cmd_id, "cmd": "ota", "code": 0, "msg": "refused"})
            self.send("event", {"kind": "ota", "cmdId": cmd_id, "state": "refused", "reason": reason,
                                "version": str(args["version"])})
            return
        for old in list(self.ota_jobs.values()):  # a newer update replaces one still downloading
            if old.task is not None:
                old.task.cancel()
            self.ota_end(old, "cancelled", "superseded by a newer update")
        job = ota.OtaJob(cmd_id, str(args["version"]), str(args.get("target", "firmware")),
                         ota.full_url(self.cloud, str(args["url"])), str(args["sha256"]), int(args["size"]),
                         fail_install=bool(args.get("fail")) or self.ota_failure == "install",
                         tuf=args["tuf"] if isinstance(args.get("tuf"), dict) else None)
        self.ota_jobs[cmd_id] = job
        self.latest_version = job.version
        self.send("event", {"kind": "cmd_ack", "cmdId": cmd_id, "cmd": "ota", "code": 0, "msg": "started"})
        self.ota_event(job, "downloading")
        job.task = asyncio.get_running_loop().create_task(ota.run(self, job, self.ota_fetch),
                                                          name=f"ota-{self.sn}")

    def schedule_within(self, minutes: int) -> bool:
        """One of the robot's switched-on schedules starts within the next ``minutes`` of its clock."""
        now = self.now()
        schedules: list[Schedule] = [*self.book.schedules.values(), *self.book.elevator_schedules.values()]
        return any(s.enable and occurrence_between(s, now, now + timedelta(minutes=minutes)) is not None
                   for s in schedules)

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
