"""The customer end (/customer/end/*, issue 51 item 8): what would go, the start (a data job whose progress
/privacy/job/get reads) and the receipt. Rules in service.py, the steps in runner.py and steps.py."""

import asyncio
from urllib.parse import quote

from fastapi import Request, Response

from cleanfleet.audit.service import record_read
from cleanfleet.branding.service import report_brand
from cleanfleet.core.auth import Caller, person_only
from cleanfleet.core.bus import USER_CHANGED
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.language import caller_language
from cleanfleet.core.routing import ApiRouter
from cleanfleet.customerend import runner, service
from cleanfleet.customerend.schemas import EndPreviewOut, EndStartIn, EndStartOut, EndTarget, Receipt, ReceiptIn

router = ApiRouter(prefix="/customer/end", tags=["customerend"])
KEY = runner.KEY
RUNNER = runner.run  # the job's runner registers itself when imported


@router.call("/preview", answer=EndPreviewOut)
async def end_preview(body: EndTarget, db: DbSession, caller: Caller = person_only(KEY)) -> JsonResponse:
    """What ending the customer ``userId`` would remove now: its people, robots (or, with ``robots`` "handover",
    the robots given to the dealer), maps, reports, alarms, incidents, sites, logs, backups, files and their bytes,
    and every table's rows. Refused for a user that is not a customer (a user directly under a dealer) strictly
    below the caller. Key: ``user/index/end_customer``."""
    return ok(await service.preview(db, caller, body))


@router.call("/start", answer=EndStartOut)
async def end_start(body: EndStartIn, request: Request, db: DbSession,
                    caller: Caller = person_only(KEY)) -> JsonResponse:
    """End the customer ``userId``: ``confirm`` must be its name as typed; its people are signed out at once and
    the end runs in the background (``/privacy/job/get`` with the answered ``jobId`` shows its progress, then
    ``/customer/end/receipt`` what it removed). ``robots``: "handover" gives the robots to the dealer without the
    customer's history, "remove" removes their records too. A console session only. Key: ``user/index/end_customer``."""
    job_id, people = await service.start(db, caller, body)
    for user_id in people:
        await request.app.state.bus.publish(USER_CHANGED, {"user_id": user_id})
    return ok(EndStartOut(jobId=job_id))


@router.call("/receipt", answer=Receipt)
async def end_receipt(body: ReceiptIn, db: DbSession, caller: Caller = person_only(KEY)) -> JsonResponse:
    """A finished end's receipt: what was removed (counts per kind and table, bytes), when, by whom, and the robots
    handed over. Kept on the dealer's side after the customer is gone. Key: ``user/index/end_customer``."""
    return ok(await service.receipt(db, caller, body.jobId))


@router.call("/receipt/pdf", answer=None, response_class=Response, file_type="application/pdf")
async def end_receipt_pdf(body: ReceiptIn, db: DbSession, caller: Caller = person_only(KEY)) -> Response:
    """The same receipt as a PDF in the caller's language: who was ended, by whom, when, the job, the counts per
    kind (files with their object storage keys and bytes), every table's rows, the robots handed over and the
    SHA-256 of the receipt's JSON (keys sorted, no spaces). Answers the file, or a refusal envelope as
    ``/customer/end/receipt``. Key: ``user/index/end_customer``."""
    from cleanfleet.customerend.receipt_pdf import receipt_pdf  # reportlab only when a receipt is drawn (the start)

    found = await service.receipt(db, caller, body.jobId)
    brand = await report_brand(db, found.get("dealerId"))
    content = await asyncio.to_thread(receipt_pdf, found, caller_language(), brand=brand)
    await record_read(db, "download", target=f"data_job#{body.jobId}", detail={"receipt": "pdf"})
    name = quote(f"customer-end-{found.get('customerAccount', '')}-{body.jobId}.pdf", safe="")
    return Response(content, media_type="application/pdf", headers={
        "Content-Disposition": f"attachment; filename*=UTF-8''{name}", "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff"})
