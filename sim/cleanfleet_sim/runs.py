"""A task run (one task along its coverage plan) and a job (the steps the robot was asked to do)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from datetime import datetime

from cleanfleet_sim import planner
from cleanfleet_sim.maps import RobotMap
from cleanfleet_sim.tasks import Task

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

    def progress(self) -> float:
        return 100.0 * self.next_index / len(self.plan) if self.plan else 100.0

    def cleaned_m2(self) -> float:
        return len(self.cleaned) * self.cell_area_m2


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
