"""Demo data: the consumables of each demo site's first robot (its dust bag past its life, so one is due) and a
maintenance reminder."""

import random
from datetime import timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.consumables.models import CONSUMABLE_KINDS, Consumable, MaintenanceReminder
from cleanfleet.core.db import utcnow
from cleanfleet.devices.demo import demo_fleet


async def seed_demo_consumables(db: AsyncSession) -> None:
    rng = random.Random(20261124)
    now = utcnow()
    for site in await demo_fleet(db):
        if not site:
            continue
        first = site[0]
        for kind in CONSUMABLE_KINDS:
            life = rng.choice((300.0, 500.0, 800.0))
            used = life + 5 if kind == "dust_bag" else round(rng.uniform(0, life * 0.8), 1)
            db.add(Consumable(device_id=first.id, kind=kind, name=CONSUMABLE_KINDS[kind],
                              replaced_at=now - timedelta(days=40), used_hours=used, life_hours=life))
        db.add(MaintenanceReminder(device_id=first.id, name="Check wheels and brushes", period_hours=720,
                                   maintained_at=now - timedelta(days=20)))
    await db.flush()
