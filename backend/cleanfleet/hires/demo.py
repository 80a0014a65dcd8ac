"""Demo data: a running lease of the second robot of each demo site with more than two."""

from datetime import timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.db import utcnow
from cleanfleet.devices.demo import demo_fleet
from cleanfleet.hires.models import Hire


async def seed_demo_hires(db: AsyncSession) -> None:
    now = utcnow()
    for site in await demo_fleet(db):
        if len(site) > 2:
            db.add(Hire(device_id=site[1].id, customer_name="Weekend expo", contact="Ms Chen", phone="13800000009",
                        start_at=now - timedelta(days=10), end_at=now + timedelta(days=20), state=0))
    await db.flush()
