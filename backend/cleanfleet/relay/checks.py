"""Checks a domain runs on a relayed robot call before it is forwarded (the relay itself knows no robot call).

The relay forwards any api2/… call; a domain that owns some of them (maps: the calls that name maps and flags)
registers a check for those calls here, wired in ``cleanfleet/events.py``, so the relay imports no domain that
imports it back. A check raises ``ApiError`` to refuse the call; nothing is forwarded then.
"""

from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

CallCheck = Callable[[AsyncSession, int, str, dict[str, Any]], Awaitable[None]]

_CHECKS: dict[str, CallCheck] = {}


def register(calls: Iterable[str], check: CallCheck) -> None:
    """Runs ``check(db, device_id, call, params)`` before each of ``calls`` is forwarded (twice keeps one)."""
    for call in calls:
        _CHECKS[call] = check


def check_for(call: str) -> CallCheck | None:
    return _CHECKS.get(call)
