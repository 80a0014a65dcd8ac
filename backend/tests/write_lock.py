"""A write lock on the SQLite test database must not outlive the test that took it.

Three times on slow machines (session 33's, stop 59's and stop 60's CI) the SQLite run fell into a cascade after
tests/gateway's own-loop tests: every later test that writes waited out the 30 s busy timeout and failed, until CI's
limit. No Python connection was in a transaction: the holder was a "zombie", a connection the pool had closed after
a task was cancelled mid-query, which Python's sqlite3 leaves open in SQLite, write lock and all, while a cursor of
it lives (core/db.py ``ClosingConnection`` closes the cursors first; tests/core/test_db_cancel.py). ``native_handles``
reads SQLite's own view of every connection, zombies included, for the report.

After each test (``_no_write_lock_outlives_a_test`` in conftest.py) the database is asked for its write lock with a
connection of its own, while the session's loop runs, so the app's background jobs finish what they hold; a lock
still held after ``HELD_SECONDS`` is reported with its holders (the aiosqlite connections in a transaction, their
threads, SQLite's view) and every thread's stack, and:

- its holders whose own thread still runs are rolled back there (sqlite3 serves a connection only on the thread that
  opened it): the report is printed for ``make test``'s summary and the run goes on;
- a lock nobody can end (no holder found, or its thread dead) ends the run at once with the report, instead of
  every later test failing after 30 s.
"""

import asyncio
import contextlib
import gc
import linecache
import os
import sqlite3
import sys
import threading
import traceback
from pathlib import Path
from typing import Any

HELD_SECONDS = 15.0  # longer than any background job's transaction; a held lock costs this once
STACK = 8  # frames shown of each thread and task
MARK = "== a write lock outlived the test"  # make test's summary repeats these lines (Makefile, test-backend)


def write_lock_free(path: Path, seconds: float = 0) -> bool:
    """Whether a writer can begin within ``seconds`` (``BEGIN IMMEDIATE`` takes the write lock), waiting its turn
    as the app's writers do (SQLite's busy handler)."""
    connection = sqlite3.connect(path, timeout=seconds)
    try:
        connection.execute("BEGIN IMMEDIATE")
        connection.rollback()
        return True
    except sqlite3.OperationalError:
        return False
    finally:
        connection.close()


async def wait_for_write_lock(path: Path, seconds: float) -> bool:
    """Asks for the write lock off the loop, in turn with the app's writers (the loop's jobs go on meanwhile)."""
    return write_lock_free(path) or await asyncio.to_thread(write_lock_free, path, seconds)


def holders() -> tuple[list[Any], int]:
    """Every aiosqlite connection of the process in an open transaction; and how many sqlite3 connections of the
    process are in one without an aiosqlite connection around them."""
    import aiosqlite

    found, wrapped, bare = [], set(), 0
    objects = gc.get_objects()
    for candidate in objects:
        if isinstance(candidate, aiosqlite.Connection):
            inner = getattr(candidate, "_connection", None)
            if inner is not None:
                wrapped.add(id(inner))
                if inner.in_transaction:
                    found.append(candidate)
    for candidate in objects:
        if isinstance(candidate, sqlite3.Connection) and id(candidate) not in wrapped:
            with contextlib.suppress(sqlite3.ProgrammingError):  # closed
                bare += candidate.in_transaction
    return found, bare


def other_processes(path: Path) -> list[str]:
    """Other processes with the database open (a server the tests started as a process of its own)."""
    seen = []
    for fd_dir in Path("/proc").glob("[0-9]*/fd"):
        if fd_dir.parent.name == str(os.getpid()):
            continue
        try:
            if any(os.readlink(fd) == str(path) for fd in fd_dir.iterdir()):
                seen.append(f"{fd_dir.parent.name} {(fd_dir.parent / 'cmdline').read_bytes()[:200]!r}")
        except OSError:  # gone meanwhile, or not ours to read
            continue
    return seen


def report(test: str, path: Path, found: list[Any], bare: int) -> str:
    lines = [f"{MARK}: {test}; {len(found)} aiosqlite connection(s) in a transaction, {bare} other sqlite3 one(s)"]
    lines.extend(f"  other process with the database open: {process}" for process in other_processes(path))
    lines.extend(native_handles(path))
    for connection in found:
        thread = connection._thread
        lines.append(f"  holder {connection!r}: its thread {thread.name} alive={thread.is_alive()}")
    names = {thread.ident: thread.name for thread in threading.enumerate()}
    for ident, frame in sys._current_frames().items():
        lines.append(f"  -- thread {names.get(ident, ident)}")
        if frame.f_code.co_name == "_connection_worker_thread":  # the driver's thread: its call (its SQL)
            busy = linecache.getline(frame.f_code.co_filename, frame.f_lineno).strip().startswith("result =")
            lines.append(f"    {'running' if busy else 'idle, last ran'} {frame.f_locals.get('function')!r:.300}")
        lines.extend("    " + line for line in "".join(traceback.format_stack(frame, limit=STACK)).splitlines())
    for task in asyncio.all_tasks():  # the session loop's: one of them may hold a session mid-transaction
        lines.append(f"  -- task {task.get_name()}")
        lines.extend("    " + line for frame in task.get_stack(limit=STACK)
                     for line in "".join(traceback.format_stack(frame, limit=1)).splitlines())
    return "\n".join(lines)


def roll_back_on_their_threads(found: list[Any]) -> int:
    """Queues a rollback on each holder's own thread (aiosqlite's queue; no future: nobody waits for it)."""
    rolled = 0
    for connection in found:
        if connection._thread.is_alive():
            connection._tx.put_nowait((None, connection._connection.rollback))
            rolled += 1
    return rolled


def _library() -> Any:
    """The SQLite library sqlite3 itself uses (a shared one here: ``_sqlite3`` links libsqlite3.so.0)."""
    import ctypes
    import ctypes.util

    library = ctypes.CDLL(ctypes.util.find_library("sqlite3") or "libsqlite3.so.0")
    library.sqlite3_txn_state.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    library.sqlite3_get_autocommit.argtypes = [ctypes.c_void_p]
    library.sqlite3_next_stmt.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
    library.sqlite3_next_stmt.restype = ctypes.c_void_p
    library.sqlite3_stmt_busy.argtypes = [ctypes.c_void_p]
    library.sqlite3_sql.argtypes = [ctypes.c_void_p]
    library.sqlite3_sql.restype = ctypes.c_char_p
    library.sqlite3_db_filename.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    library.sqlite3_db_filename.restype = ctypes.c_char_p
    library.sqlite3_db_handle.argtypes = [ctypes.c_void_p]
    library.sqlite3_db_handle.restype = ctypes.c_void_p
    return library


TXN_STATES = {0: "none", 1: "read", 2: "WRITE"}


def native_handles(path: Path) -> list[str]:
    """Every open SQLite connection of the process on ``path``, as SQLite itself sees it: its transaction state
    (``sqlite3_txn_state``: a write lock shows as WRITE even where Python's ``in_transaction`` is false, as for a
    statement stepped in autocommit and never reset) and its statements still running (``sqlite3_stmt_busy``).
    Handles are read from the ``sqlite3.Connection`` objects (their ``sqlite3 *db`` follows the object header) and
    from the ``sqlite3.Statement`` ones (``sqlite3_db_handle``): a connection closed while a statement of its lived
    on is a zombie SQLite keeps open, transaction and all, until that statement goes, with no Connection object left
    to find it by."""
    import ctypes

    try:
        library = _library()
    except (OSError, AttributeError) as exc:
        return [f"  (SQLite's own view not read: {exc})"]
    header = sys.getsizeof(object())
    owners: dict[int, str] = {}
    for candidate in gc.get_objects():
        if isinstance(candidate, sqlite3.Connection):
            handle = ctypes.c_void_p.from_address(id(candidate) + header).value
            if handle:
                owners[handle] = repr(candidate)
        elif type(candidate).__name__ == "Statement" and type(candidate).__module__ == "sqlite3":
            statement = ctypes.c_void_p.from_address(id(candidate) + header).value
            handle = library.sqlite3_db_handle(statement) if statement else None
            if handle:
                owners.setdefault(handle, f"no Connection object (a zombie?), found by its statement {candidate!r}")
    lines = []
    for handle, owner in owners.items():
        if (library.sqlite3_db_filename(handle, b"main") or b"").decode() != str(path):
            continue
        state = TXN_STATES.get(library.sqlite3_txn_state(handle, None), "?")
        busy, statement = [], library.sqlite3_next_stmt(handle, None)
        while statement:
            if library.sqlite3_stmt_busy(statement):
                busy.append((library.sqlite3_sql(statement) or b"").decode(errors="replace")[:200])
            statement = library.sqlite3_next_stmt(handle, statement)
        if state != "none" or busy:
            lines.append(f"  sqlite handle {handle:#x} ({owner}): transaction {state}, autocommit "
                         f"{library.sqlite3_get_autocommit(handle)}, statements running: {busy}")
    return lines or [f"  (none of the process's {len(owners)} SQLite connections is in a transaction, by SQLite's "
                     "own view)"]
