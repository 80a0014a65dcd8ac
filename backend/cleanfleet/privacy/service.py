"""A person's export and erasure (issue 51 items 6-7): who may ask, the refusals, the jobs' lists.

Who: a person exports their own data without a key; a parent exports a child's with ``user/index/export_data`` and
erases a child with ``user/index/erase`` (a console session only: both keys are person-only). Nobody erases their
own account or the account they act for (``child_user``); a person asks a parent. Decisions: docs/domains/privacy.md.
"""

import secrets
from typing import Any

from sqlalchemy import Select, and_, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.audit import service as audit
from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.errors import ApiError, bad_parameter, not_found
from cleanfleet.core.scope import ids_on_path, in_subtree, path_prefix
from cleanfleet.privacy import texts
from cleanfleet.privacy.jobs import VIEW_KEYS, new_job
from cleanfleet.privacy.models import PERSON_ERASURE, PERSON_EXPORT, PERSON_KINDS, QUEUED, RUNNING, DataJob
from cleanfleet.roles.service import effective_keys
from cleanfleet.users.models import LEVEL_USER, User
from cleanfleet.users.service import child_user, own_or_child

KEY_EXPORT = "user/index/export_data"
KEY_ERASE = "user/index/erase"
# who can administer a customer: add its people and give them roles (the erasure's "only admin" rule)
ADMIN_KEYS = frozenset({"user/index/add", "user/index/assign_role"})
ERASED_HASH = "!erased"  # an erased account's password hash: no password matches it (core/passwords.py)
PSEUDONYM_PREFIX = "erased-"


def is_erased(user: User) -> bool:
    return user.password_hash == ERASED_HASH


def new_pseudonym() -> str:
    return PSEUDONYM_PREFIX + secrets.token_hex(6)


def parent_path(user: User) -> str:
    """The path of the node above ``user`` (who sees jobs about it)."""
    return user.path[:user.path.rstrip("/").rfind("/") + 1] or "/"


async def _refuse_running(db: AsyncSession, kind: str, user_id: int) -> None:
    busy = await db.scalar(select(DataJob.id).where(DataJob.kind == kind, DataJob.subject_id == user_id,
                                                    DataJob.state.in_((QUEUED, RUNNING))).limit(1))
    if busy is not None:
        raise ApiError(Code.CONFLICT, texts.JOB_UNDER_WAY, field="userId")


async def request_export(db: AsyncSession, request: Any, caller: Caller, user_id: int | None) -> DataJob:
    """Queues an export of the caller's own data, or of a child's (``KEY_EXPORT``). Commits."""
    user = await own_or_child(db, caller, user_id, KEY_EXPORT)
    if is_erased(user):
        raise bad_parameter("userId", texts.ALREADY_ERASED)
    await _refuse_running(db, PERSON_EXPORT, user.id)
    job = new_job(db, caller, PERSON_EXPORT, user.id, user.account, parent_path(user))
    await db.flush()
    audit.record_call(db, request, caller, "data_export", target=f"user#{user.id}", detail={"job": job.id})
    await db.commit()
    return job


def customer_id_of(user: User) -> int:
    """The customer a person belongs to: their node at the customer's level (their own for a dealer's account)."""
    ids = ids_on_path(user.path)
    return ids[min(user.level_depth, LEVEL_USER, len(ids)) - 1]


async def can_administer(db: AsyncSession, user: User) -> bool:
    if is_erased(user):
        return False
    owner = await db.get(User, user.shadow_of_id) if user.shadow_of_id else None
    return await effective_keys(db, user, owner) >= ADMIN_KEYS


async def only_admin_of(db: AsyncSession, user: User) -> User | None:
    """The customer that ``user`` is the only one to administer (none: None). Administrators are the accounts of the
    customer's subtree, its own included, holding ``ADMIN_KEYS``; the dealers above do not count (they are not the
    customer's)."""
    if not await can_administer(db, user):
        return None
    customer = await db.get(User, customer_id_of(user))
    if customer is None:
        return None
    others = select(User).where(path_prefix(User.path, customer.path), User.id != user.id,
                                User.password_hash != ERASED_HASH).order_by(User.id)
    for other in await db.scalars(others):
        if await can_administer(db, other):
            return None
    return customer


async def erasable(db: AsyncSession, caller: Caller, user_id: int, confirm: str | None) -> User:
    """A child account the caller may erase now (the refusals, in the order the console shows them)."""
    user = await child_user(db, caller, user_id, KEY_ERASE)
    if is_erased(user):
        raise bad_parameter("userId", texts.ALREADY_ERASED)
    customer = await only_admin_of(db, user)
    if customer is not None:
        raise ApiError(Code.CONFLICT, texts.ONLY_ADMIN, field="userId",
                       values={"account": user.account, "customer": customer.account})
    if confirm is not None and confirm != user.account:
        raise bad_parameter("confirm", texts.CONFIRM_ACCOUNT, account=user.account)
    return user


async def request_erasure(db: AsyncSession, request: Any, caller: Caller, user_id: int, confirm: str) -> DataJob:
    """Queues the erasure of a child account after the typed confirmation (its account name). Commits."""
    user = await erasable(db, caller, user_id, confirm)
    await _refuse_running(db, PERSON_ERASURE, user.id)
    job = new_job(db, caller, PERSON_ERASURE, user.id, user.account, parent_path(user))
    job.detail = {"pseudonym": new_pseudonym()}
    await db.flush()
    audit.record_call(db, request, caller, "person_erasure", target=f"user#{user.id}", detail={"job": job.id})
    await db.commit()
    return job


def visible_jobs(caller: Caller) -> Any:
    """The jobs a caller sees: those about themself (a person's export or erasure), and in its subtree those of the
    kinds whose key it holds."""
    held = [kind for kind, key in VIEW_KEYS.items() if caller.holds(key)]
    mine = and_(DataJob.subject_id == caller.user_id, DataJob.kind.in_(PERSON_KINDS))
    return or_(mine, and_(in_subtree(DataJob.owner_path, caller), DataJob.kind.in_(held))) if held else mine


def job_query(caller: Caller, kind: str | None, subject_id: int | None) -> Select[DataJob]:
    query = select(DataJob).where(visible_jobs(caller))
    if kind is not None:
        query = query.where(DataJob.kind == kind)
    if subject_id is not None:
        query = query.where(DataJob.subject_id == subject_id)
    return query.order_by(DataJob.id.desc())


async def visible_job(db: AsyncSession, caller: Caller, job_id: int) -> DataJob:
    job = await db.scalar(select(DataJob).where(DataJob.id == job_id, visible_jobs(caller)))
    if job is None:
        raise not_found(texts.JOB_NOT_FOUND, field="id", id=job_id)
    return job
