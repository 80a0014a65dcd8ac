"""What each field a robot sends may hold: its type and range, checked at the edge (DESIGN.md "The robot link").

A field is described by a check: ``check(path, value)`` answers the value to use or raises ``BadMessage``
naming the field (``pose.x``) and why. JSON null counts as absent everywhere. Fields the contract does not
name are ignored: they never leave the parser, and the payload size and orjson's depth limit bound them.
Identifiers and enumerations (msgId, keys, states) longer than their limit are refused; free text (task and
map names, alarm text) is cut to its column, so a long name never costs a robot its heartbeat.
"""

import math
from collections.abc import Callable, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

Check = Callable[[str, Any], Any]
Fields = Mapping[str, Check]

EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)
FUTURE_SLACK = timedelta(minutes=5)


class BadMessage(ValueError):
    pass


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


def refuse(path: str, why: str, value: Any = None) -> BadMessage:
    return BadMessage(f"{path}: {why}" + ("" if value is None else f" ({_shown(value)})"))


def number(low: float, high: float) -> Check:
    """A JSON number within low..high (NaN and infinities are never within)."""
    def check(path: str, value: Any) -> float:
        if type(value) not in (int, float):  # bool is an int subclass: not a number here
            raise refuse(path, "not a number", value)
        if not low <= value <= high:
            raise refuse(path, f"outside {low:g}..{high:g}", value)
        return float(value)
    return check


def integer(low: int, high: int) -> Check:
    """A whole number within low..high (2400.0 is 2400; 2400.5 is refused)."""
    def check(path: str, value: Any) -> int:
        if type(value) is float and math.isfinite(value) and value.is_integer():
            value = int(value)
        if type(value) is not int:
            raise refuse(path, "not a whole number", value)
        if not low <= value <= high:
            raise refuse(path, f"outside {low}..{high}", value)
        return value
    return check


def flag(path: str, value: Any) -> bool:
    if type(value) is not bool:
        raise refuse(path, "not true or false", value)
    return value


def _string(path: str, value: Any) -> str:
    if type(value) is not str:
        raise refuse(path, "not a string", value)
    if "\x00" in value:  # PostgreSQL cannot store it: the row would fail the batch
        raise refuse(path, "contains a NUL character")
    return value


def word(limit: int, *choices: str) -> Check:
    """An identifier or enumeration: at most ``limit`` characters (one of ``choices`` when given)."""
    def check(path: str, value: Any) -> str:
        value = _string(path, value)
        if len(value) > limit:
            raise refuse(path, f"longer than {limit} characters", len(value))
        if choices and value not in choices:
            raise refuse(path, f"not one of {', '.join(choices)}", value)
        return value
    return check


def text(limit: int) -> Check:
    """Free text (a name, a message): cut to ``limit`` characters."""
    def check(path: str, value: Any) -> str:
        return _string(path, value)[:limit]
    return check


def robot_time(path: str, value: Any) -> datetime | None:
    """An ISO 8601 time, in UTC (no offset means UTC); None when it lies outside EARLIEST .. now + FUTURE_SLACK.

    A well-formed time outside the window is a robot clock not yet set (1970 after a boot) or running fast
    (the simulator's robot time runs ``--speed`` times fast): the caller uses the time it received the message
    instead, so such a robot loses no alarms. What is not a time at all is refused.
    """
    value = word(64)(path, value)
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        raise refuse(path, "not an ISO 8601 time", value) from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    try:
        parsed = parsed.astimezone(UTC)
    except OverflowError:  # year 1 or 9999 with an offset: outside the window either way
        return None
    return parsed if EARLIEST <= parsed <= datetime.now(UTC) + FUTURE_SLACK else None


def shape(fields: Fields) -> Check:
    """A JSON object whose known fields are checked (see ``read``)."""
    def check(path: str, value: Any) -> dict[str, Any]:
        if type(value) is not dict:
            raise refuse(path, "not an object", value)
        return read(fields, value, f"{path}.")
    return check


def items(limit: int, item: Check) -> Check:
    """A JSON list of at most ``limit`` items, each checked by ``item``."""
    def check(path: str, value: Any) -> list[Any]:
        if type(value) is not list:
            raise refuse(path, "not a list", value)
        if len(value) > limit:
            raise refuse(path, f"more than {limit} items", len(value))
        return [item(f"{path}[{i}]", v) for i, v in enumerate(value)]
    return check


def counts(limit: int, key: Check, count: Check) -> Check:
    """A JSON object of at most ``limit`` entries, name → count (an alarm key → how often)."""
    def check(path: str, value: Any) -> dict[str, Any]:
        if type(value) is not dict:
            raise refuse(path, "not an object", value)
        if len(value) > limit:
            raise refuse(path, f"more than {limit} entries", len(value))
        return {key(f"{path} key", k): count(f"{path}.{k[:64]}", v) for k, v in value.items()}
    return check


def read(fields: Fields, body: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """Every field of ``fields`` from ``body``, checked; None for those absent or null."""
    found: dict[str, Any] = {}
    for name, check in fields.items():
        value = body.get(name)
        found[name] = None if value is None else check(prefix + name, value)
    return found
