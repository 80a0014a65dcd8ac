"""Password throttling: too many wrong passwords lock an account, an address or a password change for a while.

Counters live in the database so that every worker sees the same lock. An attempt is counted *before* its
password is checked, in one atomic upsert per counter: concurrent attempts beyond the limit are refused
without checking, on SQLite and PostgreSQL alike. A wrong password simply leaves its attempt counted; a
right one clears the account's counter and gives the address back its attempt, so a busy address (everyone
behind one proxy) only ever counts wrong passwords.

Counters: ``account:<name>`` (CLEANFLEET_LOGIN_MAX_FAILURES), ``address:<ip>`` (the much higher
CLEANFLEET_LOGIN_MAX_FAILURES_PER_ADDRESS, so one address cannot lock every account) and ``password:<user id>``
for the current password of /user/updatePassword.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import and_, case, delete, literal, or_, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.auth.models import LoginFailure
from cleanfleet.auth.schemas import LoginLocked
from cleanfleet.core.codes import Code
from cleanfleet.core.db import UtcDateTime, utcnow
from cleanfleet.core.errors import ApiError
from cleanfleet.settings import Settings

_row = LoginFailure.__table__.c


@dataclass(frozen=True)
class Counter:
    subject: str
    limit: int


def account_counter(account: str, settings: Settings) -> Counter:
    return Counter(f"account:{account.lower()}", settings.login_max_failures)


def address_counter(address: str, settings: Settings) -> Counter:
    return Counter(f"address:{address}", settings.login_max_failures_per_address)


def password_counter(user_id: int, settings: Settings) -> Counter:
    return Counter(f"password:{user_id}", settings.login_max_failures)


def locked(seconds: int) -> ApiError:
    """LOGIN_LOCKED: the message says the minutes to wait, data says them and the seconds (retryAfter)."""
    minutes = max(1, math.ceil(seconds / 60))
    return ApiError(Code.LOGIN_LOCKED, values={"minutes": minutes},
                    data=LoginLocked(minutes=minutes, retryAfter=seconds))


async def reserve(db: AsyncSession, counters: list[Counter], settings: Settings) -> None:
    """Counts one attempt on every counter, or (when one is locked) on none and raises LOGIN_LOCKED."""
    for taken, counter in enumerate(counters):
        wait = await _take(db, counter, settings)
        if wait:
            for earlier in counters[:taken]:
                await _give_back(db, earlier)
            await db.commit()
            raise locked(wait)
    await db.commit()


async def succeeded(db: AsyncSession, *, clear: Sequence[Counter], give_back: Sequence[Counter] = ()) -> None:
    """The password was right: ``clear`` start afresh, ``give_back`` forget this attempt. The caller commits."""
    await db.execute(delete(LoginFailure).where(LoginFailure.subject.in_([c.subject for c in clear])))
    for counter in give_back:
        await _give_back(db, counter)


def _at(moment: datetime) -> Any:
    return literal(moment, UtcDateTime())


async def _take(db: AsyncSession, counter: Counter, settings: Settings) -> int:
    """Counts an attempt; answers 0 when it may be checked, else the seconds the lock still runs."""
    now = utcnow()
    lock_ends = now + timedelta(seconds=settings.login_lock_seconds)
    window_over = or_(and_(_row.locked_until.is_not(None), _row.locked_until <= now),
                      and_(_row.locked_until.is_(None), _row.window_start <= now - timedelta(
                          seconds=settings.login_failure_window)))
    first_lock = _at(lock_ends) if counter.limit <= 1 else None
    insert = postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert
    statement = insert(LoginFailure).values(
        subject=counter.subject, failures=1, window_start=now, locked_until=first_lock,
    ).on_conflict_do_update(index_elements=["subject"], set_={
        "failures": case((window_over, 1), (_row.failures > counter.limit, _row.failures),
                         else_=_row.failures + 1),
        "window_start": case((window_over, _at(now)), else_=_row.window_start),
        "locked_until": case((window_over, first_lock), (_row.locked_until.is_not(None), _row.locked_until),
                             (_row.failures + 1 >= counter.limit, _at(lock_ends)), else_=None),
    }).returning(_row.failures, _row.locked_until)
    failures, locked_until = (await db.execute(statement)).one()
    if failures <= counter.limit:
        return 0
    remaining = (locked_until - now).total_seconds() if locked_until else settings.login_lock_seconds
    return max(1, math.ceil(remaining))


async def _give_back(db: AsyncSession, counter: Counter) -> None:
    """Uncounts an attempt that was never checked (or was right); below the limit again, the lock goes too."""
    await db.execute(update(LoginFailure).where(LoginFailure.subject == counter.subject, LoginFailure.failures > 0)
                     .values(failures=LoginFailure.failures - 1,
                             locked_until=case((LoginFailure.failures - 1 < counter.limit, None),
                                               else_=LoginFailure.locked_until)))
