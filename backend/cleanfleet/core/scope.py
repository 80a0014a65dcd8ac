"""Scoping to the caller's subtree: the one place that decides what a caller may see and touch."""

from typing import Any

from sqlalchemy import ColumnElement, and_
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.errors import no_permission, not_found
from cleanfleet.users.models import User


def path_prefix(column: Any, prefix: str) -> ColumnElement[bool]:
    """``column`` starts with ``prefix`` ('/1/7/'), as an indexed range ('/' + 1 is '0')."""
    return and_(column >= prefix, column < prefix[:-1] + "0")


def in_subtree(column: Any, caller: Caller) -> ColumnElement[bool]:
    return path_prefix(column, caller.acting_path)


async def user_in_subtree(db: AsyncSession, caller: Caller, user_id: int, *, field: str = "userId") -> User:
    """The user with ``user_id`` if it lies in the caller's subtree; refuses otherwise."""
    user = await db.get(User, user_id)
    path_in_subtree(caller, user.path if user is not None else None, user_id, field=field)
    assert user is not None
    return user


def path_in_subtree(caller: Caller, path: str | None, user_id: int, *, field: str = "userId") -> str:
    """The tree path of user ``user_id`` (None: no such user) if it lies in the caller's subtree; refuses
    otherwise, as ``user_in_subtree`` does: NOT_FOUND, exactly as for a missing user, unless the user is one
    of the caller's own ancestors (whom it knows anyway), so no answer tells another branch's ids apart."""
    if path is not None and caller.owns_path(path):
        return path
    if path is not None and user_id in ids_on_path(caller.acting_path):
        raise no_permission(f"{field}={user_id} is above you in the user tree")
    raise not_found(f"{field}={user_id}")


def ids_on_path(path: str) -> list[int]:
    """The ids of the users on a tree path, from the root down ('/1/7/42/' → [1, 7, 42])."""
    return [int(part) for part in path.strip("/").split("/") if part]
