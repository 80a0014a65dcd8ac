"""What a robot is doing right now (reported as `state` in heartbeats and task_state)."""

from enum import StrEnum


class Activity(StrEnum):
    IDLE = "idle"
    CHARGING = "charging"
    WORKING = "working"
    PAUSED = "paused"
    RETURNING = "returning"
    DOCKING = "docking"
    MOVING = "moving"
    MANUAL = "manual"
    MAPPING = "mapping"
    ELEVATOR = "elevator"
    RELOCATING = "relocating"
