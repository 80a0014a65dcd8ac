"""The robot's motion part: where the robot is (its pose, whether it sits on its charging pile, whether it knows
where it is) and how it gets elsewhere: routes over the map, going home and docking, moving to a point, the
joystick.

`step(dt, now)` drives `dt` simulated seconds: along the route (a task's coverage, the way home, to a point,
while building a map), by the last joystick command, or through a timed move (docking, an elevator ride, a
relocation). The end of a route or of a timed move is handed on to the part it concerns: the work (coverage
done), the elevator (boarding, arriving). The geometry of driving is in motion.py.
"""

from __future__ import annotations

from collections import deque
from datetime import datetime, timedelta
from typing import Any, Protocol

from cleanfleet_sim import planner
from cleanfleet_sim.activity import Activity
from cleanfleet_sim.clock import Clock
from cleanfleet_sim.errors import Refusal, RobotCode, bad_parameter
from cleanfleet_sim.geometry import Point, distance
from cleanfleet_sim.maps import Mask, RobotMap
from cleanfleet_sim.motion import Pose, Route, Travel, Waypoint, drive_by_velocity, follow
from cleanfleet_sim.parts.alarms import Alarms
from cleanfleet_sim.parts.safety import Safety
from cleanfleet_sim.runs import Working
from cleanfleet_sim.tasks import SPEEDS

DOCKING_S = 15.0
TRACK_SPACING_M = 0.25
TRACK_POINTS = 4000


class Gauge(Protocol):
    """The battery, as the docked event reports it (parts.battery.Battery is one)."""

    @property
    def level(self) -> float: ...


class Surveying(Protocol):
    """The maps part, which looks around while the robot builds a map (parts.atlas.Atlas is one)."""

    @property
    def mapping_seen(self) -> Mask | None: ...

    def reveal_around(self, radius_m: float = 5.0) -> None: ...


class Riding(Protocol):
    """The elevator part, which takes over where a move to the elevator ends (parts.elevator.Elevator is one)."""

    def board(self, target_map: str) -> None: ...

    def leave(self, now: datetime) -> None: ...


class Driven(Protocol):
    """What the motion part needs of its robot (robot.Robot is one)."""

    activity: Activity
    params: dict[str, float]

    @property
    def clock(self) -> Clock: ...

    @property
    def map(self) -> RobotMap: ...

    @property
    def safety(self) -> Safety: ...

    @property
    def alarms(self) -> Alarms: ...

    @property
    def battery(self) -> Gauge: ...

    @property
    def atlas(self) -> Surveying: ...

    @property
    def elevator(self) -> Riding: ...

    @property
    def work(self) -> Working: ...

    def now(self) -> datetime: ...

    def send(self, channel: str, body: dict[str, Any]) -> dict[str, Any]: ...


class Motion:
    def __init__(self, robot: Driven, pose: Pose, on_pile: bool) -> None:
        self.robot = robot
        self.pose = pose
        self.on_pile = on_pile
        self.localized = True
        self.route: Route | None = None
        self.move_purpose: tuple[str, str] = ("point", "")
        self.target_yaw: float | None = None
        self.timer_s = 0.0
        self.cmdvel: tuple[float, float] = (0.0, 0.0)
        self.cmdvel_until: datetime | None = None
        self.linear = 0.0
        self.angular = 0.0
        self.odometer_m = 0.0
        self.track: deque[Point] = deque(maxlen=TRACK_POINTS)

    # -- the passing of time ----------------------------------------------------------------------
    def step(self, dt: float, now: datetime) -> None:
        travel = self.move(dt, now)
        self.linear, self.angular = travel.linear, travel.angular
        self.odometer_m += travel.distance
        if travel.distance > 0:
            self.record_track()

    def move(self, dt: float, now: datetime) -> Travel:
        robot = self.robot
        act = robot.activity
        if act == Activity.MANUAL:
            if self.cmdvel_until is None or now >= self.cmdvel_until or robot.safety.stopped():
                self.cmdvel_until = None
                robot.activity = Activity.PAUSED if robot.work.run is not None else Activity.IDLE
                return Travel()
            return drive_by_velocity(self.pose, robot.map, *self.cmdvel, dt)
        if act in (Activity.DOCKING, Activity.ELEVATOR, Activity.RELOCATING):
            self.timer_s -= dt
            if self.timer_s <= 0:
                self.timer_done(now)
            return Travel()
        if act not in (Activity.WORKING, Activity.RETURNING, Activity.MOVING, Activity.MAPPING):
            return Travel()
        if self.route is None or robot.safety.stopped():
            return Travel()
        travel = follow(self.pose, self.route, dt, self.drive_speed(), robot.params["max_angular_speed"],
                        self.reached)
        if robot.activity == Activity.MAPPING and robot.atlas.mapping_seen is not None:
            robot.atlas.reveal_around()
        if self.route is not None and self.route.done:
            self.route_done(now)
        return travel

    def drive_speed(self) -> float:
        speed = self.robot.params["max_linear_speed"]
        run = self.robot.work.run
        if self.robot.activity == Activity.WORKING and run is not None:
            speed = min(speed, SPEEDS[run.task.speed])
        return max(0.05, speed)

    def reached(self, wp: Waypoint) -> None:
        if wp.plan_index >= 0 and self.robot.work.run is not None:
            self.robot.work.cleaned_cell(wp.plan_index)

    def route_done(self, now: datetime) -> None:
        robot = self.robot
        act = robot.activity
        self.route = None
        if act == Activity.WORKING:
            robot.work.coverage_done(now)
        elif act == Activity.RETURNING:
            robot.activity, self.timer_s = Activity.DOCKING, DOCKING_S
        elif act == Activity.MOVING:
            purpose, target = self.move_purpose
            if self.target_yaw is not None:
                self.pose.yaw = self.target_yaw
                self.target_yaw = None
            if purpose == "elevator":
                robot.elevator.board(target)
            else:
                robot.activity = Activity.IDLE
                robot.send("event", {"kind": "arrived", "point": self.pose.as_dict()})

    def timer_done(self, now: datetime) -> None:
        robot = self.robot
        if robot.activity == Activity.DOCKING:
            pile = robot.map.charging_pile()
            if pile is not None:
                self.pose = Pose(pile.x, pile.y, pile.yaw)
            self.on_pile = True
            self.localized = True
            robot.activity = Activity.CHARGING
            robot.send("event", {"kind": "docked", "battery": round(robot.battery.level, 1)})
        elif robot.activity == Activity.ELEVATOR:
            robot.elevator.leave(now)
        elif robot.activity == Activity.RELOCATING:
            self.localized = True
            robot.activity = Activity.IDLE

    def record_track(self) -> None:
        point = (round(self.pose.x, 3), round(self.pose.y, 3))
        if not self.track or distance(self.track[-1], point) >= TRACK_SPACING_M:
            self.track.append(point)

    # -- routes -----------------------------------------------------------------------------------
    def route_to(self, x: float, y: float, *, final: Point | None = None) -> Route:
        """Travel waypoints from here to (x, y) over the coarse grid; raises when no path exists."""
        grid = self.robot.map
        free = grid.coarse_free()
        start = planner.nearest_free(free, grid.coarse_cell_of(self.pose.x, self.pose.y))
        goal_cell = grid.coarse_cell_of(x, y)
        cells = None
        if start is not None and 0 <= goal_cell[0] < free.shape[0] and 0 <= goal_cell[1] < free.shape[1]:
            cells = planner.route(free, start, goal_cell)
        if cells is None:
            self.robot.alarms.raise_("path_not_solved", lasts_s=60)
            raise Refusal(RobotCode.FAILED, "path not solved", reason="path_not_solved")
        points = [Waypoint(*grid.coarse_centre(*c)) for c in cells]
        points.append(Waypoint(*(final or (x, y))))
        return Route(points)

    def leave_pile(self) -> None:
        self.on_pile = False

    def require_localized(self) -> None:
        if not self.localized:
            raise Refusal(RobotCode.POSITION_UNCONFIRMED, "position unconfirmed: relocate first",
                          reason="position_unconfirmed")

    # -- commands: going home, moving, driving ----------------------------------------------------
    def go_home(self) -> None:
        robot = self.robot
        robot.safety.require_can_move()
        self.require_localized()
        pile = robot.map.charging_pile()
        if pile is None:
            raise Refusal(RobotCode.FAILED, "no charging pile on this map", reason="no_charging_pile")
        if self.on_pile:
            return
        if robot.activity == Activity.DOCKING:
            return
        route = self.route_to(pile.x, pile.y)
        run = robot.work.run
        if run is not None and not run.recharging:
            robot.work.finish_run("cancelled", "returned home")
            robot.work.job = None
        self.route, robot.activity = route, Activity.RETURNING

    def cancel_go_home(self) -> None:
        robot = self.robot
        if robot.activity not in (Activity.RETURNING, Activity.DOCKING):
            raise Refusal(RobotCode.FAILED, "robot is not going home", reason="not_going_home")
        self.route = None
        run = robot.work.run
        if run is not None:
            run.recharging = False
            robot.work.pause_for("user")
        else:
            robot.activity = Activity.IDLE

    def dock_back(self) -> None:
        """Back straight into a pile close by (docker_back): no route, just the docking move."""
        self.robot.safety.require_can_move()
        pile = self.robot.map.charging_pile()
        if pile is None:
            raise Refusal(RobotCode.FAILED, "no charging pile on this map", reason="no_charging_pile")
        if distance((self.pose.x, self.pose.y), (pile.x, pile.y)) > 2.0:
            raise Refusal(RobotCode.FAILED, "charging pile is more than 2 m away: use go home",
                          reason="pile_too_far")
        self.route = None
        self.robot.activity, self.timer_s = Activity.DOCKING, DOCKING_S

    def move_to(self, x: float, y: float, yaw: float | None) -> None:
        robot = self.robot
        robot.safety.require_can_move()
        self.require_localized()
        if robot.work.run is not None:
            raise Refusal(RobotCode.BUSY, "a task is running: pause or cancel it first",
                          reason="task_running")
        grid = robot.map
        row, col = grid.coarse_cell_of(x, y)
        free = grid.coarse_free()
        if not (grid.is_navigable(x, y) and 0 <= row < free.shape[0] and 0 <= col < free.shape[1]
                and free[row, col]):
            raise bad_parameter("x", "the point is on an obstacle, behind a virtual wall or in a forbidden zone",
                                reason="not_free_floor")
        self.route = self.route_to(x, y)
        self.leave_pile()
        self.move_purpose, self.target_yaw = ("point", ""), yaw
        robot.activity = Activity.MOVING

    def drive(self, linear: float, angular: float) -> None:
        """cmdvel_ctrl: a joystick command holds for about half a wall second."""
        robot = self.robot
        robot.safety.require_can_move()
        top = robot.params["max_linear_speed"]
        linear = max(-top, min(top, linear))
        turn = robot.params["max_angular_speed"]
        angular = max(-turn, min(turn, angular))
        if robot.activity == Activity.WORKING:
            robot.work.pause_for("user")
        elif robot.activity in (Activity.RETURNING, Activity.MOVING, Activity.DOCKING):
            self.route = None
        if linear:
            self.leave_pile()
        self.cmdvel = (linear, angular)
        self.cmdvel_until = robot.now() + timedelta(seconds=max(1.0, 0.6 * robot.clock.speed))
        robot.activity = Activity.MANUAL
