"""Demo data: the aggregates of the seeded report history (screen/demo.py inserts the raw reports), and the runs
the demo sites' plans need (``insert_demo_runs``, called by sites/demo.py)."""

from datetime import UTC
from typing import Any

from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.reports.models import TaskReport
from cleanfleet.reports.service import rebuild_all, refresh_days


async def seed_report_days(db: AsyncSession) -> None:
    await rebuild_all(db)


async def insert_demo_runs(db: AsyncSession, runs: list[dict[str, Any]]) -> None:
    """Runs another domain's demo needs (the demo sites' plan fulfilled, sites/demo.py), stored as raw reports with
    their day roll-ups, as the robots' reports are (the caller commits)."""
    if not runs:
        return
    await db.execute(insert(TaskReport), runs)
    await refresh_days(db, {(run["device_id"], run["start_time"].astimezone(UTC).date()) for run in runs})
