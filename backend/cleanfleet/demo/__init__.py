"""Demo data: a small, realistic organisation to try the product with (``CLEANFLEET_DEMO``; by default on a server
that listens on loopback).

``seed_demo`` runs on start (``bootstrap.prepare``, after the admin exists). It runs every seeder of
``SEEDERS`` once, in the list's order, each in its own transaction: a seeder that ran leaves a marker row
(its name), so a second start, or a deleted demo account, never seeds again. The seeders live in their
domains (``<domain>/demo.py``, ``async def seed_...(db)``) and import nothing from this package; the
accounts they attach data to come from ``users.demo.demo_user``. A new one is one line here, after what it
needs. A name, once released, never changes: it is what an existing database remembers. A seeder split in parts
keeps its old name in ``SPLIT``: a database that ran it has what the parts seed, so they do not run there.

The demo accounts' password is the install's own (``ensure_demo_password``, issue 45 item 8), and only a server
listening on loopback seeds the demo unless CLEANFLEET_DEMO=true says so (``Settings.seeds_demo``).
"""

from collections.abc import Awaitable, Callable

from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.batches import demo as batches
from cleanfleet.consumables import demo as consumables
from cleanfleet.core.db import utcnow
from cleanfleet.demo.models import DemoMarker
from cleanfleet.devices import demo as devices
from cleanfleet.hardware import demo as hardware
from cleanfleet.hires import demo as hires
from cleanfleet.hosts import demo as hosts
from cleanfleet.repairs import demo as repairs
from cleanfleet.reports import demo as reports
from cleanfleet.screen import demo as screen
from cleanfleet.simfleet import seed as simfleet
from cleanfleet.sites import demo as sites
from cleanfleet.users import demo as users
from cleanfleet.users.passwords import initial_password

Seeder = Callable[[AsyncSession], Awaitable[None]]

SEEDERS: list[tuple[str, Seeder]] = [
    ("users", users.seed_users),
    ("hosts", hosts.seed_demo_hosts),
    ("fleet", devices.seed_demo_devices),
    ("consumables", consumables.seed_demo_consumables),
    ("repairs", repairs.seed_demo_repairs),
    ("hires", hires.seed_demo_hires),
    ("parts", hardware.seed_demo_parts),
    ("batches", batches.seed_demo_batch),
    ("online history", devices.seed_online_history),
    ("robots", simfleet.seed_robots),
    ("screen history", screen.seed_screen_history),
    ("report aggregates", reports.seed_report_days),
    ("sites", sites.seed_demo_sites),  # after the fleet; its runs go in with their roll-ups
]

# recorded once the demo accounts of an install seeded before issue 45 were checked for the old shared password
PASSWORD_CHECKED = "demo password"

# until issue 31, "devices" seeded the fleet and every record hanging off it in one
SPLIT: dict[str, tuple[str, ...]] = {
    "devices": ("hosts", "fleet", "consumables", "repairs", "hires", "parts", "batches"),
}


async def _seeded(db: AsyncSession, name: str) -> bool:
    whole = [old for old, parts in SPLIT.items() if name in parts]
    return any([await db.get(DemoMarker, marker) is not None for marker in [name, *whole]])


async def seed_demo(db: AsyncSession) -> list[str]:
    """Runs the seeders that have not run yet, each in its own transaction; answers their names."""
    seeded = []
    for name, seeder in SEEDERS:
        if await _seeded(db, name):
            continue
        await seeder(db)
        db.add(DemoMarker(name=name, seeded_at=utcnow()))
        await db.commit()
        seeded.append(name)
    return seeded


async def ensure_demo_password(db: AsyncSession, chosen: str | None) -> str | None:
    """Gives the demo accounts that wait for one (just seeded, or still on the password every install once had)
    ``chosen`` (CLEANFLEET_DEMO_PASSWORD) or a generated password; answers the generated one, to be shown once."""
    checked = await db.get(DemoMarker, PASSWORD_CHECKED) is not None
    waiting = await users.accounts_without_password(db, legacy=not checked)
    if not checked:
        db.add(DemoMarker(name=PASSWORD_CHECKED, seeded_at=utcnow()))
    if not waiting:
        await db.commit()
        return None
    password = chosen or initial_password()
    await users.set_demo_password(db, waiting, password)
    await db.commit()
    return None if chosen else password


async def new_demo_password(db: AsyncSession, chosen: str | None) -> str | None:
    """``python -m cleanfleet demo-password``: one new password for every demo account (their sessions end);
    None when there is no demo account."""
    accounts = await users.demo_accounts(db)
    if not accounts:
        return None
    password = chosen or initial_password()
    await users.set_demo_password(db, accounts, password)
    if await db.get(DemoMarker, PASSWORD_CHECKED) is None:
        db.add(DemoMarker(name=PASSWORD_CHECKED, seeded_at=utcnow()))
    await db.commit()
    return password
