"""One paging helper for every list: ``pageSize`` and ``currentPage`` in, ``{list, total, pageNum, pageSize}`` out.

A ``pageSize`` of 1,000,000 (ALL) means "no paging".
"""

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, Field
from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

ALL = 1_000_000
T = TypeVar("T")


class PageIn(BaseModel):
    pageSize: int = Field(default=30, ge=1, le=ALL)
    currentPage: int = Field(default=1, ge=1)


class Page(BaseModel, Generic[T]):
    list: list[T]
    total: int
    pageNum: int
    pageSize: int


async def paginate(
    db: AsyncSession,
    query: Select[Any],
    page: PageIn,
    row: Callable[[Any], Any] = lambda r: r,
    *,
    scalars: bool = True,
) -> dict[str, Any]:
    """Runs ``query`` for one page (ordered as given) and counts the whole result."""
    total = await db.scalar(select(func.count()).select_from(query.order_by(None).subquery())) or 0
    paged = query if page.pageSize >= ALL else query.limit(page.pageSize).offset((page.currentPage - 1) * page.pageSize)
    result = await db.execute(paged)
    rows = result.scalars().all() if scalars else result.all()
    return {"list": [row(r) for r in rows], "total": total, "pageNum": page.currentPage, "pageSize": page.pageSize}
