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

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from cleanfleet_sim.errors import Refusal, RobotCode, bad_parameter
from cleanfleet_sim.map_rules import BUILDING_PICTURE, building_png

if TYPE_CHECKING:
    from cleanfleet_sim.robot import Robot


@dataclass
class Upload:
    filename: str
    data: bytes


@dataclass
class Picture:
    data: bytes
    content_type: str = "image/png"


Answer = dict[str, Any] | Picture | None
Handler = Callable[["Robot", "Params"], Answer]


class Params:
    """A call's parameters from a JSON body, a form body or the query string, read with checks."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data

    def has(self, key: str) -> bool:
        return key in self.data and self.data[key] not in (None, "")

    def raw(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def text(self, key: str, default: str | None = None) -> str:
        if not self.has(key):
            if default is None:
                raise bad_parameter(key, "is required", reason="required")
            return default
        return str(self.data[key]).strip()

    def number(self, key: str, default: float | None = None, lo: float | None = None,
               hi: float | None = None) -> float:
        if not self.has(key):
            if default is None:
                raise bad_parameter(key, "is required", reason="required")
            return default
        try:
            value = float(self.data[key])
        except (TypeError, ValueError) as exc:
            raise bad_parameter(key, "must be a number", reason="not_a_number") from exc
        if value != value or (lo is not None and value < lo) or (hi is not None and value > hi):
            raise bad_parameter(key, f"must be between {lo} and {hi}", reason="out_of_range", min=lo, max=hi)
        return value

    def integer(self, key: str, default: int | None = None, lo: int | None = None, hi: int | None = None) -> int:
        value = self.number(key, None if default is None else float(default), lo, hi)
        if value != int(value):
            raise bad_parameter(key, "must be a whole number", reason="not_whole")
        return int(value)

    def flag(self, key: str, default: bool | None = None) -> bool:
        if not self.has(key):
            if default is None:
                raise bad_parameter(key, "is required (0 or 1)", reason="required")
            return default
        value = str(self.data[key]).lower()
        if value not in ("0", "1", "true", "false"):
            raise bad_parameter(key, "must be 0 or 1", reason="zero_or_one")
        return value in ("1", "true")

    def structured(self, key: str, default: Any = None) -> Any:
        """A list or object, given as JSON in a JSON body or as a JSON string in a form."""
        value = self.data.get(key)
        if value in (None, ""):
            return default
        if isinstance(value, str):
            try:
                return json.loads(value)
            except json.JSONDecodeError as exc:
                raise bad_parameter(key, "must be JSON", reason="not_json") from exc
        return value

    def upload(self, key: str) -> Upload:
        value = self.data.get(key)
        if not isinstance(value, Upload):
            raise bad_parameter(key, "attach a file", reason="attach_file")
        return value

    def as_dict(self) -> dict[str, Any]:
        return dict(self.data)


@dataclass(frozen=True)
class Call:
    name: str
    handler: Handler
    method: str
    v3_only: bool


COMMON: dict[str, Call] = {}
MAPS: dict[str, Call] = {}


def robot_call(name: str, *, method: str = "POST", v3_only: bool = False, maps: bool = False,
               both: bool = False) -> Callable[[Handler], Handler]:
    """Register a call under the generation prefix (api/ or api1/), under api2/ (maps=True), or both."""

    def register(handler: Handler) -> Handler:
        call = Call(name, handler, method, v3_only)
        if maps or both:
            MAPS[name] = call
        if not maps or both:
            COMMON[name] = call
        return handler

    return register


def answer(data: dict[str, Any] | None = None, msg: str = "ok") -> dict[str, Any]:
    return {"code": 0, "msg": msg, **(data or {})}


def refusal_answer(refusal: Refusal) -> dict[str, Any]:
    return refusal.answer()


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
    from cleanfleet_sim.webapi import data_calls, map_calls, robot_calls, task_calls  # noqa: F401  (registers the calls)

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
        return 200, Picture(building_png(robot))
    for kind in ("image", "track"):
        head = f"api2/{kind}/"
        if not path.startswith(head):
            continue
        name, dot, ext = unquote(path[len(head):]).rpartition(".")
        grid = robot.maps.get(name) if dot else None
        if grid is None or (kind, ext) not in (("image", "png"), ("track", "png"), ("track", "json")):
            return 404, {"code": 404, "msg": f"request address error: {path}"}
        track = list(robot.track) if name == robot.map_name else []
        if kind == "image":
            return 200, Picture(grid.png())
        if ext == "png":
            return 200, Picture(grid.track_png(track))
        return 200, answer({"map_name": name, "points": [[x, y] for x, y in track]})
    return None
