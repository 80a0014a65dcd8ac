"""Bring a database up to date: migrations, the permission catalogue, the admin account."""

import asyncio

from cleanfleet.core.db import Database
from cleanfleet.core.leader import exclusive
from cleanfleet.core.migrate import upgrade
from cleanfleet.demo import seed_demo
from cleanfleet.events import wire_events
from cleanfleet.roles.service import sync_catalogue
from cleanfleet.settings import Settings
from cleanfleet.users.passwords import ensure_admin


async def prepare(settings: Settings) -> str | None:
    """Migrate and seed; answers the admin password when it was just generated."""
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    wire_events()
    database = Database(settings.db_url)
    try:
        async with exclusive(database, "bootstrap"):  # workers starting together migrate and seed one by one
            await upgrade(database.engine)
            async with database.sessions() as db:
                await sync_catalogue(db)
                generated = await ensure_admin(db, settings.admin_password)
                if settings.demo:
                    await seed_demo(db)
                return generated
    finally:
        await database.dispose()


def prepare_sync(settings: Settings) -> str | None:
    return asyncio.run(prepare(settings))
