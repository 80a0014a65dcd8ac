"""Clear data: each domain registers how to remove its records older than a cut-off for a subtree.

The user menu's "clear data" (api /user/cleanCache) runs every registered purge for the caller's
subtree with a cut-off of one year.
"""

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import InstrumentedAttribute

from cleanfleet.core.scope import path_prefix

Purge = Callable[[AsyncSession, str, datetime], Awaitable[int]]

_purges: dict[str, Purge] = {}


def register_purge(name: str, purge: Purge) -> None:
    _purges[name] = purge


def purge_rows(name: str, moment: InstrumentedAttribute[Any], owner: InstrumentedAttribute[Any],
               owner_id: InstrumentedAttribute[Any], owner_path: InstrumentedAttribute[Any]) -> Purge:
    """Registers (and answers) the purge of the rows of ``moment``'s table dated before the cut-off whose
    ``owner`` (a device id, a user id) is one of the subtree's: ``owner_id`` of the rows whose ``owner_path``
    lies in the subtree, e.g. ``purge_rows("alarms", Alarm.raised_at, Alarm.device_id, Device.id,
    Device.owner_path)``."""

    async def purge(db: AsyncSession, subtree_path: str, before: datetime) -> int:
        owners = select(owner_id).where(path_prefix(owner_path, subtree_path))
        result = await db.execute(delete(moment.class_).where(moment < before, owner.in_(owners))
                                  .execution_options(synchronize_session=False))
        return result.rowcount or 0  # type: ignore[attr-defined]

    register_purge(name, purge)
    return purge


async def purge_older_than(db: AsyncSession, subtree_path: str, before: datetime) -> dict[str, int]:
    """Runs every purge; answers how many records each removed."""
    return {name: await purge(db, subtree_path, before) for name, purge in sorted(_purges.items())}
