"""Retention of the audit rows (issue 51 item 5): a chain's oldest rows go, its checkpoint moves.

Only a chain's beginning is ever removed: the rows before the first one raised on or after the cut-off, and never a
chain's head (the next sealed row follows it). The removal and the checkpoint (``AuditCheckpoint``: the first kept
seq and its ``prev_hash``) are one transaction, so ``verify`` always starts where the chain now starts; a row removed
from the middle still shows as a gap. A chain whose first kept row is missing is left as it is (verify reports it)."""

from datetime import datetime

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.audit.models import AuditCheckpoint, AuditRecord
from cleanfleet.core.db import utcnow
from cleanfleet.core.retention import Within, register_purge


async def purge_chain(db: AsyncSession, chain: str, before: datetime, limit: int | None) -> int:
    """Removes the chain's rows raised before ``before`` from its start (at most ``limit``); answers how many."""
    sealed = (AuditRecord.chain == chain, AuditRecord.seq.is_not(None))
    start, head = (await db.execute(select(func.min(AuditRecord.seq), func.max(AuditRecord.seq)).where(*sealed))).one()
    if start is None or head is None:
        return 0
    newer = await db.scalar(select(func.min(AuditRecord.seq)).where(*sealed, AuditRecord.at >= before))
    end = min(newer or head, head, start + limit if limit is not None else head)
    if end <= start:
        return 0
    previous = await db.scalar(select(AuditRecord.prev_hash).where(*sealed, AuditRecord.seq == end))
    if previous is None:
        return 0
    result = await db.execute(delete(AuditRecord).where(*sealed, AuditRecord.seq < end)
                              .execution_options(synchronize_session=False))
    removed = int(result.rowcount or 0)  # type: ignore[attr-defined]
    checkpoint = await db.get(AuditCheckpoint, chain)
    if checkpoint is None:
        db.add(AuditCheckpoint(chain=chain, first_seq=end, prev_hash=previous, removed=removed, at=utcnow()))
    else:
        checkpoint.first_seq, checkpoint.prev_hash, checkpoint.at = end, previous, utcnow()
        checkpoint.removed += removed
    await db.flush()
    return removed


async def purge_audit(db: AsyncSession, within: Within, before: datetime, limit: int | None = None) -> int:
    """Retention ("audit"): the chains of the part's tenants (a chain is a tenant's: core/scope.py ``tenant_path``)."""
    chains = list(await db.scalars(select(AuditRecord.chain).distinct().where(within.holds(AuditRecord.chain))))
    removed = 0
    for chain in sorted(chains):
        if limit is not None and removed >= limit:
            break
        removed += await purge_chain(db, chain, before, None if limit is None else limit - removed)
    return removed


register_purge("audit rows", purge_audit, kind="audit", clear=False)
