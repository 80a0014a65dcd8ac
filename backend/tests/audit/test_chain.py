"""The audit trail's chain (issue 51 items 1-2): a write call leaves a sealed row in its tenant's chain, and
``verify`` (and ``python -m cleanfleet audit verify``) sees a row edited, removed or inserted behind the product's
back, and a chain rewritten or cut short after it was anchored."""

import asyncio
import os
import random
import subprocess
import sys
from typing import Any

import pytest
from sqlalchemy import delete, insert, select, update

from cleanfleet.audit import chain
from cleanfleet.audit.anchors import write_anchor
from cleanfleet.audit.models import AuditPersonal, AuditRecord
from cleanfleet.audit.personal import Personal
from cleanfleet.audit.service import record_apart
from cleanfleet.audit.verify import verify
from cleanfleet.roles.catalogue import ROLE_DEALER
from cleanfleet.writers import writers_paused
from tests.conftest import unique_account


@pytest.fixture
async def sealing_by_hand(app: Any) -> Any:
    """The background sealer paused: the test seals when it wants (two sealers would race for a chain's head)."""
    async with writers_paused(app.state, app.state.settings, ["audit_seal"]):
        yield


async def rows_of(app: Any, tenant: str) -> list[AuditRecord]:
    async with app.state.db.sessions() as db:
        return list(await db.scalars(select(AuditRecord).where(AuditRecord.chain == tenant)
                                     .order_by(AuditRecord.seq)))


async def findings(app: Any, tenant: str) -> list[str]:
    report = await verify(app.state.db, app.state.store, only={tenant})
    return [f.what for f in report.findings if f.chain == tenant]


async def test_a_write_call_leaves_a_sealed_row_in_its_tenants_chain(app: Any, make_user: Any, signed_in: Any,
                                                                      sealing_by_hand: Any) -> None:
    dealer, password = await make_user(2, roles=[ROLE_DEALER])
    caller = await signed_in(dealer, password)
    answer = await caller.call("/user/insertUser", {"account": unique_account("aud"), "name": "Site lead",
                                                    "password": "Secret123"})
    assert answer.code == 0, answer.body
    await chain.seal(app.state.db)
    rows = [row for row in await rows_of(app, dealer.path) if row.kind == "access_change"]
    assert rows, "the call left no audit row"
    row = rows[-1]
    assert (row.actor_type, row.actor_id, row.owner_path, row.target) == ("person", dealer.id, dealer.path,
                                                                           "/api/user/insertUser")
    assert row.address and row.actor_name == dealer.account and row.seq is not None and row.hash
    assert any(change[0] == "user" for change in row.detail["changes"])
    assert "Secret123" not in str(row.detail)
    assert await findings(app, dealer.path) == []


async def a_fresh_chain(app: Any, rows: int = 4) -> str:
    tenant = f"/1/{random.randrange(10**8, 10**9)}/"
    for n in range(rows):
        await record_apart(app.state.db, "sign_in", actor_type="person", actor_id=n, owner_path=tenant + "5/",
                           actor_name=f"person{n}", address="203.0.113.9", client="Firefox", detail={"n": n})
    await chain.seal(app.state.db)
    assert [row.seq for row in await rows_of(app, tenant)] == list(range(1, rows + 1))
    return tenant


async def change(app: Any, statement: Any) -> None:
    async with app.state.db.sessions() as db:
        await db.execute(statement)
        await db.commit()


def as_values(row: AuditRecord) -> dict[str, Any]:
    return {column.key: getattr(row, column.key) for column in AuditRecord.__table__.columns}


async def test_verify_sees_a_row_edited_removed_or_inserted_behind_the_products_back(
        app: Any, sealing_by_hand: Any) -> None:
    tenant = await a_fresh_chain(app)
    assert await findings(app, tenant) == []
    second = (await rows_of(app, tenant))[1]
    by_id = AuditRecord.id == second.id

    await change(app, update(AuditRecord).where(by_id).values(kind="sign_out"))
    assert await findings(app, tenant) == ["its fields do not match its hash (edited)"]
    await change(app, update(AuditRecord).where(by_id).values(kind=second.kind))

    await change(app, update(AuditRecord).where(by_id).values(address="198.51.100.1"))
    assert await findings(app, tenant) == ["its name, address or client do not match their digest (edited)"]
    await change(app, update(AuditRecord).where(by_id).values(address=second.address))

    await change(app, delete(AuditRecord).where(by_id))
    assert await findings(app, tenant) == [
        "rows 2..2 are missing (removed)",
        "does not follow the row before it (a row was removed or inserted before it)"]
    await change(app, insert(AuditRecord).values(as_values(second)))

    forged = {**as_values(second), "id": None, "seq": 5, "prev_hash": (await rows_of(app, tenant))[-1].hash,
              "hash": "f" * 64}
    forged.pop("id")
    await change(app, insert(AuditRecord).values(forged))
    assert await findings(app, tenant) == ["its fields do not match its hash (edited)"]
    await change(app, delete(AuditRecord).where(AuditRecord.chain == tenant, AuditRecord.seq == 5))
    assert await findings(app, tenant) == []


async def rewrite_from(app: Any, tenant: str, seq: int) -> None:
    """What someone with the database in hand would do: recompute every hash from ``seq`` on."""
    rows = await rows_of(app, tenant)
    previous = rows[seq - 2].hash if seq > 1 else chain.GENESIS
    async with app.state.db.sessions() as db:
        for row in rows[seq - 1:]:
            fresh = await db.get(AuditRecord, row.id)
            fresh.prev_hash = previous
            fresh.hash = chain.row_hash(previous, fresh, fresh.seq)
            previous = fresh.hash
        await db.commit()


async def test_an_anchor_catches_a_chain_rewritten_whole_or_cut_short(app: Any, sealing_by_hand: Any) -> None:
    tenant = await a_fresh_chain(app)
    rows = await rows_of(app, tenant)
    await write_anchor(app.state.db, app.state.store)  # the heads, kept where the database cannot change them

    await change(app, update(AuditRecord).where(AuditRecord.id == rows[1].id).values(detail={"n": 99}))
    await rewrite_from(app, tenant, 2)  # every hash consistent again
    assert [what for what in await findings(app, tenant) if "anchor" in what] == [
        f"differs from its anchor of {(await anchors_today(app))[-1]['at']} (the chain was rewritten)"]
    await change(app, update(AuditRecord).where(AuditRecord.id == rows[1].id).values(detail=rows[1].detail))
    await rewrite_from(app, tenant, 2)
    assert await findings(app, tenant) == []

    await change(app, delete(AuditRecord).where(AuditRecord.id == rows[-1].id))  # the newest row, quietly
    assert len(await findings(app, tenant)) == 1 and "no longer in the database" in (await findings(app, tenant))[0]
    await change(app, insert(AuditRecord).values(as_values(rows[-1])))
    assert await findings(app, tenant) == []


async def anchors_today(app: Any) -> list[dict[str, Any]]:
    from cleanfleet.audit.anchors import read_day
    from cleanfleet.core.db import utcnow

    return await read_day(app.state.store, utcnow().date())


async def test_the_verify_command_says_whether_the_trail_is_intact(app: Any, sealing_by_hand: Any) -> None:
    tenant, other = await a_fresh_chain(app, rows=2), await a_fresh_chain(app, rows=1)
    settings = app.state.settings
    env = {**os.environ, "CLEANFLEET_DATA_DIR": str(settings.data_dir), "CLEANFLEET_DATABASE_URL": settings.db_url}

    def run(*chains: str) -> subprocess.CompletedProcess[str]:
        only = [word for chain in chains for word in ("--chain", chain)]
        return subprocess.run([sys.executable, "-m", "cleanfleet", "audit", "verify", *only], env=env,
                              capture_output=True, text=True, timeout=300)

    intact = await asyncio.to_thread(run)
    assert intact.returncode == 0, intact.stdout + intact.stderr
    assert "audit trail intact" in intact.stdout
    first = (await rows_of(app, tenant))[0]
    await change(app, update(AuditRecord).where(AuditRecord.id == first.id).values(outcome="refused"))
    try:
        broken = await asyncio.to_thread(run)
        assert broken.returncode == 1
        assert f"FAIL chain {tenant} seq 1 (row {first.id}): its fields do not match its hash (edited)" in broken.stdout
        alone = await asyncio.to_thread(run, other)  # another tenant's chain alone: intact, the edited one not read
        assert alone.returncode == 0, alone.stdout + alone.stderr
        assert "1 rows in 1 chains" in alone.stdout
    finally:
        await change(app, update(AuditRecord).where(AuditRecord.id == first.id).values(outcome="ok"))


async def test_a_call_refused_for_a_missing_key_is_recorded_though_the_call_is_rolled_back(
        app: Any, make_user: Any, signed_in: Any) -> None:
    from cleanfleet.roles.catalogue import ROLE_USER

    customer, password = await make_user(3, roles=[ROLE_USER])
    await strip_roles(app, customer.id)
    caller = await signed_in(customer, password)
    answer = await caller.call("/user/insertUser", {"account": unique_account("no"), "name": "x",
                                                    "password": "Secret123"})
    assert answer.code == 10004, answer.body
    async with app.state.db.sessions() as db:
        refused = (await db.scalars(select(AuditRecord).where(AuditRecord.actor_id == customer.id,
                                                              AuditRecord.kind == "refused"))).all()
    assert [(r.outcome, r.target, r.owner_path) for r in refused] == [("refused", "/api/user/insertUser",
                                                                       customer.path)]
    assert refused[0].detail["reason"]


async def strip_roles(app: Any, user_id: int) -> None:
    """A person left with no role: every keyed call is refused."""
    from cleanfleet.roles.models import UserRole

    await change(app, delete(UserRole).where(UserRole.user_id == user_id))



async def test_an_erasure_settling_values_while_the_sealer_seals_them_waits_for_it(app: Any, sealing_by_hand: Any,
                                                                                    monkeypatch: Any) -> None:
    """An erasure first moves the values of rows not sealed yet beside the chain (``settle_unsealed``); the sealer
    moves the same rows' values as it seals them. Run at once they inserted the same digests: on PostgreSQL the two
    deadlocked and the erasure failed (CI, session 38). Now the erasure's step waits for the sealer (the wait below
    gives it the time it would need to go first) and finds nothing left to move; each value is there once."""
    tenant = f"/1/{random.randrange(10**8, 10**9)}/"
    await a_fresh_chain(app, rows=1)  # other chains' rows sealed: only this test's are pending
    for n in range(3):
        await record_apart(app.state.db, "sign_in", actor_type="person", actor_id=n, owner_path=tenant + "5/",
                           actor_name=f"person{n}", address="203.0.113.9", client="Firefox",
                           detail={"account": Personal(f"someone{n}", "account", n)})
    values_of = chain.values_of
    erasure: list[asyncio.Task[int]] = []

    async def values_with_an_erasure_meanwhile(db: Any, rows: Any, **options: Any) -> Any:
        if not erasure:
            erasure.append(asyncio.create_task(chain.settle_unsealed(app.state.db)))
            await asyncio.wait(erasure, timeout=5)
        return await values_of(db, rows, **options)

    monkeypatch.setattr(chain, "values_of", values_with_an_erasure_meanwhile)
    assert await chain.seal(app.state.db) == 3
    assert await erasure[0] == 0
    rows = await rows_of(app, tenant)
    async with app.state.db.sessions() as db:
        kept = list(await db.scalars(select(AuditPersonal.value).where(
            AuditPersonal.record_id.in_([row.id for row in rows]))))
    assert sorted(kept) == ["someone0", "someone1", "someone2"]
    assert [row.seq for row in rows] == [1, 2, 3] and await findings(app, tenant) == []


async def test_a_second_sealer_meanwhile_numbers_no_row_twice(app: Any, sealing_by_hand: Any, monkeypatch: Any) -> None:
    """Two sealers at once (a round by hand beside the job's; two leaders for a moment at a handover): a second one
    runs while the first is between reading the unsealed rows and reading its chain's head. It once committed first,
    and the first then numbered the same rows again past their new seqs: a gap that ``verify`` reads as a removed
    row. Now the second waits for the first (the wait below gives it the time it would need to commit first)."""
    tenant = f"/1/{random.randrange(10**8, 10**9)}/"
    await a_fresh_chain(app, rows=2)  # other chains' rows stay sealed: only this test's are pending
    for n in range(3):
        await record_apart(app.state.db, "sign_in", actor_type="person", actor_id=n, owner_path=tenant + "5/",
                           actor_name=f"person{n}", address="203.0.113.9", client="Firefox", detail={"n": n})
    head = chain.chain_head
    second: list[asyncio.Task[int]] = []

    async def head_with_a_second_sealer(db: Any, name: str) -> tuple[int, str]:
        if not second:
            second.append(asyncio.create_task(chain.seal(app.state.db)))
            await asyncio.wait(second, timeout=5)
        return await head(db, name)

    monkeypatch.setattr(chain, "chain_head", head_with_a_second_sealer)
    await chain.seal(app.state.db)
    await second[0]
    assert [row.seq for row in await rows_of(app, tenant)] == [1, 2, 3]
    assert await findings(app, tenant) == []
