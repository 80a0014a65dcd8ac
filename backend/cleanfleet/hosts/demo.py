"""Demo data: the transfer nodes the demo fleet's robots connect through, and a cloud server."""

from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.devices.demo import NODE_DOMAIN
from cleanfleet.hosts.models import NODE, SERVER, Host


async def seed_demo_hosts(db: AsyncSession) -> None:
    db.add_all([Host(kind=NODE, name="China east", domain=NODE_DOMAIN, support_type="frp", flag="main", region=0,
                     ssh_port=20022, web_port=20080, frp_port=27000),
                Host(kind=NODE, name="Singapore", domain="sg.frp.cleanfleet.example", support_type="frp", region=2),
                Host(kind=SERVER, name="EU cloud", domain="eu.cleanfleet.example", region=3)])
    await db.flush()
