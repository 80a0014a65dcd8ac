"""One paging helper for every list: ``pageSize`` and ``currentPage`` in, ``{list, total, pageNum, pageSize}`` out.

A ``pageSize`` of 1,000,000 (ALL) means "no paging".
"""

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, Field
from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.bounds import PageNo

ALL = 1_000_000
T = TypeVar("T")


class PageIn(BaseModel):
    pageSize: int = Field(default=30, ge=1, le=ALL)
    currentPage: PageNo = 1


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


async def paginate_in_one_query(
    db: AsyncSession,
    query: Select[Any],
    page: PageIn,
    row: Callable[[Any], Any] = lambda r: r,
) -> dict[str, Any]:
    """``paginate`` in one round trip, for hot lists: the total rides on each row as ``count(*) over ()``.

    Rows are Core rows of ``query``'s columns (plus ``page_total``). Only a page past the end, which
    has no row to carry the total, costs a second query."""
    counted = query.add_columns(func.count().over().label("page_total"))
    if page.pageSize < ALL:
        counted = counted.limit(page.pageSize).offset((page.currentPage - 1) * page.pageSize)
    rows = (await db.execute(counted)).all()
    if rows:
        total = rows[0].page_total
    elif page.currentPage == 1:
        total = 0
    else:
        total = await db.scalar(select(func.count()).select_from(query.order_by(None).subquery())) or 0
    return {"list": [row(r) for r in rows], "total": total, "pageNum": page.currentPage, "pageSize": page.pageSize}
