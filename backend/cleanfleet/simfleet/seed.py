"""Device records for the simulator's default fleet (``cleanfleet_sim.fleet.default_fleet``).

The simulated robots sign in to MQTT with the secret derived from the seed, so the server must hold
matching records: serials, secrets (hashed), models, protocols and FRP ports on the local transfer
node 127.0.0.1. ``ensure_fleet_devices`` adds what is missing (never changes a record that exists),
spreading the robots over the demo customers (the admin owns them when there are no demo accounts).
The demo seeder (``seed_robots``, in ``cleanfleet/demo``'s list) adds the configured fleet on the first start
when the simulator is installed (it passes otherwise); ``run`` tops it up before starting robots.
Anyone who knows the seed knows these secrets: demo data, never production.
"""

import hashlib
import logging
from typing import TYPE_CHECKING

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.devices.models import Device
from cleanfleet.devices.service import add_device
from cleanfleet.devices.types.models import DeviceType
from cleanfleet.hosts.models import NODE, Host
from cleanfleet.settings import get_settings
from cleanfleet.simfleet import simulator_installed
from cleanfleet.users import service as users
from cleanfleet.users.models import User

if TYPE_CHECKING:
    from cleanfleet_sim.fleet import RobotIdentity

log = logging.getLogger("cleanfleet.simfleet")

SIM_SEED = 0
FRP_HOST = "127.0.0.1"
NODE_NAME = "Local robot simulator"
# demo customer → (address, latitude, longitude) of its site
SITES = {
    "userA1": ("City Hospital, Shanghai", 31.2304, 121.4737),
    "userA2": ("Airport Terminal 2, Shanghai", 31.1443, 121.8083),
    "subA1": ("City Hospital night shift, Shanghai", 31.2310, 121.4745),
    "userB1": ("Grand Mall, Shenzhen", 22.5431, 114.0579),
    "subB1": ("Grand Mall east wing, Shenzhen", 22.5436, 114.0590),
    "dealerB": ("Northwind office, Beijing", 39.9042, 116.4074),
}
# the sites' city, province, country and country code (what updateDevicesAddressByLbs would fill in)
PLACES = {
    "userA1": ("Shanghai", "Shanghai", "China", "CN"),
    "userA2": ("Shanghai", "Shanghai", "China", "CN"),
    "subA1": ("Shanghai", "Shanghai", "China", "CN"),
    "userB1": ("Shenzhen", "Guangdong", "China", "CN"),
    "subB1": ("Shenzhen", "Guangdong", "China", "CN"),
    "dealerB": ("Beijing", "Beijing", "China", "CN"),
}


def fleet_identities(count: int, base_port: int) -> list["RobotIdentity"]:
    from cleanfleet_sim.fleet import default_fleet  # the simulator (numpy, aiohttp...) loads only when needed

    return default_fleet(SIM_SEED, count, base_port=base_port) if count else []


async def _type_id(db: AsyncSession, model: str) -> int:
    type_id = await db.scalar(select(DeviceType.id).where(DeviceType.name == model))
    if type_id is None:
        row = DeviceType(name=model, description="simulated robot model")
        db.add(row)
        await db.flush()
        type_id = row.id
    return type_id


async def _ensure_node(db: AsyncSession) -> None:
    if await db.scalar(select(Host.id).where(Host.kind == NODE, Host.domain == FRP_HOST).limit(1)) is None:
        db.add(Host(kind=NODE, name=NODE_NAME, domain=FRP_HOST, support_type="frp", remark="demo fleet"))
        await db.flush()


async def _owners(db: AsyncSession) -> list[tuple[User, str]]:
    owners = [(user, account) for account in SITES if (user := await users.get_by_account(db, account))]
    if owners:
        return owners
    admin = await users.get_by_account(db, users.ADMIN_ACCOUNT)
    assert admin is not None
    return [(admin, "")]


async def ensure_fleet_devices(db: AsyncSession, count: int, base_port: int) -> int:
    """Adds the missing device records of the first ``count`` simulated robots; answers how many were added."""
    identities = fleet_identities(count, base_port)
    if not identities:
        return 0
    existing = set(await db.scalars(select(Device.serial_number)
                                    .where(Device.serial_number.in_([r.sn for r in identities]))))
    missing = [(i, robot) for i, robot in enumerate(identities) if robot.sn not in existing]
    if not missing:
        return 0
    await _ensure_node(db)
    owners = await _owners(db)
    for i, robot in missing:
        owner, account = owners[i % len(owners)]
        address, lat, lon = SITES.get(account, ("", None, None))
        fields = {"frpHost": FRP_HOST, "frpPort": robot.port, "protocolVersion": robot.protocol, "address": address,
                  "latitude": None if lat is None else lat + (i % 5) * 0.0004,
                  "longitude": None if lon is None else lon + (i % 3) * 0.0004}
        device, _ = await add_device(db, owner, robot.sn, f"{robot.model} {robot.sn[-2:]}",
                                     await _type_id(db, robot.model), fields)
        device.secret_hash = hashlib.sha256(robot.secret.encode()).hexdigest()
        device.city, device.province, device.country, device.country_code = PLACES.get(account, ("", "", "", ""))
    await db.commit()
    log.info("simulated fleet: %d device records added", len(missing))
    return len(missing)


async def seed_robots(db: AsyncSession) -> None:
    """The simulated fleet's devices (CLEANFLEET_SIM_ROBOTS of them) with their secrets and ports; nothing
    without the simulator (its identities come from it; the server says it is missing when ``run`` starts)."""
    settings = get_settings()
    if not simulator_installed():
        return
    await ensure_fleet_devices(db, settings.sim_robots, settings.sim_base_port)
