"""A task run (one task along its coverage plan), a job (the steps the robot was asked to do), what a task
would take (`predict`), and what the robot's other parts need of its work (`Working`)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from cleanfleet_sim import planner
from cleanfleet_sim.coverage import Frame
from cleanfleet_sim.errors import Refusal, RobotCode
from cleanfleet_sim.maps import RobotMap
from cleanfleet_sim.tasks import SPEEDS, Task

PROGRESS_EVENT_STEP = 10


@dataclass
class TaskRun:
    run_id: str
    task: Task
    source: str
    schedule_name: str
    started_at: datetime
    battery_start: float
    plan: list[planner.Cell]
    work_area_m2: float
    cell_area_m2: float
    next_index: int = 0
    cleaned: set[planner.Cell] = field(default_factory=set)
    pause_reasons: set[str] = field(default_factory=set)
    recharging: bool = False
    alarm_counts: dict[str, int] = field(default_factory=dict)
    odometer_start: float = 0.0
    progress_reported: int = 0
    frame: Frame | None = None  # the map's coverage grid, for the report's coverageGrid

    def progress(self) -> float:
        return 100.0 * self.next_index / len(self.plan) if self.plan else 100.0

    def cleaned_m2(self) -> float:
        return len(self.cleaned) * self.cell_area_m2

    def report(self, result: str, reason: str, end: datetime, odometer_m: float, battery: float) -> dict[str, Any]:
        """The report sent when the run ends with ``result`` (finished, aborted ...), with the cells it cleaned and
        planned (``coverageGrid``) when they fit the message."""
        hours = max((end - self.started_at).total_seconds(), 1.0) / 3600
        cleaned = self.cleaned_m2()
        grid = None if self.frame is None else self.frame.grid(self.cleaned, self.plan)
        return {
            "runId": self.run_id, "taskName": self.task.task_name, "map": self.task.map_name,
            "source": self.source, "scheduleName": self.schedule_name, "result": result, "reason": reason,
            "startTime": self.started_at.isoformat(timespec="seconds"), "endTime": end.isoformat(timespec="seconds"),
            "durationS": round(hours * 3600), "workArea": round(self.work_area_m2, 2), "cleanedArea": round(cleaned, 2),
            "coverage": round(100 * cleaned / self.work_area_m2, 1) if self.work_area_m2 else 0.0,
            "efficiency": round(cleaned / hours, 1), "distanceM": round(odometer_m - self.odometer_start, 1),
            "batteryStart": round(self.battery_start, 1), "batteryEnd": round(battery, 1),
            "cleanMode": self.task.clean_mode, "pathType": self.task.path_type,
            "alarms": {"total": sum(self.alarm_counts.values()), "byKey": dict(self.alarm_counts)},
            **({} if grid is None else {"coverageGrid": grid}),
        }


@dataclass
class Job:
    """What the robot was asked to do, step by step: ("task", name), ("elevator", map), ("home", "")."""

    source: str
    name: str
    steps: deque[tuple[str, str]]
    forced_end_at: datetime | None = None
    home_map: str = ""
    elevator: bool = False


def plan_cells(grid: RobotMap, task: Task, start: tuple[int, int]) -> list[planner.Cell]:
    area = grid.area_mask(task.area) if task.area else None
    return planner.coverage(grid.coarse_free(), start, task.path_type, area)


def predict(grid: RobotMap, task: Task, start: tuple[int, int]) -> dict[str, Any]:
    """clean_area_pre: area, path length and time a task would take, from its plan begun at ``start``."""
    cells = plan_cells(grid, task, start)
    if not cells:
        raise Refusal(RobotCode.FAILED, "path generation failed: no free floor in the task area",
                      reason="no_free_floor")
    length = (len(cells) - 1) * grid.coarse_step() * grid.resolution
    turns = sum(1 for a, b, c in zip(cells, cells[1:], cells[2:], strict=False)
                if (b[0] - a[0], b[1] - a[1]) != (c[0] - b[0], c[1] - b[1]))
    seconds = length / SPEEDS[task.speed] + turns * 1.6
    return {"area": round(len(set(cells)) * grid.coarse_area_m2(), 2), "path_length": round(length, 1),
            "duration_s": round(seconds), "points": len(cells)}


class Working(Protocol):
    """What the robot's parts below its work (motion, battery, safety, maps, elevator) need of it; parts.work.Work
    is one. They reach it through the robot, so none of them imports the work."""

    job: Job | None

    @property
    def run(self) -> TaskRun | None: ...

    def finish_run(self, result: str, reason: str) -> dict[str, Any]: ...

    def advance_job(self) -> None: ...

    def continue_run(self) -> None: ...

    def pause_for(self, reason: str) -> None: ...

    def unpause_for(self, reason: str) -> None: ...

    def cleaned_cell(self, index: int) -> None: ...

    def coverage_done(self, now: datetime) -> None: ...
