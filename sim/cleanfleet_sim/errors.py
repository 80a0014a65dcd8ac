"""Why a robot refuses a call: the `code` and `msg` its web API answers (0 is success)."""

from __future__ import annotations

from enum import IntEnum


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
    def __init__(self, code: RobotCode, msg: str) -> None:
        super().__init__(msg)
        self.code = code
        self.msg = msg


def bad_parameter(field: str, detail: str) -> Refusal:
    return Refusal(RobotCode.BAD_PARAMETER, f"{field}: {detail}")


def not_found(what: str) -> Refusal:
    return Refusal(RobotCode.NOT_FOUND, f"{what} not found")
