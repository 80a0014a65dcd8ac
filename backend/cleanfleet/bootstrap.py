"""Bring a database up to date: migrations, the permission catalogue, the admin account, the demo."""

import asyncio
from dataclasses import dataclass

from cleanfleet.core.db import Database
from cleanfleet.core.leader import exclusive
from cleanfleet.core.migrate import upgrade
from cleanfleet.demo import ensure_demo_password, new_demo_password, seed_demo
from cleanfleet.events import wire_events
from cleanfleet.roles.service import sync_catalogue
from cleanfleet.settings import Settings
from cleanfleet.users.passwords import ensure_admin


@dataclass(frozen=True)
class Prepared:
    """What a start made that only it can show: the passwords it generated (printed once), and whether it left
    the demo out because the server listens beyond loopback."""

    admin_password: str | None = None
    demo_password: str | None = None
    demo_skipped: bool = False


async def prepare(settings: Settings) -> Prepared:
    """Migrate and seed."""
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    wire_events()
    database = Database(settings.db_url, settings.db_pool_size)
    try:
        async with exclusive(database, "bootstrap"):  # workers starting together migrate and seed one by one
            await upgrade(database.engine)
            async with database.sessions() as db:
                await sync_catalogue(db)
                admin = await ensure_admin(db, settings.admin_password)
                if settings.seeds_demo:
                    await seed_demo(db)
                # also where the demo is off now: accounts seeded before must not keep the old shared password
                demo = await ensure_demo_password(db, settings.demo_password)
                return Prepared(admin, demo, demo_skipped=settings.demo is None and not settings.seeds_demo)
    finally:
        await database.dispose()


def prepare_sync(settings: Settings) -> Prepared:
    return asyncio.run(prepare(settings))


def new_demo_password_sync(settings: Settings, password: str | None) -> str | None:
    """A new password for every demo account (None: there is none); the database is brought up to date first."""
    prepare_sync(settings)

    async def change() -> str | None:
        database = Database(settings.db_url, settings.db_pool_size)
        try:
            async with database.sessions() as db:
                return await new_demo_password(db, password)
        finally:
            await database.dispose()

    return asyncio.run(change())
