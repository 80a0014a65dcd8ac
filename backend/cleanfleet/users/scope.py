"""A user of the caller's subtree, by id: what every domain asks before it reads or writes for another user."""

from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.scope import path_in_subtree
from cleanfleet.users.models import User


async def user_in_subtree(db: AsyncSession, caller: Caller, user_id: int, *, field: str = "userId") -> User:
    """The user with ``user_id`` if it lies in the caller's subtree; refuses otherwise (``path_in_subtree``)."""
    user = await db.get(User, user_id)
    path_in_subtree(caller, user.path if user is not None else None, user_id, field=field)
    assert user is not None
    return user
