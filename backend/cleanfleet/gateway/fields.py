"""What each field a robot sends may hold: its type and range, checked at the edge (docs/architecture.md,
"The design": the robot link).

A field is described by a check: ``check(path, value)`` answers the value to use or raises ``BadMessage``
naming the field (``pose.x``) and why. JSON null counts as absent everywhere. Fields the contract does not
name are ignored: they never leave the parser, and the payload size and orjson's depth limit bound them.
Identifiers and enumerations (msgId, keys, states) longer than their limit are refused; free text (task and
map names, alarm text) is cut to its column, so a long name never costs a robot its heartbeat. A part of a message
that may go alone (a report's coverage grid: ``droppable``) answers ``Dropped`` instead of refusing the message.

``reader(fields)`` is ``read`` for the hot path (every heartbeat): the plain checks (numbers, whole numbers, flags,
words, text, objects of them) written out in one loop over a table instead of a call per field; whatever it is not
sure of (a value it would refuse, or one its table leaves to the check) goes to ``read``, so every refusal, its
field and its message, is ``read``'s own (issue 37 item 1).
"""

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Any

Check = Callable[[Any], Any]
Fields = Mapping[str, Check]

EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)
FUTURE_SLACK = timedelta(minutes=5)


class BadMessage(ValueError):
    """A message refused: ``path`` names the field (``pose.x``, ``alarms[3]``; empty for the whole message)."""

    def __init__(self, why: str, path: str = "") -> None:
        super().__init__(f"{path}: {why}" if path else why)
        self.why, self.path = why, path

    def under(self, name: str) -> "BadMessage":
        """The same refusal seen from the object holding the field as ``name``."""
        path = self.path
        return BadMessage(self.why, f"{name}{path}" if path.startswith("[") or not path else f"{name}.{path}")


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


def refuse(why: str, value: Any = None) -> BadMessage:
    return BadMessage(why + ("" if value is None else f" ({_shown(value)})"))


# What ``reader`` writes out for a check (kind, and its bounds): the checks below register themselves here.
_NUMBER, _INTEGER, _FLAG, _WORD, _TEXT, _SHAPE, _CALL = range(7)
_PLAIN: dict[Check, tuple[int, Any, Any]] = {}


def number(low: float, high: float) -> Check:
    """A JSON number within low..high (NaN and infinities are never within)."""
    def check(value: Any) -> float:
        kind = type(value)
        if kind is not float and kind is not int:  # bool is an int subclass: not a number here
            raise refuse("not a number", value)
        if not low <= value <= high:
            raise refuse(f"outside {low:g}..{high:g}", value)
        return value if kind is float else float(value)
    _PLAIN[check] = (_NUMBER, low, high)
    return check


def integer(low: int, high: int) -> Check:
    """A whole number within low..high (2400.0 is 2400; 2400.5 is refused)."""
    def check(value: Any) -> int:
        if type(value) is float and math.isfinite(value) and value.is_integer():
            value = int(value)
        if type(value) is not int:
            raise refuse("not a whole number", value)
        if not low <= value <= high:
            raise refuse(f"outside {low}..{high}", value)
        return value
    _PLAIN[check] = (_INTEGER, low, high)
    return check


def flag(value: Any) -> bool:
    if type(value) is not bool:
        raise refuse("not true or false", value)
    return value


_PLAIN[flag] = (_FLAG, None, None)


def _string(value: Any) -> str:
    if type(value) is not str:
        raise refuse("not a string", value)
    if "\x00" in value:  # PostgreSQL cannot store it: the row would fail the batch
        raise refuse("contains a NUL character")
    return value


def word(limit: int, *choices: str) -> Check:
    """An identifier or enumeration: at most ``limit`` characters (one of ``choices`` when given)."""
    def check(value: Any) -> str:
        value = _string(value)
        if len(value) > limit:
            raise refuse(f"longer than {limit} characters", len(value))
        if choices and value not in choices:
            raise refuse(f"not one of {', '.join(choices)}", value)
        return value
    _PLAIN[check] = (_WORD, limit, choices)
    return check


def text(limit: int) -> Check:
    """Free text (a name, a message): cut to ``limit`` characters."""
    def check(value: Any) -> str:
        return _string(value)[:limit]
    _PLAIN[check] = (_TEXT, limit, None)
    return check


_time_text = word(64)


def robot_time(value: Any) -> datetime | None:
    """An ISO 8601 time, in UTC (no offset means UTC); None when it lies outside EARLIEST .. now + FUTURE_SLACK.

    A well-formed time outside the window is a robot clock not yet set (1970 after a boot) or running fast
    (the simulator's robot time runs ``--speed`` times fast): the caller uses the time it received the message
    instead, so such a robot loses no alarms. What is not a time at all is refused.
    """
    try:
        parsed = _in_utc(_time_text(value))
    except ValueError:
        raise refuse("not an ISO 8601 time", value) from None
    return parsed if parsed is not None and EARLIEST <= parsed <= datetime.now(UTC) + FUTURE_SLACK else None


@lru_cache(maxsize=4096)  # a fleet's heartbeats of one second carry the same few times
def _in_utc(text: str) -> datetime | None:
    """The time ``text`` names, in UTC (no offset means UTC); None when it cannot be in UTC; ValueError when it names
    no time."""
    parsed = datetime.fromisoformat(text)
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    try:
        return parsed.astimezone(UTC)
    except OverflowError:  # year 1 or 9999 with an offset: outside the window either way
        return None


def shape(fields: Fields) -> Check:
    """A JSON object whose known fields are checked (see ``read``)."""
    def check(value: Any) -> dict[str, Any]:
        if type(value) is not dict:
            raise refuse("not an object", value)
        return read(fields, value)
    _PLAIN[check] = (_SHAPE, _table(fields), dict.fromkeys(fields))
    return check


def items(limit: int, item: Check) -> Check:
    """A JSON list of at most ``limit`` items, each checked by ``item``."""
    def check(value: Any) -> list[Any]:
        if type(value) is not list:
            raise refuse("not a list", value)
        if len(value) > limit:
            raise refuse(f"more than {limit} items", len(value))
        index = 0
        try:
            checked = []
            for index, one in enumerate(value):  # noqa: B007  (index names the item refused)
                checked.append(item(one))
            return checked
        except BadMessage as exc:
            raise exc.under(f"[{index}]") from None
    return check


def counts(limit: int, key: Check, count: Check) -> Check:
    """A JSON object of at most ``limit`` entries, name → count (an alarm key → how often)."""
    def check(value: Any) -> dict[str, Any]:
        if type(value) is not dict:
            raise refuse("not an object", value)
        if len(value) > limit:
            raise refuse(f"more than {limit} entries", len(value))
        checked = {}
        for name, one in value.items():
            try:
                checked[key(name)] = count(one)
            except BadMessage as exc:
                raise exc.under(f"[{name[:64]!r}]") from None
        return checked
    return check


@dataclass(frozen=True)
class Dropped:
    """A droppable part refused: the rest of its message is kept, and the part is counted as dropped for its robot."""

    why: str


def droppable(name: str, check: Check) -> Check:
    """A part of a message (its field ``name``) that, when bad, is dropped alone (answers ``Dropped`` naming the
    field and why) instead of the whole message."""
    def check_part(value: Any) -> Any:
        try:
            return check(value)
        except BadMessage as exc:
            return Dropped(str(exc.under(name)))
    return check_part


def read(fields: Fields, body: dict[str, Any]) -> dict[str, Any]:
    """Every field of ``fields`` from ``body``, checked; None for those absent or null."""
    found: dict[str, Any] = dict.fromkeys(fields)
    name = ""
    try:
        for name, value in body.items():
            check = fields.get(name)
            if check is not None and value is not None:
                found[name] = check(value)
    except BadMessage as exc:
        raise exc.under(name) from None
    return found


Table = dict[str, tuple[int, Any, Any]]


def _table(fields: Fields) -> Table:
    return {name: _PLAIN.get(check) or (_CALL, check, None) for name, check in fields.items()}


def _fast(table: Table, empty: dict[str, Any], body: dict[str, Any]) -> dict[str, Any] | None:
    """``read`` of the table's fields from ``body`` when it accepts them all, in one loop; None when it is not sure
    (``read`` then answers, or names the refusal). Never raises."""
    found = empty.copy()
    try:
        for name, value in body.items():
            spec = table.get(name)
            if spec is None or value is None:
                continue
            kind, first, second = spec
            if kind == _NUMBER:
                seen = type(value)
                if seen is float:
                    if not first <= value <= second:  # NaN too
                        return None
                elif seen is int and first <= value <= second:
                    value = float(value)
                else:
                    return None
            elif kind == _WORD:
                if type(value) is not str or len(value) > first or "\x00" in value or (second and value not in second):
                    return None
            elif kind == _FLAG:
                if value is not True and value is not False:
                    return None
            elif kind == _TEXT:
                if type(value) is not str or "\x00" in value:
                    return None
                value = value[:first]
            elif kind == _INTEGER:
                if type(value) is not int or not first <= value <= second:  # 2400.0: read makes it 2400
                    return None
            elif kind == _SHAPE:
                if type(value) is not dict:
                    return None
                value = _fast(first, second, value)
                if value is None:
                    return None
            else:
                value = first(value)
            found[name] = value
    except BadMessage:
        return None
    return found


def reader(fields: Fields) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """``read`` bound to ``fields``, the same answer and the same refusals, faster for the messages it accepts."""
    table, empty = _table(fields), dict.fromkeys(fields)

    def read_fields(body: dict[str, Any]) -> dict[str, Any]:
        found = _fast(table, empty, body)
        return read(fields, body) if found is None else found
    return read_fields
