"""Demo fleet: a few dozen robots of four models across the demo organisation (users/demo.py).

Also a transfer node, parts and a production batch, device groups, consumables (one due), maintenance
reminders, a repair record and a lease, so every device screen has something to show. The robots were
"installed" one to twelve months ago and have a plausible online history for the last three months (the
online summary's chart), drawn from a seeded random generator.
"""

import random
from datetime import UTC, date, datetime, time, timedelta

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.batches.models import BatchPart, ProductionBatch
from cleanfleet.consumables.models import CONSUMABLE_KINDS, Consumable, MaintenanceReminder
from cleanfleet.core.db import utcnow
from cleanfleet.devices.groups.models import DeviceGroup, DeviceGroupMember
from cleanfleet.devices.models import Device, DeviceState
from cleanfleet.devices.presence import insert_days
from cleanfleet.devices.service import add_device
from cleanfleet.devices.types.models import DeviceType
from cleanfleet.hardware.models import DeviceHard, HardCategory, HardSupport
from cleanfleet.hires.models import Hire
from cleanfleet.hosts.models import NODE, SERVER, Host
from cleanfleet.repairs.models import PROCESSING, Repair
from cleanfleet.users.demo import demo_user

TYPES = (("CleanBot S1", "Floor scrubber"), ("CleanBot M2", "Sweeper"), ("DisinfectBot D3", "UV and mist disinfection"),
         ("LiftBot E1", "Elevator-linked cleaner"))
NODE_DOMAIN = "cn-east.frp.cleanfleet.example"
# owner account, site name, how many, (city, province, country, country code, latitude, longitude)
FLEET = (
    ("dealerA", "Showroom", 3, ("Shanghai", "Shanghai", "China", "CN", 31.2304, 121.4737)),
    ("userA1", "Hospital ward", 8, ("Beijing", "Beijing", "China", "CN", 39.9042, 116.4074)),
    ("subA1", "Hospital night", 3, ("Beijing", "Beijing", "China", "CN", 39.9142, 116.3974)),
    ("userA2", "Terminal 2 gate", 9, ("Guangzhou", "Guangdong", "China", "CN", 23.3924, 113.2988)),
    ("dealerB", "Demo unit", 3, ("Singapore", "", "Singapore", "SG", 1.3521, 103.8198)),
    ("userB1", "Grand Mall level", 7, ("Paris", "Île-de-France", "France", "FR", 48.8566, 2.3522)),
    ("subB1", "East wing", 3, ("Paris", "Île-de-France", "France", "FR", 48.8606, 2.3376)),
)
MAPS = ("Lobby", "Level 1", "Level 2", "Car park", "Ward A")
TASKS = ("Morning sweep", "Edge clean", "Disinfect corridors", "Night scrub")
HISTORY_DAYS = 92  # the "last 3 months" range of the online summary


async def seed_demo_devices(db: AsyncSession) -> None:
    """The demo fleet (about three dozen robots) and its records."""
    rng = random.Random(20261121)
    installed = random.Random(20261122)  # its own generator: the fleet's other values stay as they were
    now = utcnow()
    types = []
    for name, description in TYPES:
        row = await db.scalar(select(DeviceType).where(DeviceType.name == name))
        if row is None:
            row = DeviceType(name=name, description=description)
            db.add(row)
            await db.flush()
        types.append(row)
    db.add_all([Host(kind=NODE, name="China east", domain=NODE_DOMAIN, support_type="frp", flag="main", region=0,
                     ssh_port=20022, web_port=20080, frp_port=27000),
                Host(kind=NODE, name="Singapore", domain="sg.frp.cleanfleet.example", support_type="frp", region=2),
                Host(kind=SERVER, name="EU cloud", domain="eu.cleanfleet.example", region=3)])
    number = 0
    for account, site, count, (city, province, country, code, lat, lon) in FLEET:
        owner = await demo_user(db, account)
        devices = []
        for index in range(1, count + 1):
            number += 1
            device_type = types[number % len(types)]
            device, _secret = await add_device(db, owner, f"CF{2026_0000 + number}", f"{site} {index:02d}",
                                               device_type.id, {
                "address": f"{city}, {province}, {country}".replace(", ,", ","), "address1": f"{site} {index}",
                "latitude": round(lat + rng.uniform(-0.02, 0.02), 5),
                "longitude": round(lon + rng.uniform(-0.02, 0.02), 5), "simNo": f"8986{number:011d}",
                "simSupport": number % 4, "rackNumber": f"SC{number:04d}", "frpHost": NODE_DOMAIN,
                "frpPort": 20000 + number, "firmwareVersion": "2.3.1", "softVersion": "1.20.0",
                "padVersion": "1.8.0", "protocolVersion": 2 if number % 5 == 0 else 3, "customerName": owner.name,
                "maintenancePassword": f"{rng.randrange(10000):04d}"})
            device.city, device.province, device.country, device.country_code = city, province, country, code
            device.created_at = now - timedelta(days=installed.randrange(30, 365), minutes=installed.randrange(1440))
            online = rng.random() < 0.7
            await db.execute(update(DeviceState).where(DeviceState.device_id == device.id).values(
                online=online, battery=rng.randrange(15, 100), charging=online and rng.random() < 0.2,
                map_name=rng.choice(MAPS), task_name=rng.choice(TASKS) if online else "",
                progress=round(rng.uniform(0, 100), 1) if online else None,
                heartbeat_at=now - timedelta(seconds=rng.randrange(5, 600 if online else 86400 * 3)),
                work_seconds=rng.randrange(3600, 3600 * 900), work_area=round(rng.uniform(1e3, 2e5), 1),
                task_count=rng.randrange(10, 900), work_since=now - timedelta(days=180)))
            devices.append(device)
        group = DeviceGroup(name=f"{site} fleet", kind=number % 4, user_id=owner.id)
        db.add(group)
        await db.flush()
        db.add_all(DeviceGroupMember(group_id=group.id, device_id=d.id) for d in devices)
        await _records(db, rng, devices)
    await _parts(db, types[0])


async def seed_online_history(db: AsyncSession) -> None:
    """Days online over the last three months for the devices that existed then (each robot is reliable to its own
    degree, a little less so at weekends), and today for those online now."""
    rng = random.Random(20261123)
    now = utcnow()
    today = now.date()
    rows = []
    devices = await db.execute(select(Device.id, Device.created_at, DeviceState.online)
                               .join(DeviceState, DeviceState.device_id == Device.id).order_by(Device.id))
    for device_id, created_at, online in devices.all():
        reliability = rng.uniform(0.55, 0.97)
        for back in range(HISTORY_DAYS - 1, 0, -1):
            day: date = today - timedelta(days=back)
            weekend = 0.85 if day.weekday() >= 5 else 1.0
            if day >= created_at.date() and rng.random() < reliability * weekend:
                first_seen = datetime.combine(day, time(rng.randrange(24), rng.randrange(60)), UTC)
                rows.append({"device_id": device_id, "day": day, "first_seen": first_seen})
        if online:
            rows.append({"device_id": device_id, "day": today, "first_seen": now})
    await insert_days(db, rows)


async def _records(db: AsyncSession, rng: random.Random, devices: list[Device]) -> None:
    now = utcnow()
    first = devices[0]
    for kind in CONSUMABLE_KINDS:
        life = rng.choice((300.0, 500.0, 800.0))
        used = life + 5 if kind == "dust_bag" else round(rng.uniform(0, life * 0.8), 1)
        db.add(Consumable(device_id=first.id, kind=kind, name=CONSUMABLE_KINDS[kind],
                          replaced_at=now - timedelta(days=40), used_hours=used, life_hours=life))
    db.add(MaintenanceReminder(device_id=first.id, name="Check wheels and brushes", period_hours=720,
                               maintained_at=now - timedelta(days=20)))
    db.add(Repair(device_id=devices[-1].id, type="lidar", detail="Scan drops out near glass doors",
                  repair_at=now - timedelta(days=3), operator="Li Wei", processor="Service team", state=PROCESSING,
                  plan="Recalibrate; replace the lidar if it persists"))
    if len(devices) > 2:
        db.add(Hire(device_id=devices[1].id, customer_name="Weekend expo", contact="Ms Chen", phone="13800000009",
                    start_at=now - timedelta(days=10), end_at=now + timedelta(days=20), state=0))
    await db.flush()


async def _parts(db: AsyncSession, device_type: DeviceType) -> None:
    catalogue = {"Lidar": ("RPLidar S2", "v2.1"), "Battery": ("LiFePO4 48V", "40Ah"), "Main board": ("CF-MB", "rev C")}
    parts = []
    for cate_name, (part_name, version) in catalogue.items():
        category = HardCategory(name=cate_name)
        db.add(category)
        await db.flush()
        part = HardSupport(name=part_name, cate_id=category.id, version=version)
        db.add(part)
        await db.flush()
        parts.append(part)
    batch = ProductionBatch(name="2026-Q3 scrubbers", type_id=device_type.id, rack_prefix="SC", rack_first=1,
                            rack_last=40, rack_width=4, remark="demo batch")
    db.add(batch)
    await db.flush()
    db.add_all(BatchPart(batch_id=batch.id, support_id=p.id) for p in parts)
    fitted = await db.scalars(select(Device).where(Device.type_id == device_type.id))
    for device in fitted:
        db.add_all(DeviceHard(device_id=device.id, cate_id=p.cate_id, support_id=p.id) for p in parts)
    await db.flush()
