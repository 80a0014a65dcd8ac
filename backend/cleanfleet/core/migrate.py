"""Apply the Alembic migrations, from the CLI (sync) or from inside a running loop (async)."""

import asyncio

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine


def alembic_config(url: str | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", "cleanfleet:migrations")
    if url:
        config.set_main_option("sqlalchemy.url", url)
    return config


def _upgrade(connection: Connection) -> None:
    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, "heads")


async def upgrade(engine: AsyncEngine) -> None:
    async with engine.begin() as connection:
        await connection.run_sync(_upgrade)


def upgrade_sync(engine: AsyncEngine) -> None:
    asyncio.run(upgrade(engine))
