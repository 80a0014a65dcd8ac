"""A person's export and erasure, and the data jobs (/privacy/*, issue 51 items 6-7).

Every call needs a console session (an API token is refused naming ``Authorization``). A person exports their own
data without a key; a parent exports a child's with ``user/index/export_data`` and erases a child with
``user/index/erase`` (service.py). Jobs are seen by the person they are about and, in the caller's subtree, by the
holders of their kind's key; a result downloads through its signed, expiring link (storage/links.py)."""

from typing import Any

from fastapi import Request

from cleanfleet.core.auth import Caller, SessionDep
from cleanfleet.core.codes import Code
from cleanfleet.core.db import DbSession
from cleanfleet.core.envelope import JsonResponse, ok
from cleanfleet.core.errors import ApiError
from cleanfleet.core.language import caller_language
from cleanfleet.core.paging import paginate
from cleanfleet.core.routing import ApiRouter
from cleanfleet.core.texts import render_stored
from cleanfleet.privacy import erasure as _erasure  # noqa: F401 - registers the erasure's runner
from cleanfleet.privacy import export as _export  # noqa: F401 - registers the export's runner
from cleanfleet.privacy import service
from cleanfleet.privacy.jobs import result_link
from cleanfleet.privacy.models import PERSON_ERASURE, DataJob
from cleanfleet.privacy.schemas import (
    ErasableOut,
    EraseIn,
    EraseTargetIn,
    ExportIn,
    JobIdIn,
    JobListIn,
    JobOut,
    JobPage,
)

router = ApiRouter(prefix="/privacy", tags=["privacy"])


def _iso(value: Any) -> str | None:
    return value.isoformat() if value is not None else None


def job_answer(job: DataJob, caller: Caller, settings: Any) -> JobOut:
    language = caller_language()
    detail = job.detail or {}
    found = detail.get("counts")
    counts: dict[str, Any] = found if isinstance(found, dict) else {}
    link = result_link(settings, job, f"{job.subject_name}-data-{job.id}.zip") if job.file_id else None
    return JobOut(
        id=job.id, kind=job.kind, subjectId=job.subject_id, subjectName=job.subject_name,
        own=job.subject_id == caller.user_id, state=job.state, progress=job.progress, step=job.step,
        stepText=render_stored(job.step, None, language) or "" if job.step else "",
        error=job.error, errorText=render_stored(job.error, None, language) if job.error else None,
        counts={key: int(value) for key, value in counts.items() if isinstance(value, int)},
        pseudonym=str(detail["pseudonym"]) if job.kind == PERSON_ERASURE and detail.get("pseudonym") else None,
        link=link[0] if link else None, linkExpiresAt=_iso(job.expires_at) if link else None,
        createdAt=job.created_at.isoformat(), startedAt=_iso(job.started_at), finishedAt=_iso(job.finished_at))


@router.call("/export", answer=JobOut)
async def privacy_export(body: ExportIn, request: Request, caller: SessionDep, db: DbSession) -> JsonResponse:
    """Ask for an export of everything the product holds about a person (the caller's own without a key; a user
    of its subtree with ``user/index/export_data``): a zip made in the background (follow it with /privacy/job/get),
    downloadable for 7 days through a signed link; the person is told in the message centre."""
    job = await service.request_export(db, request, caller, body.userId)
    return ok(job_answer(job, caller, request.app.state.settings))


@router.call("/erase/check", answer=ErasableOut)
async def privacy_erase_check(body: EraseTargetIn, caller: SessionDep, db: DbSession) -> JsonResponse:
    """Whether a user below the caller may be erased now (key ``user/index/erase``), and if not, why and what to do
    first (the only person who can administer their customer)."""
    try:
        user = await service.erasable(db, caller, body.userId, None)
    except ApiError as refused:
        if refused.code not in (Code.CONFLICT, Code.BAD_PARAMETER):
            raise
        return ok(ErasableOut(userId=body.userId, account="", allowed=False,
                              reason=refused.text(caller_language(), None)))
    return ok(ErasableOut(userId=user.id, account=user.account, allowed=True, reason=None))


@router.call("/erase", answer=JobOut)
async def privacy_erase(body: EraseIn, request: Request, caller: SessionDep, db: DbSession) -> JsonResponse:
    """Erase a user below the caller (key ``user/index/erase``) after the typed confirmation (its account name):
    sessions end, factors and personal fields go, the account stays as a pseudonymised tombstone; robots and history
    stay with the customer. Refused while the user is the only person who can administer their customer. Runs in
    the background (follow it with /privacy/job/get)."""
    job = await service.request_erasure(db, request, caller, body.userId, body.confirm)
    return ok(job_answer(job, caller, request.app.state.settings))


@router.call("/job/list", answer=JobPage)
async def privacy_job_list(body: JobListIn, request: Request, caller: SessionDep, db: DbSession) -> JsonResponse:
    """The data jobs the caller sees (about itself; in its subtree, of the kinds whose key it holds), newest first."""
    settings = request.app.state.settings
    page = await paginate(db, service.job_query(caller, body.kind, body.subjectId), body,
                          lambda job: job_answer(job, caller, settings))
    return ok(JobPage(**page))


@router.call("/job/get", answer=JobOut)
async def privacy_job_get(body: JobIdIn, request: Request, caller: SessionDep, db: DbSession) -> JsonResponse:
    """One data job: its state, progress, step, and its result's signed link when ready."""
    job = await service.visible_job(db, caller, body.id)
    return ok(job_answer(job, caller, request.app.state.settings))
