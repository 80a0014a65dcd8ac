"""Scoping to the caller's subtree: the one place that decides what a caller may see and touch (by tree path;
``users.scope.user_in_subtree`` does it for a user by id)."""

from typing import Any

from sqlalchemy import ColumnElement, and_

from cleanfleet.core.auth import Caller
from cleanfleet.core.errors import no_permission, not_found
from cleanfleet.core.texts import USER_ABOVE_YOU, USER_NOT_FOUND


def tenant_path(path: str) -> str:
    """The tenant of a tree path: its first node under the root ('/1/7/' for '/1/7/30/'); the root's own path for
    what the root owns. A tenant is the unit of the live events between workers and of the audit chains."""
    parts = [part for part in path.split("/") if part]
    return "/" + "/".join(parts[:2]) + "/" if parts else "/"


def path_bounds(prefix: str) -> tuple[str, str]:
    """The range of the paths that start with ``prefix`` ('/1/7/'): from it, to before '/1/70' ('/' + 1 is '0')."""
    return prefix, prefix[:-1] + "0"


def path_prefix(column: Any, prefix: str) -> ColumnElement[bool]:
    """``column`` starts with ``prefix`` ('/1/7/'), as an indexed range."""
    low, high = path_bounds(prefix)
    return and_(column >= low, column < high)


def in_subtree(column: Any, caller: Caller) -> ColumnElement[bool]:
    return path_prefix(column, caller.acting_path)


def path_in_subtree(caller: Caller, path: str | None, user_id: int, *, field: str = "userId") -> str:
    """The tree path of user ``user_id`` (None: no such user) if it lies in the caller's subtree; refuses
    otherwise (``users.scope.user_in_subtree`` asks it for a user by id): NOT_FOUND, exactly as for a missing
    user, unless the user is one of the caller's own ancestors (whom it knows anyway), so no answer tells
    another branch's ids apart."""
    if path is not None and caller.owns_path(path):
        return path
    if path is not None and user_id in ids_on_path(caller.acting_path):
        raise no_permission(USER_ABOVE_YOU, field=field, id=user_id)
    raise not_found(USER_NOT_FOUND, field=field, id=user_id)


def ids_on_path(path: str) -> list[int]:
    """The ids of the users on a tree path, from the root down ('/1/7/42/' → [1, 7, 42])."""
    return [int(part) for part in path.strip("/").split("/") if part]
