"""The destinations' rules: list, add, change, delete and test (nothing here knows HTTP). A destination belongs to a
node of the caller's subtree (the caller's own acting account or one below it) and streams that node's branch;
another branch's answers NOT_FOUND naming ``destinationId``. The host is checked against the rules of
core/outbound.py (with a lookup) when it is added or changed, and again before every connection (siem/stream.py).
"""

import time
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.audit.streamed import GROUPS
from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter, not_found
from cleanfleet.core.language import caller_language
from cleanfleet.core.outbound import Failure, UnsafeUrl, failure_text
from cleanfleet.core.scope import path_prefix
from cleanfleet.settings import Settings
from cleanfleet.siem import connection, stream, syslog, texts
from cleanfleet.siem.models import SiemDestination
from cleanfleet.siem.schemas import MAX_DESTINATIONS, DestinationIn
from cleanfleet.users.models import User
from cleanfleet.users.scope import user_in_subtree


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def _state(row: SiemDestination) -> str:
    if not row.active:
        return "off"
    return "failing" if row.last_error else "ok" if row.last_sent_at else "waiting"


def destination_out(row: SiemDestination, account: str) -> dict[str, Any]:
    error = row.last_error
    return {"destinationId": row.id, "nodeId": row.node_id, "nodeAccount": account, "name": row.name,
            "host": row.host, "port": row.port, "tls": row.tls, "caPem": row.ca_pem, "appName": row.app_name,
            "kinds": list(row.kinds or []), "active": row.active, "state": _state(row), "sent": row.sent or 0,
            "backlog": row.backlog or 0, "lastSentAt": _iso(row.last_sent_at), "lastError": error,
            "lastErrorText": failure_text(error).render(caller_language()) if error else None,
            "lastErrorAt": _iso(row.last_error_at), "retryAt": _iso(row.retry_at) if error else None,
            "createdAt": row.created_at.isoformat()}


async def get_own(db: AsyncSession, caller: Caller, destination_id: int) -> tuple[SiemDestination, str]:
    found = (await db.execute(select(SiemDestination, User.account).join(User, User.id == SiemDestination.node_id)
                              .where(SiemDestination.id == destination_id,
                                     path_prefix(SiemDestination.node_path, caller.acting_path)))).first()
    if found is None:
        raise not_found(texts.DESTINATION_NOT_FOUND, field="destinationId", id=destination_id)
    return found[0], found[1]


async def listing(db: AsyncSession, caller: Caller) -> dict[str, Any]:
    rows = await db.execute(select(SiemDestination, User.account).join(User, User.id == SiemDestination.node_id)
                            .where(path_prefix(SiemDestination.node_path, caller.acting_path))
                            .order_by(SiemDestination.node_path, SiemDestination.id))
    return {"list": [destination_out(row, account) for row, account in rows], "max": MAX_DESTINATIONS}


def _why(exc: UnsafeUrl) -> Any:
    return {"port": texts.WHY_PORT, "not_found": texts.WHY_NOT_FOUND}.get(exc.reason, texts.WHY_ADDRESS)


async def _checked(settings: Settings, body: DestinationIn) -> dict[str, Any]:
    """The body's destination settings, once its host, port and authority pass (refused naming the field)."""
    try:
        await connection.check_host(body.host, body.port, settings.siem_allow)
    except UnsafeUrl as exc:
        raise ApiError(Code.BAD_PARAMETER, texts.HOST_REFUSED, field="port" if exc.reason == "port" else "host",
                       values={"why": _why(exc)}) from exc
    if body.caPem and connection.ca_problem(body.caPem):
        raise bad_parameter("caPem", texts.CA_INVALID)
    return {"name": body.name, "host": body.host.lower(), "port": body.port, "tls": body.tls,
            "ca_pem": body.caPem or None, "app_name": body.appName,
            "kinds": [group for group in GROUPS if group in body.kinds], "active": body.active}


async def create(db: AsyncSession, settings: Settings, caller: Caller, body: DestinationIn) -> dict[str, Any]:
    node = await user_in_subtree(db, caller, body.nodeId or caller.acting_user_id, field="nodeId")
    count = await db.scalar(select(func.count()).select_from(SiemDestination)
                            .where(SiemDestination.node_id == node.id)) or 0
    if count >= MAX_DESTINATIONS:
        raise bad_parameter("name", texts.TOO_MANY, max=MAX_DESTINATIONS)
    fields = await _checked(settings, body)
    now = utcnow()
    row = SiemDestination(node_id=node.id, node_path=node.path, **fields, cursor=await stream.heads(db, node.path),
                          sent=0, backlog=0, failures=0, created_at=now, updated_at=now)
    db.add(row)
    await db.commit()
    return destination_out(row, node.account)


async def edit(db: AsyncSession, settings: Settings, caller: Caller, destination_id: int,
               body: DestinationIn) -> dict[str, Any]:
    row, account = await get_own(db, caller, destination_id)
    fields = await _checked(settings, body)
    for name, value in fields.items():
        setattr(row, name, value)
    row.updated_at, row.retry_at = utcnow(), None  # a changed destination is tried at the next round
    await db.commit()
    return destination_out(row, account)


async def delete(db: AsyncSession, caller: Caller, destination_id: int) -> None:
    row, _ = await get_own(db, caller, destination_id)
    await db.delete(row)
    await db.commit()


async def send_test(db: AsyncSession, settings: Settings, caller: Caller, destination_id: int) -> dict[str, Any]:
    """One test message over a new connection (not the stream's), answered at once; its failure is also the
    destination's last error, and a success lets a failing destination be tried again at the next round."""
    row, _ = await get_own(db, caller, destination_id)
    started, now = time.monotonic(), utcnow()
    failure: Failure | None = None
    text = texts.TEST_MESSAGE.render(caller_language())
    message = syslog.test_message(now, hostname=stream.hostname(settings), app_name=row.app_name, text=text)
    try:
        _, writer = await connection.open_link(stream.where_of(row), settings.siem_allow, settings.siem_timeout)
        try:
            await connection.write(writer, [syslog.frame(message)], settings.siem_timeout)
        finally:
            await connection.close(writer)
    except connection.SendFailed as exc:
        failure = exc.failure
    if failure is not None:
        row.last_error, row.last_error_at = failure.value, now
    else:
        row.last_error, row.retry_at, row.failures = None, None, 0
    await db.commit()
    return {"ok": failure is None, "error": failure,
            "errorText": failure_text(failure).render(caller_language()) if failure else None,
            "durationMs": int((time.monotonic() - started) * 1000)}
