"""The customer end's rules: who may end whom, the preview of what goes, the start (a data job, privacy/jobs.py)
and the receipt."""

from typing import Any

from sqlalchemy import or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.auth.models import Token
from cleanfleet.core.auth import Caller
from cleanfleet.core.codes import Code
from cleanfleet.core.db import utcnow
from cleanfleet.core.errors import ApiError, bad_parameter, no_permission, not_found
from cleanfleet.core.scope import path_prefix
from cleanfleet.customerend import inventory, texts
from cleanfleet.customerend.schemas import EndStartIn, EndTarget
from cleanfleet.customerend.walk import Customer, Walk
from cleanfleet.privacy import jobs
from cleanfleet.privacy.models import CUSTOMER_END, DONE, QUEUED, RUNNING, DataJob
from cleanfleet.users.models import LEVEL_USER, TYPE_USER, User
from cleanfleet.users.scope import user_in_subtree


async def customer_for(db: AsyncSession, caller: Caller, user_id: int) -> tuple[User, User]:
    """The customer (a user directly under a dealer, strictly below the caller) and its dealer; refuses
    anything else: another branch's or a missing user NOT_FOUND, the caller's own node NO_PERMISSION."""
    user = await user_in_subtree(db, caller, user_id, field="userId")
    if user.id in (caller.acting_user_id, caller.user_id):
        raise no_permission(texts.OWN_NODE, field="userId")
    if user.type != TYPE_USER or user.level_depth != LEVEL_USER or user.parent_id is None:
        raise bad_parameter("userId", texts.NOT_A_CUSTOMER, name=user.name)
    dealer = await db.get(User, user.parent_id)
    assert dealer is not None
    return user, dealer


async def preview(db: AsyncSession, caller: Caller, body: EndTarget) -> dict[str, Any]:
    """What ending the customer would remove now, by kind and by table, and its files' bytes."""
    user, dealer = await customer_for(db, caller, body.userId)
    walk = Walk(Customer(user.path, keep_robots=body.robots == "handover"))
    return {"userId": user.id, "name": user.name, "account": user.account, "dealerId": dealer.id,
            "dealerName": dealer.name, "robots": body.robots, "counts": await inventory.inventory(db, walk)}


def people(path: str) -> Any:
    """The ids of the customer's people: its subtree's accounts and their shadows."""
    below = select(User.id).where(path_prefix(User.path, path))
    return select(User.id).where(or_(path_prefix(User.path, path), User.shadow_of_id.in_(below)))


async def start(db: AsyncSession, caller: Caller, body: EndStartIn) -> tuple[int, list[int]]:
    """Queues the end after the typed confirmation, and signs the customer's people out at once (their tokens
    revoked in the same transaction): answers the job's id and the people whose cached sessions to drop."""
    user, dealer = await customer_for(db, caller, body.userId)
    if body.confirm.strip() != user.name.strip():
        raise bad_parameter("confirm", texts.CONFIRM_MISMATCH, name=user.name)
    busy = await db.scalar(select(DataJob.id).where(DataJob.kind == CUSTOMER_END, DataJob.subject_id == user.id,
                                                    DataJob.state.in_((QUEUED, RUNNING))).limit(1))
    if busy is not None:
        raise ApiError(Code.CONFLICT, texts.UNDER_WAY, field="userId")
    everyone = list(await db.scalars(people(user.path)))
    await db.execute(update(Token).where(Token.user_id.in_(everyone), Token.revoked_at.is_(None))
                     .values(revoked_at=utcnow()).execution_options(synchronize_session=False))
    job = jobs.new_job(db, caller, CUSTOMER_END, user.id, user.name, dealer.path)
    job.detail = {"robots": body.robots, "path": user.path, "account": user.account, "dealerId": dealer.id,
                  "dealerName": dealer.name, "requestedByAccount": caller.account}
    await db.commit()
    return job.id, everyone


async def receipt(db: AsyncSession, caller: Caller, job_id: int) -> dict[str, Any]:
    """A finished end's receipt, for a caller whose subtree holds the dealer's node (the job's owner path)."""
    job = await db.get(DataJob, job_id)
    if job is None or job.kind != CUSTOMER_END or not caller.owns_path(job.owner_path):
        raise not_found(texts.RECEIPT_NOT_FOUND, field="jobId", id=job_id)
    found = (job.detail or {}).get("receipt")
    if job.state != DONE or not found:
        raise ApiError(Code.CONFLICT, texts.RECEIPT_NOT_READY, field="jobId")
    return dict(found)
