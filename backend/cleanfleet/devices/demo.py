"""Demo fleet: a few dozen robots of four models across the demo organisation (users/demo.py), a device group per
site. The robots were "installed" one to twelve months ago and have a plausible online history for the last three
months (the online summary's chart), drawn from a seeded random generator.

The records hanging off the robots are seeded by their own domains, after this (demo/SEEDERS): the transfer nodes
(hosts), consumables and reminders, repairs, hires, parts and the production batch; ``demo_fleet`` tells them
which robots the fleet has, site by site.
"""

import random
from datetime import UTC, date, datetime, time, timedelta

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.db import utcnow
from cleanfleet.devices.groups.models import DeviceGroup, DeviceGroupMember
from cleanfleet.devices.models import Device, DeviceState
from cleanfleet.devices.presence import insert_days
from cleanfleet.devices.service import add_device
from cleanfleet.devices.types.models import DeviceType
from cleanfleet.users.demo import demo_user

TYPES = (("CleanBot S1", "Floor scrubber"), ("CleanBot M2", "Sweeper"), ("DisinfectBot D3", "UV and mist disinfection"),
         ("LiftBot E1", "Elevator-linked cleaner"))
NODE_DOMAIN = "cn-east.frp.cleanfleet.example"  # the demo robots' FRP host (its node: hosts/demo.py)
FITTED_TYPE = TYPES[0][0]  # the model the demo parts are fitted to and the demo batch makes
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
    number = 0
    for account, site, count, (city, province, country, code, lat, lon) in FLEET:
        owner = await demo_user(db, account)
        devices = []
        for index in range(1, count + 1):
            number += 1
            device_type = types[number % len(types)]
            device, _secret = await add_device(db, owner, serial_of(number), f"{site} {index:02d}",
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
    await db.flush()


def serial_of(number: int) -> str:
    """The serial number of the fleet's ``number``-th robot (from 1)."""
    return f"CF{2026_0000 + number}"


async def demo_fleet(db: AsyncSession) -> list[list[Device]]:
    """The fleet's robots site by site (FLEET's order), each site's in the order they were added: what the other
    domains' demo seeders attach their records to."""
    sites, number = [], 0
    for _account, _site, count, _place in FLEET:
        serials = [serial_of(number + index) for index in range(1, count + 1)]
        number += count
        found = {device.serial_number: device
                 for device in await db.scalars(select(Device).where(Device.serial_number.in_(serials)))}
        sites.append([found[serial] for serial in serials if serial in found])
    return sites


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
