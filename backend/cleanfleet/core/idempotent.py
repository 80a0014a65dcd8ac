"""Idempotent inserts: rows whose unique key exists already are skipped (a redelivered message, a rescan)."""

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Row
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession


async def insert_new(db: AsyncSession, model: Any, rows: Sequence[dict[str, Any]], *, key: str,
                     returning: Sequence[Any]) -> list[Row[Any]]:
    """Insert ``rows`` (one statement), skipping those whose ``key`` exists; answers ``returning`` of the new."""
    if not rows:
        return []
    insert = postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert
    statement = insert(model).on_conflict_do_nothing(index_elements=[key]).returning(*returning)
    result = await db.execute(statement, list(rows))
    return list(result.all())
