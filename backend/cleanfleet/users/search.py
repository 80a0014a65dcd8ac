"""The user lists: search in a subtree, one node's children (the console's lazy tree), shadow users.

The hot lists read columns with SQLAlchemy Core (no ORM objects): one count, one query for the page,
and one round trip for the page's roles, role groups and child counts.
"""

from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import ColumnElement, Select, String, func, literal_column, or_, select, union_all
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.paging import PageIn, paginate
from cleanfleet.core.scope import path_prefix
from cleanfleet.roles.models import UserRole, UserRoleGroup
from cleanfleet.users.models import TYPE_SHADOW, TYPE_USER, User

USER_COLUMNS = (
    User.id, User.account, User.name, User.phone, User.email, User.url, User.level_depth, User.parent_id, User.type,
    User.shadow_of_id, User.email_to_task, User.email_to_warn, User.email_to_task_report, User.remark,
    User.created_at,
)


@dataclass
class Extras:
    """What a user row needs from other tables: its roles, its role group and whether it has children."""

    role_ids: list[int] = field(default_factory=list)
    role_group_id: int | None = None
    has_children: bool = False


async def extras_of(db: AsyncSession, user_ids: list[int]) -> dict[int, Extras]:
    """One round trip for a whole page: roles, role group and child count of every user."""
    extras = {user_id: Extras() for user_id in user_ids}
    if not user_ids:
        return extras
    roles = select(literal_column("'r'", String), UserRole.user_id, UserRole.role_id).where(
        UserRole.user_id.in_(user_ids))
    groups = select(literal_column("'g'", String), UserRoleGroup.user_id, UserRoleGroup.group_id).where(
        UserRoleGroup.user_id.in_(user_ids))
    children = select(literal_column("'c'", String), User.parent_id, func.count()).where(
        User.parent_id.in_(user_ids), User.type == TYPE_USER).group_by(User.parent_id)
    rows: list[Any] = list(await db.execute(union_all(roles, groups, children)))
    for what, user_id, value in rows:
        if what == "r":
            extras[user_id].role_ids.append(value)
        elif what == "g":
            extras[user_id].role_group_id = value
        else:
            extras[user_id].has_children = value > 0
    for extra in extras.values():
        extra.role_ids.sort()
    return extras


def user_answer(row: Any, extra: Extras) -> dict[str, Any]:
    """A user (a row of USER_COLUMNS or a User) as the console reads it (UserOut)."""
    return {
        "userId": row.id, "account": row.account, "name": row.name, "phone": row.phone, "email": row.email,
        "url": row.url, "levelDepth": row.level_depth, "parentId": row.parent_id, "type": row.type,
        "shadowId": row.shadow_of_id, "emailToTask": row.email_to_task, "emailToWarn": row.email_to_warn,
        "emailToTaskReport": row.email_to_task_report,
        "role": "[" + ",".join(str(role_id) for role_id in extra.role_ids) + "]", "roleIds": extra.role_ids,
        "roleGroupId": extra.role_group_id, "remark": row.remark, "createTime": row.created_at.isoformat(),
        "hasChildren": extra.has_children,
    }


async def answers(db: AsyncSession, rows: list[Any]) -> list[dict[str, Any]]:
    extras = await extras_of(db, [row.id for row in rows])
    return [user_answer(row, extras[row.id]) for row in rows]


async def _page(db: AsyncSession, where: list[ColumnElement[bool]], page: PageIn, *order: Any) -> dict[str, Any]:
    query: Select[Any] = select(*USER_COLUMNS).where(*where).order_by(*order)  # type: ignore[assignment]
    result = await paginate(db, query, page, scalars=False)
    result["list"] = await answers(db, result["list"])
    return result


async def user_answer_by_id(db: AsyncSession, user_id: int) -> dict[str, Any]:
    user = await db.get(User, user_id)
    assert user is not None
    return (await answers(db, [user]))[0]


def _keyword(text: str | None) -> list[ColumnElement[bool]]:
    text = (text or "").strip()
    if not text:
        return []
    return [or_(User.account.icontains(text, autoescape=True), User.name.icontains(text, autoescape=True))]


async def search_users(db: AsyncSession, root_path: str, levels: tuple[int, ...], keyword: str | None,
                       page: PageIn) -> dict[str, Any]:
    """Accounts (not shadows) of a subtree at the given levels, matching the keyword; by level, then id."""
    where = [path_prefix(User.path, root_path), User.type == TYPE_USER, User.level_depth.in_(levels),
             *_keyword(keyword)]
    return await _page(db, where, page, User.level_depth, User.id)


async def child_page(db: AsyncSession, parent_id: int, page: PageIn) -> dict[str, Any]:
    """One node's child accounts (the lazy tree: one level per call), each with ``hasChildren``."""
    return await _page(db, [User.parent_id == parent_id, User.type == TYPE_USER], page, User.id)


async def shadow_page(db: AsyncSession, owner_id: int, keyword: str | None, page: PageIn) -> dict[str, Any]:
    where = [User.shadow_of_id == owner_id, User.type == TYPE_SHADOW, *_keyword(keyword)]
    return await _page(db, where, page, User.id)
