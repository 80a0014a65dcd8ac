"""SQLAlchemy over aiosqlite with one hop to the driver's thread a statement (``sqlite+cleanfleet``).

SQLAlchemy's aiosqlite adapter makes a cursor, executes, fetches and closes it as four calls to aiosqlite, each a
hand-over to the connection's thread and back to the event loop (a queue, a wake-up, a write to the loop's pipe).
On this 2-core machine a hand-over costs about 0.2 ms of CPU, several times a small statement's own work: a
statement cost 0.95 ms of CPU through the stock adapter and 0.40 ms here (bench/history/api.md "One hop a
statement"). Here the statement runs whole on aiosqlite's thread (execute, every row, the description, the counts,
the cursor closed) and comes back once. Server-side cursors (streamed results) stay SQLAlchemy's own.

A statement whose task is cancelled still runs to its end on the thread and closes its cursor there, so no cursor is
left holding a statement (and SQLite's write lock) in the adapter (``core.db.ClosingConnection``).
"""

import collections
import sqlite3
from typing import Any

import aiosqlite
from sqlalchemy.dialects import registry
from sqlalchemy.dialects.sqlite import aiosqlite as adapter
from sqlalchemy.util import EMPTY_DICT

DRIVER = "cleanfleet"


def one_hop_url(url: str) -> str:
    """The same database through this driver (``sqlite+aiosqlite://`` → ``sqlite+cleanfleet://``)."""
    return url.replace("sqlite+aiosqlite:", f"sqlite+{DRIVER}:", 1)


def _run(connection: sqlite3.Connection, operation: str, parameters: Any) -> tuple[Any, list[Any], int, Any]:
    cursor = connection.execute(operation, parameters if parameters is not None else ())
    try:
        description = cursor.description
        rows = cursor.fetchall() if description else []
        return description, rows, cursor.rowcount, cursor.lastrowid
    finally:
        cursor.close()


def _run_many(connection: sqlite3.Connection, operation: str, seq_of_parameters: Any) -> int:
    cursor = connection.executemany(operation, seq_of_parameters)
    try:
        return cursor.rowcount
    finally:
        cursor.close()


class OneHopCursor(adapter.AsyncAdapt_aiosqlite_cursor):
    """A cursor with no aiosqlite cursor behind it: each execute is one call on the connection's thread."""

    __slots__ = ("_description", "_rowcount", "_lastrowid", "_arraysize")

    def __init__(self, adapt_connection: Any) -> None:
        self._adapt_connection = adapt_connection
        self._connection = adapt_connection._connection
        self._cursor = None  # type: ignore[assignment]  # no aiosqlite cursor: see _execute_async
        self._soft_closed_memoized = EMPTY_DICT
        self._rows = collections.deque()
        self._description: Any = None
        self._rowcount = -1
        self._lastrowid: Any = None
        self._arraysize = 1

    @property
    def description(self) -> Any:
        return self._description

    @property
    def rowcount(self) -> int:
        return self._rowcount

    @property
    def lastrowid(self) -> Any:
        return self._lastrowid

    @property
    def arraysize(self) -> int:
        return self._arraysize

    @arraysize.setter
    def arraysize(self, value: int) -> None:
        self._arraysize = value

    def close(self) -> None:
        self._rows.clear()

    async def _async_soft_close(self) -> None:
        """Nothing to close: the rows are here and the driver's cursor closed on its thread."""

    async def _execute_async(self, operation: Any, parameters: Any) -> Any:
        async with self._adapt_connection._execute_mutex:
            answer = await self._connection._execute(_run, self._connection._conn, operation, parameters)
        self._description, rows, self._rowcount, self._lastrowid = answer
        self._rows = collections.deque(rows)
        return None

    async def _executemany_async(self, operation: Any, seq_of_parameters: Any) -> Any:
        async with self._adapt_connection._execute_mutex:
            self._rowcount = await self._connection._execute(
                _run_many, self._connection._conn, operation, seq_of_parameters)
        self._description = None
        self._rows = collections.deque()
        return None


class OneHopConnection(adapter.AsyncAdapt_aiosqlite_connection):
    __slots__ = ()
    _cursor_cls = OneHopCursor


class OneHopDBAPI(adapter.AsyncAdapt_aiosqlite_dbapi):
    def connect(self, *arg: Any, **kw: Any) -> OneHopConnection:
        stock = super().connect(*arg, **kw)
        return OneHopConnection(self, stock._connection)


class OneHopDialect(adapter.SQLiteDialect_aiosqlite):
    driver = DRIVER
    supports_statement_cache = True

    @classmethod
    def import_dbapi(cls) -> OneHopDBAPI:  # type: ignore[override]
        return OneHopDBAPI(aiosqlite, sqlite3)


registry.register(f"sqlite.{DRIVER}", __name__, "OneHopDialect")
