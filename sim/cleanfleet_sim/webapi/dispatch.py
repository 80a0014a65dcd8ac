"""Which call a path names, whether this robot's generation has it, and the {code, msg, ...} answer.

- `api/<call>` exists only on robots below protocol 3 and `api1/<call>` only from protocol 3 on: the
  other prefix answers HTTP 404, as a robot of the other generation would.
- `api2/<call>` holds the map calls on every robot.
- A version 3 call asked of an older robot (under its own `api/`) answers code 4 (not supported).
- A call made with the wrong HTTP method answers HTTP 405; an unknown call HTTP 404.
- Pictures: `api2/image/<map>.png` (the occupancy grid), `api2/track/<map>.png` (the path driven,
  transparent overlay of the same size) and `api2/track/<map>.json` (its points).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from cleanfleet_sim.errors import Refusal, RobotCode
from cleanfleet_sim.map_rules import BUILDING_PICTURE, building_png
from cleanfleet_sim.webapi import data_calls, map_calls, robot_calls, task_calls  # noqa: F401  (register the calls)
from cleanfleet_sim.webapi.registry import COMMON, MAPS, Call, Params, Picture, Upload, answer, refusal_answer

if TYPE_CHECKING:
    from cleanfleet_sim.robot import Robot

__all__ = ["COMMON", "MAPS", "Picture", "Upload", "call_robot", "find_call"]


def find_call(robot: Robot, path: str) -> tuple[int, Call | str]:
    """(HTTP status, the call) or (status, reason) for a path like 'api1/robot_pose'."""
    prefix, _, name = path.strip("/").partition("/")
    if prefix == "api2":
        found = MAPS.get(name)
    elif prefix == robot.identity.api_prefix:
        found = COMMON.get(name)
    else:
        return 404, f"request address error: {path} (this robot speaks {robot.identity.api_prefix}/ and api2/)"
    if found is None:
        return 404, f"request address error: {path}"
    return 200, found


def call_robot(robot: Robot, path: str, params: dict[str, Any], method: str = "POST") -> tuple[int, Any]:
    """Run one web API call on a robot: (HTTP status, answer dict or Picture)."""
    path = path.strip("/")
    if robot.is_down():
        return 503, {"code": int(RobotCode.FAILED), "msg": "robot is rebooting", "reason": "rebooting"}
    picture = _picture(robot, path)
    if picture is not None:
        return picture
    status, found = find_call(robot, path)
    if isinstance(found, str):
        return status, {"code": 404, "msg": found}
    if method.upper() != found.method:
        return 405, {"code": 405, "msg": f"{found.name} takes {found.method}"}
    if found.v3_only and robot.protocol < 3:
        return 200, {"code": int(RobotCode.NOT_SUPPORTED),
                     "msg": f"{found.name} is not available on protocol {robot.protocol} robots",
                     "reason": "not_on_protocol", "values": {"protocol": robot.protocol}}
    try:
        robot.tick()
        result = found.handler(robot, Params(params))
    except Refusal as refusal:
        return 200, refusal_answer(refusal)
    robot.sync_banners(robot.now())
    if isinstance(result, Picture):
        return 200, result
    return 200, answer(result)


def _picture(robot: Robot, path: str) -> tuple[int, Any] | None:
    if path == BUILDING_PICTURE:
        return 200, Picture(building_png(robot.map, robot.atlas.mapping_seen))
    for kind in ("image", "track"):
        head = f"api2/{kind}/"
        if not path.startswith(head):
            continue
        name, dot, ext = unquote(path[len(head):]).rpartition(".")
        grid = robot.maps.get(name) if dot else None
        if grid is None or (kind, ext) not in (("image", "png"), ("track", "png"), ("track", "json")):
            return 404, {"code": 404, "msg": f"request address error: {path}"}
        track = list(robot.motion.track) if name == robot.map_name else []
        if kind == "image":
            return 200, Picture(grid.png())
        if ext == "png":
            return 200, Picture(grid.track_png(track))
        return 200, answer({"map_name": name, "points": [[x, y] for x, y in track]})
    return None
