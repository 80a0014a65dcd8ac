"""The user lists: search in a subtree, one node's children (the console's lazy tree), shadow users.

The hot lists read columns with SQLAlchemy Core (no ORM objects): one query for the page (with the
has-children flag and the role group as subqueries), one count, one for the page's role ids.
"""

from typing import Any

from sqlalchemy import ColumnElement, Select, exists, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from cleanfleet.core.paging import PageIn, paginate
from cleanfleet.core.scope import path_prefix
from cleanfleet.roles.models import UserRole, UserRoleGroup
from cleanfleet.users.models import TYPE_SHADOW, TYPE_USER, User


def _user_columns() -> Select[Any]:
    child = aliased(User)
    has_children = exists().where(child.parent_id == User.id, child.type == TYPE_USER)
    role_group = select(UserRoleGroup.group_id).where(UserRoleGroup.user_id == User.id).scalar_subquery()
    query: Select[Any] = select(  # type: ignore[assignment]
        User.id, User.account, User.name, User.phone, User.email, User.url, User.level_depth, User.parent_id,
        User.type, User.shadow_of_id, User.email_to_task, User.email_to_warn, User.email_to_task_report,
        User.remark, User.created_at, has_children.label("has_children"), role_group.label("role_group_id"),
    )
    return query


async def roles_of_users(db: AsyncSession, user_ids: list[int]) -> dict[int, list[int]]:
    roles: dict[int, list[int]] = {user_id: [] for user_id in user_ids}
    if user_ids:
        rows = await db.execute(select(UserRole.user_id, UserRole.role_id)
                                .where(UserRole.user_id.in_(user_ids)).order_by(UserRole.role_id))
        for user_id, role_id in rows:
            roles[user_id].append(role_id)
    return roles


def user_answer(row: Any, role_ids: list[int]) -> dict[str, Any]:
    """A user as the console reads it (UserOut)."""
    return {
        "userId": row.id, "account": row.account, "name": row.name, "phone": row.phone, "email": row.email,
        "url": row.url, "levelDepth": row.level_depth, "parentId": row.parent_id, "type": row.type,
        "shadowId": row.shadow_of_id, "emailToTask": row.email_to_task, "emailToWarn": row.email_to_warn,
        "emailToTaskReport": row.email_to_task_report,
        "role": "[" + ",".join(str(role_id) for role_id in role_ids) + "]", "roleIds": role_ids,
        "roleGroupId": row.role_group_id, "remark": row.remark, "createTime": row.created_at.isoformat(),
        "hasChildren": bool(row.has_children),
    }


async def _answers(db: AsyncSession, rows: list[Any]) -> list[dict[str, Any]]:
    roles = await roles_of_users(db, [row.id for row in rows])
    return [user_answer(row, roles[row.id]) for row in rows]


async def _page(db: AsyncSession, where: list[ColumnElement[bool]], page: PageIn, *order: Any) -> dict[str, Any]:
    result = await paginate(db, _user_columns().where(*where).order_by(*order), page, scalars=False)
    result["list"] = await _answers(db, result["list"])
    return result


async def user_answer_by_id(db: AsyncSession, user_id: int) -> dict[str, Any]:
    row = (await db.execute(_user_columns().where(User.id == user_id))).one()
    return (await _answers(db, [row]))[0]


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
