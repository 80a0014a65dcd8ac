"""The audit trail (/audit/*, page ``audit``, issue 51 item 3): search it and export it; nothing edits it.

Reading needs the page key ``audit``; the export its ``export`` button. A caller reads the events of its branch:
what it and the people, tokens and robots below it did, and the refusals they met."""

from urllib.parse import quote

from fastapi import Response

from cleanfleet.audit import reading, service
from cleanfleet.audit.schemas import AuditExportIn, AuditPage, AuditPageIn
from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession, utcnow
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.routing import ApiRouter

router = ApiRouter(prefix="/audit", tags=["audit trail"])
PAGE = "audit"
TYPES = {"csv": "text/csv; charset=utf-8", "jsonl": "application/x-ndjson"}


@router.call("/list", answer=AuditPage)
async def audit_list(body: AuditPageIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """The branch's security events, newest first, by person, kind, outcome, target (a robot: ``device#<id>``) and
    time (up to 366 days)."""
    return ok(await reading.page(db, caller, body))


@router.call("/export", answer=None, response_class=Response, file_type=tuple(TYPES.values()))
async def audit_export(body: AuditExportIn, db: DbSession, caller: Caller = require(f"{PAGE}/export")) -> Response:
    """The same search as a file: CSV or JSON Lines, up to 100,000 newest rows (the header
    ``X-Audit-Truncated: true`` when more matched: narrow the time range)."""
    content, more = await reading.export(db, caller, body, body.format)
    await service.record_read(db, "export", target="/audit/export", detail={"of": "audit", "format": body.format})
    name = quote(f"audit-{utcnow().strftime('%Y%m%d-%H%M%S')}.{body.format}", safe="")
    return Response(content, media_type=TYPES[body.format], headers={
        "Content-Disposition": f"attachment; filename*=UTF-8''{name}", "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff", "X-Audit-Truncated": "true" if more else "false"})
