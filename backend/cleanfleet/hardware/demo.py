"""Demo data: a small parts catalogue (one part per category), fitted to every robot of the demo's first model."""

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.devices.demo import FITTED_TYPE
from cleanfleet.devices.models import Device
from cleanfleet.devices.types.models import DeviceType
from cleanfleet.hardware.models import DeviceHard, HardCategory, HardSupport

# category: (part, version)
PARTS = {"Lidar": ("RPLidar S2", "v2.1"), "Battery": ("LiFePO4 48V", "40Ah"), "Main board": ("CF-MB", "rev C")}


async def seed_demo_parts(db: AsyncSession) -> None:
    parts = []
    for cate_name, (part_name, version) in PARTS.items():
        category = HardCategory(name=cate_name)
        db.add(category)
        await db.flush()
        part = HardSupport(name=part_name, cate_id=category.id, version=version)
        db.add(part)
        await db.flush()
        parts.append(part)
    fitted = await db.scalars(select(Device).join(DeviceType, DeviceType.id == Device.type_id)
                              .where(DeviceType.name == FITTED_TYPE))
    for device in fitted:
        db.add_all(DeviceHard(device_id=device.id, cate_id=p.cate_id, support_id=p.id) for p in parts)
    await db.flush()
