"""The robot's maps part: the maps the robot holds (`maps`, by name), the one it is on (`map_name`), building a
new map by driving a spiral and keeping what it saw, the edits that need the robot's leave (a task running on
the map or an elevator ride block them), and finding itself on a map again (relocation).
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np

from cleanfleet_sim import planner
from cleanfleet_sim.activity import Activity
from cleanfleet_sim.errors import Refusal, RobotCode, bad_parameter, not_found
from cleanfleet_sim.geometry import Point, distance
from cleanfleet_sim.maps import FREE, UNKNOWN, FlagType, Mask, RobotMap
from cleanfleet_sim.motion import Pose, Route, Waypoint
from cleanfleet_sim.parts.motion import Motion
from cleanfleet_sim.parts.safety import Safety
from cleanfleet_sim.runs import Working

RELOCATION_S = 6.0


class Mapped(Protocol):
    """What the maps part needs of its robot (robot.Robot is one)."""

    activity: Activity

    @property
    def motion(self) -> Motion: ...

    @property
    def safety(self) -> Safety: ...

    @property
    def work(self) -> Working: ...


class Atlas:
    def __init__(self, robot: Mapped, maps: dict[str, RobotMap], map_name: str | None) -> None:
        self.robot = robot
        self.maps = maps
        self.map_name = map_name
        self.mapping_seen: Mask | None = None

    @property
    def map(self) -> RobotMap:
        """The map the robot is on."""
        if self.map_name is None or self.map_name not in self.maps:
            raise Refusal(RobotCode.FAILED, "map not selected", reason="map_not_selected")
        return self.maps[self.map_name]

    def map_named(self, name: object) -> RobotMap:
        found = self.maps.get(str(name or ""))
        if found is None:
            raise not_found(f"map {name}", reason="map_not_found", map=name)
        return found

    def require_map_editable(self, name: str) -> None:
        job = self.robot.work.job
        if self.robot.activity == Activity.ELEVATOR or (job is not None and job.elevator):
            raise Refusal(RobotCode.ELEVATOR_RUNNING, "map editing is blocked while elevator transfer runs",
                          reason="elevator_running")
        if name == self.map_name and self.robot.work.run is not None:
            raise Refusal(RobotCode.BUSY, "a task is running on this map: stop all tasks first",
                          reason="task_running")

    def load_map(self, name: str) -> None:
        """map_load: changing the map ends all tasks; the robot must be relocated on the new map."""
        robot = self.robot
        grid = self.map_named(name)
        self.require_map_editable(name)
        if robot.work.run is not None:
            robot.work.finish_run("cancelled", "map changed")
        robot.work.job = None
        robot.motion.route = None
        if name == self.map_name:
            return
        self.map_name = grid.name
        robot.motion.on_pile = False
        robot.motion.localized = False
        if robot.activity not in (Activity.MAPPING,):
            robot.activity = Activity.IDLE

    def elevator_points(self, name: str) -> list[dict[str, Any]]:
        return [f.as_dict() for f in self.map_named(name).flags if f.type == FlagType.ELEVATOR]

    # -- building a map ---------------------------------------------------------------------------
    def start_mapping(self) -> None:
        robot = self.robot
        robot.safety.require_can_move()
        if robot.work.run is not None:
            raise Refusal(RobotCode.BUSY, "a task is running: stop all tasks first", reason="task_running")
        grid = self.map
        self.mapping_seen = np.zeros(grid.grid.shape, dtype=bool)
        pose = robot.motion.pose
        cells = planner.coverage(grid.coarse_free(), grid.coarse_cell_of(pose.x, pose.y), "spiral")
        robot.motion.route = Route([Waypoint(*grid.coarse_centre(*c)) for c in cells])
        robot.motion.leave_pile()
        robot.activity = Activity.MAPPING
        self.reveal_around()

    def reveal_around(self, radius_m: float = 5.0) -> None:
        grid = self.map
        seen = self.mapping_seen
        if seen is None:
            return
        r = int(radius_m / grid.resolution)
        pose = self.robot.motion.pose
        row, col = grid.cell_of(pose.x, pose.y)
        r0, r1 = max(0, row - r), min(grid.height, row + r + 1)
        c0, c1 = max(0, col - r), min(grid.width, col + r + 1)
        rows, cols = np.ogrid[r0:r1, c0:c1]
        seen[r0:r1, c0:c1] |= (rows - row) ** 2 + (cols - col) ** 2 <= r * r

    def save_mapping(self, name: str) -> RobotMap:
        if self.robot.activity != Activity.MAPPING or self.mapping_seen is None:
            raise Refusal(RobotCode.FAILED, "robot is not building a map", reason="not_building_map")
        name = name.strip()
        if not name:
            raise bad_parameter("map_name", "is required", reason="required")
        if name in self.maps:
            raise Refusal(RobotCode.ALREADY_EXISTS, f"map {name} already exists", reason="name_taken", name=name)
        world = self.map
        grid = np.where(self.mapping_seen, world.occupancy(), UNKNOWN).astype(np.uint8)
        made = RobotMap(name=name, grid=grid, resolution=world.resolution, origin=world.origin,
                        floor=world.floor, building=world.building)
        pile = world.charging_pile()
        if pile is not None and grid[world.cell_of(pile.x, pile.y)] == FREE:
            made.flags.append(pile)
        self.maps[name] = made
        self.stop_mapping()
        return made

    def stop_mapping(self) -> None:
        if self.robot.activity != Activity.MAPPING:
            raise Refusal(RobotCode.FAILED, "robot is not building a map", reason="not_building_map")
        self.mapping_seen = None
        self.robot.motion.route = None
        self.robot.activity = Activity.IDLE

    def clear_noise(self, name: str) -> int:
        """map_clear_noise: remove occupied specks with no occupied neighbour; answers how many."""
        grid = self.map_named(name)
        self.require_map_editable(name)
        occ = grid.grid == 1
        padded = np.pad(occ, 1).astype(np.int8)
        neighbours = np.zeros(padded.shape, dtype=np.int8)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr, dc) != (0, 0):
                    neighbours += np.roll(np.roll(padded, dr, 0), dc, 1)
        neighbours = neighbours[1:-1, 1:-1]
        specks = occ & (neighbours == 0)
        count = int(specks.sum())
        if count:
            cleaned = grid.grid.copy()
            cleaned[specks] = FREE
            grid.grid = cleaned
            grid.touch()
        return count

    # -- finding itself on the map ----------------------------------------------------------------
    def relocate(self) -> None:
        """relocation_start: a global relocation that takes a few seconds."""
        robot = self.robot
        if robot.work.run is not None and robot.activity == Activity.WORKING:
            raise Refusal(RobotCode.BUSY, "a task is running", reason="task_running")
        robot.motion.route = None
        robot.activity, robot.motion.timer_s = Activity.RELOCATING, RELOCATION_S

    def relocate_at(self, x: float, y: float, yaw: float | None = None) -> None:
        motion = self.robot.motion
        if not self.map.is_passable(x, y):
            raise bad_parameter("x", "that place is not free floor on the map", reason="not_free_floor")
        motion.pose = Pose(x, y, motion.pose.yaw if yaw is None else yaw)
        motion.localized = True
        motion.on_pile = False
        if self.robot.activity == Activity.RELOCATING:
            self.robot.activity = Activity.IDLE

    def relocate_in(self, x: float, y: float, w: float, h: float) -> None:
        """recover_localization: the robot is somewhere in this rectangle; it finds itself there."""
        if w <= 0 or h <= 0:
            raise bad_parameter("w", "width and height must be above 0")
        grid = self.map
        free = grid.coarse_free()
        best: tuple[float, Point] | None = None
        cx, cy = x + w / 2, y + h / 2
        for row, col in np.argwhere(free):
            px, py = grid.coarse_centre(int(row), int(col))
            if x <= px <= x + w and y <= py <= y + h:
                d = distance((px, py), (cx, cy))
                if best is None or d < best[0]:
                    best = (d, (px, py))
        if best is None:
            raise Refusal(RobotCode.FAILED, "no free floor in that rectangle", reason="no_free_floor")
        self.relocate_at(*best[1])

    def relocate_on_pile(self) -> None:
        """docker_relocation: the robot knows where it is when it sits on its pile."""
        motion = self.robot.motion
        pile = self.map.charging_pile()
        if pile is None or not motion.on_pile:
            raise Refusal(RobotCode.FAILED, "robot is not on its charging pile", reason="not_on_pile")
        motion.pose = Pose(pile.x, pile.y, pile.yaw)
        motion.localized = True
