"""A person's erasure (issue 51 item 7; GDPR article 17), run by a data job (privacy/jobs.py).

The account stays as a tombstone: its row keeps its id and place in the tree (foreign keys, robots, maps, sites,
files and the history of the customer stay where they are), with every personal field replaced by a stable
pseudonym (``erased-`` and 12 hex digits, chosen when the erasure was asked) or emptied, a password hash no password
matches, and no roles. What was only the person's goes: sessions, API tokens, factors, single sign-on identities,
push subscriptions, messages, duty hours, their avatar and exports. Records that name them take the pseudonym: the
audit trail (outside each row's hash, so ``audit verify`` still holds: ``erased`` rows skip the personal digest), the
operation log, sign-in events, robot control leases, data jobs, what they wrote in the field kit (fieldwork.py).

Each step is its own transaction and can run again (a worker that died mid-way: the job is taken again); the
account's own row is rewritten last, so a run that stopped before it still knows the old name to look for.
``pseudonymise_audit`` and ``pseudonymise_oplog`` serve the customer end too (customerend/)."""

from typing import Any

from sqlalchemy import delete, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.apitokens.models import ApiToken
from cleanfleet.audit import personal
from cleanfleet.audit import service as audit
from cleanfleet.audit.models import AuditPersonal, AuditRecord
from cleanfleet.auth.models import LoginFailure, Token
from cleanfleet.core.bus import TOKEN_REVOKED, USER_CHANGED
from cleanfleet.core.db import Database
from cleanfleet.factors.models import AdminGrace, FactorChallenge, FactorTicket, Passkey, RecoveryCode, TotpFactor
from cleanfleet.incidents.models import IncidentDuty, IncidentLink
from cleanfleet.messages.models import Message
from cleanfleet.oplog.models import OperationLog
from cleanfleet.privacy import texts
from cleanfleet.privacy.export import RESULT_KIND
from cleanfleet.privacy.fieldwork import erase_field_kit
from cleanfleet.privacy.jobs import JobContext, JobError, register_runner
from cleanfleet.privacy.models import PERSON_ERASURE, PERSON_KINDS, DataJob
from cleanfleet.privacy.scrub import scrub_deliveries
from cleanfleet.privacy.service import ERASED_HASH, KEY_ERASE, is_erased, only_admin_of
from cleanfleet.relay.models import ControlLease
from cleanfleet.reports.models import ReportDigest
from cleanfleet.roles.models import UserRole, UserRoleGroup
from cleanfleet.sessions.models import KnownBrowser, SignInEvent
from cleanfleet.sso.models import SsoIdentity, SsoSession
from cleanfleet.storage import service as storage
from cleanfleet.storage.models import StoredFile
from cleanfleet.users.avatar import AVATAR_KIND
from cleanfleet.users.models import User
from cleanfleet.warn.models import NotificationSend
from cleanfleet.warn.push.models import PushSubscription

BATCH = 500
ACTOR_TYPES = ("person", "shadow")


async def _deleted(db: AsyncSession, *statements: Any) -> int:
    done = 0
    for statement in statements:
        result = await db.execute(statement.execution_options(synchronize_session=False))
        done += int(result.rowcount or 0)  # type: ignore[attr-defined]
    return done


async def end_sessions(db: AsyncSession, user: User) -> tuple[int, list[str]]:
    """Sessions, API tokens and what a sign-in leaves; answers the count and the token hashes to revoke at once."""
    me = user.id
    hashes = list(await db.scalars(select(Token.token_hash).where(Token.user_id == me)))
    hashes += list(await db.scalars(select(ApiToken.token_hash).where(ApiToken.user_id == me)))
    done = await _deleted(db, delete(Token).where(Token.user_id == me), delete(ApiToken).where(ApiToken.user_id == me),
                          delete(SsoSession).where(SsoSession.user_id == me),
                          delete(KnownBrowser).where(KnownBrowser.user_id == me),
                          delete(PushSubscription).where(PushSubscription.user_id == me),
                          delete(FactorTicket).where(FactorTicket.user_id == me),
                          delete(FactorChallenge).where(FactorChallenge.user_id == me),
                          delete(ControlLease).where(ControlLease.user_id == me),
                          delete(LoginFailure).where(LoginFailure.subject.in_(
                              (f"account:{user.account.lower()}", f"password:{me}"))))
    return done, hashes


async def remove_factors(db: AsyncSession, user_id: int) -> int:
    return await _deleted(db, *(delete(model).where(model.user_id == user_id) for model in (
        TotpFactor, Passkey, RecoveryCode, AdminGrace, SsoIdentity)))


async def remove_messages(db: AsyncSession, user: User) -> int:
    """Messages and notices to the person, their duty hours and digests."""
    me = user.id
    done = await _deleted(db, delete(Message).where(Message.user_id == me),
                          delete(NotificationSend).where(NotificationSend.user_id == me),
                          delete(IncidentDuty).where(IncidentDuty.user_id == me),
                          delete(IncidentLink).where(IncidentLink.user_id == me),
                          delete(ReportDigest).where(ReportDigest.user_id == me))
    if user.email:
        done += await _deleted(db, update(NotificationSend).where(NotificationSend.recipient == user.email)
                               .values(recipient=""))
    return done


async def remove_files(db: AsyncSession, user: User) -> tuple[int, list[str]]:
    """The avatar and the person's exports (records now, bytes after the commit); the documents they uploaded
    for their branch stay with it."""
    files = list(await db.scalars(select(StoredFile).where(StoredFile.owner_user_id == user.id,
                                                           StoredFile.kind.in_((AVATAR_KIND, RESULT_KIND)))))
    avatar = storage.file_id_of_url(user.url)
    if avatar and not any(file.id == avatar for file in files) and (found := await storage.get(db, avatar)):
        files.append(found)
    jobs = await db.scalars(select(DataJob).where(DataJob.subject_id == user.id, DataJob.file_id.is_not(None)))
    for job in jobs:
        job.file_id = job.file_key = job.expires_at = None
    return len(files), await storage.forget(db, files)


async def pseudonymise_audit(database: Database, actor_ids: list[int], token_ids: list[int], pseudonym: str) -> int:
    """Audit rows done by these people (or their API tokens): name → the pseudonym, address and client gone, salt
    dropped, ``erased``; outside the hash, so every chain stays valid. In batches of ``BATCH``."""
    by = or_(AuditRecord.actor_type.in_(ACTOR_TYPES) & AuditRecord.actor_id.in_(actor_ids or [0]),
             (AuditRecord.actor_type == "token") & AuditRecord.actor_id.in_(token_ids or [0]))
    done = 0
    while True:
        async with database.sessions() as db:
            ids = list(await db.scalars(select(AuditRecord.id).where(by, AuditRecord.erased.is_(False))
                                        .order_by(AuditRecord.id).limit(BATCH)))
            if ids:
                await db.execute(update(AuditRecord).where(AuditRecord.id.in_(ids)).values(
                    actor_name=pseudonym, address=None, client=None, salt=None, erased=True)
                    .execution_options(synchronize_session=False))
                await db.commit()
        done += len(ids)
        if len(ids) < BATCH:
            return done


def _renamed(changes: Any, user_id: int, accounts: set[str], pseudonym: str) -> Any:
    """An operation log row's ``changes`` with the person's own record ([user, action, id, name]) renamed."""
    if not isinstance(changes, list):
        return changes
    return [[*entry[:3], pseudonym] if isinstance(entry, list) and len(entry) == 4 and entry[0] == "user"
            and (str(entry[2]) == str(user_id) or entry[3] in accounts) else entry for entry in changes]


async def pseudonymise_oplog(database: Database, user_id: int, accounts: str | set[str], pseudonym: str) -> int:
    """The operation log: the person's own rows (account → pseudonym, address gone) and others' rows that name
    them as the record changed (by any account they had: ``accounts``). In batches of ``BATCH``."""
    names_of = {accounts} if isinstance(accounts, str) else set(accounts)
    names_of.discard("")
    done = 0
    async with database.sessions() as db:
        result = await db.execute(update(OperationLog).where(OperationLog.user_id == user_id).values(
            account=pseudonym, ip="").execution_options(synchronize_session=False))
        done += int(result.rowcount or 0)  # type: ignore[attr-defined]
        await db.commit()
    for account in sorted(names_of):
        after = 0
        while True:
            async with database.sessions() as db:
                rows = list(await db.scalars(select(OperationLog).where(
                    OperationLog.id > after, OperationLog.target.contains(account, autoescape=True))
                    .order_by(OperationLog.id).limit(BATCH)))
                for row in rows:
                    names = [name if name not in names_of else pseudonym for name in row.target.split(", ")]
                    row.target = ", ".join(names)[:1000]
                    row.changes = _renamed(row.changes, user_id, names_of, pseudonym)
                await db.commit()
            done += len(rows)
            if len(rows) < BATCH:
                break
            after = rows[-1].id
    return done


async def pseudonymise_records(db: AsyncSession, user: User, pseudonym: str, accounts: set[str] | None = None) -> int:
    """Sign-in events (theirs, and failures typed with any account they had), data jobs about them."""
    typed = sorted({account.lower() for account in accounts or ()} | {user.account.lower()})
    events = or_(SignInEvent.user_id == user.id, func.lower(SignInEvent.account).in_(typed))
    return await _deleted(
        db, update(SignInEvent).where(events).values(account=pseudonym, address=None, user_agent=None),
        update(DataJob).where(DataJob.subject_id == user.id, DataJob.kind.in_(PERSON_KINDS))
        .values(subject_name=pseudonym))


def tombstone(user: User, pseudonym: str) -> None:
    user.account, user.name, user.password_hash = pseudonym, pseudonym, ERASED_HASH
    user.email = user.phone = user.url = user.remark = ""
    user.email_to_task = user.email_to_warn = user.email_to_task_report = 0


async def _step(ctx: JobContext, percent: int, step: str, user: User, work: Any) -> Any:
    await ctx.progress(percent, f"privacy.STEPS.{step}")
    async with ctx.database.sessions() as db:
        fresh = await db.get(User, user.id, populate_existing=True)
        answer = await work(db, fresh)
        await db.commit()
    return answer


async def run_erasure(ctx: JobContext) -> dict[str, Any]:
    async with ctx.database.sessions() as db:
        user = await db.get(User, ctx.subject_id)
        job = await db.get(DataJob, ctx.job_id)
        if user is None or job is None:
            raise JobError(texts.JOB_GONE)
        pseudonym = str((job.detail or {}).get("pseudonym"))
        if is_erased(user):
            return {"pseudonym": pseudonym}
        if await only_admin_of(db, user) is not None:  # roles changed since it was asked
            raise JobError(texts.ONLY_ADMIN_NOW)
        token_ids = list(await db.scalars(select(ApiToken.id).where(ApiToken.user_id == user.id)))
        known_tokens = set((job.detail or {}).get("tokenIds") or [])
        job.detail = {**(job.detail or {}), "tokenIds": sorted(known_tokens | set(token_ids))}
        await db.commit()
        token_ids = job.detail["tokenIds"]
    counts: dict[str, int] = {}
    counts["sessions"], hashes = await _step(ctx, 10, "sessions", user, end_sessions)
    if ctx.bus is not None:
        for token_hash in hashes:
            await ctx.bus.publish(TOKEN_REVOKED, {"token_hash": token_hash})
        await ctx.bus.publish(USER_CHANGED, {"user_id": user.id})
    counts["factors"] = await _step(ctx, 20, "factors", user, lambda db, u: remove_factors(db, u.id))
    counts["messages"] = await _step(ctx, 30, "messages", user, remove_messages)
    counts["files"], keys = await _step(ctx, 40, "files", user, remove_files)
    await storage.delete_bytes(ctx.store, keys)
    await audit.settle_unsealed(ctx.database)  # the values of rows not sealed yet, beside the chain first
    async with ctx.database.sessions() as db:  # every account, name, e-mail and phone they had (before the audit's
        known = await personal.known_values(db, user.id, {  # values of them are erased: a run taken again still
            "account": user.account, "name": user.name, "email": user.email, "phone": user.phone})  # finds them)
    accounts = known.get("account", set())
    await ctx.progress(50, "privacy.STEPS.audit")
    counts["audit"] = await pseudonymise_audit(ctx.database, [user.id], token_ids, pseudonym)
    await ctx.progress(70, "privacy.STEPS.operation_log")
    counts["operationLog"] = await pseudonymise_oplog(ctx.database, user.id, accounts, pseudonym)
    counts["records"] = await _step(ctx, 85, "sign_ins", user,
                                    lambda db, u: pseudonymise_records(db, u, pseudonym, accounts))
    counts["deliveries"] = await scrub_deliveries(ctx.database, known, [user.id], token_ids, pseudonym)
    counts["fieldKit"] = await erase_field_kit(ctx.database, user.id, known, pseudonym)
    counts["auditValues"] = len(await personal.erase(ctx.database, user.id, known, pseudonym))
    await _step(ctx, 95, "account", user, lambda db, u: _finish(db, u, pseudonym, ctx, counts, token_ids))
    if ctx.bus is not None:
        await ctx.bus.publish(USER_CHANGED, {"user_id": user.id})
    return {"pseudonym": pseudonym, "counts": counts}


async def _finish(db: AsyncSession, user: User, pseudonym: str, ctx: JobContext, counts: dict[str, int],
                  token_ids: list[int]) -> None:
    """The account's row last, its roles gone, and the erasure in the audit trail (no personal data in it): the
    request's row and the notices for the SIEMs (every digest erased under this pseudonym, so a run taken again
    lists them all)."""
    await _deleted(db, delete(UserRole).where(UserRole.user_id == user.id),
                   delete(UserRoleGroup).where(UserRoleGroup.user_id == user.id))
    digests = list(await db.scalars(select(AuditPersonal.digest).where(AuditPersonal.pseudonym == pseudonym)
                                    .order_by(AuditPersonal.record_id, AuditPersonal.digest)))
    tombstone(user, pseudonym)
    audit.record(db, "person_erasure", actor_type="system", owner_path=ctx.owner_path, target=f"user#{user.id}",
                 detail={"job": ctx.job_id, "pseudonym": pseudonym, "counts": counts, "done": True})
    audit.record_erasure_notices(db, user_id=user.id, path=user.path, pseudonym=pseudonym, token_ids=token_ids,
                                 digests=digests)


register_runner(PERSON_ERASURE, run_erasure, view_key=KEY_ERASE)
