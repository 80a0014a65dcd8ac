"""Hot reads on the database driver's own connection: a Core statement compiled once per database, run in one call to
the driver (aiosqlite: one hop to its thread, as core/sqlite_driver.py gives every statement, without SQLAlchemy's
compiling and result machinery; asyncpg: one round trip), its rows as the driver gives them (tuples or records;
SQLite's times are text and its flags 0/1). For the few calls whose cost is mostly SQLAlchemy's own (the device
list); use it only for statements whose parameters are plain values (no type conversion is applied to them).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sqlalchemy import Executable
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import AsyncConnection


@dataclass(frozen=True)
class Compiled:
    """A statement as the driver takes it: SQL text and its parameters' names in order, with their defaults."""

    sql: str
    names: tuple[str, ...]
    defaults: dict[str, Any]

    def arguments(self, values: dict[str, Any]) -> list[Any]:
        return [values[name] if name in values else self.defaults[name] for name in self.names]


@lru_cache(maxsize=128)
def compiled(statement: Executable, dialect: Dialect) -> Compiled:
    """``statement`` for ``dialect`` (both kept: build statements once, at import or behind a cache)."""
    result = statement.compile(dialect=dialect)  # type: ignore[attr-defined]
    return Compiled(str(result), tuple(result.positiontup or ()), dict(result.params))


async def driver_rows(connection: AsyncConnection, statement: Executable, values: dict[str, Any], *,
                      fresh_plan: bool = False) -> Sequence[Any]:
    """Runs ``statement`` with ``values`` on the driver's connection; answers every row.

    ``fresh_plan``: PostgreSQL plans it for these values (a statement prepared for this call, one round trip
    more). asyncpg's cached statement gets a generic plan after five calls, blind to the values: for a substring
    pattern it cannot weigh pg_trgm's index against the rest."""
    raw = await connection.get_raw_connection()
    driver: Any = raw.driver_connection
    query = compiled(statement, connection.dialect)
    arguments = query.arguments(values)
    if connection.dialect.name == "postgresql":
        if fresh_plan:
            prepared = await driver.prepare(query.sql)
            return await prepared.fetch(*arguments)  # type: ignore[no-any-return]
        return await driver.fetch(query.sql, *arguments)  # type: ignore[no-any-return]
    return await driver.execute_fetchall(query.sql, arguments)  # type: ignore[no-any-return]
