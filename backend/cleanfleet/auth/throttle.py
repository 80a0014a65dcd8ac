"""Sign-in throttling: too many failures lock an account and an address for a while.

Counters live in the database so that every worker sees the same lock.
"""

import math
from datetime import datetime, timedelta

from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.auth.models import LoginFailure
from cleanfleet.core.db import utcnow
from cleanfleet.settings import Settings


def subjects(account: str, address: str) -> list[str]:
    return [f"account:{account.lower()}", f"address:{address}"]


async def seconds_locked(db: AsyncSession, keys: list[str]) -> int:
    """How long the longest lock among ``keys`` still runs (0 when none)."""
    now = utcnow()
    longest = 0.0
    for key in keys:
        row = await db.get(LoginFailure, key)
        if row and row.locked_until and row.locked_until > now:
            longest = max(longest, (row.locked_until - now).total_seconds())
    return math.ceil(longest)


async def record_failure(db: AsyncSession, keys: list[str], settings: Settings) -> None:
    now = utcnow()
    window = timedelta(seconds=settings.login_failure_window)
    for key in keys:
        row = await db.get(LoginFailure, key)
        if row is None:
            row = LoginFailure(subject=key, failures=0, window_start=now)
            db.add(row)
        if _window_over(row, now, window):
            row.failures, row.window_start, row.locked_until = 0, now, None
        row.failures += 1
        if row.failures >= settings.login_max_failures:
            row.locked_until = now + timedelta(seconds=settings.login_lock_seconds)
    await db.commit()


def _window_over(row: LoginFailure, now: datetime, window: timedelta) -> bool:
    if row.locked_until is not None:
        return row.locked_until <= now
    return row.window_start + window <= now


async def clear(db: AsyncSession, keys: list[str]) -> None:
    await db.execute(delete(LoginFailure).where(LoginFailure.subject.in_(keys)))
