"""A robot's work: task runs along coverage paths, jobs (a queue of tasks, elevator rides and the
way home), pause reasons, recharging in the middle of a task, scheduled and elevator scheduled
tasks fired by the robot's own clock, and the report sent when a task run ends."""

from __future__ import annotations

from collections import deque
from datetime import datetime
from typing import Any

from cleanfleet_sim.activity import Activity
from cleanfleet_sim.body import RobotBody
from cleanfleet_sim.errors import Refusal, RobotCode, not_found
from cleanfleet_sim.maps import FlagType, RobotMap
from cleanfleet_sim.motion import Pose, Route, Waypoint
from cleanfleet_sim.runs import PROGRESS_EVENT_STEP, Job, TaskRun, plan_cells
from cleanfleet_sim.tasks import ElevatorScheduledTask, Schedule, ScheduledTask, Task, forced_end, occurrence_between

ELEVATOR_RIDE_S = 45.0


class RobotWork(RobotBody):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.run_seq = 0

    # -- starting ---------------------------------------------------------------------------------
    def require_can_work(self) -> None:
        self.require_can_move()
        self.require_localized()
        if self.battery <= self.params["back_battery"] + 5:
            raise Refusal(RobotCode.LOW_BATTERY, "battery too low to start a task", reason="low_battery")

    def start_tasks(self, names: list[str], *, source: str = "manual", name: str = "",
                    forced_end_at: datetime | None = None) -> None:
        """Run tasks one after another on the current map, then go home."""
        self.require_can_work()
        for task_name in names:
            task = self.book.task(task_name)
            if task.map_name != self.map_name:
                raise Refusal(RobotCode.FAILED, f"task {task_name} is on map {task.map_name}: load that map first",
                              reason="task_on_other_map", task=task_name, map=task.map_name)
        self.replace_job(Job(source, name or ",".join(names), deque([("task", n) for n in names] + [("home", "")]),
                             forced_end_at, self.map_name or ""))

    def start_elevator_job(self, schedule: ElevatorScheduledTask, forced_end_at: datetime | None) -> None:
        self.require_can_work()
        home = self.map_name or ""
        steps: deque[tuple[str, str]] = deque()
        here = home
        for leg in schedule.floors:
            self.map_named(leg.map_name)
            if leg.map_name != here:
                steps.append(("elevator", leg.map_name))
                here = leg.map_name
            steps.extend(("task", n) for n in leg.task_list)
        if here != home:
            steps.append(("elevator", home))
        steps.append(("home", ""))
        self.replace_job(Job("elevator_schedule", schedule.name, steps, forced_end_at, home, elevator=True))

    def replace_job(self, job: Job) -> None:
        if self.run is not None:
            self.finish_run("cancelled", "replaced by a new task")
        self.job = job
        self.advance_job()

    def advance_job(self) -> None:
        job = self.job
        while job is not None and job.steps:
            kind, arg = job.steps.popleft()
            if kind == "task":
                task = self.book.tasks.get(arg)
                if task is None or task.map_name != self.map_name:
                    self.send("event", {"kind": "task_skipped", "taskName": arg, "reason": "task not on this map"})
                    continue
                try:
                    self.begin_run(task, job)
                except Refusal as refusal:
                    self.send("event", {"kind": "task_skipped", "taskName": arg, "reason": refusal.msg})
                    continue
                return
            if kind == "elevator":
                if arg != self.map_name:
                    self.go_to_elevator(arg)
                    return
                continue
            self.job = None
            try:
                self.go_home()
            except Refusal:
                self.activity = Activity.IDLE
            return
        self.job = None
        if self.run is None and self.activity in (Activity.WORKING, Activity.PAUSED):
            self.activity = Activity.IDLE

    def begin_run(self, task: Task, job: Job) -> None:
        grid = self.map
        begin = task.start_point or (self.pose.x, self.pose.y)
        cells = plan_cells(grid, task, grid.coarse_cell_of(*begin))
        if not cells:
            self.raise_alarm("path_not_solved", lasts_s=60)
            raise Refusal(RobotCode.FAILED, "path generation failed: no free floor in the task area",
                          reason="no_free_floor")
        self.run_seq += 1
        now = self.now()
        self.run = TaskRun(
            run_id=f"{self.sn}-{now:%Y%m%d%H%M%S}-{self.run_seq}", task=task, source=job.source,
            schedule_name=job.name if job.source in ("schedule", "elevator_schedule") else "",
            started_at=now, battery_start=self.battery,
            plan=cells, work_area_m2=len(set(cells)) * grid.coarse_area_m2(), cell_area_m2=grid.coarse_area_m2(),
            odometer_start=self.odometer_m,
        )
        self.track.clear()
        self.leave_pile()
        self.route = self.coverage_route()
        self.activity = Activity.WORKING
        self.send("event", {"kind": "task_started", "runId": self.run.run_id, "taskName": task.task_name,
                            "map": task.map_name, "workArea": round(self.run.work_area_m2, 2)})

    def coverage_route(self) -> Route:
        """From where the robot stands to the next cell of the plan, then the rest of the plan."""
        run = self.run
        assert run is not None
        grid = self.map
        rest = [Waypoint(*grid.coarse_centre(*c), plan_index=i) for i, c in enumerate(run.plan) if i >= run.next_index]
        if not rest:
            return Route([])
        lead = self.route_to(rest[0].x, rest[0].y)
        return Route(lead.points[:-1] + rest)

    # -- while running ----------------------------------------------------------------------------
    def cleaned_cell(self, index: int) -> None:
        run = self.run
        assert run is not None
        run.cleaned.add(run.plan[index])
        run.next_index = index + 1
        step = int(run.progress() // PROGRESS_EVENT_STEP) * PROGRESS_EVENT_STEP
        if step > run.progress_reported and step < 100:
            run.progress_reported = step
            self.send("event", {"kind": "task_progress", "runId": run.run_id, "taskName": run.task.task_name,
                                "progress": step, "cleanedArea": round(run.cleaned_m2(), 2)})

    def coverage_done(self, now: datetime) -> None:
        self.finish_run("finished", "")
        self.advance_job()

    def pause_for(self, reason: str) -> None:
        run = self.run
        if run is None:
            return
        run.pause_reasons.add(reason)
        if self.activity in (Activity.WORKING, Activity.RETURNING) and not run.recharging:
            self.route = None
            self.activity = Activity.PAUSED

    def unpause_for(self, reason: str) -> None:
        run = self.run
        if run is None or reason not in run.pause_reasons:
            return
        run.pause_reasons.discard(reason)
        if not run.pause_reasons and self.activity == Activity.PAUSED and not run.recharging:
            self.continue_run()

    def continue_run(self) -> None:
        try:
            self.route = self.coverage_route()
        except Refusal:
            self.finish_run("aborted", "path not solved")
            self.advance_job()
            return
        self.leave_pile()
        self.activity = Activity.WORKING

    def pause_task(self) -> None:
        if self.run is None:
            raise Refusal(RobotCode.FAILED, "no task is running", reason="no_task_running")
        self.pause_for("user")

    def resume_task(self) -> None:
        run = self.run
        if run is None:
            raise Refusal(RobotCode.FAILED, "no task is paused", reason="no_task_paused")
        self.require_can_move()
        self.require_localized()
        others = run.pause_reasons - {"user"}
        if others:
            raise Refusal(RobotCode.FAILED, f"task cannot resume yet: {sorted(others)[0]}",
                          reason="cannot_resume", alarm=sorted(others)[0])
        if self.activity == Activity.MANUAL:
            self.cmdvel_until = None
        run.pause_reasons.discard("user")
        run.recharging = False
        self.continue_run()

    def cancel_all(self) -> None:
        if self.activity == Activity.ELEVATOR:
            raise Refusal(RobotCode.ELEVATOR_RUNNING, "elevator transfer running: wait until it arrives",
                          reason="elevator_running")
        if self.run is None and self.job is None:
            raise Refusal(RobotCode.FAILED, "no task is running", reason="no_task_running")
        if self.run is not None:
            self.finish_run("cancelled", "cancelled")
        self.job = None
        self.route = None
        if self.activity != Activity.CHARGING:
            self.activity = Activity.IDLE

    def cancel_current(self) -> None:
        """task_cancel_one: drop the running task, go on with the next one of the job."""
        if self.run is None:
            raise Refusal(RobotCode.FAILED, "no task is running", reason="no_task_running")
        self.finish_run("cancelled", "cancelled")
        self.advance_job()

    # -- battery ----------------------------------------------------------------------------------
    def battery_low(self, now: datetime) -> None:
        """At the return threshold a working robot goes to charge and carries on afterwards."""
        run = self.run
        if run is None or run.recharging or self.activity != Activity.WORKING:
            return
        pile = self.map.charging_pile()
        if pile is None:
            return
        try:
            self.route = self.route_to(pile.x, pile.y)
        except Refusal:
            return
        run.recharging = True
        self.activity = Activity.RETURNING
        self.send("event", {"kind": "recharge", "runId": run.run_id, "battery": round(self.battery, 1)})

    def resume_after_charge(self, now: datetime) -> None:
        run = self.run
        if run is None or not run.recharging or self.activity != Activity.CHARGING:
            return
        if self.battery >= self.params["full_battery"]:
            run.recharging = False
            if run.pause_reasons:
                self.activity = Activity.PAUSED
            else:
                self.continue_run()

    def battery_empty(self, now: datetime) -> None:
        if self.run is not None:
            self.finish_run("aborted", "battery empty")
        self.job = None
        self.route = None
        self.activity = Activity.IDLE

    # -- ending -----------------------------------------------------------------------------------
    def finish_run(self, result: str, reason: str) -> dict[str, Any]:
        run = self.run
        assert run is not None
        self.run = None
        self.route = None
        end = self.now()
        hours = max((end - run.started_at).total_seconds(), 1.0) / 3600
        cleaned = run.cleaned_m2()
        report = {
            "runId": run.run_id, "taskName": run.task.task_name, "map": run.task.map_name,
            "source": run.source, "scheduleName": run.schedule_name, "result": result, "reason": reason,
            "startTime": run.started_at.isoformat(timespec="seconds"), "endTime": end.isoformat(timespec="seconds"),
            "durationS": round(hours * 3600), "workArea": round(run.work_area_m2, 2), "cleanedArea": round(cleaned, 2),
            "coverage": round(100 * cleaned / run.work_area_m2, 1) if run.work_area_m2 else 0.0,
            "efficiency": round(cleaned / hours, 1), "distanceM": round(self.odometer_m - run.odometer_start, 1),
            "batteryStart": round(run.battery_start, 1), "batteryEnd": round(self.battery, 1),
            "cleanMode": run.task.clean_mode, "pathType": run.task.path_type,
            "alarms": {"total": sum(run.alarm_counts.values()), "byKey": dict(run.alarm_counts)},
        }
        self.history.append(report)
        self.send("report", report)
        if self.activity in (Activity.WORKING, Activity.PAUSED):
            self.activity = Activity.IDLE
        return report

    def check_forced_end(self, now: datetime) -> None:
        job = self.job
        if job is None or job.forced_end_at is None or now < job.forced_end_at:
            return
        job.forced_end_at = None
        if self.activity == Activity.ELEVATOR:
            job.steps = deque([("elevator", job.home_map), ("home", "")])
            return
        if self.run is not None:
            self.finish_run("forced_end", "scheduled end time reached")
        job.steps = deque(([("elevator", job.home_map)] if job.home_map != self.map_name else []) + [("home", "")])
        self.advance_job()

    # -- schedules --------------------------------------------------------------------------------
    def fire_schedules(self, before: datetime, now: datetime) -> None:
        schedules: list[Schedule] = [*self.book.schedules.values(), *self.book.elevator_schedules.values()]
        for schedule in schedules:
            if not schedule.enable:
                continue
            moment = occurrence_between(schedule, before, now)
            if moment is not None:
                self.start_schedule(schedule, moment)

    def start_schedule(self, schedule: Schedule, moment: datetime) -> None:
        kind = "elevator_schedule" if isinstance(schedule, ElevatorScheduledTask) else "schedule"
        if self.job is not None or self.run is not None:
            self.send("event", {"kind": "schedule_skipped", "schedule": schedule.name, "reason": "robot is busy"})
            return
        try:
            if isinstance(schedule, ScheduledTask):
                if schedule.map_name != self.map_name:
                    raise Refusal(RobotCode.FAILED, f"scheduled task is on map {schedule.map_name}")
                self.start_tasks(schedule.task_list, source=kind, name=schedule.name,
                                 forced_end_at=forced_end(schedule, moment))
            else:
                self.start_elevator_job(schedule, forced_end(schedule, moment))
        except Refusal as refusal:
            self.send("event", {"kind": "schedule_skipped", "schedule": schedule.name, "reason": refusal.msg})
            return
        self.send("event", {"kind": "schedule_started", "schedule": schedule.name, "scheduleKind": kind,
                            "at": moment.isoformat(timespec="seconds")})

    def cancel_schedule_today(self, name: str) -> None:
        """timetask_cancel: stop today's run of this scheduled task, or skip it if it has not begun; refused
        (code 1) on a day it does not run: switched off, or today's weekday not among its days."""
        schedule = self.book.schedule(name)
        if not schedule.enable or self.now().isoweekday() not in schedule.days:
            raise Refusal(RobotCode.FAILED, f"scheduled task {name} does not run today")
        schedule.skip_date = self.now().date()
        if self.job is not None and self.job.name == name and self.job.source == "schedule":
            if self.run is not None:
                self.finish_run("cancelled", "scheduled task cancelled")
            self.job = None
            self.route = None
            if self.activity != Activity.CHARGING:
                self.activity = Activity.IDLE

    # -- elevator rides ---------------------------------------------------------------------------
    def elevator_flag_on(self, grid: RobotMap) -> tuple[float, float, float]:
        flag = next((f for f in grid.flags if f.type == FlagType.ELEVATOR), None)
        if flag is None:
            raise not_found(f"elevator point on map {grid.name}")
        return flag.x, flag.y, flag.yaw

    def go_to_elevator(self, target_map: str) -> None:
        try:
            x, y, yaw = self.elevator_flag_on(self.map)
            self.elevator_flag_on(self.map_named(target_map))
            self.route = self.route_to(x, y)
        except Refusal as refusal:
            self.raise_alarm("elevator_failed", lasts_s=300)
            self.send("event", {"kind": "elevator_failed", "target": target_map, "reason": refusal.msg})
            self.job = None
            self.activity = Activity.IDLE
            return
        self.leave_pile()
        self.move_purpose, self.target_yaw = ("elevator", target_map), yaw
        self.activity = Activity.MOVING

    def board_elevator(self, target_map: str) -> None:
        self.activity, self.timer_s = Activity.ELEVATOR, ELEVATOR_RIDE_S
        self.move_purpose = ("elevator", target_map)
        self.send("event", {"kind": "elevator", "state": "riding", "from": self.map_name, "to": target_map})

    def leave_elevator(self, now: datetime) -> None:
        target = self.move_purpose[1]
        grid = self.map_named(target)
        x, y, yaw = self.elevator_flag_on(grid)
        self.map_name = grid.name
        self.pose = Pose(x, y, yaw)
        self.localized = True
        self.activity = Activity.IDLE
        self.send("event", {"kind": "elevator", "state": "arrived", "to": target})
        self.advance_job()

    # -- what the robot tells about its work -------------------------------------------------------
    def task_state(self) -> dict[str, Any]:
        run = self.run
        state: dict[str, Any] = {
            "state": self.activity.value, "mode": self.mode(),
            "queue": [arg for kind, arg in (self.job.steps if self.job else []) if kind == "task"],
            "job": None if self.job is None else {"source": self.job.source, "name": self.job.name},
        }
        if run is None:
            return {**state, "task_name": "", "progress": 0, "cleaned_area": 0, "work_area": 0}
        elapsed = (self.now() - run.started_at).total_seconds()
        return {
            **state, "task_name": run.task.task_name, "map_name": run.task.map_name, "run_id": run.run_id,
            "progress": round(run.progress(), 1), "cleaned_area": round(run.cleaned_m2(), 2),
            "work_area": round(run.work_area_m2, 2), "elapsed_s": round(elapsed),
            "path_type": run.task.path_type, "paused_for": sorted(run.pause_reasons), "recharging": run.recharging,
            "start_time": run.started_at.isoformat(timespec="seconds"),
        }

    def predict(self, task: Task) -> dict[str, Any]:
        """clean_area_pre: area, path length and time a task would take, from its plan."""
        grid = self.map_named(task.map_name)
        pile = grid.charging_pile()
        start = grid.coarse_cell_of(pile.x, pile.y) if pile else grid.coarse_cell_of(self.pose.x, self.pose.y)
        cells = plan_cells(grid, task, start)
        if not cells:
            raise Refusal(RobotCode.FAILED, "path generation failed: no free floor in the task area",
                          reason="no_free_floor")
        from cleanfleet_sim.tasks import SPEEDS

        length = (len(cells) - 1) * grid.coarse_step() * grid.resolution
        turns = sum(1 for a, b, c in zip(cells, cells[1:], cells[2:], strict=False)
                    if (b[0] - a[0], b[1] - a[1]) != (c[0] - b[0], c[1] - b[1]))
        seconds = length / SPEEDS[task.speed] + turns * 1.6
        return {"area": round(len(set(cells)) * grid.coarse_area_m2(), 2), "path_length": round(length, 1),
                "duration_s": round(seconds), "points": len(cells)}
