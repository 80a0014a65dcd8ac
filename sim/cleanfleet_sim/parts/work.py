"""The robot's work part: task runs along coverage paths and jobs (a queue of tasks, elevator rides and the way
home), the reasons a run is paused, the report sent when a run ends, and what the robot tells about its work.
"""

from __future__ import annotations

from collections import deque
from datetime import datetime
from typing import Any, Protocol

from cleanfleet_sim import runs
from cleanfleet_sim.activity import Activity
from cleanfleet_sim.alarms import Alarm
from cleanfleet_sim.coverage import Frame
from cleanfleet_sim.errors import Refusal, RobotCode
from cleanfleet_sim.motion import Route, Waypoint
from cleanfleet_sim.parts.alarms import Alarms
from cleanfleet_sim.parts.atlas import Atlas
from cleanfleet_sim.parts.battery import Battery
from cleanfleet_sim.parts.elevator import Elevator
from cleanfleet_sim.parts.motion import Motion
from cleanfleet_sim.parts.safety import Safety
from cleanfleet_sim.runs import PROGRESS_EVENT_STEP, Job, TaskRun, plan_cells
from cleanfleet_sim.tasks import Task, TaskBook

HISTORY_REPORTS = 100


class Worker(Protocol):
    """What the work part needs of its robot (robot.Robot is one)."""

    activity: Activity
    params: dict[str, float]

    @property
    def sn(self) -> str: ...

    @property
    def book(self) -> TaskBook: ...

    @property
    def atlas(self) -> Atlas: ...

    @property
    def motion(self) -> Motion: ...

    @property
    def safety(self) -> Safety: ...

    @property
    def battery(self) -> Battery: ...

    @property
    def alarms(self) -> Alarms: ...

    @property
    def elevator(self) -> Elevator: ...

    def now(self) -> datetime: ...

    def send(self, channel: str, body: dict[str, Any]) -> dict[str, Any]: ...

    def mode(self) -> str: ...


class Work:
    def __init__(self, robot: Worker) -> None:
        self.robot = robot
        self.run: TaskRun | None = None
        self.job: Job | None = None
        self.run_seq = 0
        self.history: deque[dict[str, Any]] = deque(maxlen=HISTORY_REPORTS)

    # -- starting ---------------------------------------------------------------------------------
    def require_can_work(self) -> None:
        self.robot.safety.require_can_move()
        self.robot.motion.require_localized()
        if self.robot.battery.level <= self.robot.params["back_battery"] + 5:
            raise Refusal(RobotCode.LOW_BATTERY, "battery too low to start a task", reason="low_battery")

    def start_tasks(self, names: list[str], *, source: str = "manual", name: str = "",
                    forced_end_at: datetime | None = None) -> None:
        """Run tasks one after another on the current map, then go home."""
        self.require_can_work()
        map_name = self.robot.atlas.map_name
        for task_name in names:
            task = self.robot.book.task(task_name)
            if task.map_name != map_name:
                raise Refusal(RobotCode.FAILED, f"task {task_name} is on map {task.map_name}: load that map first",
                              reason="task_on_other_map", task=task_name, map=task.map_name)
        self.replace_job(Job(source, name or ",".join(names), deque([("task", n) for n in names] + [("home", "")]),
                             forced_end_at, map_name or ""))

    def replace_job(self, job: Job) -> None:
        if self.run is not None:
            self.finish_run("cancelled", "replaced by a new task")
        self.job = job
        self.advance_job()

    def advance_job(self) -> None:
        robot = self.robot
        job = self.job
        while job is not None and job.steps:
            kind, arg = job.steps.popleft()
            if kind == "task":
                task = robot.book.tasks.get(arg)
                if task is None or task.map_name != robot.atlas.map_name:
                    robot.send("event", {"kind": "task_skipped", "taskName": arg, "reason": "task not on this map"})
                    continue
                try:
                    self.begin_run(task, job)
                except Refusal as refusal:
                    robot.send("event", {"kind": "task_skipped", "taskName": arg, "reason": refusal.msg})
                    continue
                return
            if kind == "elevator":
                if arg != robot.atlas.map_name:
                    robot.elevator.go_to(arg)
                    return
                continue
            self.job = None
            try:
                robot.motion.go_home()
            except Refusal:
                robot.activity = Activity.IDLE
            return
        self.job = None
        if self.run is None and robot.activity in (Activity.WORKING, Activity.PAUSED):
            robot.activity = Activity.IDLE

    def begin_run(self, task: Task, job: Job) -> None:
        robot = self.robot
        grid = robot.atlas.map
        begin = task.start_point or (robot.motion.pose.x, robot.motion.pose.y)
        cells = plan_cells(grid, task, grid.coarse_cell_of(*begin))
        if not cells:
            robot.alarms.raise_("path_not_solved", lasts_s=60)
            raise Refusal(RobotCode.FAILED, "path generation failed: no free floor in the task area",
                          reason="no_free_floor")
        self.run_seq += 1
        now = robot.now()
        self.run = TaskRun(
            run_id=f"{robot.sn}-{now:%Y%m%d%H%M%S}-{self.run_seq}", task=task, source=job.source,
            schedule_name=job.name if job.source in ("schedule", "elevator_schedule") else "",
            started_at=now, battery_start=robot.battery.level,
            plan=cells, work_area_m2=len(set(cells)) * grid.coarse_area_m2(), cell_area_m2=grid.coarse_area_m2(),
            odometer_start=robot.motion.odometer_m, frame=Frame.of(grid),
        )
        robot.motion.track.clear()
        robot.motion.leave_pile()
        robot.motion.route = self.coverage_route()
        robot.activity = Activity.WORKING
        robot.send("event", {"kind": "task_started", "runId": self.run.run_id, "taskName": task.task_name,
                             "map": task.map_name, "workArea": round(self.run.work_area_m2, 2)})

    def coverage_route(self) -> Route:
        """From where the robot stands to the next cell of the plan, then the rest of the plan."""
        run = self.run
        assert run is not None
        grid = self.robot.atlas.map
        rest = [Waypoint(*grid.coarse_centre(*c), plan_index=i) for i, c in enumerate(run.plan) if i >= run.next_index]
        if not rest:
            return Route([])
        lead = self.robot.motion.route_to(rest[0].x, rest[0].y)
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
            self.robot.send("event", {"kind": "task_progress", "runId": run.run_id, "taskName": run.task.task_name,
                                      "progress": step, "cleanedArea": round(run.cleaned_m2(), 2)})

    def coverage_done(self, now: datetime) -> None:
        self.finish_run("finished", "")
        self.advance_job()

    def alarm_changed(self, action: str, alarm: Alarm) -> None:
        """Count the alarm on the run; a pausing fault pauses it until the fault clears."""
        key = alarm.type.key
        if action == "raise" and self.run is not None:
            self.run.alarm_counts[key] = self.run.alarm_counts.get(key, 0) + 1
        if alarm.type.pauses_task:
            if action == "raise":
                self.pause_for(f"alarm:{key}")
            else:
                self.unpause_for(f"alarm:{key}")

    def pause_for(self, reason: str) -> None:
        run = self.run
        if run is None:
            return
        run.pause_reasons.add(reason)
        if self.robot.activity in (Activity.WORKING, Activity.RETURNING) and not run.recharging:
            self.robot.motion.route = None
            self.robot.activity = Activity.PAUSED

    def unpause_for(self, reason: str) -> None:
        run = self.run
        if run is None or reason not in run.pause_reasons:
            return
        run.pause_reasons.discard(reason)
        if not run.pause_reasons and self.robot.activity == Activity.PAUSED and not run.recharging:
            self.continue_run()

    def continue_run(self) -> None:
        try:
            self.robot.motion.route = self.coverage_route()
        except Refusal:
            self.finish_run("aborted", "path not solved")
            self.advance_job()
            return
        self.robot.motion.leave_pile()
        self.robot.activity = Activity.WORKING

    # -- commands ---------------------------------------------------------------------------------
    def pause_task(self) -> None:
        if self.run is None:
            raise Refusal(RobotCode.FAILED, "no task is running", reason="no_task_running")
        self.pause_for("user")

    def resume_task(self) -> None:
        run = self.run
        if run is None:
            raise Refusal(RobotCode.FAILED, "no task is paused", reason="no_task_paused")
        self.robot.safety.require_can_move()
        self.robot.motion.require_localized()
        others = run.pause_reasons - {"user"}
        if others:
            raise Refusal(RobotCode.FAILED, f"task cannot resume yet: {sorted(others)[0]}",
                          reason="cannot_resume", alarm=sorted(others)[0])
        if self.robot.activity == Activity.MANUAL:
            self.robot.motion.cmdvel_until = None
        run.pause_reasons.discard("user")
        run.recharging = False
        self.continue_run()

    def cancel_all(self) -> None:
        if self.robot.activity == Activity.ELEVATOR:
            raise Refusal(RobotCode.ELEVATOR_RUNNING, "elevator transfer running: wait until it arrives",
                          reason="elevator_running")
        if self.run is None and self.job is None:
            raise Refusal(RobotCode.FAILED, "no task is running", reason="no_task_running")
        self.stop_job("cancelled")

    def stop_job(self, reason: str) -> None:
        """End the run (reported cancelled for ``reason``) and the rest of the job; the robot stays where it is."""
        if self.run is not None:
            self.finish_run("cancelled", reason)
        self.job = None
        self.robot.motion.route = None
        if self.robot.activity != Activity.CHARGING:
            self.robot.activity = Activity.IDLE

    def cancel_current(self) -> None:
        """task_cancel_one: drop the running task, go on with the next one of the job."""
        if self.run is None:
            raise Refusal(RobotCode.FAILED, "no task is running", reason="no_task_running")
        self.finish_run("cancelled", "cancelled")
        self.advance_job()

    # -- ending -----------------------------------------------------------------------------------
    def finish_run(self, result: str, reason: str) -> dict[str, Any]:
        robot = self.robot
        run = self.run
        assert run is not None
        self.run = None
        robot.motion.route = None
        report = run.report(result, reason, robot.now(), robot.motion.odometer_m, robot.battery.level)
        self.history.append({k: v for k, v in report.items() if k != "coverageGrid"})  # taskinfo_query's rows
        robot.send("report", report)
        if robot.activity in (Activity.WORKING, Activity.PAUSED):
            robot.activity = Activity.IDLE
        return report

    # -- what the robot tells about its work -------------------------------------------------------
    def task_state(self) -> dict[str, Any]:
        run = self.run
        state: dict[str, Any] = {
            "state": self.robot.activity.value, "mode": self.robot.mode(),
            "queue": [arg for kind, arg in (self.job.steps if self.job else []) if kind == "task"],
            "job": None if self.job is None else {"source": self.job.source, "name": self.job.name},
        }
        if run is None:
            return {**state, "task_name": "", "progress": 0, "cleaned_area": 0, "work_area": 0}
        elapsed = (self.robot.now() - run.started_at).total_seconds()
        return {
            **state, "task_name": run.task.task_name, "map_name": run.task.map_name, "run_id": run.run_id,
            "progress": round(run.progress(), 1), "cleaned_area": round(run.cleaned_m2(), 2),
            "work_area": round(run.work_area_m2, 2), "elapsed_s": round(elapsed),
            "path_type": run.task.path_type, "paused_for": sorted(run.pause_reasons), "recharging": run.recharging,
            "start_time": run.started_at.isoformat(timespec="seconds"),
        }

    def predict(self, task: Task) -> dict[str, Any]:
        """clean_area_pre: area, path length and time a task would take, its plan begun at the pile."""
        grid = self.robot.atlas.map_named(task.map_name)
        pile = grid.charging_pile()
        pose = self.robot.motion.pose
        start = grid.coarse_cell_of(pile.x, pile.y) if pile else grid.coarse_cell_of(pose.x, pose.y)
        return runs.predict(grid, task, start)
