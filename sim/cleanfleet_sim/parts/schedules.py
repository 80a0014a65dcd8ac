"""The robot's schedules part: scheduled and elevator scheduled tasks (tasks.TaskBook keeps them) started by the
robot's own clock, each as a job of the work part, and ended at their end time if still running; a schedule due
while the robot is busy is skipped."""

from __future__ import annotations

from collections import deque
from datetime import datetime
from typing import Any, Protocol

from cleanfleet_sim.activity import Activity
from cleanfleet_sim.errors import Refusal, RobotCode
from cleanfleet_sim.parts.atlas import Atlas
from cleanfleet_sim.parts.work import Work
from cleanfleet_sim.runs import Job
from cleanfleet_sim.tasks import (
    ElevatorScheduledTask,
    Schedule,
    ScheduledTask,
    TaskBook,
    forced_end,
    occurrence_between,
)


class Scheduled(Protocol):
    """What the schedules part needs of its robot (robot.Robot is one)."""

    activity: Activity

    @property
    def book(self) -> TaskBook: ...

    @property
    def atlas(self) -> Atlas: ...

    @property
    def work(self) -> Work: ...

    def now(self) -> datetime: ...

    def send(self, channel: str, body: dict[str, Any]) -> dict[str, Any]: ...


class Schedules:
    def __init__(self, robot: Scheduled) -> None:
        self.robot = robot

    def fire(self, before: datetime, now: datetime) -> None:
        """Start the schedules due between ``before`` and ``now``."""
        book = self.robot.book
        schedules: list[Schedule] = [*book.schedules.values(), *book.elevator_schedules.values()]
        for schedule in schedules:
            if not schedule.enable:
                continue
            moment = occurrence_between(schedule, before, now)
            if moment is not None:
                self.start(schedule, moment)

    def check_forced_end(self, now: datetime) -> None:
        """At a scheduled job's forced end time: end its run, then back to the home floor and home."""
        work = self.robot.work
        job = work.job
        if job is None or job.forced_end_at is None or now < job.forced_end_at:
            return
        job.forced_end_at = None
        if self.robot.activity == Activity.ELEVATOR:
            job.steps = deque([("elevator", job.home_map), ("home", "")])
            return
        if work.run is not None:
            work.finish_run("forced_end", "scheduled end time reached")
        away = job.home_map != self.robot.atlas.map_name
        job.steps = deque(([("elevator", job.home_map)] if away else []) + [("home", "")])
        work.advance_job()

    def start(self, schedule: Schedule, moment: datetime) -> None:
        robot = self.robot
        kind = "elevator_schedule" if isinstance(schedule, ElevatorScheduledTask) else "schedule"
        if robot.work.job is not None or robot.work.run is not None:
            robot.send("event", {"kind": "schedule_skipped", "schedule": schedule.name, "reason": "robot is busy"})
            return
        try:
            if isinstance(schedule, ScheduledTask):
                if schedule.map_name != robot.atlas.map_name:
                    raise Refusal(RobotCode.FAILED, f"scheduled task is on map {schedule.map_name}")
                robot.work.start_tasks(schedule.task_list, source=kind, name=schedule.name,
                                       forced_end_at=forced_end(schedule, moment))
            else:
                self.start_elevator_job(schedule, forced_end(schedule, moment))
        except Refusal as refusal:
            robot.send("event", {"kind": "schedule_skipped", "schedule": schedule.name, "reason": refusal.msg})
            return
        robot.send("event", {"kind": "schedule_started", "schedule": schedule.name, "scheduleKind": kind,
                             "at": moment.isoformat(timespec="seconds")})

    def start_elevator_job(self, schedule: ElevatorScheduledTask, forced_end_at: datetime | None) -> None:
        """The floors' tasks in turn, riding the elevator between floors, then back to the home floor."""
        work, atlas = self.robot.work, self.robot.atlas
        work.require_can_work()
        home = atlas.map_name or ""
        steps: deque[tuple[str, str]] = deque()
        here = home
        for leg in schedule.floors:
            atlas.map_named(leg.map_name)
            if leg.map_name != here:
                steps.append(("elevator", leg.map_name))
                here = leg.map_name
            steps.extend(("task", n) for n in leg.task_list)
        if here != home:
            steps.append(("elevator", home))
        steps.append(("home", ""))
        work.replace_job(Job("elevator_schedule", schedule.name, steps, forced_end_at, home, elevator=True))

    def cancel_today(self, name: str) -> None:
        """timetask_cancel: stop today's run of this scheduled task, or skip it if it has not begun; refused
        (code 1) on a day it does not run: switched off, or today's weekday not among its days."""
        robot = self.robot
        schedule = robot.book.schedule(name)
        if not schedule.enable or robot.now().isoweekday() not in schedule.days:
            raise Refusal(RobotCode.FAILED, f"scheduled task {name} does not run today")
        schedule.skip_date = robot.now().date()
        job = robot.work.job
        if job is not None and job.name == name and job.source == "schedule":
            robot.work.stop_job("scheduled task cancelled")
