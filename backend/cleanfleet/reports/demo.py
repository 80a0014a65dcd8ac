"""Demo data: the aggregates of the seeded report history (screen/demo.py inserts the raw reports)."""

from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.reports.service import rebuild_all


async def seed_report_days(db: AsyncSession) -> None:
    await rebuild_all(db)
