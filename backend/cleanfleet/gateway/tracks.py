"""The runs' recorded tracks: the poses the heartbeats carry while a run is going, kept in memory by the
gateway's ingest and handed to the run's report when it arrives (``TaskReport.path``).

Bounded: one track per device (a new ``runId`` starts a new one), at most ``MAX_POINTS`` points (past
that every other point is dropped and the spacing doubles), a point only when the robot moved at least
``MIN_STEP_M``. A track lives in one server's memory: a run that spans a server restart keeps only the
part after it (the report itself is not lost: the robot resends it).
"""

from typing import Any

MAX_POINTS = 2000
MIN_STEP_M = 0.05


class Tracks:
    def __init__(self) -> None:
        self._runs: dict[int, tuple[str, list[list[float]]]] = {}

    def add(self, device_id: int, beat: dict[str, Any]) -> None:
        """Records a checked heartbeat's pose under its ``runId`` (a heartbeat without a run is ignored)."""
        run_id, pose = beat.get("runId"), beat.get("pose") or {}
        x, y = pose.get("x"), pose.get("y")
        if not run_id or x is None or y is None:
            return
        current = self._runs.get(device_id)
        if current is None or current[0] != run_id:
            current = (run_id, [])
            self._runs[device_id] = current
        points = current[1]
        if points and abs(points[-1][0] - x) < MIN_STEP_M and abs(points[-1][1] - y) < MIN_STEP_M:
            return
        points.append([round(float(x), 3), round(float(y), 3)])
        if len(points) > MAX_POINTS:
            del points[1::2]

    def finish(self, device_id: int, run_id: str | None) -> list[list[float]] | None:
        """The run's track (and forgets it); None when no pose of that run was seen."""
        current = self._runs.get(device_id)
        if current is None or not run_id or current[0] != run_id:
            return None
        del self._runs[device_id]
        return current[1] or None
