"""Demo data: a repair in progress on each demo site's last robot."""

from datetime import timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.db import utcnow
from cleanfleet.devices.demo import demo_fleet
from cleanfleet.repairs.models import PROCESSING, Repair


async def seed_demo_repairs(db: AsyncSession) -> None:
    now = utcnow()
    for site in await demo_fleet(db):
        if site:
            db.add(Repair(device_id=site[-1].id, type="lidar", detail="Scan drops out near glass doors",
                          repair_at=now - timedelta(days=3), operator="Li Wei", processor="Service team",
                          state=PROCESSING, plan="Recalibrate; replace the lidar if it persists"))
    await db.flush()
