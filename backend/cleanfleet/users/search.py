"""The user lists: search in a subtree, one node's children (the console's lazy tree), shadow users.

The hot lists read columns with SQLAlchemy Core (no ORM objects) in one round trip: the page, its
total (a window count), and per row its roles, role group and whether it has child accounts.
"""

from typing import Any

from sqlalchemy import ColumnElement, Select, String, cast, exists, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from cleanfleet.core.paging import PageIn, paginate_in_one_query
from cleanfleet.core.scope import path_prefix
from cleanfleet.roles.models import UserRole, UserRoleGroup
from cleanfleet.users.models import TYPE_SHADOW, TYPE_USER, User

USER_COLUMNS = (
    User.id, User.account, User.name, User.phone, User.email, User.url, User.level_depth, User.parent_id, User.type,
    User.shadow_of_id, User.email_to_task, User.email_to_warn, User.email_to_task_report, User.remark,
    User.created_at,
)


def _user_query() -> Select[Any]:
    """USER_COLUMNS plus, per row, whether it has child accounts, its role group and its role ids
    (as text "16,11"): one query answers a whole page."""
    child = aliased(User)
    has_children = exists().where(child.parent_id == User.id, child.type == TYPE_USER)
    role_group = select(UserRoleGroup.group_id).where(UserRoleGroup.user_id == User.id).scalar_subquery()
    roles = (select(func.aggregate_strings(cast(UserRole.role_id, String), ","))
             .where(UserRole.user_id == User.id).scalar_subquery())
    query: Select[Any] = select(  # type: ignore[assignment]
        *USER_COLUMNS, has_children.label("has_children"), role_group.label("role_group_id"),
        roles.label("role_ids"))
    return query


# Built once: constructing it (the alias, the subqueries) costs more than running it.
USER_QUERY = _user_query()


def user_answer(row: Any) -> dict[str, Any]:
    """A row of ``_user_query`` as the console reads it (UserOut)."""
    role_ids = sorted(int(role_id) for role_id in (row.role_ids or "").split(",") if role_id)
    return {
        "userId": row.id, "account": row.account, "name": row.name, "phone": row.phone, "email": row.email,
        "url": row.url, "levelDepth": row.level_depth, "parentId": row.parent_id, "type": row.type,
        "shadowId": row.shadow_of_id, "emailToTask": row.email_to_task, "emailToWarn": row.email_to_warn,
        "emailToTaskReport": row.email_to_task_report,
        "role": "[" + ",".join(map(str, role_ids)) + "]", "roleIds": role_ids,
        "roleGroupId": row.role_group_id, "remark": row.remark, "createTime": row.created_at.isoformat(),
        "hasChildren": bool(row.has_children),
    }


async def _page(db: AsyncSession, where: list[ColumnElement[bool]], page: PageIn, *order: Any) -> dict[str, Any]:
    return await paginate_in_one_query(db, USER_QUERY.where(*where).order_by(*order), page, user_answer)


async def user_answer_by_id(db: AsyncSession, user_id: int) -> dict[str, Any]:
    return user_answer((await db.execute(USER_QUERY.where(User.id == user_id))).one())


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
