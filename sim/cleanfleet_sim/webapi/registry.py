"""The robot's web API calls as data: each module of webapi/ registers its calls here (``robot_call``) with their
HTTP method and generation; a call reads its parameters through ``Params`` and answers ``answer(...)``, a
``Picture`` or a refusal. dispatch.py finds and runs them; this module imports no call module, so the call modules
and the dispatcher form no circle."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cleanfleet_sim.errors import Refusal, bad_parameter

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
