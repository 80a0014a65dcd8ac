"""Why a robot refuses a call: the `code` and `msg` its web API answers (0 is success).

Beside the English `msg`, a refusal names what a program needs to explain it in the user's language
(docs/robot-contract.md, "Refusals"): `reason`, a stable key of the server's catalogue (`no_task_running`,
`crosses_itself` ...); `field`, the call parameter concerned (always for code 2); `values`, the few
numbers and names the sentence shows (`index` of the shape, `max`, `name` ...). All three are left out
when empty, so a reader of older robots (code and msg only) sees the same answer as before.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any


class RobotCode(IntEnum):
    OK = 0
    FAILED = 1
    BAD_PARAMETER = 2
    NOT_FOUND = 3
    NOT_SUPPORTED = 4
    BUSY = 5
    LOCKED = 6
    LOW_BATTERY = 7
    EMERGENCY_STOP = 8
    POSITION_UNCONFIRMED = 9
    ELEVATOR_RUNNING = 10
    ALREADY_EXISTS = 11


class Refusal(Exception):
    def __init__(self, code: RobotCode, msg: str, *, reason: str = "", field: str = "", **values: Any) -> None:
        super().__init__(msg)
        self.code = code
        self.msg = msg
        self.reason = reason
        self.field = field
        self.values = {k: v for k, v in values.items() if v is not None}

    def answer(self) -> dict[str, Any]:
        """The web API's answer: `{code, msg}` plus `reason`, `field` and `values` when the refusal has them."""
        extra = {"reason": self.reason, "field": self.field, "values": self.values}
        return {"code": int(self.code), "msg": self.msg, **{k: v for k, v in extra.items() if v}}


def bad_parameter(field: str, detail: str, *, reason: str = "", **values: Any) -> Refusal:
    return Refusal(RobotCode.BAD_PARAMETER, f"{field}: {detail}", reason=reason, field=field, **values)


def not_found(what: str, *, reason: str = "", **values: Any) -> Refusal:
    return Refusal(RobotCode.NOT_FOUND, f"{what} not found", reason=reason, **values)
