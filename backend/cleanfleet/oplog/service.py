"""Writing (through core/audit.py) and reading the operation log; there is no call that edits or deletes it."""

from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.audit import service as audit
from cleanfleet.auth.address import client_address
from cleanfleet.core import ranges
from cleanfleet.core.audit import Change
from cleanfleet.core.auth import Caller
from cleanfleet.core.db import utcnow
from cleanfleet.core.language import caller_language
from cleanfleet.core.scope import path_prefix
from cleanfleet.oplog.kinds import describe, user_changes
from cleanfleet.oplog.models import OperationLog
from cleanfleet.oplog.schemas import EXPORT_ROWS, LogFilter
from cleanfleet.users.scope import user_in_subtree


def entry_for(request: Any, changes: list[Change], notes: list[dict[str, Any]] | None = None) -> list[Any] | None:
    """The log row of a request's committed change (core/audit.py's recorder) and its audit trail row (issue 51: one
    hook, two stores, docs/domains/audit.md); None for an anonymous call and for a transaction that changed no
    record of the user's (only bookkeeping: oplog/kinds.py)."""
    caller = getattr(request.state, "session", None)
    if not isinstance(caller, Caller):
        return None
    entries = user_changes(changes)
    if not entries:
        return None
    settings = request.app.state.settings
    names = ", ".join(dict.fromkeys(name for *_, name in entries if name))
    return [OperationLog(
        time=utcnow(), user_id=caller.user_id, account=caller.account[:64], user_path=caller.acting_path,
        shadow=caller.is_shadow, call=request.url.path[:128], target=names[:1000], changes=entries,
        ip=client_address(request, settings.trusted_proxies)[:64],
        platform=(request.headers.get("platform") or "-")[:32], token_name=caller.api_token_name,
        token_id=caller.api_token_id), audit.change_record(request, caller, entries, changes, notes or [])]


def _contains(column: Any, text: str) -> Any:
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return column.ilike(f"%{escaped}%", escape="\\")


async def query(db: AsyncSession, caller: Caller, wanted: LogFilter) -> Select[OperationLog]:
    """The search; a time range follows core/ranges.py's rule (the operation log's span: 7 days)."""
    if wanted.startTime is not None:
        ranges.check_times(wanted.startTime, wanted.endTime, ranges.OPERATION_LOG)
    found = select(OperationLog).where(path_prefix(OperationLog.user_path, caller.acting_path))
    if wanted.userId is not None:
        await user_in_subtree(db, caller, wanted.userId)
        found = found.where(OperationLog.user_id == wanted.userId)
    for column, text in ((OperationLog.account, wanted.account), (OperationLog.call, wanted.call),
                         (OperationLog.target, wanted.target), (OperationLog.ip, wanted.ip)):
        if text:
            found = found.where(_contains(column, text))
    if wanted.tokenId is not None:
        found = found.where(OperationLog.token_id == wanted.tokenId)
    if wanted.startTime is not None:
        found = found.where(OperationLog.time >= wanted.startTime)
    if wanted.endTime is not None:
        found = found.where(OperationLog.time <= wanted.endTime)
    return found.order_by(OperationLog.time.desc(), OperationLog.id.desc())


def answer(row: OperationLog) -> dict[str, Any]:
    """A row for the reader: what changed described in the screen's language (rows written before the
    record kinds existed show their stored text)."""
    target = describe(row.changes, caller_language()) if row.changes is not None else row.target
    return {"id": row.id, "time": row.time.isoformat(), "userId": row.user_id, "account": row.account,
            "shadow": row.shadow, "call": row.call, "target": target, "ip": row.ip, "platform": row.platform,
            "token": row.token_name, "tokenId": row.token_id}


async def export(db: AsyncSession, caller: Caller, wanted: LogFilter) -> dict[str, Any]:
    rows = list(await db.scalars((await query(db, caller, wanted)).limit(EXPORT_ROWS + 1)))
    return {"list": [answer(r) for r in rows[:EXPORT_ROWS]], "truncated": len(rows) > EXPORT_ROWS}
