"""The wear tests' world: the sites tests' branch (a dealer, its customer's robots, another dealer's robot), runs
seeded as the robots report them, and the app's own wear scan paused (a test runs its rounds on its own clock)."""

from collections.abc import AsyncIterator
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest

from cleanfleet.reports.models import TaskReport
from cleanfleet.reports.service import refresh_days
from cleanfleet.writers import writers_paused
from tests.permission_matrix import fresh_name
from tests.sites.conftest import branch, ok  # noqa: F401  - the branch fixture

NOW = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)  # a Monday: the window is 2 February .. 1 March


@pytest.fixture(autouse=True)
async def paused_wear_scan(app: Any) -> AsyncIterator[None]:
    async with writers_paused(app.state, app.state.settings, ["wear_scan"]):
        yield


async def daily_runs(db: Any, device_id: int, hours: list[float], last: date) -> None:
    """One run a day ending with ``last``, of ``hours[i]`` hours (0: no run that day)."""
    first = last - timedelta(days=len(hours) - 1)
    days = set()
    for i, h in enumerate(hours):
        if h > 0:
            start = datetime.combine(first + timedelta(days=i), datetime.min.time(), UTC) + timedelta(hours=8)
            db.add(TaskReport(device_id=device_id, msg_id=fresh_name("wear-run-"), task_name="Sweep", map_name="hall",
                              result="finished", start_time=start, end_time=start + timedelta(hours=h),
                              duration_s=round(h * 3600), cleaned_area=100.0, coverage=90.0))
            days.add((device_id, start.date()))
    await db.flush()
    await refresh_days(db, days)  # as every report writer does
    await db.commit()
