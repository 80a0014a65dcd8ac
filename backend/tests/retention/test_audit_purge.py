"""Purging a chain's oldest audit rows keeps ``audit verify`` passing (a checkpoint: the first kept seq and its
prev_hash), and verify still finds a row removed from the middle afterwards."""

import random
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import delete, insert, select, update

from cleanfleet.audit import chain
from cleanfleet.audit.models import AuditCheckpoint, AuditRecord
from cleanfleet.audit.service import record_apart
from cleanfleet.audit.verify import verify
from cleanfleet.retention import job
from cleanfleet.writers import writers_paused
from tests.retention.helpers import NOW


@pytest.fixture
async def by_hand(app: Any, unpaced: None) -> Any:
    async with writers_paused(app.state, app.state.settings, ["audit_seal", "retention"]):
        yield


async def a_chain_with_ages(app: Any, ages: list[float]) -> str:
    tenant = f"/1/{random.randrange(10**8, 10**9)}/"
    for n, age in enumerate(ages):
        await record_apart(app.state.db, "sign_in", actor_type="person", actor_id=n, owner_path=tenant + "5/",
                           actor_name=f"person{n}", address="203.0.113.9", client="Firefox", detail={"n": n})
        async with app.state.db.sessions() as db:  # dated before it is sealed: the hash covers the time
            await db.execute(update(AuditRecord).where(AuditRecord.chain == tenant, AuditRecord.actor_id == n)
                             .values(at=NOW - timedelta(days=age)))
            await db.commit()
    await chain.seal(app.state.db)
    return tenant


async def seqs(app: Any, tenant: str) -> list[int]:
    async with app.state.db.sessions() as db:
        return list(await db.scalars(select(AuditRecord.seq).where(AuditRecord.chain == tenant)
                                     .order_by(AuditRecord.seq)))


async def findings(app: Any, tenant: str) -> list[str]:
    return [f.what for f in (await verify(app.state.db, app.state.store, only={tenant})).findings]


async def test_a_purged_chain_still_verifies_and_a_middle_deletion_still_fails(app: Any, by_hand: Any) -> None:
    tenant = await a_chain_with_ages(app, [900, 850, 800, 10, 5, 1])
    settings = app.state.settings.model_copy(update={"retention_pause": 0.0})
    await job.purge_round(app.state.db, app.state.store, settings, NOW)  # audit rows: 730 days by default
    assert await seqs(app, tenant) == [4, 5, 6]
    async with app.state.db.sessions() as db:
        checkpoint = await db.get(AuditCheckpoint, tenant)
        kept = await db.scalar(select(AuditRecord).where(AuditRecord.chain == tenant, AuditRecord.seq == 4))
    assert checkpoint is not None and (checkpoint.first_seq, checkpoint.removed) == (4, 3)
    assert kept is not None and checkpoint.prev_hash == kept.prev_hash
    assert await findings(app, tenant) == []
    async with app.state.db.sessions() as db:  # someone removes a row from the middle behind the product's back
        middle = await db.scalar(select(AuditRecord).where(AuditRecord.chain == tenant, AuditRecord.seq == 5))
        assert middle is not None
        kept_values = {column.key: getattr(middle, column.key) for column in AuditRecord.__table__.columns}
        await db.execute(delete(AuditRecord).where(AuditRecord.chain == tenant, AuditRecord.seq == 5))
        await db.commit()
    found = await findings(app, tenant)
    assert any("missing" in what for what in found), found
    async with app.state.db.sessions() as db:  # put back: the session's database is shared with later tests
        await db.execute(insert(AuditRecord).values(**kept_values))
        await db.commit()
    assert await findings(app, tenant) == []


async def test_a_chain_keeps_its_head_and_goes_on_after_a_purge(app: Any, by_hand: Any) -> None:
    tenant = await a_chain_with_ages(app, [1000, 990])
    settings = app.state.settings.model_copy(update={"retention_pause": 0.0})
    await job.purge_round(app.state.db, app.state.store, settings, NOW)
    assert await seqs(app, tenant) == [2]  # the head stays: the next row follows it
    await record_apart(app.state.db, "sign_in", actor_type="person", actor_id=7, owner_path=tenant,
                       actor_name="late", address=None, client=None)
    await chain.seal(app.state.db)
    assert await seqs(app, tenant) == [2, 3]
    assert await findings(app, tenant) == []
