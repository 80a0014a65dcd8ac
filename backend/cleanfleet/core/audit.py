"""The operation log's hook: every write call's change is recorded in the same transaction as the change.

``get_db`` marks the request's database session with the request (``session.info["request"]``). Just before
that session commits (SQLAlchemy's ``before_commit``), the pending changes are flushed and, when the
transaction changed any row (an ORM insert, update or delete, or a bulk ``update()``/``delete()``/``insert()``
statement), the recorder that ``app.py`` installed (``oplog.service.entry_for``) is asked for one log row,
which is added to the same session: the commit writes the change and its log row together, or neither.

Why a session hook and not a middleware: a middleware sees the request but not the transaction, so it could
only write the row in a second transaction after the answer (a crash in between loses it, and a refused call
would need telling apart). A hook in the unit of work sees exactly what was changed, and only changes that
commit are recorded. A refused call raises before its service commits, so it leaves no row.

Only requests of a signed-in caller are recorded (``request.state.session``). A successful sign-in sets the
new caller there before its token commits, so it is recorded under the account that signed in; a failed one
only counts in the throttle (and the request log), so guessing passwords cannot flood the log. Sessions
opened without ``get_db`` (background scanners, the robot link) are not calls and are not recorded. Rows whose
class sets ``__audit_skip__`` (the log itself) do not count as changes.

What is noted is language-neutral (``Change``: table, action, key, the row's text values, the columns an
update changed); the recorder decides which of those are a user's change and how they read (issue 29 item 11:
``oplog/kinds.py``). Writes made inside ``not_a_change(session)`` (a refresh of what a robot reports, done
by a reading call) are not noted at all.
"""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import event, inspect
from sqlalchemy.orm import ORMExecuteState, Session, UOWTransaction

REQUEST = "request"
TARGETS = "audit_targets"
NOTES = "audit_notes"
QUIET = "audit_quiet"
MAX_TARGETS = 50
MAX_VALUE = 200  # characters of a value kept as before/after


@dataclass(frozen=True)
class Change:
    """One row a transaction changed, language-neutral: its table, ``insert``/``update``/``delete``, its key
    (None for a bulk statement), its text columns' values, and for an update the columns that changed."""

    table: str
    action: str
    key: str | None = None
    values: dict[str, str] = field(default_factory=dict, compare=False)
    changed: frozenset[str] | None = field(default=None, compare=False)
    # an ORM update's changed columns: their values before and after (text, cut at MAX_VALUE)
    before: dict[str, str | None] = field(default_factory=dict, compare=False)
    after: dict[str, str | None] = field(default_factory=dict, compare=False)


Recorder = Callable[[Any, list[Change], list[dict[str, Any]]], Any | None]
"""(request, the changes, the notes) -> a row (or a list of rows) to add, or None to record nothing
(``oplog.service.entry_for`` decides which tables are a user's change and how each reads). The notes are what a
service said of its change that the rows cannot tell (``note``: a role's keys before and after a bulk rewrite)."""

_recorder: list[Recorder] = []


def install(recorder: Recorder) -> None:
    """Set the recorder (``app.py``); the session events are listened to once per process."""
    _recorder[:] = [recorder]
    if not event.contains(Session, "before_commit", _before_commit):
        event.listen(Session, "after_flush", _after_flush)
        event.listen(Session, "do_orm_execute", _on_execute)
        event.listen(Session, "before_commit", _before_commit)
        event.listen(Session, "after_commit", _forget)
        event.listen(Session, "after_rollback", _forget)


@contextmanager
def not_a_change(session: Any) -> Iterator[None]:
    """What the session writes inside (and commits inside) is a refresh of data another party owns (a robot's
    map list read when the list is shown), not the caller's change: it is not recorded. ``session`` is a
    ``Session`` or an ``AsyncSession`` (both carry ``info``)."""
    info = session.info
    info[QUIET] = info.get(QUIET, 0) + 1
    try:
        yield
    finally:
        info[QUIET] -= 1


def note(session: Any, **values: Any) -> None:
    """Tells the audit trail something of this transaction's change that its rows cannot (a bulk statement's rows
    before and after: ``note(db, record="role#12", keys={"before": [...], "after": [...]})``); kept only when the
    transaction commits a change. ``session``: a ``Session`` or an ``AsyncSession``."""
    if REQUEST in session.info and len(notes := session.info.setdefault(NOTES, [])) < MAX_TARGETS:
        notes.append(values)


async def note_rewrite(session: Any, record: str, what: str, before: Any, after: list[Any]) -> None:
    """``note`` of a bulk rewrite (delete, then insert) about to happen: the values the query ``before`` reads now
    and ``after``, when they differ. ``session``: an ``AsyncSession``."""
    if REQUEST in session.info:
        old, new = sorted(set(await session.scalars(before))), sorted(set(after))
        if old != new:
            note(session, record=record, before={what: old}, after={what: new})


def _text(value: Any) -> str | None:
    return None if value is None else str(value)[:MAX_VALUE]


def _recording(session: Session) -> bool:
    return REQUEST in session.info and not session.info.get(QUIET)


def _note(session: Session, change: Change) -> None:
    changes: list[Change] = session.info.setdefault(TARGETS, [])
    if change not in changes and len(changes) < MAX_TARGETS:
        changes.append(change)


def _describe(instance: Any, action: str) -> Change | None:
    if getattr(instance, "__audit_skip__", False):
        return None
    state = inspect(instance)
    identity = state.identity or state.mapper.primary_key_from_instance(instance)  # a new row: its key just set
    key = ",".join(str(part) for part in identity if part is not None) or None
    values = {name: value for name, value in state.dict.items() if isinstance(value, str)}
    changed, before, after = None, {}, {}
    if action == "update":
        moved = [attr for attr in state.attrs if attr.history.has_changes()]
        changed = frozenset(attr.key for attr in moved)
        for attr in moved:
            old, new = attr.history.deleted, attr.history.added
            before[attr.key], after[attr.key] = _text(old[0] if old else None), _text(new[0] if new else None)
    return Change(instance.__tablename__, action, key, values, changed, before, after)


def _after_flush(session: Session, _context: UOWTransaction) -> None:
    if not _recording(session):
        return
    for action, instances in (("insert", session.new), ("update", session.dirty), ("delete", session.deleted)):
        for instance in instances:
            if action == "update" and not session.is_modified(instance):
                continue
            described = _describe(instance, action)
            if described is not None:
                _note(session, described)


def _set_columns(statement: Any) -> frozenset[str] | None:
    """The columns a bulk ``update()`` sets (None when they cannot be told)."""
    values = getattr(statement, "_values", None) or {}
    names = {getattr(column, "key", None) or str(column) for column in values}
    return frozenset(names) or None


def _on_execute(state: ORMExecuteState) -> Any:
    session = state.session
    if not _recording(session) or not (state.is_update or state.is_delete or state.is_insert):
        return None
    table = getattr(state.statement, "table", None)
    name = getattr(table, "name", "?")
    if name == "operation_logs":
        return None
    action = "update" if state.is_update else "delete" if state.is_delete else "insert"
    result = state.invoke_statement()  # run it here: a statement that matched no row changed nothing
    if getattr(result, "rowcount", -1) != 0:
        _note(session, Change(name, action, changed=_set_columns(state.statement) if state.is_update else None))
    return result


def _before_commit(session: Session) -> None:
    request = session.info.get(REQUEST)
    if request is None or not _recorder:
        return
    session.flush()  # the pending changes are noted by _after_flush
    changes = session.info.pop(TARGETS, None)
    notes = session.info.pop(NOTES, [])
    if not changes:
        return
    rows = _recorder[0](request, changes, notes)
    if rows is not None:
        session.add_all(rows if isinstance(rows, list) else [rows])  # flushed by the commit, in its transaction


def _forget(session: Session) -> None:
    session.info.pop(TARGETS, None)
    session.info.pop(NOTES, None)
