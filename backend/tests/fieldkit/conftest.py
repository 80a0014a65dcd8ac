"""The field kit's test ground: the sites' branch (a dealer, its customer with two robots at a site of theirs, another
dealer with a robot; every site made is deleted after the test) and a window of that site on a recent day (the
by-hand rules take only the last 31 days), incidents opened from robot alarms as the gateway stores them."""

from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select

from cleanfleet.devices.models import Device
from cleanfleet.incidents.models import Incident
from tests.incidents.helpers import robot_alarm
from tests.sites.conftest import a_site, ok, stays_since
from tests.sites.conftest import branch as branch  # noqa: PLC0414 - the sites' fixture
from tests.sites.conftest import sites_removed_after as sites_removed_after  # noqa: PLC0414 - the sites' fixture

EVERY_DAY = [1, 2, 3, 4, 5, 6, 7]
LONG_AGO = datetime(2025, 1, 1, tzinfo=UTC)


def today() -> datetime:
    return datetime.now(UTC)


def day_before(days: int = 1) -> str:
    """A UTC day ``days`` before today (the test sites are on UTC)."""
    return (today() - timedelta(days=days)).date().isoformat()


async def utc_site(mine: Any, db: Any, **plan: Any) -> dict[str, Any]:
    """A UTC site of the branch's customer with its Scrubber there since long ago, and one plan item (every day,
    06:00-08:00 unless told, valid from a week ago)."""
    made = await a_site(mine.dealer, mine, zone="UTC")
    await stays_since(db, made["siteId"], LONG_AGO)
    item = await ok(mine.dealer, "/site/plan/insert", {
        "siteId": made["siteId"], "floorId": made["floorId"], "areaName": "Car park", "weekdays": EVERY_DAY,
        "windowStart": "06:00", "windowEnd": "08:00", "validFrom": day_before(7), **plan})
    return {**made, "planItemId": item["planItemId"]}


async def incident_of(app: Any, db: Any, device_id: int) -> int:
    """An incident opened by a stuck alarm of the robot (stored as the gateway stores it)."""
    device = await db.get(Device, device_id)
    await robot_alarm(app, device)
    async with app.state.db.sessions() as session:
        return int(await session.scalar(select(Incident.id).where(Incident.device_id == device_id,
                                                                  Incident.ended_at.is_(None))))
