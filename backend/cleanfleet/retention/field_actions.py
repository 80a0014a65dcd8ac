"""The field kit's applied actions leave with the purge job (issue 53 items 5-6): ``field_actions`` rows (fieldkit/
models.py: what a phone's queued action was answered, kept so that a replay gets that answer again) older than
``fieldkit.service.KEEP_DAYS``, in the job's bounded batches, each one short transaction.

Like expired credentials (credentials.py) they are no tenant's data with a period to choose, only bookkeeping for
replays, so they are not a kind of ``core/retention.py`` and go every round, whatever the periods. The change an
action made stays with its domain's record (the note, the mark, the acknowledgement) and in the operation log."""

from datetime import datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from cleanfleet.core.db import Database
from cleanfleet.fieldkit.models import FieldAction
from cleanfleet.fieldkit.service import KEEP_DAYS
from cleanfleet.retention.credentials import drain
from cleanfleet.settings import Settings


async def purge_old_actions(db: AsyncSession, before: datetime, limit: int) -> int:
    """One batch of actions applied before ``before`` (at most ``limit``); answers how many went."""
    ids = list(await db.scalars(select(FieldAction.action_id).where(FieldAction.applied_at < before).limit(limit)))
    if ids:
        await db.execute(delete(FieldAction).where(FieldAction.action_id.in_(ids))
                         .execution_options(synchronize_session=False))
    return len(ids)


async def purge_field_actions(database: Database, settings: Settings, now: datetime) -> int:
    """Every batch (credentials.drain); answers how many went."""
    before = now - timedelta(days=KEEP_DAYS)
    return await drain(database, settings, lambda db, limit: purge_old_actions(db, before, limit))
