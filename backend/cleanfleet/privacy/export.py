"""A person's export (issue 51 item 6; GDPR articles 15 and 20): everything the product holds about one person as a
zip of JSON files and their files, built by a data job (privacy/jobs.py).

Each part is read in pages of ``PAGE`` rows and written into the zip as it comes (the zip is written off the event
loop, to a temporary file, then kept in the store for ``KEEP``): memory stays at a page whatever the person's
history. A part stops at ``MAX_ROWS`` rows (the README says so). Never a secret: a token's or code's hash, a sealed
secret or a password hash is not read at all (each part names its columns)."""

import asyncio
import contextlib
import zipfile
from collections.abc import Callable, Mapping, Sequence
from datetime import timedelta
from pathlib import Path
from typing import IO, Any

import orjson
from sqlalchemy import Select, and_, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.apitokens.models import ApiToken
from cleanfleet.audit import personal
from cleanfleet.audit.models import AuditRecord
from cleanfleet.auth.models import Token
from cleanfleet.core.db import utcnow
from cleanfleet.core.i18n import DEFAULT_LANGUAGE
from cleanfleet.core.texts import render_value
from cleanfleet.factors.models import Passkey, RecoveryCode, TotpFactor
from cleanfleet.incidents.models import IncidentDuty
from cleanfleet.messages import service as messages
from cleanfleet.messages.models import Message
from cleanfleet.oplog.models import OperationLog
from cleanfleet.privacy import fieldwork, readme, texts
from cleanfleet.privacy.jobs import JobContext, JobError, register_runner
from cleanfleet.privacy.models import PERSON_EXPORT
from cleanfleet.roles.models import Role, UserRole
from cleanfleet.sessions.models import SignInEvent
from cleanfleet.sso.models import SsoIdentity, SsoProvider, SsoSession
from cleanfleet.storage.models import StoredFile
from cleanfleet.users.models import User
from cleanfleet.warn.push.models import PushSubscription

PAGE = 500
MAX_ROWS = 100_000
MAX_FILE_BYTES = 2 * 1024**3  # the person's files in one zip, at most (the rest listed as not included)
KEEP = timedelta(days=7)
RESULT_KIND = "data_export"
KEY_VIEW = "user/index/export_data"

Row = Callable[[Any], dict[str, Any]]


def _account(u: User) -> dict[str, Any]:
    return {"id": u.id, "account": u.account, "name": u.name, "email": u.email, "phone": u.phone, "avatar": u.url,
            "level": u.level_depth, "type": u.type, "language": u.language, "remark": u.remark,
            "createdAt": u.created_at, "updatedAt": u.updated_at}


def _parts(user: User, token_ids: list[int]) -> list[tuple[str, Any, Row]]:
    """Each JSON file: its name, its rows' query (ordered, for pages) and how a row reads."""
    me = user.id
    mine = and_(AuditRecord.actor_type.in_(("person", "shadow")), AuditRecord.actor_id == me)
    by_token = and_(AuditRecord.actor_type == "token", AuditRecord.actor_id.in_(token_ids or [0]))
    return [
        ("sign_ins.json", select(SignInEvent).where(SignInEvent.user_id == me).order_by(SignInEvent.id), lambda e: {
            "at": e.at, "kind": e.kind, "account": e.account, "method": e.method, "address": e.address,
            "browser": e.user_agent, "byOther": e.by_user_id is not None and e.by_user_id != me, "detail": e.detail}),
        ("sessions.json", select(Token.id, Token.platform, Token.created_at, Token.expires_at, Token.revoked_at,
                                 Token.address, Token.user_agent, Token.last_used_at)
         .where(Token.user_id == me).order_by(Token.id), lambda t: {
             "kind": "console", "platform": t.platform, "createdAt": t.created_at, "expiresAt": t.expires_at,
             "endedAt": t.revoked_at, "address": t.address, "browser": t.user_agent, "lastUsedAt": t.last_used_at}),
        ("tokens.json", select(ApiToken.name, ApiToken.public_id, ApiToken.keys, ApiToken.created_at,
                               ApiToken.expires_at, ApiToken.last_used_at)
         .where(ApiToken.user_id == me).order_by(ApiToken.id), lambda t: {
             "name": t.name, "prefix": f"cft_{t.public_id}", "keys": t.keys, "createdAt": t.created_at,
             "expiresAt": t.expires_at, "lastUsedAt": t.last_used_at}),
        ("audit.json", select(AuditRecord).where(or_(mine, by_token, AuditRecord.target == f"user#{me}"))
         .order_by(AuditRecord.id), AuditRows({me}, set(token_ids))),
        ("messages.json", select(Message).where(Message.user_id == me, Message.deleted.is_(False))
         .order_by(Message.id), lambda m: {**messages.message_answer(m), "time": m.created_at}),
        ("operation_log.json", select(OperationLog).where(OperationLog.user_id == me).order_by(OperationLog.id),
         lambda o: {"time": o.time, "account": o.account, "call": o.call, "target": o.target, "changes": o.changes,
                    "address": o.ip, "platform": o.platform, "token": o.token_name, "asShadow": o.shadow}),
        ("files.json", select(StoredFile).where(StoredFile.owner_user_id == me, StoredFile.kind != RESULT_KIND)
         .order_by(StoredFile.id), lambda f: {
             "file": _zip_name(f), "kind": f.kind, "contentType": f.content_type, "size": f.size,
             "sha256": f.sha256, "public": f.public, "createdAt": f.created_at}),
        *fieldwork.export_parts(me),
    ]


class AuditRows:
    """audit.json's rows: each page's personal values read first (``prepare``, audit/personal.py), then put back."""

    def __init__(self, mine_ids: set[int], token_ids: set[int]) -> None:
        self.mine_ids, self.token_ids = mine_ids, token_ids
        self.shown: dict[int, dict[str, str]] = {}

    async def prepare(self, db: AsyncSession, page: Sequence[AuditRecord]) -> None:
        self.shown = await personal.values_of(db, page)

    def __call__(self, r: AuditRecord) -> dict[str, Any]:
        return _audit_row(r, self.mine_ids, self.token_ids, self.shown.get(r.id, {}))


def _audit_row(r: AuditRecord, mine_ids: set[int], token_ids: set[int], shown: Mapping[str, str]) -> dict[str, Any]:
    """An audit row; another person's name, address and browser only where the person did it themself."""
    by_me = (r.actor_type in ("person", "shadow") and r.actor_id in mine_ids) or \
        (r.actor_type == "token" and r.actor_id in token_ids)
    row = {"at": r.at, "kind": r.kind, "outcome": r.outcome, "target": personal.resolved(r.target, shown),
           "detail": personal.resolved(r.detail, shown), "byYou": by_me, "actor": r.actor_name if by_me else ""}
    if by_me:
        row |= {"address": r.address, "client": r.client}
    return row


def _zip_name(f: StoredFile) -> str:
    return f"files/{f.kind}/{f.id}.{f.key.rsplit('.', 1)[-1]}"


async def _pages(ctx: JobContext, query: Select[Any]) -> Any:
    """The query's rows in pages (each page in a short session of its own)."""
    seen = 0
    while seen < MAX_ROWS:
        async with ctx.database.sessions() as db:
            result = await db.execute(query.limit(min(PAGE, MAX_ROWS - seen)).offset(seen))
            described = query.column_descriptions
            whole = len(described) == 1 and isinstance(described[0]["expr"], type)  # rows of one model
            page = result.scalars().all() if whole else result.all()
        if not page:
            return
        seen += len(page)
        yield page
        if len(page) < PAGE:
            return


async def _write_json_part(ctx: JobContext, zf: zipfile.ZipFile, name: str, query: Select[Any], row: Row) -> int:
    handle: IO[bytes] = await asyncio.to_thread(zf.open, name, "w", force_zip64=True)
    count = 0
    try:
        await asyncio.to_thread(handle.write, b"[")
        async for page in _pages(ctx, query):
            if isinstance(row, AuditRows):
                async with ctx.database.sessions() as db:
                    await row.prepare(db, page)
            body = b",\n".join(orjson.dumps(row(item), default=str) for item in page)
            await asyncio.to_thread(handle.write, (b",\n" if count else b"\n") + body)
            count += len(page)
        await asyncio.to_thread(handle.write, b"\n]\n")
    finally:
        await asyncio.to_thread(handle.close)
    return count


async def _write_json(zf: zipfile.ZipFile, name: str, value: Any) -> None:
    await asyncio.to_thread(zf.writestr, name, orjson.dumps(value, default=str, option=orjson.OPT_INDENT_2))


async def _single_parts(db: AsyncSession, user: User) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """account.json, factors.json and settings.json: one document each, small."""
    roles = list(await db.scalars(select(Role.name).join(UserRole, UserRole.role_id == Role.id)
                                  .where(UserRole.user_id == user.id)))
    account = {**_account(user), "roles": roles,
               "mailNotices": {"tasks": user.email_to_task, "alarms": user.email_to_warn,
                               "taskReports": user.email_to_task_report}}
    totp = await db.scalar(select(TotpFactor.confirmed_at).where(TotpFactor.user_id == user.id))
    passkeys = (await db.execute(select(Passkey.name, Passkey.rp_id, Passkey.created_at, Passkey.last_used_at)
                                 .where(Passkey.user_id == user.id).order_by(Passkey.id))).all()
    codes = (await db.execute(select(RecoveryCode.created_at, RecoveryCode.used_at)
                              .where(RecoveryCode.user_id == user.id))).all()
    identities = (await db.execute(select(SsoProvider.name, SsoIdentity.subject, SsoIdentity.email,
                                          SsoIdentity.created_at, SsoIdentity.last_at)
                                   .join(SsoProvider, SsoProvider.id == SsoIdentity.provider_id)
                                   .where(SsoIdentity.user_id == user.id))).all()
    sso_sessions = (await db.execute(select(SsoProvider.name, SsoSession.created_at)
                                     .join(SsoProvider, SsoProvider.id == SsoSession.provider_id)
                                     .where(SsoSession.user_id == user.id))).all()
    factors = {
        "authenticatorApp": {"confirmedAt": totp} if totp else None,
        "passkeys": [{"name": p.name, "site": p.rp_id, "createdAt": p.created_at, "lastUsedAt": p.last_used_at}
                     for p in passkeys],
        "recoveryCodes": {"made": len(codes), "used": sum(1 for c in codes if c.used_at)},
        "singleSignOn": [{"provider": i.name, "subject": i.subject, "email": i.email, "createdAt": i.created_at,
                          "lastUsedAt": i.last_at} for i in identities],
        "singleSignOnSessions": [{"provider": s.name, "createdAt": s.created_at} for s in sso_sessions],
    }
    pushes = (await db.execute(select(PushSubscription.label, PushSubscription.created_at,
                                      PushSubscription.last_sent_at).where(PushSubscription.user_id == user.id))).all()
    duties = (await db.execute(select(IncidentDuty.weekdays, IncidentDuty.start_minute, IncidentDuty.end_minute,
                                      IncidentDuty.time_zone).where(IncidentDuty.user_id == user.id))).all()
    settings = {
        "language": user.language, "mailNotices": account["mailNotices"],
        "pushSubscriptions": [{"label": p.label, "createdAt": p.created_at, "lastSentAt": p.last_sent_at}
                              for p in pushes],
        "incidentDuty": [{"weekdays": d.weekdays, "startMinute": d.start_minute, "endMinute": d.end_minute,
                          "timeZone": d.time_zone} for d in duties],
    }
    return account, factors, settings


async def _write_files(ctx: JobContext, zf: zipfile.ZipFile, user_id: int) -> tuple[int, int]:
    """The person's stored files under files/ (streamed from the store); answers (files, bytes)."""
    files, total = 0, 0
    async for page in _pages(ctx, select(StoredFile).where(StoredFile.owner_user_id == user_id,
                                                           StoredFile.kind != RESULT_KIND).order_by(StoredFile.id)):
        for file in page:
            if total + file.size > MAX_FILE_BYTES:
                continue
            try:
                opened = await ctx.store.open(file.key)
            except Exception:  # a file the store lost is listed in files.json, not packed
                continue
            handle: IO[bytes] = await asyncio.to_thread(zf.open, _zip_name(file), "w", force_zip64=True)
            try:
                async for chunk in opened.chunks:
                    await asyncio.to_thread(handle.write, chunk)
            finally:
                await asyncio.to_thread(handle.close)
            files, total = files + 1, total + file.size
    return files, total


def _readme(user: User, counts: dict[str, int]) -> str:
    language = user.language or DEFAULT_LANGUAGE
    lines = [readme.TITLE.render(language, {"account": user.account, "at": render_value(utcnow(), None)}), "",
             readme.INTRO.render(language), ""]
    lines += [f"{name} ({counts.get(name, 1)}): {text.render(language)}" for name, text in readme.FILES.items()]
    if any(count >= MAX_ROWS for count in counts.values()):
        lines += ["", f"* > {MAX_ROWS}"]
    return "\n".join(lines) + "\n"


async def build(ctx: JobContext, path: Path) -> dict[str, Any]:
    """Writes the person's zip to ``path``; answers the counts per file."""
    async with ctx.database.sessions() as db:
        user = await db.get(User, ctx.subject_id)
        if user is None:
            raise JobError(texts.JOB_GONE)
        token_ids = list(await db.scalars(select(ApiToken.id).where(ApiToken.user_id == user.id)))
        account, factors, settings = await _single_parts(db, user)
    counts: dict[str, int] = {}
    zf = await asyncio.to_thread(zipfile.ZipFile, path, "w", zipfile.ZIP_DEFLATED)
    try:
        await ctx.progress(5, "privacy.STEPS.account")
        for name, value in (("account.json", account), ("factors.json", factors), ("settings.json", settings)):
            await _write_json(zf, name, value)
            counts[name] = 1
        parts = _parts(user, token_ids)
        for n, (name, query, row) in enumerate(parts):
            await ctx.progress(10 + 75 * n // max(len(parts), 1), f"privacy.STEPS.{name.split('.')[0]}")
            counts[name] = await _write_json_part(ctx, zf, name, query, row)
        await ctx.progress(85, "privacy.STEPS.files")
        counts["files"], counts["fileBytes"] = await _write_files(ctx, zf, user.id)
        await asyncio.to_thread(zf.writestr, "README.txt", _readme(user, counts))
    finally:
        await asyncio.to_thread(zf.close)
    return counts


async def run_export(ctx: JobContext) -> dict[str, Any]:
    """The runner: the zip, kept for ``KEEP``, and the person told in the message centre."""
    folder = ctx.settings.data_dir / "tmp"
    await asyncio.to_thread(folder.mkdir, parents=True, exist_ok=True)
    path = folder / f"data-export-{ctx.job_id}.zip"
    try:
        counts = await build(ctx, path)
        await ctx.progress(95, "privacy.STEPS.packing")
        await ctx.keep_result(path, kind=RESULT_KIND, extension="zip", content_type="application/zip", keep=KEEP,
                              owner_user_id=ctx.subject_id)
    finally:
        with contextlib.suppress(FileNotFoundError):
            await asyncio.to_thread(path.unlink)
    await _tell(ctx)
    return {"counts": counts}


async def _tell(ctx: JobContext) -> None:
    """The person's message: the export is ready, until when (in their language when read)."""
    from cleanfleet.privacy.models import DataJob  # noqa: PLC0415 - the job's row, read once at the end

    async with ctx.database.sessions() as db:
        user = await db.get(User, ctx.subject_id)
        job = await db.get(DataJob, ctx.job_id)
        if user is None or job is None or job.expires_at is None:
            return
        reader = user.shadow_of_id or user.id
        await messages.insert_messages(db, [messages.keyed_row(
            reader, None, "privacy", texts.EXPORT_READY_TITLE, texts.EXPORT_READY_CONTENT,
            {"until": job.expires_at}, utcnow(), f"data-export:{ctx.job_id}")])
        await db.commit()


register_runner(PERSON_EXPORT, run_export, view_key=KEY_VIEW)
