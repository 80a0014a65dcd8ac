"""The operation log (/log/*, page ``log``): search it and export it; nothing edits it.

Reading needs the page key ``log``; the export its ``export`` button. A caller reads the changes made by
itself and by the users of its subtree (a shadow's changes are those of the owner it acts for).
"""

from cleanfleet.audit.service import record_read
from cleanfleet.core.auth import Caller, require
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.paging import paginate
from cleanfleet.core.routing import ApiRouter
from cleanfleet.oplog import service
from cleanfleet.oplog.schemas import LogExport, LogFilter, LogPage, LogPageIn

router = ApiRouter(prefix="/log", tags=["operation log"])
PAGE = "log"


@router.call("/list", answer=LogPage)
async def log_list(body: LogPageIn, db: DbSession, caller: Caller = require(PAGE)) -> JsonResponse:
    """The subtree's committed changes, newest first, searchable by account, call, target, address and time."""
    return ok(await paginate(db, await service.query(db, caller, body), body, row=service.answer))


@router.call("/export", answer=LogExport)
async def log_export(body: LogFilter, db: DbSession, caller: Caller = require(f"{PAGE}/export")) -> JsonResponse:
    """The same search for a spreadsheet: up to 10,000 newest rows (``truncated`` when more matched)."""
    answer = await service.export(db, caller, body)
    await record_read(db, "export", target="/log/export", detail={"of": "operation_log", "rows": len(answer["list"])})
    return ok(answer)
