"""Alembic environment: runs on a connection handed in by cleanfleet.core.migrate, or opens its own."""

import asyncio

from alembic import context
from sqlalchemy.engine import Connection

from cleanfleet.core.db import create_engine
from cleanfleet.models import metadata

config = context.config


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


async def _run_with_own_engine(url: str) -> None:
    engine = create_engine(url)
    async with engine.begin() as connection:
        await connection.run_sync(_run)
    await engine.dispose()


connection = config.attributes.get("connection")
if connection is not None:
    _run(connection)
else:
    asyncio.run(_run_with_own_engine(config.get_main_option("sqlalchemy.url") or ""))
