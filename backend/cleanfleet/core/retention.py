"""Clear data: each domain registers how to remove its records older than a cut-off for a subtree.

The user menu's "clear data" (api /user/cleanCache) runs every registered purge for the caller's
subtree with a cut-off of one year.
"""

from collections.abc import Awaitable, Callable
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

Purge = Callable[[AsyncSession, str, datetime], Awaitable[int]]

_purges: dict[str, Purge] = {}


def register_purge(name: str, purge: Purge) -> None:
    _purges[name] = purge


async def purge_older_than(db: AsyncSession, subtree_path: str, before: datetime) -> dict[str, int]:
    """Runs every purge; answers how many records each removed."""
    return {name: await purge(db, subtree_path, before) for name, purge in sorted(_purges.items())}
