"""Map calls under api2/ (api-spec 7.9, "Maps"): list, info, flags, walls and zones, load, delete,
build a new map, upload, cloud edits, sync, relocation at a flag, noise clearing (protocol 3).

Shapes: a flag is {name, x, y, yaw, type} with type 0 other, 1 charging pile, 2 stop point,
3 elevator point; `virlines_wall` is a list of polylines, `forbidden_zone` and `free_area`
(erasers) lists of polygons, each a list of [x, y] points in metres on the map.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from cleanfleet_sim.errors import Refusal, RobotCode, bad_parameter
from cleanfleet_sim.geometry import Point, parse_points
from cleanfleet_sim.map_rules import picture_problem, shape_refusal
from cleanfleet_sim.maps import Flag, FlagType, RobotMap, grid_from_png
from cleanfleet_sim.webapi.registry import Answer, Params, robot_call

if TYPE_CHECKING:
    from cleanfleet_sim.robot import Robot


def urls(grid: RobotMap) -> dict[str, str]:
    name = quote(grid.name)
    return {"image_url": f"api2/image/{name}.png", "track_url": f"api2/track/{name}.png",
            "track_points_url": f"api2/track/{name}.json"}


def _map(robot: Robot, p: Params) -> RobotMap:
    return robot.atlas.map_named(p.text("map_name", robot.map_name or ""))


def _shapes(p: Params, key: str, *, polygons: bool) -> list[list[Point]] | None:
    """A list of polylines or polygons; None when the call leaves it out."""
    value = p.structured(key)
    if value is None:
        return None
    if not isinstance(value, list):
        raise bad_parameter(key, "must be a list of point lists")
    shapes: list[list[Point]] = []
    for item in value:
        try:
            points = parse_points(item.get("points") if isinstance(item, dict) else item, key)
        except ValueError as exc:
            raise bad_parameter(key, str(exc)) from exc
        if len(points) < (3 if polygons else 2):
            raise bad_parameter(key, f"each needs at least {3 if polygons else 2} points", reason="too_few_points",
                                index=len(shapes) + 1, min=3 if polygons else 2)
        shapes.append(points)
    refusal = shape_refusal(key, shapes, polygons=polygons)
    if refusal:
        raise refusal
    return shapes


def _apply_overlays(robot: Robot, grid: RobotMap, p: Params) -> None:
    """Set walls, zones and erasers given in the call; nothing changes if any reaches beyond the map."""
    walls = _shapes(p, "virlines_wall", polygons=False)
    zones = _shapes(p, "forbidden_zone", polygons=True)
    erasers = _shapes(p, "free_area", polygons=True)
    trial = grid.copy()
    trial.virtual_walls = walls if walls is not None else trial.virtual_walls
    trial.forbidden_zones = zones if zones is not None else trial.forbidden_zones
    trial.erasers = erasers if erasers is not None else trial.erasers
    outside = trial.outside()
    if outside:  # the parameter named is the first shape beyond the edge's own (walls, then zones, then erasers)
        robot.alarms.raise_("map_elements_outside", lasts_s=60)
        key, index = outside[0]
        raise bad_parameter(key, f"wall, zone or eraser beyond map edge: {', '.join(trial.elements_outside())}",
                            reason="beyond_map_edge", index=index)
    grid.virtual_walls, grid.forbidden_zones, grid.erasers = trial.virtual_walls, trial.forbidden_zones, trial.erasers
    grid.touch()


def _flags(grid: RobotMap, p: Params) -> list[Flag] | None:
    """The whole flag list a call gives (None when it leaves it out); every flag named and on the map."""
    flags = p.structured("flags")
    if flags is None:
        return None
    if not isinstance(flags, list):
        raise bad_parameter("flags", "must be a list of {name, x, y, yaw, type}")
    try:
        new_flags = [Flag(str(f["name"]).strip(), float(f["x"]), float(f["y"]), float(f.get("yaw", 0)),
                          FlagType(int(f.get("type", 0)))) for f in flags]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise bad_parameter("flags", "each flag needs name, x, y and a type 0..3") from exc
    if any(not f.name for f in new_flags):
        raise bad_parameter("flags", "every flag needs a name", reason="flag_name_missing")
    if any(not grid.contains(f.x, f.y) for f in new_flags):
        raise bad_parameter("flags", "a flag lies beyond the map edge", reason="flag_beyond_edge")
    return new_flags


def _overlays(grid: RobotMap) -> dict[str, Any]:
    return {"virlines_wall": [[[x, y] for x, y in w] for w in grid.virtual_walls],
            "forbidden_zone": [[[x, y] for x, y in z] for z in grid.forbidden_zones],
            "free_area": [[[x, y] for x, y in e] for e in grid.erasers]}


@robot_call("map_list", method="GET", maps=True)
def map_list(robot: Robot, p: Params) -> Answer:
    return {"map_list": [{**g.info(), **urls(g), "current": int(g.name == robot.map_name)}
                         for g in robot.maps.values()]}


@robot_call("map_name", method="GET", maps=True)
def map_name(robot: Robot, p: Params) -> Answer:
    return {"map_name": robot.map_name or ""}


@robot_call("map_info", maps=True)
def map_info(robot: Robot, p: Params) -> Answer:
    grid = _map(robot, p)
    return {**grid.info(), **urls(grid), "current": int(grid.name == robot.map_name),
            "flags": [f.as_dict() for f in grid.flags], **_overlays(grid)}


@robot_call("map_flag_list", maps=True)
def map_flag_list(robot: Robot, p: Params) -> Answer:
    grid = _map(robot, p)
    return {"map_name": grid.name, "flags": [f.as_dict() for f in grid.flags]}


@robot_call("virlines_info", maps=True)
def virlines_info(robot: Robot, p: Params) -> Answer:
    grid = _map(robot, p)
    return {"map_name": grid.name, **_overlays(grid)}


@robot_call("map_flag_add", maps=True)
def map_flag_add(robot: Robot, p: Params) -> Answer:
    grid = _map(robot, p)
    robot.atlas.require_map_editable(grid.name)
    name = p.text("name")
    if grid.flag(name) is not None:
        raise Refusal(RobotCode.ALREADY_EXISTS, f"flag {name} already exists", reason="name_taken", name=name)
    kind = p.integer("type", 0, 0, 3)
    x, y = p.number("x"), p.number("y")
    if not grid.is_navigable(x, y):
        raise bad_parameter("x", "the flag must stand on free floor, outside walls and zones")
    if kind == FlagType.CHARGING_PILE and grid.charging_pile() is not None:
        raise Refusal(RobotCode.ALREADY_EXISTS, "this map already has a charging pile")
    flag = Flag(name, x, y, p.number("yaw", 0.0, -7.0, 7.0), FlagType(kind))
    grid.flags.append(flag)
    grid.touch()
    return {"flag": flag.as_dict()}


@robot_call("map_flag_del", maps=True)
def map_flag_del(robot: Robot, p: Params) -> Answer:
    grid = _map(robot, p)
    robot.atlas.require_map_editable(grid.name)
    flag = grid.flag(p.text("name"))
    if flag is None:
        raise Refusal(RobotCode.NOT_FOUND, f"flag {p.text('name')} not found")
    grid.flags.remove(flag)
    grid.touch()
    return {}


@robot_call("map_load", maps=True)
def map_load(robot: Robot, p: Params) -> Answer:
    name = p.text("name", p.text("map_name", ""))
    if not name:
        raise bad_parameter("name", "is required", reason="required")
    robot.atlas.load_map(name)
    return {"map_name": robot.map_name, "localized": int(robot.motion.localized)}


@robot_call("map_del", maps=True)
def map_del(robot: Robot, p: Params) -> Answer:
    grid = robot.atlas.map_named(p.text("map_name"))
    if grid.name == robot.map_name:
        raise Refusal(RobotCode.BUSY, "the current map cannot be deleted: load another map first",
                      reason="current_map")
    using = robot.book.users_of_map(grid.name)
    if using and not p.flag("force", False):
        raise Refusal(RobotCode.BUSY, f"tasks use this map: {', '.join(using)}; delete them first or force",
                      reason="map_in_use", tasks=", ".join(using)[:200])
    robot.book.drop_map(grid.name)  # force: the map goes with the tasks and scheduled tasks on it
    del robot.maps[grid.name]
    return {}


@robot_call("draw_new_map", maps=True)
def draw_new_map(robot: Robot, p: Params) -> Answer:
    robot.atlas.start_mapping()
    return {"state": robot.activity.value}


@robot_call("map_save", maps=True)
def map_save(robot: Robot, p: Params) -> Answer:
    grid = robot.atlas.save_mapping(p.text("map_name"))
    return {**grid.info(), **urls(grid)}


@robot_call("cancel_map_builiding", maps=True)
def cancel_map_builiding(robot: Robot, p: Params) -> Answer:
    """The robot's own spelling ("builiding") is the path it serves."""
    robot.atlas.stop_mapping()
    return {}


@robot_call("map/Upload", maps=True)
def map_upload(robot: Robot, p: Params) -> Answer:
    """Form: map_name, file (PNG, ROS shades), virlines_wall, free_area, forbidden_zone; optional
    resolution (m per pixel), origin ([x, y]) and flags (the whole list). A map of the same name is replaced
    whole, after every check."""
    name = p.text("map_name")
    upload = p.upload("file")
    try:
        grid_cells = grid_from_png(upload.data)
    except Exception as exc:  # Pillow raises several kinds for a file that is no picture
        raise bad_parameter("file", "must be a map picture (PNG)") from exc
    if (problem := picture_problem(RobotMap(name=name, grid=grid_cells))) is not None:
        raise bad_parameter("file", problem)
    if name in robot.maps:
        robot.atlas.require_map_editable(name)
    origin = p.structured("origin", [0.0, 0.0])
    if not isinstance(origin, list) or len(origin) < 2:
        raise bad_parameter("origin", "must be [x, y]")
    old = robot.maps.get(name)
    grid = RobotMap(name=name, grid=grid_cells, resolution=p.number("resolution", 0.05, 0.01, 1.0),
                    origin=(float(origin[0]), float(origin[1])), flags=list(old.flags) if old else [])
    new_flags = _flags(grid, p)
    _apply_overlays(robot, grid, p)
    if new_flags is not None:
        grid.flags = new_flags
    robot.maps[name] = grid
    return {**grid.info(), **urls(grid)}


@robot_call("map/CloudInfoUpdate", maps=True)
def cloud_info_update(robot: Robot, p: Params) -> Answer:
    """The console's map editor saves walls, zones, erasers and (optionally) the whole flag list."""
    grid = _map(robot, p)
    robot.atlas.require_map_editable(grid.name)
    new_flags = _flags(grid, p)
    _apply_overlays(robot, grid, p)
    if new_flags is not None:
        grid.flags = new_flags
        grid.touch()
    return {**grid.info(), **_overlays(grid), "flags": [f.as_dict() for f in grid.flags]}


@robot_call("map/map_sync", maps=True)
def map_sync(robot: Robot, p: Params) -> Answer:
    """Start a map sync; its progress goes out as `map_sync` events on MQTT."""
    grid = _map(robot, p)
    direction = p.text("direction", "upload")
    if direction not in ("upload", "download"):
        raise bad_parameter("direction", "must be upload or download")
    cmd_id = f"sync-{robot.sn}-{robot.msg_seq + 1}"
    robot.handle_command({"cmdId": cmd_id, "cmd": "map_sync", "args": {"map_name": grid.name, "direction": direction}})
    return {"cmdId": cmd_id}


@robot_call("relocation_point", maps=True)
def relocation_point(robot: Robot, p: Params) -> Answer:
    flag = robot.map.flag(p.text("point"))
    if flag is None:
        raise Refusal(RobotCode.NOT_FOUND, f"flag {p.text('point')} not found")
    robot.atlas.relocate_at(flag.x, flag.y, flag.yaw)
    return {**robot.motion.pose.as_dict(), "localized": 1}


@robot_call("map_clear_noise", v3_only=True, both=True)
def map_clear_noise(robot: Robot, p: Params) -> Answer:
    grid = _map(robot, p)
    return {"map_name": grid.name, "removed": robot.atlas.clear_noise(grid.name)}
