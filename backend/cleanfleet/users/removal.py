"""Removing users and their data: what other domains keep per user (moved to an heir or refusing the delete),
clearing a subtree's old records, and deleting a user (its subtree moved or refused)."""

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, literal, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter, no_permission
from cleanfleet.core.language import caller_language
from cleanfleet.core.retention import purge_older_than
from cleanfleet.core.scope import path_prefix
from cleanfleet.core.texts import LACKS_KEYS
from cleanfleet.roles.models import Role, RoleGroup
from cleanfleet.storage import service as storage
from cleanfleet.users import texts
from cleanfleet.users.models import TYPE_USER, User
from cleanfleet.users.schemas import (
    DeleteUserIn,
    UserTarget,
)
from cleanfleet.users.scope import user_in_subtree
from cleanfleet.users.service import KEY_DELETE, child_user

# --- records other domains keep per user -------------------------------------------------------------


@dataclass(frozen=True)
class OwnedRecords:
    """How a domain counts a user's records (devices...) and moves them to another user."""

    count: Callable[[AsyncSession, int], Awaitable[int]]
    move: Callable[[AsyncSession, int, User], Awaitable[int]]


_owned: dict[str, OwnedRecords] = {}


def register_owned_records(name: str, count: Callable[[AsyncSession, int], Awaitable[int]],
                           move: Callable[[AsyncSession, int, User], Awaitable[int]]) -> None:
    """A domain whose records belong to a user registers here, so deleting that user moves them
    (``moveToUserId``) or is refused while they exist: ``register_owned_records("devices", count, move)``.
    ``move(db, from_user_id, to_user)`` runs inside the delete's transaction and must not commit."""
    _owned[name] = OwnedRecords(count, move)


def register_owned_named_records(name: str, model: Any) -> None:
    """``register_owned_records`` for a table of named records with a ``user_id`` owner (device groups,
    elevators): a deleted user's records go to its heir, and a name the heir already uses gets the old owner's
    id added, so a per-owner unique name stays unique."""

    async def count(db: AsyncSession, user_id: int) -> int:
        return await db.scalar(select(func.count()).select_from(model).where(model.user_id == user_id)) or 0

    async def move(db: AsyncSession, from_user_id: int, to_user: User) -> int:
        taken = set(await db.scalars(select(model.name).where(model.user_id == to_user.id)))
        moved = list(await db.scalars(select(model).where(model.user_id == from_user_id)))
        for record in moved:
            if record.name in taken:
                record.name = f"{record.name[:50]} (#{from_user_id})"
            record.user_id = to_user.id
        await db.flush()
        return len(moved)

    register_owned_records(name, count, move)


# --- signing out and clearing data ---------------------------------------------------------------------


async def target_user_id(db: AsyncSession, caller: Caller, body: UserTarget, child_key: str,
                         default: int | None = None) -> int:
    """The caller itself (or ``default``), or a user strictly below the acting user with ``child_key``.

    A shadow user's owner is not "itself": reaching the owner takes the child key and is refused.
    """
    if body.userId is None:
        return default or caller.user_id
    if body.userId == caller.user_id:
        return caller.user_id
    if not caller.holds(child_key):
        raise no_permission(LACKS_KEYS, field="userId", keys=child_key)
    user = await user_in_subtree(db, caller, body.userId, field="userId")
    if user.id == caller.acting_user_id:
        raise no_permission(texts.ACTING_USER, field="userId")
    return user.id


async def clear_old_data(db: AsyncSession, caller: Caller, user_id: int, age: timedelta) -> tuple[dict[str, int],
                                                                                                 datetime]:
    """Purge the subtree's records older than ``age``; answers the counts by kind and the cut-off."""
    user = await user_in_subtree(db, caller, user_id, field="userId")
    before = utcnow() - age
    removed = await purge_older_than(db, user.path, before)
    await db.commit()
    return removed, before


# --- deleting -----------------------------------------------------------------------------------------


@dataclass
class Deleted:
    user_id: int
    moved_to: int | None
    moved: dict[str, int]
    deleted_shadows: int
    file_keys: list[str]


async def child_count(db: AsyncSession, user_id: int) -> int:
    query = select(func.count()).select_from(User).where(User.parent_id == user_id, User.type == TYPE_USER)
    return await db.scalar(query) or 0


async def delete_user(db: AsyncSession, caller: Caller, body: DeleteUserIn) -> Deleted:
    """Delete a child user. Its child users and records move to ``moveToUserId`` (a user of the same
    level in the caller's subtree, outside the deleted one's), or the delete is refused while any exist.
    Its shadow users are deleted with it; the roles and role groups it owned go to the new parent."""
    user = await child_user(db, caller, body.userId, KEY_DELETE)
    if user.type != TYPE_USER:
        raise bad_parameter("userId", texts.IS_SHADOW_USER)
    target = await _move_target(db, caller, user, body.moveToUserId) if body.moveToUserId is not None else None
    counts = {"users": await child_count(db, user.id)}
    for name, owned in sorted(_owned.items()):
        counts[name] = await owned.count(db, user.id)
    if target is None and any(counts.values()):
        raise ApiError(Code.CONFLICT, texts.STILL_HOLDS, field="moveToUserId", values={"held": held_text(counts)},
                       data=counts)
    moved: dict[str, int] = {}
    if target is not None:
        moved = await _move_subtree(db, user, target, counts)
    shadows = list(await db.scalars(select(User).where(User.shadow_of_id == user.id)))
    file_keys: list[str] = []
    for gone in [*shadows, user]:
        file_keys += await storage.forget(db, await storage.files_of_owner(db, gone.id))
        await db.delete(gone)
        await db.flush()
    await db.commit()
    return Deleted(user.id, target.id if target else None, moved, len(shadows), file_keys)


def held_text(counts: dict[str, int]) -> str:
    """What a user still holds ("2 个下级用户, 3 台设备"), in the caller's language."""
    language = caller_language()
    joiner = {"zh-CN": "、", "ja": "、", "ar": "، "}.get(language, ", ")
    return joiner.join(texts.HELD[name].render(language, {"count": count}) if name in texts.HELD
                       else f"{count} {name}" for name, count in counts.items() if count)


async def _move_target(db: AsyncSession, caller: Caller, user: User, target_id: int) -> User:
    target = await user_in_subtree(db, caller, target_id, field="moveToUserId")
    if target.type != TYPE_USER or target.path.startswith(user.path):
        raise bad_parameter("moveToUserId", texts.MOVE_TARGET_OUTSIDE)
    if target.level_depth != user.level_depth:
        raise bad_parameter("moveToUserId", texts.MOVE_TARGET_LEVEL, level=user.level_depth)
    return target


async def _move_subtree(db: AsyncSession, user: User, target: User, counts: dict[str, int]) -> dict[str, int]:
    """Re-parent the children (rewriting the paths of the whole subtree) and move every owned record."""
    moved = {"users": counts["users"]}
    for name, owned in sorted(_owned.items()):
        moved[name] = await owned.move(db, user.id, target)
    below = path_prefix(User.path, user.path)
    await db.execute(update(User).where(User.parent_id == user.id, User.type == TYPE_USER)
                     .values(parent_id=target.id))
    await db.execute(update(User).where(below, User.id != user.id, User.shadow_of_id.is_distinct_from(user.id))
                     .values(path=literal(target.path) + func.substr(User.path, len(user.path) + 1))
                     .execution_options(synchronize_session=False))
    await db.execute(update(Role).where(Role.user_id == user.id).values(user_id=target.id))
    await db.execute(update(RoleGroup).where(RoleGroup.user_id == user.id).values(user_id=target.id))
    return moved
