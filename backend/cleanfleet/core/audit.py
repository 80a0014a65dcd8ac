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
"""

from collections.abc import Callable
from typing import Any

from sqlalchemy import event, inspect
from sqlalchemy.orm import ORMExecuteState, Session, UOWTransaction

REQUEST = "request"
TARGETS = "audit_targets"
MAX_TARGETS = 20

Recorder = Callable[[Any, list[str]], Any | None]
"""(request, targets such as "elevators#5 insert") -> a row to add, or None to record nothing."""

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


def _note(session: Session, target: str) -> None:
    targets: list[str] = session.info.setdefault(TARGETS, [])
    if target not in targets and len(targets) < MAX_TARGETS:
        targets.append(target)


def _describe(instance: Any, action: str) -> str | None:
    if getattr(instance, "__audit_skip__", False):
        return None
    state = inspect(instance)
    identity = state.identity or state.mapper.primary_key_from_instance(instance)  # a new row: its key just set
    key = ",".join(str(part) for part in identity if part is not None) or "?"
    return f"{instance.__tablename__}#{key} {action}"


def _after_flush(session: Session, _context: UOWTransaction) -> None:
    if REQUEST not in session.info:
        return
    for action, instances in (("insert", session.new), ("update", session.dirty), ("delete", session.deleted)):
        for instance in instances:
            if action == "update" and not session.is_modified(instance):
                continue
            described = _describe(instance, action)
            if described is not None:
                _note(session, described)


def _on_execute(state: ORMExecuteState) -> None:
    session = state.session
    if REQUEST not in session.info or not (state.is_update or state.is_delete or state.is_insert):
        return
    table = getattr(state.statement, "table", None)
    name = getattr(table, "name", "?")
    if name == "operation_logs":
        return
    action = "update" if state.is_update else "delete" if state.is_delete else "insert"
    _note(session, f"{name} {action}")


def _before_commit(session: Session) -> None:
    request = session.info.get(REQUEST)
    if request is None or not _recorder:
        return
    session.flush()  # the pending changes are noted by _after_flush
    targets = session.info.pop(TARGETS, None)
    if not targets:
        return
    row = _recorder[0](request, targets)
    if row is not None:
        session.add(row)  # flushed by the commit itself, in the same transaction


def _forget(session: Session) -> None:
    session.info.pop(TARGETS, None)
