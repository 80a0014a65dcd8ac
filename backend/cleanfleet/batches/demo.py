"""Demo data: a production batch of the demo's first model, built with the demo parts (hardware/demo.py)."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.batches.models import BatchPart, ProductionBatch
from cleanfleet.devices.demo import FITTED_TYPE
from cleanfleet.devices.types.models import DeviceType
from cleanfleet.hardware.demo import PARTS
from cleanfleet.hardware.models import HardSupport


async def seed_demo_batch(db: AsyncSession) -> None:
    device_type = await db.scalar(select(DeviceType).where(DeviceType.name == FITTED_TYPE))
    if device_type is None:
        return
    batch = ProductionBatch(name="2026-Q3 scrubbers", type_id=device_type.id, rack_prefix="SC", rack_first=1,
                            rack_last=40, rack_width=4, remark="demo batch")
    db.add(batch)
    await db.flush()
    names = [part_name for part_name, _version in PARTS.values()]
    parts = await db.scalars(select(HardSupport).where(HardSupport.name.in_(names)).order_by(HardSupport.id))
    db.add_all(BatchPart(batch_id=batch.id, support_id=p.id) for p in parts)
    await db.flush()
